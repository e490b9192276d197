"""Stage 1, data: the snapshot on disk, the REPL's tab rules, and the indexes built from them."""
