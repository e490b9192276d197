"""The REPL's sort order: JavaScript's ``localeCompare`` approximated for ASCII names."""

from __future__ import annotations


def _collation_table() -> dict[int, str]:
    # Punctuation < digits < letters, letters folded to lower case (ICU root order).
    table = {}
    for code in range(32, 127):
        ch = chr(code)
        if ch.isalpha():
            table[code] = chr(0x100 + ord(ch.lower()))
        elif ch.isdigit():
            table[code] = chr(0x80 + code)
        else:
            table[code] = chr(code)
    return table


_COLLATION = _collation_table()


def collation_key(text: str) -> tuple[str, str]:
    """Approximate JavaScript's ``localeCompare`` (ICU root collation) for ASCII names.

    Primary: punctuation < digits < letters, letters compared case-insensitively;
    tertiary: lower case before upper case at the first difference.
    """
    return (text.translate(_COLLATION), text.swapcase())
