"""Stage 2, code: the Strudel code validator (JavaScript syntax, mini-notation, names, sounds)."""
