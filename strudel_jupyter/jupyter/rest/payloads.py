"""The JSON bodies of the REST API (docs/rest-api.md), written once as TypedDicts.

``server.py`` builds these bodies; the sidebar reads them. Both sides are checked against the
same types: ``python -m strudel_jupyter.devtools.rest_schema`` turns :class:`RestResponses`
into ``labextension/schema/rest.schema.json``, and ``jlpm schema:types`` turns that schema into
``labextension/src/rest.generated.ts``. The answer items themselves live in
``lookup/items.py``; this module only adds the routes' envelopes and the detail extras.

Class docstrings end up in the schema and as comments in the generated TypeScript.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ...data.sound_sources import SampleMapSource, SoundSources, UserSound
from ...lookup.browse import FunctionDetail, SoundDetail
from ...lookup.completion import CompletionsDict
from ...lookup.items import BankItem, KnowledgeFailure, KnowledgeSuccess
from ...validator.report import ValidationResult

__all__ = [
    "CategoriesReply",
    "CompleteReply",
    "ErrorReply",
    "FunctionDetail",
    "InspectReply",
    "KnowledgeReply",
    "ReferencePage",
    "ReferenceRow",
    "RestResponses",
    "SampleCacheStatus",
    "SamplePackStatus",
    "SoundDetail",
    "SoundEntryReply",
    "SampleMapSource",
    "SoundRow",
    "SoundSourcesReply",
    "SoundsPage",
    "TagsReply",
    "UserSound",
    "ValidateReply",
    "UserSoundsReply",
]


class ErrorReply(TypedDict):
    """Every error: a status code plus this body; never a traceback."""

    code: str
    message: str
    #: 404 not_found: real names, closest first.
    suggestions: NotRequired[list[str]]
    #: 400 invalid_parameter for ``tag`` or ``category``: the values the route accepts.
    allowed: NotRequired[list[str]]


#: GET/POST knowledge: ``strudel_knowledge``'s answer (``ok: false`` only for not_found and alike).
KnowledgeReply = KnowledgeSuccess | KnowledgeFailure


class ReferenceRow(TypedDict):
    """One row of the reference list: light, no description."""

    name: str
    synonyms: list[str]
    #: The tags the tab filters by (lets the sidebar filter a held list as you type).
    tags: list[str]


class ReferencePage(TypedDict):
    """GET reference: one page of the reference tab's list for a search and a tag."""

    search: str
    tag: str
    total: int
    offset: int
    limit: int
    items: list[ReferenceRow]
    #: The tab's tag row over the whole reference, sorted as the REPL sorts it.
    tags: dict[str, int]
    #: The closest real names when nothing matches the search.
    suggestions: list[str]
    #: The status line, worded by the core (the panel says the same).
    status: str
    #: On the first page: the details to show under the list (every match under a search or tag).
    details: list[FunctionDetail]


class SoundRow(TypedDict):
    """One row of the sounds list: the name as the tab prints it (``bd(8)``)."""

    name: str
    label: str
    #: None for synths, which the tab prints without a count.
    count: int | None
    type: str
    #: The tab categories the sound is listed under.
    categories: list[str]


class SoundsPage(TypedDict):
    """GET sounds: one page of the sounds tab's list for a search and a category."""

    search: str
    category: str
    total: int
    offset: int
    limit: int
    items: list[SoundRow]
    #: Per category, over the whole registry.
    categories: dict[str, int]
    #: Per category, what the current search matches.
    matching: dict[str, int]
    suggestions: list[str]
    #: The status line, worded by the core (the panel says the same).
    status: str
    #: On the first page: the detail to show (the exact name searched for, else the closest).
    details: list[SoundEntryReply]
    #: The registry version listed (user-sounds answers a newer one when sounds come or go).
    version: int


#: GET sounds/<name>: a sound, or, when no sound has that name, a bank.
SoundEntryReply = SoundDetail | BankItem


class CategoriesReply(TypedDict):
    """GET categories: the sounds tab's category buttons with their counts."""

    categories: dict[str, int]


class TagsReply(TypedDict):
    """GET tags: the reference tab's tag row with counts, and the number of entries."""

    tags: dict[str, int]
    total: int


class SoundSourcesReply(SoundSources):
    """GET sound-sources: what the browser's audio engine registers before it plays."""


#: POST complete: the core's completions (``lookup/completion.py``) at the cursor.
CompleteReply = CompletionsDict


class InspectReply(TypedDict):
    """POST inspect: the detail of the name under the cursor, as the sidebar shows it; null for none."""

    item: FunctionDetail | SoundDetail | BankItem | None


#: POST validate: ``strudel_validate``'s answer (1-based lines and columns of the code sent).
ValidateReply = ValidationResult


class UserSoundsReply(TypedDict):
    """GET/POST/DELETE user-sounds: your own sounds (the store kernels share) as the server shows them."""

    names: list[str]
    #: What was wrong in the store (corrupt or hostile content is left out and said here).
    problems: list[str]
    #: Changes whenever the registry changes: poll it to know when to list again.
    version: int
    #: POST: the sounds the import added.
    added: NotRequired[list[str]]
    #: DELETE: the sounds removed.
    removed: NotRequired[list[str]]


class SamplePackStatus(TypedDict):
    """One sample pack of the prebake in the sample cache: what of it is on disk."""

    name: str
    #: Sample files of the pack on disk, of ``total_files`` the pack names.
    files: int
    total_files: int
    #: Sounds of the pack with at least one file on disk.
    sounds: int
    bytes: int
    #: Whether the pack's map (its JSON) is on disk.
    map_cached: bool


class SampleCacheStatus(TypedDict):
    """GET samples-status: the server's sample cache and whether Strudel's sample server answers."""

    #: Where samples come from: Strudel's CDN or the configured mirror (ends in ``/``).
    mirror: str
    #: As last seen: true, false (``error`` says why) or null (not asked yet; ``?check=1`` asks).
    reachable: bool | None
    error: str | None
    #: One line for people: "Strudel's sample server cannot be reached: synths still play; 3 sounds cached (...)".
    message: str
    cache_dir: str
    files: int
    bytes: int
    sounds: int
    #: The size cap: past it the least recently used files go.
    max_bytes: int
    packs: list[SamplePackStatus]


class RestResponses(TypedDict):
    """The body of each route's successful answer (and of every error), by route."""

    knowledge: KnowledgeReply
    reference: ReferencePage
    reference_entry: FunctionDetail
    sounds: SoundsPage
    sound_entry: SoundEntryReply
    categories: CategoriesReply
    tags: TagsReply
    sound_sources: SoundSourcesReply
    complete: CompleteReply
    inspect: InspectReply
    validate: ValidateReply
    user_sounds: UserSoundsReply
    samples_status: SampleCacheStatus
    error: ErrorReply
