"""Did you mean: real names close to a misspelt one, and what an invented one means.

Spelling neighbours come through the package's one ``closest()`` helper; the meaning of an
invented name (``.reverb()`` -> ``room``, ``s("kick")`` -> ``bd``) from the knowledge
engine's concept answer (``lookup/concepts.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from rapidfuzz import fuzz
from tree_sitter import Node

from ...lookup.closest import SUGGEST_CUTOFF, closest, did_you_mean
from ...lookup.concepts import concept_functions, drum_sounds
from ...lookup.phrasebook import load_phrasebook
from ...lookup.ranking import suggest
from .context import CheckContext

__all__ = ["closest_names", "rank_names", "suggest_globals", "suggest_methods", "suggest_sounds"]

TYPO_RATIO = 80.0  # a spelling neighbour this close is a typo's fix: it stays ahead of the meaning


def closest_names(word: str, choices: Sequence[str], *, limit: int = 3, cutoff: float = 70.0) -> list[str]:
    """Names like ``word`` by a forgiving measure (rapidfuzz WRatio), the plainly closer ones first."""
    low = word.lower()
    hits = closest(low, [c.lower() for c in choices], scorer=fuzz.WRatio, cutoff=cutoff, limit=limit * 3)
    # WRatio forgives partial matches generously: break its ties by plain edit distance, then length
    ranked = sorted(hits, key=lambda h: (-(h.score + fuzz.ratio(low, h.choice) * 0.5), len(h.choice)))
    return [choices[cast(int, h.key)] for h in ranked[:limit]]  # the key of a list item is its position


def rank_names(word: str, choices: Sequence[str], *, limit: int = 5, cutoff: float = SUGGEST_CUTOFF) -> list[str]:
    """Names spelled like ``word`` (``fastt`` -> ``fast``), or hidden in it (``trancegate`` -> ``gate``):
    the package's one "did you mean" (``lookup/closest.py``), as ``strudel_knowledge`` offers them."""
    return [choices[h.key] for h in did_you_mean(word, choices, limit=limit, cutoff=cutoff)]


def suggest_globals(ctx: CheckContext, name: str, node: Node) -> list[str]:
    """Globals (documented first) and names the code defines where ``node`` is, close to ``name``."""
    scope = ctx.scope
    found = rank_names(name, scope.global_choices)
    found += [s for s in suggest(ctx.index, name, domain="reference") if s in scope.globals]
    found += rank_names(name, ctx.defs.bindings.visible(node.start_byte))
    meant = [c for c in _meanings(ctx, name) if c in scope.globals]
    return _with_meaning(_unique(found, name), meant, name)[:5]


def suggest_methods(ctx: CheckContext, name: str) -> list[str]:
    """Pattern methods (documented first) and properties the code defines, close to ``name``."""
    scope = ctx.scope
    found = rank_names(name, scope.method_choices)
    found += [s for s in suggest(ctx.index, name, domain="reference") if s in scope.methods]
    found += rank_names(name, sorted(ctx.defs.properties | ctx.defs.registered))
    meant = [c for c in _meanings(ctx, name) if c in scope.methods]
    return _with_meaning(_unique(found, name), meant, name)[:5]


def _meanings(ctx: CheckContext, name: str) -> list[str]:
    """What ``name`` means as a musician's word (``concept_functions``). The phrasebook it reads
    is read once per process (~0.2 s for its thousands of phrases) whatever the code: that first
    read is kept off the code's time budget; looking the name up in it counts as usual."""
    with ctx.deadline.paused():
        load_phrasebook().table  # noqa: B018 - read on first use (a cached property)
    return list(concept_functions(ctx.index, name))


def suggest_sounds(ctx: CheckContext, name: str) -> list[str]:
    """Sounds a drum word names (``kick`` -> ``bd``), then sounds spelled like ``name``."""
    meant = [s for s in drum_sounds(ctx.index, name) if s in ctx.scope.sounds]
    spelled = [s for s in suggest(ctx.index, name, domain="sounds") if s in ctx.scope.sounds]
    # a drum word is meant as written ("hat" is a hi-hat, not a typo of ht)
    return _unique([*meant, *spelled], name)[:5]


def _with_meaning(spelled: list[str], meant: list[str], name: str) -> list[str]:
    """The meaning first, unless the best spelling neighbour is plainly a typo's fix."""
    typo = spelled[:1] if spelled and fuzz.ratio(name.lower(), spelled[0].lower()) >= TYPO_RATIO else []
    return _unique([*typo, *meant, *spelled], name)


def _unique(names: Iterable[str], exclude: str) -> list[str]:
    return [n for n in dict.fromkeys(names) if n != exclude]
