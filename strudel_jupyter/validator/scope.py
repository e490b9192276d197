"""The REPL's evaluation scope: what exists before the code runs, and what some functions mean.

Strudel's names come from the snapshot (``symbols.json``: globals, Pattern methods,
controls; the reference for what is documented), JavaScript's from ``jsnames.py``, and
hydra's only once the code calls ``initHydra()``. :func:`repl_scope` derives them once
per index version.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..data.index import StrudelIndex
from ..data.reference_tab import engine_only_docs
from .jsnames import HYDRA_GLOBALS, HYDRA_METHODS, JS_GLOBALS, JS_METHODS, VALUE_METHODS

__all__ = [
    "OBJECT_PROTOTYPE",
    "PASS_THROUGH",
    "PATTERN_CALLBACKS",
    "REMOTE_LOADERS",
    "SCALE_METHODS",
    "SOUND_REGISTRARS",
    "SUPERDIRT_OUTPUTS",
    "VALUE_COMBINATORS",
    "ReplScope",
    "repl_scope",
]


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


OBJECT_PROTOTYPE = _names(
    "constructor toString toLocaleString valueOf hasOwnProperty isPrototypeOf propertyIsEnumerable "
    "__defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__ __proto__"
)
#: Functions whose callback receives a pattern (``.every(4, x => x.fast(2))``): inside the
#: callback the parameter is certainly a pattern, so an unknown method on it is an error.
PATTERN_CALLBACKS = _names(
    "every firstOf lastOf when off echoWith stutWith plyWith plyForEach within sometimesBy sometimes "
    "someCyclesBy someCycles somecycles somecyclesBy often rarely almostNever almostAlways always never "
    "superimpose layer jux juxBy juxby chunk chunkBack chunkback fastChunk fastchunk chunkInto chunkinto "
    "chunkBackInto chunkbackinto inside outside all each whenKey inhabit"
)
#: Pattern combinators whose string arguments are values of the resulting pattern, so
#: ``s(cat("bd", "sd"))`` names the sounds bd and sd.
VALUE_COMBINATORS = _names(
    "cat seq sequence fastcat slowcat stack timecat timeCat arrange polymeter polymeterSteps choose "
    "chooseCycles randcat wchoose wchooseCycles wrandcat pure reify mini m"
)
#: Calls whose arguments keep the pattern a control applies to (``stack(s("bd"), s("hh")).bank(...)``).
PASS_THROUGH = VALUE_COMBINATORS | {"n", "note"}
#: Calls that load sounds whose names cannot be known offline.
REMOTE_LOADERS = _names("tables doughsamples loadSoundfont registerSamplesPrefix")
SOUND_REGISTRARS = _names("registerSound registerWaveTable soundAlias")
SUPERDIRT_OUTPUTS = _names("osc superdirt")
#: With one of these in the chain, ``n`` is a scale degree, not a sample index.
SCALE_METHODS = _names("scale chord voicing voicings arp rootNotes mode")
# pat.add.out(...), pat.set.squeeze(...): an operator, then how to align it
_COMPOSERS = _names(
    "set keep keepif add sub mul div mod pow band bor bxor blshift brshift lt gt lte gte eq eqt ne net and or func"
)


@dataclass(frozen=True, slots=True)
class ReplScope:
    """What exists in the REPL, derived once per index version."""

    version: int
    has_symbols: bool
    globals: frozenset[str]
    methods: frozenset[str]  # Pattern.prototype, Object.prototype removed
    not_global: frozenset[str]  # registered into strudelScope only
    prebake_methods: frozenset[str]
    composers: frozenset[str]
    alignments: frozenset[str]
    documented: frozenset[str]
    superdirt_only: frozenset[str]  # documented, but hidden by the tab: SuperDirt only
    sound_controls: frozenset[str]  # s, sound
    sounds: frozenset[str]
    bank_prefixes: frozenset[str]
    bank_choices: tuple[str, ...]
    global_choices: tuple[str, ...]
    method_choices: tuple[str, ...]

    def is_global(self, name: str, *, hydra: bool) -> bool:
        """A value the code can use bare: Strudel's, JavaScript's, hydra's after initHydra, or K."""
        return name in self.globals or name in JS_GLOBALS or (hydra and name in HYDRA_GLOBALS) or name == "K"

    def is_method(self, name: str, *, hydra: bool) -> bool:
        """A method some value in the REPL has (Strudel, JavaScript, Strudel's haps and fractions, hydra)."""
        return name in self.methods or name in JS_METHODS or name in VALUE_METHODS or (hydra and name in HYDRA_METHODS)


_SCOPE_LOCK = threading.Lock()


def repl_scope(index: StrudelIndex) -> ReplScope:
    """The REPL scope of ``index`` (cached on the index until its version changes)."""
    scope = index.derived.get("validation_scope")
    if scope is not None and scope.version == index.version:
        return scope
    with _SCOPE_LOCK:
        scope = index.derived.get("validation_scope")
        if scope is None or scope.version != index.version:
            scope = index.derived["validation_scope"] = _build_scope(index)
    return scope


def _build_scope(index: StrudelIndex) -> ReplScope:
    ref = index.reference
    documented = set(ref.by_name) | set(ref.by_synonym) | set(ref.by_doc_synonym)
    superdirt_only = set()  # the tab's rule (data/reference_tab.py): tagged superdirt, not superdough
    for doc, engine in engine_only_docs(index.snapshot.docs):
        if engine == "SuperDirt":
            superdirt_only.add(str(doc["name"]))
            superdirt_only.update(s for s in doc.get("synonyms") or () if isinstance(s, str))
    symbols = index.snapshot.symbols
    extra = (symbols or {}).get("extra") or {}
    aliases: dict[str, str] = extra.get("control_aliases") or {}
    documented |= {alias for alias, canonical in aliases.items() if canonical in documented}
    if symbols:
        globals_ = frozenset(symbols["globals"])
        methods = frozenset(symbols["methods"]) - OBJECT_PROTOTYPE
    else:  # an older snapshot without symbols.json: the reference is all we know
        globals_ = methods = frozenset(documented)
    sound_controls = {"s", "sound"} | {alias for alias, canonical in aliases.items() if canonical == "s"}
    keys = frozenset(index.sounds.entries)
    prefixes = set()
    for key in keys:
        for i, ch in enumerate(key):
            if ch == "_" and i:
                prefixes.add(key[:i])
    banks = index.sounds.banks
    bank_choices = tuple(sorted({b.label for b in banks.values()} | set(banks)))
    public_globals = sorted(n for n in globals_ if not n.startswith("_"))
    public_methods = sorted(n for n in methods if not n.startswith("_"))
    # documented names first: suggestions should point at what the reference explains
    global_choices = tuple(sorted(public_globals, key=lambda n: n not in documented))
    method_choices = tuple(sorted(public_methods, key=lambda n: n not in documented))
    return ReplScope(
        version=index.version,
        has_symbols=bool(symbols),
        globals=globals_,
        methods=methods,
        not_global=frozenset(extra.get("registered_not_global") or ()),
        prebake_methods=frozenset((extra.get("default_prebake_script") or {}).get("methods") or ()),
        composers=_COMPOSERS,
        alignments=frozenset(extra.get("operator_alignments") or ()),
        documented=frozenset(documented),
        superdirt_only=frozenset(superdirt_only - documented),
        sound_controls=frozenset(sound_controls),
        sounds=keys,
        bank_prefixes=frozenset(prefixes),
        bank_choices=bank_choices,
        global_choices=global_choices,
        method_choices=method_choices,
    )
