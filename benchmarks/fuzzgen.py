"""Seeded input generators for ``benchmarks/fuzz.py`` (plain ``random.Random``, no hypothesis).

Every generator takes ``(rng, vocab)`` and returns ``(kind, payload)``: ``kind`` names the
input class (``worst-case``, ``deep-nesting``, ``json-malformed``...) so a report can say
which class raised or was slow; ``payload`` is what the surface's runner consumes. A case
is a pure function of ``(seed, surface, case number)`` (see :func:`case_rng`), so the
parent process regenerates the input of a case that hung without asking the worker.

The vocabulary (real Strudel names, sounds, doc examples) is read from the snapshot at
run time; nothing from it is written into this file.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import random
import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

__all__ = [
    "GENERATORS",
    "WORST_CASE_ALPHABET",
    "Vocab",
    "case_rng",
    "generate",
    "kinds_of",
    "load_vocab",
    "to_jsonable",
    "unsafe_markup",
]

#: The known tree-sitter / validator worst case: texts of 1-3k characters from these.
WORST_CASE_ALPHABET = "a(){}[]`$\"'/\\*\n=>"
#: Inputs found by this fuzzer that never finish: kinds ``known-worst-0``, ``known-worst-1``...
#: (weight 0: drawn only when asked for with ``--kind``). tree-sitter-javascript 0.25 loops
#: forever parsing each of them, minimised from generated cases (seed 0): validate case 1194
#: of ``--kind worst-case`` (1,634 characters) and validate case 8092 (a 10,653-character ``js``
#: program; U+202D LEFT-TO-RIGHT OVERRIDE is needed).
KNOWN_WORST = ("[``}[$>``[*a[*``}", "7?2?````0:2?t:7-%``[r]%r({o/1:3\u202d D:")


# ------------------------------------------------------------------ vocabulary
@dataclass
class Vocab:
    functions: list[str] = field(default_factory=list)  # doc.json names and synonyms
    globals: list[str] = field(default_factory=list)  # the REPL scope (symbols.json)
    methods: list[str] = field(default_factory=list)
    sounds: list[str] = field(default_factory=list)  # soundmap keys
    banks: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)  # doc.json examples (seeds for mutation)


_FALLBACK = Vocab(
    functions=["s", "note", "n", "sound", "fast", "slow", "room", "lpf", "stack", "cat", "seq", "bank", "gain"],
    globals=["s", "note", "n", "stack", "cat", "seq", "samples", "setcps"],
    methods=["fast", "slow", "room", "lpf", "bank", "gain", "delay", "jux", "rev", "every"],
    sounds=["bd", "sd", "hh", "piano", "sawtooth", "tr909_bd", "gm_acoustic_bass"],
    banks=["tr909", "tr808", "RolandTR909"],
    tags=["effects", "synths"],
    examples=['s("bd sd").fast(2)', 'note("c e g").s("piano").room(.5)'],
)


def load_vocab(snapshot: str | Path | None) -> Vocab:
    """Names and examples from the snapshot's JSON files (a small built-in list without one)."""
    if not snapshot:
        return _FALLBACK
    root = Path(snapshot)
    try:
        docs = json.loads((root / "doc.json").read_text(encoding="utf-8"))["docs"]
        symbols = json.loads((root / "symbols.json").read_text(encoding="utf-8"))
        soundmap = json.loads((root / "soundmap.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError):
        return _FALLBACK
    functions, tags, examples = set(), set(), []
    for entry in docs:
        if isinstance(entry.get("name"), str):
            functions.add(entry["name"])
        functions.update(s for s in entry.get("synonyms") or [] if isinstance(s, str))
        for tag in entry.get("tags") or []:
            text = tag.get("value") if isinstance(tag, dict) else tag
            if isinstance(text, str):
                tags.add(text)
        examples.extend(e for e in entry.get("examples") or [] if isinstance(e, str))
    sounds = sorted(soundmap)
    banks = sorted({k.split("_", 1)[0] for k in sounds if "_" in k})
    return Vocab(
        functions=sorted(functions) or _FALLBACK.functions,
        globals=sorted(symbols.get("globals") or {}) or _FALLBACK.globals,
        methods=sorted({*(symbols.get("methods") or []), *(symbols.get("controls") or [])}) or _FALLBACK.methods,
        sounds=sounds or _FALLBACK.sounds,
        banks=banks or _FALLBACK.banks,
        tags=sorted(tags) or _FALLBACK.tags,
        examples=examples or _FALLBACK.examples,
    )


def case_rng(seed: int, surface: str, case: int) -> random.Random:
    """The generator of one case: the same (seed, surface, case) always gives the same input."""
    return random.Random(f"{seed}/{surface}/{case}")


# ---------------------------------------------------------------- character pools
_CONTROL = "".join(chr(c) for c in [*range(0, 32), 0x7F, *range(0x80, 0xA0)])
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u034f"
_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_RTL = "שלוםעולםمرحباالعالم"
_LINE_BREAKS = "\r\n\u2028\u2029\u0085\x0b\x0c"
# NFKC expands these a lot (U+FDFA is 18 characters): length checks before normalisation.
_NFKC_BOMBS = "\ufdfa\ufdfb\u3300\u3315\u33ff\ufb03\u2474\u2488\u32ff\u3250\u1e9b\u0390"
_FULLWIDTH = "".join(chr(c) for c in range(0xFF01, 0xFF5F))  # NFKC turns these into ASCII syntax
_COMBINING = "".join(chr(c) for c in range(0x300, 0x370))
_ASTRAL_RANGES = [
    (0x1F300, 0x1FAFF),  # emoji
    (0x1D400, 0x1D7FF),  # mathematical alphanumerics (NFKC -> ASCII letters)
    (0x20000, 0x2A6DF),  # CJK extension B
    (0xE0001, 0xE007F),  # tag characters
    (0x100000, 0x10FFFD),  # plane 16 private use
]
_SYNTAX = "()[]{}<>`$\"'/\\*+-=!?.,:;|&%^~@#_ \t\n"
_MINI_OPS = "[]<>{}()*/!@?:,|~._- %"


def _astral(rng: random.Random) -> str:
    low, high = rng.choice(_ASTRAL_RANGES)
    return chr(rng.randint(low, high))


def _pool_char(rng: random.Random, pool: str) -> str:
    if pool == "astral":
        return _astral(rng)
    if pool == "bmp":
        c = rng.randint(0x20, 0xFFFD)
        return "?" if 0xD800 <= c <= 0xDFFF else chr(c)
    return rng.choice(pool)


_POOLS = [
    string.ascii_letters,
    string.digits,
    _SYNTAX,
    _CONTROL,
    _ZERO_WIDTH,
    _BIDI,
    _RTL,
    _LINE_BREAKS,
    _NFKC_BOMBS,
    _FULLWIDTH,
    _COMBINING,
    "astral",
    "bmp",
]


def random_unicode(rng: random.Random, n: int | None = None, *, surrogates: bool = False) -> str:
    """Mixed scripts, control characters, bidi and zero-width marks, astral characters."""
    n = rng.choice([1, 2, 5, 20, 80, 300]) if n is None else n
    weights = [rng.random() ** 2 for _ in _POOLS]
    chars = [_pool_char(rng, pool) for pool in rng.choices(_POOLS, weights, k=n)]
    if surrogates:  # lone surrogates: JSON "\ud800" escapes decode to these
        for _ in range(rng.randint(1, 3)):
            chars.insert(rng.randint(0, len(chars)), chr(rng.randint(0xD800, 0xDFFF)))
    return "".join(chars)


def worst_case_text(rng: random.Random, n: int | None = None) -> str:
    """1-3k characters of ``a(){}[]`$"'/\\*``, newline, ``=`` and ``>`` (a known validator worst case)."""
    n = rng.randint(1000, 3000) if n is None else n
    style = rng.random()
    if style < 0.3:
        return "".join(rng.choices(WORST_CASE_ALPHABET, k=n))
    if style < 0.8:
        weights = [rng.random() ** 3 for _ in WORST_CASE_ALPHABET]
        return "".join(rng.choices(WORST_CASE_ALPHABET, weights, k=n))
    # token-level: multi-character tokens the grammar cares about
    tokens = ["a", "(", ")", "{", "}", "[", "]", "`", "${", '"', "'", "/", "\\", "*", "\n", "=", "=>", ">", "/*", "*/"]
    weights = [rng.random() ** 3 for _ in tokens]
    out: list[str] = []
    size = 0
    while size < n:
        token = rng.choices(tokens, weights)[0]
        out.append(token)
        size += len(token)
    return "".join(out)[:n]


# ---------------------------------------------------------------- numbers
_NUMBER_TEXT = [
    "1e308",
    "1e309",
    "-1e309",
    "1e-400",
    "5e-324",
    "-0",
    "-0.0",
    "NaN",
    "nan",
    "Infinity",
    "-Infinity",
    "inf",
    "0x" + "f" * 40,
    "0b" + "1" * 80,
    "0o777",
    "123n",
    "1_000_000",
    "٣",
    "²",
    "⁵",
    "Ⅻ",
    "１２",
    "0." + "0" * 400 + "1",
    "1" + "0" * 400,
    "9" * 5000,
    "-" + "9" * 4301,
    ".5",
    "5.",
    "+1",
    "--1",
    "1e",
    "0",
    "",
]


def huge_number_text(rng: random.Random) -> str:
    return rng.choice(_NUMBER_TEXT)


def huge_number_value(rng: random.Random) -> Any:
    """Python numbers no JSON encoder or ``int()`` bound likes (10**400, NaN, -0.0...)."""
    return rng.choice(
        [
            10**400,
            -(10**400),
            10**5000,
            2**63,
            -(2**63) - 1,
            2**64,
            float("inf"),
            float("-inf"),
            float("nan"),
            -0.0,
            1e308,
            5e-324,
            1.5,
            0,
            -1,
            True,
            False,
            1,
            200,
            201,
        ]
    )


# ---------------------------------------------------------------- mini-notation
_NOTES = ["c", "d", "e", "f", "g", "a", "b", "c3", "e4", "g#5", "bb2", "eb", "c-1"]


def _mini_atom(rng: random.Random, vocab: Vocab) -> str:
    r = rng.random()
    if r < 0.45:
        return rng.choice(vocab.sounds)
    if r < 0.6:
        return rng.choice(_NOTES)
    if r < 0.75:
        return str(rng.choice([0, 1, 2, 3, 7, 12, -1, 0.5, 1.25, 99999]))
    if r < 0.85:
        return rng.choice(["~", "-", "_", ".", "..", "^"])
    if r < 0.93:
        return rng.choice(vocab.sounds).upper()
    return random_unicode(rng, rng.randint(1, 4)).replace('"', "").replace("`", "")


def _mini_modifier(rng: random.Random) -> str:
    return rng.choice(
        [
            f"*{rng.randint(0, 16)}",
            f"/{rng.randint(1, 8)}",
            f"!{rng.randint(1, 5)}",
            "!",
            f"@{rng.choice([1, 2, 3, 0.5])}",
            "?",
            f"?{rng.random():.2f}",
            f":{rng.randint(0, 12)}",
            f"({rng.randint(0, 9)},{rng.randint(1, 16)})",
            f"({rng.randint(0, 9)},{rng.randint(1, 16)},{rng.randint(-4, 4)})",
            "*<2 3>",
            "*[2 3]",
            f"%{rng.randint(1, 8)}",
            "..",
            f":{rng.randint(0, 3)}:{rng.randint(0, 3)}",
        ]
    )


def _mini_sequence(rng: random.Random, vocab: Vocab, depth: int) -> str:
    terms = []
    for _ in range(rng.randint(1, 6)):
        if depth > 0 and rng.random() < 0.35:
            inner = _mini_sequence(rng, vocab, depth - 1)
            if rng.random() < 0.3:
                inner += rng.choice([", ", " | ", ","]) + _mini_sequence(rng, vocab, depth - 1)
            left, right = rng.choice([("[", "]"), ("<", ">"), ("{", "}"), ("(", ")")])
            term = f"{left}{inner}{right}"
            if left == "{" and rng.random() < 0.5:
                term += f"%{rng.randint(1, 8)}"
        else:
            term = _mini_atom(rng, vocab)
        while rng.random() < 0.3:
            term += _mini_modifier(rng)
        terms.append(term)
    return " ".join(terms)


def mini_notation(rng: random.Random, vocab: Vocab) -> str:
    """Brackets ``[]<>{}()``, ``* / ! @ ? : , | ~``, euclid ``(3,8)``, and sometimes broken."""
    text = _mini_sequence(rng, vocab, rng.randint(0, 4))
    if rng.random() < 0.3:  # mutate: stray operators and brackets
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars.insert(rng.randint(0, len(chars)), rng.choice(_MINI_OPS))
        text = "".join(chars)
    if rng.random() < 0.05:
        depth = rng.choice([49, 50, 51, 60, 200, 2000])
        left, right = rng.choice([("[", "]"), ("<", ">"), ("{", "}"), ("(", ")")])
        text = left * depth + text + right * rng.choice([depth, 0, depth // 2])
    return text


# ---------------------------------------------------------------- JavaScript
_JS_KEYWORDS = ["let", "const", "var", "await", "async", "function", "return", "new", "typeof", "this", "null"]


def _identifier(rng: random.Random, vocab: Vocab) -> str:
    r = rng.random()
    if r < 0.55:
        return rng.choice(vocab.functions)
    if r < 0.75:
        return rng.choice(vocab.globals)
    if r < 0.85:
        return _typo(rng, rng.choice(vocab.functions))
    if r < 0.93:
        return "".join(rng.choices(string.ascii_letters + "_$", k=rng.randint(1, 12)))
    if r < 0.97:
        return rng.choice(_JS_KEYWORDS)
    return random_unicode(rng, rng.randint(1, 6))


def _typo(rng: random.Random, word: str) -> str:
    if not word:
        return "x"
    chars = list(word)
    i = rng.randrange(len(chars))
    edit = rng.randint(0, 3)
    if edit == 0 and len(chars) > 1:
        del chars[i]
    elif edit == 1:
        chars.insert(i, rng.choice(string.ascii_lowercase))
    elif edit == 2 and len(chars) > 1:
        j = min(i + 1, len(chars) - 1)
        chars[i], chars[j] = chars[j], chars[i]
    else:
        chars[i] = chars[i].upper() if chars[i].islower() else chars[i].lower()
    return "".join(chars)


def _js_string(rng: random.Random, vocab: Vocab) -> str:
    body = mini_notation(rng, vocab) if rng.random() < 0.8 else random_unicode(rng)
    quote = rng.choice(['"', '"', "'", "`"])
    if quote == "`" and rng.random() < 0.4:
        body += "${" + _js_expr(rng, vocab, 1) + "}" + mini_notation(rng, vocab)
    elif quote != "`":
        body = body.replace(quote, "\\" + quote).replace("\n", "\\n")
    if rng.random() < 0.05:
        body += rng.choice(["\\u{110000}", "\\u{10FFFF}", "\\x4", "\\uD83D", "\\u{", "\\"])
    return quote + body + quote


def _js_number(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return huge_number_text(rng) or "0"
    return str(rng.choice([0, 1, 2, 4, 0.5, 0.25, 1.5, 8, 16, -1, 3.14159, 127]))


def _js_call_chain(rng: random.Random, vocab: Vocab, depth: int) -> str:
    head = rng.choice(["s", "note", "n", "sound", "stack", "cat", "seq", _identifier(rng, vocab)])
    text = f"{head}({', '.join(_js_expr(rng, vocab, depth - 1) for _ in range(rng.randint(0, 3)))})"
    for _ in range(rng.randint(0, 6)):
        method = rng.choice(vocab.methods) if rng.random() < 0.7 else _identifier(rng, vocab)
        if method == "bank" or rng.random() < 0.1:
            arg = f'"{rng.choice(vocab.banks)}"'
            method = "bank"
        else:
            arg = ", ".join(_js_expr(rng, vocab, depth - 1) for _ in range(rng.randint(0, 2)))
        text += f".{method}({arg})"
        if rng.random() < 0.1:
            text += "\n  "
    return text


def _js_expr(rng: random.Random, vocab: Vocab, depth: int = 3) -> str:
    if depth <= 0:
        return rng.choice([_js_number(rng), _js_string(rng, vocab), _identifier(rng, vocab)])
    r = rng.random()
    if r < 0.3:
        return _js_string(rng, vocab)
    if r < 0.45:
        return _js_number(rng)
    if r < 0.6:
        return _js_call_chain(rng, vocab, depth)
    if r < 0.65:
        return "[" + ", ".join(_js_expr(rng, vocab, depth - 1) for _ in range(rng.randint(0, 4))) + "]"
    if r < 0.7:
        pairs = (f"{_identifier(rng, vocab)}: {_js_expr(rng, vocab, depth - 1)}" for _ in range(rng.randint(0, 3)))
        return "{" + ", ".join(pairs) + "}"
    if r < 0.76:
        return f"x => {_js_expr(rng, vocab, depth - 1)}"
    if r < 0.8:
        return f"({_identifier(rng, vocab)}, i) => {{ return {_js_expr(rng, vocab, depth - 1)} }}"
    if r < 0.85:
        op = rng.choice(["+", "-", "*", "/", "%", "**", "&&", "||", "??", "==", "===", ">", "<", ">>", "|"])
        return f"{_js_expr(rng, vocab, depth - 1)} {op} {_js_expr(rng, vocab, depth - 1)}"
    if r < 0.88:
        return "/" + rng.choice(["ab+c", "[a-z]*", "\\d+", "(", "a/b", "\\/"]) + "/" + rng.choice(["", "g", "gi"])
    if r < 0.92:
        return f"({_js_expr(rng, vocab, depth - 1)})"
    if r < 0.95:
        return rng.choice(["-", "!", "~", "typeof ", "await ", "new ", "..."]) + _js_expr(rng, vocab, depth - 1)
    if r < 0.98:
        return f"{_identifier(rng, vocab)}.{_identifier(rng, vocab)}"
    return f"{_identifier(rng, vocab)}`{mini_notation(rng, vocab)}`"  # tagged template


def _js_statement(rng: random.Random, vocab: Vocab) -> str:
    r = rng.random()
    if r < 0.4:
        return _js_call_chain(rng, vocab, 3)
    if r < 0.5:
        return f"{rng.choice(['let', 'const', 'var'])} {_identifier(rng, vocab)} = {_js_expr(rng, vocab)}"
    if r < 0.6:
        return f"$: {_js_call_chain(rng, vocab, 2)}"
    if r < 0.65:
        return f"{_identifier(rng, vocab)}: {_js_call_chain(rng, vocab, 2)}"
    if r < 0.72:
        return (
            rng.choice(["// ", "/* ", "/** "])
            + random_unicode(rng, rng.randint(0, 30)).replace("*/", "")
            + ("" if rng.random() < 0.5 else " */")
        )
    if r < 0.76:
        return f"setcps({_js_number(rng)})"
    if r < 0.8:
        source = rng.choice(['"github:tidalcycles/dirt-samples"', '{bd: "bd.wav"}', _js_expr(rng, vocab, 1)])
        return f"samples({source})"
    if r < 0.85:
        return "// mini-off" if rng.random() < 0.5 else "// mini-on"
    if r < 0.92:
        return _mutate(rng, rng.choice(vocab.examples))
    return _js_expr(rng, vocab)


def _mutate(rng: random.Random, text: str) -> str:
    """Typing slips: delete, duplicate or swap spans, insert syntax, truncate."""
    chars = list(text)
    for _ in range(rng.randint(0, 4)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        j = min(len(chars), i + rng.randint(1, 12))
        edit = rng.randint(0, 4)
        if edit == 0:
            del chars[i:j]
        elif edit == 1:
            chars[i:i] = chars[i:j]
        elif edit == 2:
            chars.insert(i, rng.choice(_SYNTAX))
        elif edit == 3:
            k = rng.randrange(len(chars))
            chars[i], chars[k] = chars[k], chars[i]
        else:
            del chars[i:]
    return "".join(chars)


def js_program(rng: random.Random, vocab: Vocab) -> str:
    """Strudel-looking code: method chains on real names, mini-notation strings, comments, typos."""
    lines = [_js_statement(rng, vocab) for _ in range(rng.randint(1, 8))]
    code = rng.choice(["\n", "\n\n", ";\n", " ", "\r\n"]).join(lines)
    return _mutate(rng, code) if rng.random() < 0.3 else code


#: Deeply nested code, one input kind per shape (depths around the limits and far past them).
DEEP_FORMS: dict[str, Callable[[int], str]] = {
    "deep-parens": lambda d: "(" * d + "1" + ")" * d,
    "deep-arrays": lambda d: "[" * d + "]" * d,
    "deep-unclosed": lambda d: "[" * d,
    "deep-mini-brackets": lambda d: 's("' + "[" * d + "bd" + "]" * d + '")',
    "deep-mini-angles": lambda d: 'note("' + "<" * d + "c e" + ">" * d + '")',
    "deep-mini-braces": lambda d: 'cat("' + "{" * d + "bd" + "}" * d + '")',
    "long-chain": lambda d: "x" + ".fast(2)" * d,
    "deep-calls-unclosed": lambda d: "f(" * d,
    "deep-template": lambda d: "`${" * d + "1" + "}`" * d,
    "deep-braces": lambda d: "{" * d + "}" * d,
    "deep-unary": lambda d: "-" * d + "1",
    "deep-arrows": lambda d: "x => " * d + "x",
    "deep-s-calls": lambda d: "s(" * d + '"bd"' + ")" * d,
    "deep-stack": lambda d: "stack(" * d + 's("bd")' + ")" * d,
}


def deep_nesting_code(rng: random.Random, form: str | None = None) -> str:
    d = rng.choice([50, 51, 100, 500, 1000, 3000, 10000, 30000])
    return DEEP_FORMS[form or rng.choice(sorted(DEEP_FORMS))](d)


def large_code(rng: random.Random, vocab: Vocab) -> str:
    """Near the validator's 200,000-character limit (and just over it)."""
    target = rng.choice([20_000, 100_000, 199_999, 200_000, 200_001])
    unit = rng.choice(['s("bd sd [hh hh] cp").fast(2).room(.3)\n', js_program(rng, vocab) + "\n", "a" * 1000])
    return (unit * (target // max(1, len(unit)) + 1))[:target]


# ---------------------------------------------------------------- JSON helpers
def deep_json_text(rng: random.Random) -> str:
    d = rng.choice([100, 1000, 5000, 100_000])
    return rng.choice(["[" * d + "]" * d, '{"q":' * d + '"x"' + "}" * d, "[" * d, '{"a":[' * d])


def malformed_json(rng: random.Random, valid: str) -> str:
    r = rng.randint(0, 9)
    if r == 0 and len(valid) > 1:
        return valid[: rng.randrange(1, len(valid))]
    if r == 1:
        return valid.rstrip("}") + ",}"
    if r == 2:
        return valid.replace('"', "'")
    if r == 3:
        return valid.replace("}", ', "limit": NaN}', 1)
    if r == 4:
        return valid.replace("}", ', "limit": 1e999}', 1)
    if r == 5:
        return valid.replace("}", ', "limit": ' + "9" * 5000 + "}", 1)
    if r == 6:
        return deep_json_text(rng)
    if r == 7:
        return valid + valid
    if r == 8:
        return "\ufeff" + valid
    return _mutate(rng, valid)


def deep_value(rng: random.Random, leaf: Any = "x") -> Any:
    d = rng.choice([10, 100, 1000, 5000])
    value: Any = leaf
    wrap = rng.choice(["list", "dict", "q"])
    for _ in range(d):
        value = [value] if wrap == "list" else {"a": value} if wrap == "dict" else {"q": value}
    return value


# ---------------------------------------------------------------- validate
def gen_code(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """A ``code`` argument for ``strudel_validate``."""
    table: list[tuple[str, float, Callable[[], Any]]] = [
        ("js", 40, lambda: js_program(rng, vocab)),
        ("example-mutated", 10, lambda: _mutate(rng, rng.choice(vocab.examples))),
        ("mini", 10, lambda: f'{rng.choice(["s", "note", "n", "sound"])}("{mini_notation(rng, vocab)}")'),
        ("worst-case", 10, lambda: worst_case_text(rng)),
        ("unicode", 8, lambda: random_unicode(rng)),
        ("unicode-in-code", 5, lambda: _splice(rng, js_program(rng, vocab), random_unicode(rng, rng.randint(1, 10)))),
        ("surrogate", 2, lambda: _splice(rng, js_program(rng, vocab), random_unicode(rng, 3, surrogates=True))),
        ("huge-number", 4, lambda: f's("bd").fast({huge_number_text(rng) or 0}).n({huge_number_text(rng) or 1})'),
        ("large", 0.5, lambda: large_code(rng, vocab)),
        ("non-string", 2, lambda: _non_string(rng)),
        ("empty", 1, lambda: rng.choice(["", " ", "\n\n", "\t", "\u2028", "// only a comment"])),
    ]
    table += [(form, 6 / len(DEEP_FORMS), lambda form=form: deep_nesting_code(rng, form)) for form in DEEP_FORMS]
    table += [(f"known-worst-{n}", 0, lambda text=text: text) for n, text in enumerate(KNOWN_WORST)]
    return _pick(rng, table, kinds)


def _splice(rng: random.Random, text: str, insert: str) -> str:
    i = rng.randint(0, len(text))
    return text[:i] + insert + text[i:]


def _non_string(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            0,
            1.5,
            float("nan"),
            10**400,
            True,
            [],
            ["s('bd')"],
            {"code": "s('bd')"},
            b's("bd")',
            bytearray(b"x"),
            ("a",),
            {1, 2},
            SimpleNamespace(code='s("bd")'),
        ]
    )


def _pick(
    rng: random.Random, table: list[tuple[str, float, Callable[[], Any]]], kinds: tuple[str, ...] | None
) -> tuple[str, Any]:
    rows = [row for row in table if not kinds or row[0] in kinds]
    if not rows:
        raise ValueError(f"no input kind {kinds}; this surface has {', '.join(r[0] for r in table)}")
    weights = [r[1] for r in rows]
    kind, _, make = rng.choices(rows, weights if any(weights) else None)[0]
    return kind, make()


# ---------------------------------------------------------------- knowledge
_QUESTIONS = [
    "what does {f} do",
    "{f}",
    "is {f} valid",
    "how do I use {f}",
    "{f} examples",
    "symbol:{f}",
    "tag:{t}",
    "sounds:{s}",
    "bank:{b}",
    "is {s} available",
    "does {b} have a {s}",
    "list {c} sounds",
    "list {c}",
    "how to make {w}",
    "{s} {s} {s}",
    "what's the difference between {f} and {f}",
    "params of {f}",
]
_WORDS = ["reverb", "delay", "filter", "speed up", "darker", "louder", "swing", "chop", "random", "drums", "bass"]
_CATEGORIES = ["drum-machine", "drum-machines", "synths", "samples", "wavetables", "user", "all", "soundfonts", "gm"]


def question(rng: random.Random, vocab: Vocab) -> str:
    template = rng.choice(_QUESTIONS)
    text = template
    for slot, pick in (
        ("{f}", lambda: rng.choice(vocab.functions) if rng.random() < 0.8 else _typo(rng, rng.choice(vocab.functions))),
        ("{s}", lambda: rng.choice(vocab.sounds)),
        ("{b}", lambda: rng.choice(vocab.banks)),
        ("{t}", lambda: rng.choice(vocab.tags)),
        ("{c}", lambda: rng.choice(_CATEGORIES)),
        ("{w}", lambda: rng.choice(_WORDS)),
    ):
        while slot in text:
            text = text.replace(slot, pick(), 1)
    if rng.random() < 0.15:
        text = _splice(rng, text, random_unicode(rng, rng.randint(1, 5)))
    if rng.random() < 0.1:
        text = text.upper()
    return text


def quoted_code_question(rng: random.Random, vocab: Vocab) -> str:
    code = rng.choice(
        [
            js_program(rng, vocab),
            f's("{mini_notation(rng, vocab)}")',
            worst_case_text(rng, rng.randint(100, 950)),
            _mutate(rng, rng.choice(vocab.examples)),
        ]
    )
    template = rng.choice(["is `{}` valid", "is {} valid", "check {}", "what does {} do", "why does {} fail", "{}"])
    text = template.format(code)
    return text if rng.random() < 0.8 else text[: rng.choice([999, 1000, 1001])]


def hostile_field(rng: random.Random, vocab: Vocab) -> Any:
    return rng.choice(
        [
            lambda: huge_number_value(rng),
            lambda: huge_number_text(rng),
            lambda: random_unicode(rng, rng.randint(0, 20)),
            lambda: rng.choice(["auto", "reference", "sounds", "search", "detail", "list", " Detail ", "SOUNDS"]),
            lambda: None,
            lambda: [1, 2],
            lambda: {"q": "room"},
            lambda: deep_value(rng),
            lambda: "<script>alert(1)</script>",
            lambda: rng.choice(vocab.functions),
        ]
    )()


def knowledge_object(rng: random.Random, vocab: Vocab) -> dict[Any, Any]:
    obj: dict[Any, Any] = {}
    if rng.random() < 0.9:
        obj["q"] = question(rng, vocab) if rng.random() < 0.7 else hostile_field(rng, vocab)
    for key in ("domain", "mode", "limit"):
        if rng.random() < 0.5:
            obj[key] = hostile_field(rng, vocab)
    if rng.random() < 0.2:
        obj[rng.choice(["extra", "Q", "", "query", random_unicode(rng, 5)])] = hostile_field(rng, vocab)
    if rng.random() < 0.05:
        obj[rng.choice([1, None, 2.5, ("a", "b"), True])] = "non-string key"
    if rng.random() < 0.05:
        obj["q"] = random_unicode(rng, rng.choice([999, 1000, 1001, 1200]))
    return obj


def _json_dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return '{"q": "room"}'


def gen_knowledge(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"query": ..., "kwargs": {...}}`` for ``strudel_knowledge(query, **kwargs)``."""
    table: list[tuple[str, float, Callable[[], Any]]] = [
        ("question", 30, lambda: question(rng, vocab)),
        ("quoted-code", 15, lambda: quoted_code_question(rng, vocab)),
        ("unicode", 10, lambda: random_unicode(rng)),
        ("surrogate", 1, lambda: random_unicode(rng, 8, surrogates=True)),
        ("object", 15, lambda: knowledge_object(rng, vocab)),
        ("json-string", 8, lambda: _json_dumps(knowledge_object(rng, vocab))),
        ("json-malformed", 6, lambda: malformed_json(rng, _json_dumps(knowledge_object(rng, vocab)))),
        ("non-string", 4, lambda: rng.choice([_non_string(rng), deep_value(rng), huge_number_value(rng)])),
        ("long", 4, lambda: rng.choice([_NFKC_BOMBS, "a ", "fast ", "{"]) * rng.choice([100, 500, 999, 1000])),
        ("worst-case", 3, lambda: worst_case_text(rng, rng.randint(500, 1000))),
        ("huge-number", 3, lambda: f"{rng.choice(['limit', 'n', 'fast'])} {huge_number_text(rng)}"),
    ]
    kind, query = _pick(rng, table, kinds)
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.25:
        for key in ("domain", "mode", "limit"):
            if rng.random() < 0.5:
                kwargs[key] = hostile_field(rng, vocab)
    return kind, {"query": query, "kwargs": kwargs}


# ---------------------------------------------------------------- tools
_TOOL_NAMES = ["strudel_knowledge", "strudel_validate", "search_tools"]


def tool_arguments(rng: random.Random, vocab: Vocab, tool: str) -> tuple[str, Any]:
    """``(about, arguments)``: ``about`` names the tool and the input kind inside (``strudel_validate:deep-stack``)."""
    about = "arguments"
    if tool == "strudel_validate":
        about, code = gen_code(rng, vocab)
        args: dict[Any, Any] = {"code": code}
    elif tool == "strudel_knowledge":
        if rng.random() < 0.6:
            about, query = "question", question(rng, vocab)
        else:
            about, payload = gen_knowledge(rng, vocab)
            query = payload["query"]
        args = {"query": query}
        for key in ("domain", "mode", "limit"):
            if rng.random() < 0.3:
                args[key] = hostile_field(rng, vocab)
    else:
        args = {}
        if rng.random() < 0.8:
            args["query"] = rng.choice(
                ["validate code", "lookup", "", random_unicode(rng, 10), hostile_field(rng, vocab)]
            )
        if rng.random() < 0.4:
            args["category"] = rng.choice(["validation", "reference", "discovery", "", None, hostile_field(rng, vocab)])
        if rng.random() < 0.4:
            args["limit"] = hostile_field(rng, vocab)
    if rng.random() < 0.1:
        args[rng.choice(["extra", "", "code", "query", random_unicode(rng, 4)])] = hostile_field(rng, vocab)
    if rng.random() < 0.05:
        about = "not-an-object"
        args = rng.choice([None, [], [args], "not an object", 42, deep_value(rng), b'{"code": "s(1)"}'])
    return f"{tool}:{about}", args


def _tool_name(rng: random.Random) -> Any:
    r = rng.random()
    if r < 0.85:
        return rng.choice(_TOOL_NAMES)
    if r < 0.93:
        return _typo(rng, rng.choice(_TOOL_NAMES))
    return rng.choice(["", None, 1, ["strudel_validate"], {"name": "x"}, random_unicode(rng, 8), "a" * 10_000])


def _arguments_text(rng: random.Random, args: Any) -> Any:
    """Arguments as the JSON string OpenAI sends, sometimes broken."""
    text = _json_dumps(args) if args is not None else "null"
    r = rng.random()
    if r < 0.7:
        return text
    if r < 0.9:
        return malformed_json(rng, text)
    return rng.choice(["", "{}", "null", "[]", deep_json_text(rng), text.encode("utf-8", "surrogatepass")])


def tool_call(rng: random.Random, vocab: Vocab, *, shape: str | None = None) -> tuple[str, Any, str]:
    name = _tool_name(rng)
    about, args = tool_arguments(rng, vocab, name if isinstance(name, str) else "strudel_validate")
    shape = shape or rng.choice(["openai", "openai_responses", "anthropic", "plain", "json-string", "sdk", "garbage"])
    call_id = rng.choice(["call_1", "toolu_01", "", None, 7, random_unicode(rng, 4)])
    if shape == "openai":
        call: Any = {
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": _arguments_text(rng, args)},
        }
    elif shape == "openai_responses":
        call = {"type": "function_call", "call_id": call_id, "name": name, "arguments": _arguments_text(rng, args)}
    elif shape == "anthropic":
        call = {"type": "tool_use", "id": call_id, "name": name, "input": args}
    elif shape == "plain":
        call = {"name": name, "arguments": args}
    elif shape == "json-string":
        text = _json_dumps({"name": name, "arguments": args})
        call = text if rng.random() < 0.7 else malformed_json(rng, text)
    elif shape == "sdk":
        inner = SimpleNamespace(name=name, arguments=_arguments_text(rng, args))
        call = rng.choice(
            [
                SimpleNamespace(id=call_id, type="function", function=inner),
                SimpleNamespace(type="tool_use", id=call_id, name=name, input=args),
                SimpleNamespace(type="function_call", call_id=call_id, name=name, arguments=_arguments_text(rng, args)),
            ]
        )
    else:
        call = rng.choice(
            [
                None,
                0,
                10**400,
                float("nan"),
                "",
                "{",
                [],
                [{"name": "strudel_validate"}],
                {},
                {"function": "strudel_validate"},
                {"function": {"arguments": "{}"}},
                {"type": "tool_use", "input": {"code": "x"}},
                {"name": name, "arguments": args, "input": args},
                {"function": None, "name": name, "arguments": args},
                deep_value(rng, {"name": "strudel_validate", "arguments": {}}),
                deep_json_text(rng),
                b'{"name": "search_tools", "arguments": {}}',
                SimpleNamespace(),
                random_unicode(rng, 20),
            ]
        )
    return shape, call, about


def gen_tools(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"call", "method": execute | run, "format"}`` for the tool registry."""
    shapes = ["openai", "openai_responses", "anthropic", "plain", "json-string", "sdk", "garbage"]
    weights = [25, 15, 20, 15, 8, 7, 10]
    if kinds:
        pairs = [(s, w) for s, w in zip(shapes, weights, strict=True) if s in kinds]
        if not pairs:
            raise ValueError(f"no input kind {kinds}; this surface has {', '.join(shapes)}")
        shapes, weights = [p[0] for p in pairs], [p[1] for p in pairs]
    shape = rng.choices(shapes, weights)[0]
    _, call, about = tool_call(rng, vocab, shape=shape)
    method = "execute" if rng.random() < 0.5 else "run"
    fmt = rng.choice([None, None, "openai", "anthropic", "openai_responses"]) if method == "run" else None
    return shape, {"call": call, "method": method, "format": fmt, "about": about}


# ---------------------------------------------------------------- magic
def magic_line(rng: random.Random, vocab: Vocab) -> tuple[str, str]:
    r = rng.random()
    options: list[str] = []
    if rng.random() < 0.3:
        options.append("--json")
    if rng.random() < 0.2:
        options += ["--domain", rng.choice(["auto", "reference", "sounds", "x", "SOUNDS"])]
    if rng.random() < 0.2:
        options += ["--mode", rng.choice(["auto", "search", "detail", "list", "nope"])]
    if rng.random() < 0.2:
        options += ["--limit", rng.choice(["1", "5", "200", "201", "0", "-1", "abc", "1e3", "9" * 30, "9" * 5000])]
    if rng.random() < 0.05:
        options.append(rng.choice(["--bogus", "-h", "--help", "--", "-", "--limit"]))
    if r < 0.5:
        kind, query = "question", question(rng, vocab)
    elif r < 0.62:
        kind, query = "quoted-code", quoted_code_question(rng, vocab)
    elif r < 0.72:
        kind, query = "unicode", random_unicode(rng)
    elif r < 0.8:
        kind, query = "json-string", _json_dumps(knowledge_object(rng, vocab))
    elif r < 0.85:
        kind, query = "json-malformed", malformed_json(rng, _json_dumps(knowledge_object(rng, vocab)))
    elif r < 0.9:
        kind, query = "quotes", rng.choice(['"', "'", '"what does fast do', "'room", 'a "b', "\\", '"a" "b"'])
    elif r < 0.94:
        kind, query = "var-expand", rng.choice(["$x", "{x}", "{{x}}", "$$", "{1+1}", "{", "}", "{!r}", "${x}"])
    elif r < 0.97:
        kind, query = "empty", rng.choice(["", " ", "\t", "\n"])
    else:
        kind, query = "worst-case", worst_case_text(rng, rng.randint(200, 1000))
    parts = [*options, query] if rng.random() < 0.7 else [query, *options]
    return kind, " ".join(p for p in parts if p is not None)


def gen_magic(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"line", "cell"}``: ``%strudel line`` when ``cell`` is None, else ``%%strudel``."""
    for _ in range(100):
        if rng.random() < 0.55:
            kind, line = magic_line(rng, vocab)
            payload = {"line": line, "cell": None}
        else:
            kind, code = gen_code(rng, vocab)
            if not isinstance(code, str) or len(code) > 20_000:
                continue
            line = rng.choice(["", "", "--json", "--json", "room", "--limit 3", "--bogus", '"'])
            kind = f"cell-{kind}"
            payload = {"line": line, "cell": code}
        if not kinds or kind in kinds:
            return kind, payload
    raise ValueError(f"no input kind {kinds} found for the magic surface")


# ---------------------------------------------------------------- sounds
_HOSTILE_HTML = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<svg onload=alert(1)>",
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    '<a href="javascript:alert(1)">x</a>',
    "<iframe src=https://evil.example></iframe>",
    "</code></pre><script>alert(1)</script>",
    "<style>*{display:none}</style>",
    "&lt;script&gt;",
    "<!--",
    "<scr<script>ipt>alert(1)</script>",
    "data:text/html,<script>alert(1)</script>",
    "\u202e<script>",
]


def _hostile_text(rng: random.Random, vocab: Vocab) -> str:
    r = rng.random()
    if r < 0.5:
        return rng.choice(_HOSTILE_HTML)
    if r < 0.65:
        return rng.choice(vocab.sounds) + rng.choice(_HOSTILE_HTML)
    if r < 0.8:
        return random_unicode(rng, rng.randint(1, 20))
    if r < 0.9:
        return rng.choice(["bd", "my_bank_bd", "wt_evil", "_hidden", "Evil Name", " spaced  out ", "a" * 5000])
    return rng.choice(vocab.banks) + "_" + rng.choice(_HOSTILE_HTML)


def _hostile_url(rng: random.Random, vocab: Vocab) -> Any:
    return rng.choice(
        [
            None,
            "https://example.com/",
            "javascript:alert(8)//",
            "data:text/html,<script>alert(1)</script>",
            "github:user/repo",
            "github:",
            "github:/",
            "bubo:",
            "bubo:x:y",
            "bubo:fox",
            "vbscript:msgbox(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            'https://e.com/"><script>alert(1)</script>',
            "",
            random_unicode(rng, 10),
            "\x00",
            "x" * 10_000,
        ]
    )


def sample_map(rng: random.Random, vocab: Vocab) -> Any:
    r = rng.random()
    if r < 0.05:
        return rng.choice(
            [
                {},
                None,
                [],
                42,
                "",
                "https://example.com/strudel.json",
                "github:user/repo",
                "/nonexistent/strudel.json",
                "\x00",
                "nul\x00byte.json",
                b"{}",
                random_unicode(rng, 6),
                deep_value(rng, ["a.wav"]),
            ]
        )
    entries: dict[Any, Any] = {}
    for _ in range(rng.randint(1, 6)):
        key: Any = _hostile_text(rng, vocab)
        if rng.random() < 0.03:
            key = rng.choice([1, None, 2.5, ("a",), "", " ", True])
        v = rng.random()
        if v < 0.45:
            value: Any = [_hostile_text(rng, vocab) + ".wav" for _ in range(rng.randint(1, 4))]
        elif v < 0.6:
            value = _hostile_text(rng, vocab)
        elif v < 0.8:
            value = {rng.choice(["c3", "e4", "<b>", "_base"]): [_hostile_text(rng, vocab)] for _ in range(2)}
            if rng.random() < 0.5:
                value["_base"] = _hostile_url(rng, vocab)
        elif v < 0.9:
            value = rng.choice([[], [1, 2], None, 3, {"c3": 4}, [["nested"]], deep_value(rng)])
        else:
            value = [_hostile_text(rng, vocab)] * rng.choice([1, 100, 1000])
        entries[key] = value
    if rng.random() < 0.2:
        entries["_base"] = _hostile_url(rng, vocab)
    return entries


def gen_sounds(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"sample_map", "base_url", "prebake", "tag"}`` for ``register_sounds``."""
    for _ in range(1000):
        kind, payload = _sounds_case(rng, vocab)
        if not kinds or kind in kinds:
            return kind, payload
    raise ValueError(f"no input kind {kinds} found for the sounds surface")


def _sounds_case(rng: random.Random, vocab: Vocab) -> tuple[str, Any]:
    sm = sample_map(rng, vocab)
    kind = "map" if isinstance(sm, dict) and sm else "not-a-map"
    payload = {
        "sample_map": sm,
        "base_url": _hostile_url(rng, vocab) if rng.random() < 0.7 else None,
        "prebake": rng.choice([None, None, None, True, False]),
        "tag": rng.choice([None, None, "drum-machines", _hostile_text(rng, vocab)]),
    }
    if rng.random() < 0.03:  # wrong Python types for the keyword options
        payload[rng.choice(["base_url", "tag", "prebake"])] = rng.choice([1, ["x"], {"a": 1}, b"x"])
        kind = "wrong-type-option"
    return kind, payload


# ---------------------------------------------------------------- mcp
def gen_mcp(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"name", "arguments"}`` for ``Client.call_tool`` (or ``{"list_tools": True}``)."""
    for _ in range(100):
        r = rng.random()
        if r < 0.03:
            kind, payload = "list-tools", {"list_tools": True}
        else:
            name = (
                rng.choice(_TOOL_NAMES)
                if rng.random() < 0.9
                else rng.choice(["", "nope", _typo(rng, "strudel_validate"), random_unicode(rng, 6)])
            )
            about, args = tool_arguments(rng, vocab, name)
            if not isinstance(args, dict) or any(not isinstance(k, str) for k in args):
                args = {"code": f"<{type(args).__name__}>"}  # MCP arguments are a JSON object
            kind = "call" if name in _TOOL_NAMES else "unknown-tool"
            payload = {"name": name, "arguments": args if rng.random() < 0.97 else None, "about": about}
        if not kinds or kind in kinds:
            return kind, payload
    raise ValueError(f"no input kind {kinds} found for the mcp surface")


# ---------------------------------------------------------------- rest
def _query_value(rng: random.Random, vocab: Vocab) -> str:
    """A query-string value as tornado hands it over (valid UTF-8: invalid bytes are a 400)."""
    r = rng.random()
    if r < 0.5:
        text = question(rng, vocab)
    elif r < 0.7:
        text = random_unicode(rng)
    elif r < 0.8:
        text = huge_number_text(rng)
    elif r < 0.9:
        text = rng.choice(_HOSTILE_HTML)
    else:
        text = rng.choice(vocab.functions + vocab.sounds)[: rng.randint(1, 6)]
    return text


def _param(rng: random.Random, vocab: Vocab, kind: str) -> str:
    if kind == "int":
        return rng.choice(["", "0", "1", "100", "2000", "2001", "-1", "1e3", "abc", "9" * 30, "9" * 5000, "１"])
    if kind == "domain":
        return rng.choice(["", "auto", "reference", "sounds", "Sounds ", "x", random_unicode(rng, 3)])
    if kind == "mode":
        return rng.choice(["", "auto", "search", "detail", "list", "LIST", "x"])
    if kind == "tag":
        return rng.choice(["", "all", rng.choice(vocab.tags), "nope", random_unicode(rng, 3)])
    if kind == "category":
        return rng.choice(["", "all", *_CATEGORIES, "nope", random_unicode(rng, 3)])
    return _query_value(rng, vocab)


def gen_rest(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """``{"route", "args", "body", "name"}``: what a route handler reads from one request."""
    routes = [
        "knowledge-get",
        "knowledge-post",
        "reference",
        "reference-entry",
        "sounds",
        "sound-entry",
        "categories",
        "tags",
    ]
    weights = [30, 20, 12, 10, 12, 10, 3, 3]
    if kinds:
        pairs = [(s, w) for s, w in zip(routes, weights, strict=True) if s in kinds]
        if not pairs:
            raise ValueError(f"no input kind {kinds}; this surface has {', '.join(routes)}")
        routes, weights = [p[0] for p in pairs], [p[1] for p in pairs]
    route = rng.choices(routes, weights)[0]
    args: dict[str, str] = {}
    body: bytes | None = None
    name: str | None = None
    if route == "knowledge-get":
        if rng.random() < 0.95:
            args["q"] = _query_value(rng, vocab) if rng.random() < 0.9 else rng.choice(["", " ", "x" * 1001])
        for key, kind in (("limit", "int"), ("domain", "domain"), ("mode", "mode")):
            if rng.random() < 0.3:
                args[key] = _param(rng, vocab, kind)
    elif route == "knowledge-post":
        obj = knowledge_object(rng, vocab)
        r = rng.random()
        if r < 0.6:
            text = _json_dumps({k: v for k, v in obj.items() if isinstance(k, str)})
        elif r < 0.85:
            text = malformed_json(rng, _json_dumps({k: v for k, v in obj.items() if isinstance(k, str)}))
        else:
            text = rng.choice(["", "null", "[]", '"q"', "1e999", '{"q": "\\ud800"}', '{"q": "room", "q": 1}'])
        body = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.03:
            body = rng.choice([b"\xff\xfe{", b'{"q": "\xc3"}', bytes(range(256))])
    elif route in ("reference", "sounds"):
        if rng.random() < 0.8:
            args["search"] = _query_value(rng, vocab) if rng.random() < 0.9 else "x" * rng.choice([200, 201])
        key = "tag" if route == "reference" else "category"
        if rng.random() < 0.5:
            args[key] = _param(rng, vocab, key)
        for key in ("offset", "limit"):
            if rng.random() < 0.3:
                args[key] = _param(rng, vocab, "int")
    elif route in ("reference-entry", "sound-entry"):
        pool = vocab.functions if route == "reference-entry" else vocab.sounds + vocab.banks
        r = rng.random()
        name = rng.choice(pool) if r < 0.5 else _typo(rng, rng.choice(pool)) if r < 0.7 else _query_value(rng, vocab)
        name = name or "x"
    args = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in args.items()}
    if name is not None:
        name = name.encode("utf-8", "replace").decode("utf-8")
    return route, {"route": route, "args": args, "body": body, "name": name}


# ---------------------------------------------------------------- engine
#: Code that attacks the engine itself: loops that never end (plain, or resumed by a promise),
#: allocation without end, deep recursion, reaching for the host, changing JavaScript's own
#: objects. Each costs up to the engine's time limit, so they are a small share of the cases.
HOSTILE_ENGINE_CODE = [
    "(() => { while (true) {} })()",
    "(() => { for (;;) { Math.random() } })()",
    "const spin = () => { while (1) {} }\n$: s('bd').fmap(v => spin())",
    "(async () => { await 0; while (true) {} })()\ns('bd')",
    "(() => { const a = []; while (true) a.push(new Array(2e6).fill(0.5)) })()",
    "(() => { let a = []; while (true) a.push({x: [a.length]}) })()",
    "const f = (n) => f(n + 1); f(0)",
    "const g = (n) => [g(n + 1)]; note(g(0))",
    "'x'.repeat(2 ** 29)",
    "new Array(2 ** 32)",
    "Function('return this')().process",
    "this.constructor.constructor('return globalThis')().fetch('https://example.com')",
    "import('fs')",
    "Array.prototype.push = () => 0; s('bd')",
    "Object.prototype.s = 1; s('bd')",
    "JSON.stringify = () => '{'; s('bd')",
    "setTimeout(() => { while (true) {} }, 0); s('bd')",
    "s('bd*1000')",
    "n(run(100000))",
]


def gen_engine(rng: random.Random, vocab: Vocab, kinds: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """A ``{"code", "cycles", "begin"}`` case for the engine: ``strudel_events`` and ``strudel_validate``."""
    table: list[tuple[str, float, Callable[[], Any]]] = [
        ("example", 35, lambda: rng.choice(vocab.examples)),
        ("example-mutated", 20, lambda: _mutate(rng, rng.choice(vocab.examples))),
        ("js", 20, lambda: js_program(rng, vocab)),
        ("mini", 15, lambda: f'{rng.choice(["s", "note", "n", "sound"])}("{mini_notation(rng, vocab)}")'),
        (
            "unicode-in-code",
            3,
            lambda: _splice(rng, rng.choice(vocab.examples), random_unicode(rng, rng.randint(1, 8))),
        ),
        ("hostile", 2, lambda: rng.choice(HOSTILE_ENGINE_CODE)),
    ]
    kind, code = _pick(rng, table, kinds)
    # mostly windows a person asks for; sometimes arguments the call must refuse
    if rng.random() < 0.9:
        cycles, begin = rng.choice([1, 1, 2, 4, 4, 8, 0.5, 3]), rng.choice([0, 0, 0, 1, 3, 0.25, -2])
    else:
        cycles = rng.choice([0, -1, 10_000, 1e300, float("nan"), "2", None, 4])
        begin = rng.choice([0, 1e12, float("inf"), "x", None])
    return kind, {"code": code, "cycles": cycles, "begin": begin}


GENERATORS: dict[str, Callable[..., tuple[str, Any]]] = {
    "validate": gen_code,
    "engine": gen_engine,
    "knowledge": gen_knowledge,
    "tools": gen_tools,
    "magic": gen_magic,
    "sounds": gen_sounds,
    "mcp": gen_mcp,
    "rest": gen_rest,
}


def generate(
    surface: str,
    seed: int,
    case: int,
    vocab: Vocab,
    kinds: tuple[str, ...] | None = None,
    skip: tuple[str, ...] = (),
) -> tuple[str, Any]:
    """Case ``case`` of ``surface``: only ``kinds`` when given, never ``skip`` (redrawn from the case's generator)."""
    rng = case_rng(seed, surface, case)
    for _ in range(1000):
        kind, payload = GENERATORS[surface](rng, vocab, kinds)
        if kind not in skip:
            return kind, payload
    raise ValueError(f"every input drawn for case {case} is of a skipped kind ({', '.join(skip)})")


def kinds_of(surface: str) -> list[str]:
    """The input kinds a surface's generator names (sampled; for --help and errors)."""
    vocab = _FALLBACK
    seen: dict[str, None] = {}
    for case in range(400):
        seen.setdefault(generate(surface, 0, case, vocab)[0], None)
    return sorted(seen)


# ---------------------------------------------------------------- saving inputs
def to_jsonable(value: Any, depth: int = 0) -> Any:
    """Any generated input as JSON, tagging what JSON cannot say (bytes, NaN, huge ints, depth)."""
    if depth > 200:
        return {"$truncated": f"nested deeper than 200 levels ({type(value).__name__})"}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if abs(value) < 10**300 else {"$int_hex": hex(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"$float": repr(value)}
    if isinstance(value, (bytes, bytearray)):
        return {"$bytes": bytes(value).decode("latin-1")}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_jsonable(v, depth + 1) for v in value]
        return items if isinstance(value, list) else {f"${type(value).__name__}": items}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: to_jsonable(v, depth + 1) for k, v in value.items()}
        return {"$dict": [[to_jsonable(k, depth + 1), to_jsonable(v, depth + 1)] for k, v in value.items()]}
    if isinstance(value, SimpleNamespace):
        return {"$object": "SimpleNamespace", "attributes": to_jsonable(vars(value), depth + 1)}
    return {"$repr": repr(value)[:2000]}


def input_summary(value: Any, limit: int = 100) -> str:
    """One line describing an input (type, length, start)."""
    if isinstance(value, str):
        head = value[:limit].encode("unicode_escape").decode("ascii")[:limit]
        return f"str[{len(value)}] {head!s}"
    try:
        text = json.dumps(to_jsonable(value), ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return f"{type(value).__name__} {text[:limit]}"


# ---------------------------------------------------------------- HTML check
_SCRIPT_TAGS = {"script", "iframe", "object", "embed", "img", "svg", "math", "link", "meta", "base", "form", "frame"}
_URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data", "srcdoc", "background", "poster"}


#: What the package's own pictures are made of (render/picture.py): nothing that runs, loads or links.
_PICTURE_ELEMENTS = {"svg", "title", "g", "rect", "line", "text"}
_PICTURE_PREFIX = "data:image/svg+xml;base64,"
_PICTURE_TAG = re.compile(
    r"<img class='strudel-picture' alt='[^'<>]*' src='(data:image/svg\+xml;base64,[A-Za-z0-9+/=]*)'>"
)


def our_picture(attrs: dict[str, str | None]) -> bool:
    """An ``<img class='strudel-picture'>`` of a data URL that is plain SVG shapes and text only."""
    src = attrs.get("src") or ""
    if attrs.get("class") != "strudel-picture" or not src.startswith(_PICTURE_PREFIX):
        return False
    try:
        root = ET.fromstring(base64.b64decode(src[len(_PICTURE_PREFIX) :], validate=True).decode("utf-8"))
    except (binascii.Error, UnicodeDecodeError, ET.ParseError):
        return False
    for element in root.iter():
        if element.tag.rpartition("}")[2] not in _PICTURE_ELEMENTS:
            return False
        if any(name.lower().startswith("on") or "href" in name.lower() for name in element.attrib):
            return False
    return True


class _Markup(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img" and our_picture(dict(attrs)):
            return  # a picture of what an example plays, checked element by element above
        if tag in _SCRIPT_TAGS:
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{name}= on <{tag}>")
            text = "".join((value or "").split()).lower()
            if name in _URL_ATTRS and text.startswith(("javascript:", "vbscript:", "data:")):
                self.problems.append(f"{name}={text[:40]} on <{tag}>")
            if name == "style" and ("expression(" in text or "javascript:" in text):
                self.problems.append(f"style={text[:40]} on <{tag}>")

    handle_startendtag = handle_starttag


_RAW_TAG = re.compile(r"<\s*/?\s*(script|iframe|object|embed|img|svg)\b", re.IGNORECASE)


def unsafe_markup(fragment: str) -> list[str]:
    """What in an HTML fragment a browser would run or load (empty when safe).

    Parsed (event handlers, ``javascript:``/``data:`` URLs, script-like tags), plus a raw
    search for ``<script``-like openers, which escaped text never contains.
    """
    parser = _Markup()
    try:
        parser.feed(fragment)
        parser.close()
    except Exception as exc:  # the checker must not be the thing that raises
        return [f"unparseable HTML ({type(exc).__name__})"]
    # the raw search skips our own pictures only where the parser accepted them as ours
    ours = [
        m.span()
        for m in _PICTURE_TAG.finditer(fragment)
        if our_picture({"class": "strudel-picture", "src": m.group(1)})
    ]
    raw = [
        f"raw {m.group(0)!r}"
        for m in _RAW_TAG.finditer(fragment)
        if not any(start <= m.start() < end for start, end in ours)
    ]
    return parser.problems + raw
