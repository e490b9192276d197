"""One index over a snapshot: reference + sounds (+ REPL symbols), shared by every front end."""

from __future__ import annotations

import gc
import os
import threading
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .derived import Derived
from .index_cache import IndexParts, load_index
from .pages import Passages, load_passages
from .reference import ReferenceIndex
from .snapshot import Snapshot, load_snapshot, resolve_snapshot_dir
from .sounds import SoundsIndex, load_sample_map, process_sample_map
from .sounds_tab import SOUND_CATEGORIES, normalise_category
from .tonal import TonalIndex
from .user_sounds import add_user_sounds, read_user_sounds, store_signature

if TYPE_CHECKING:  # pandas loads only when a DataFrame is asked for
    import pandas as pd

__all__ = [
    "StrudelIndex",
    "banks_frame",
    "get_index",
    "settle_for_server",
    "reference_frame",
    "register_sounds",
    "sounds_frame",
]


class StrudelIndex:
    """Everything the lookups need, built once from a :class:`Snapshot`."""

    def __init__(self, snapshot: Snapshot, *, cache: bool = True) -> None:
        """The index of ``snapshot``; its costly parts come from ``data/index_cache.py`` (kept
        by the package build or a previous run) unless ``cache=False``: built, the same index."""
        self.snapshot = snapshot

        def adopt(parts: IndexParts) -> tuple[ReferenceIndex, SoundsIndex]:
            return ReferenceIndex(parts=parts["reference"]), SoundsIndex(
                snapshot.soundmap, programs=snapshot.programs, noises=parts["noises"], parts=parts["sounds"]
            )

        self.reference, self.sounds = load_index(snapshot, adopt, cache=cache)
        self._lock = threading.Lock()
        #: The user-sounds store as last read: its signature, the keys it added, what was wrong with it.
        self._user_signature: tuple[int, int, int] | None = None
        self._user_keys: frozenset[str] = frozenset()
        self.user_problems: list[str] = []
        self._passages: Passages | None = None

    @property
    def passages(self) -> Passages:
        """The tutorial pages' passages (``data/pages.py``), read on first use (~0.1 s).

        Linked to the reference's names and the snapshot's own sounds (user sounds never
        appear in the pages); a snapshot without ``pages/`` has none.
        """
        if self._passages is None:
            with self._lock:
                if self._passages is None:
                    ref = self.reference
                    names = {n: e.name for e in ref.entries for n in e.synonyms}
                    names.update({e.name: e.name for e in ref.entries})
                    try:
                        self._passages = load_passages(self.snapshot.path, names, self.snapshot.soundmap)
                    except Exception as exc:  # noqa: BLE001 - the pages are an extra: answers go on without them
                        warnings.warn(f"Strudel's tutorial pages not read: {exc!r}", stacklevel=2)
                        self._passages = Passages((), pages=0)
        return self._passages

    @classmethod
    def from_path(cls, path: os.PathLike[str] | str | None = None) -> StrudelIndex:
        return cls(load_snapshot(path))

    @property
    def tonal(self) -> TonalIndex | None:
        """Scale, chord and voicing names (``tonal.json``), built on first use; None without the file."""
        if self.snapshot.tonal is None:
            return None
        built = self.__dict__.get("_tonal")
        if built is None:
            built = self.__dict__["_tonal"] = TonalIndex(self.snapshot.tonal)
        return built

    @property
    def derived(self) -> Derived:
        """What other modules derive from this index (name tables, listing orders...).

        Build through ``index.derived.get_or_build(key, build)``. The store belongs to the
        current registry version, so registering sounds starts it afresh.
        """
        return self.sounds.state.derived

    @property
    def version(self) -> int:
        """Changes whenever the sound registry changes (see :meth:`register_sounds`)."""
        return self.sounds.version

    @property
    def source(self) -> dict[str, Any]:
        manifest = self.snapshot.manifest or {}
        return {
            "path": str(self.snapshot.path),
            "origin": self.snapshot.origin,
            "versions": manifest.get("versions", {}),
            "built": manifest.get("built"),
        }

    def register_sounds(
        self,
        sample_map: Mapping[str, Any] | str | os.PathLike[str],
        base_url: str | None = None,
        *,
        prebake: bool | None = None,
        tag: str | None = None,
    ) -> list[str]:
        """Register samples as Strudel's ``samples(map, baseUrl, {prebake, tag})`` does.

        Without ``prebake=True`` the sounds land in the ``user`` category. The whole map
        is validated first: a bad map raises ``ValueError`` and registers nothing.
        Returns the registered keys.
        """
        entries = process_sample_map(load_sample_map(sample_map), base_url, prebake=prebake, tag=tag)
        with self._lock:
            return self.sounds.register(entries)

    def user_sounds_changed(self) -> bool:
        """Has the shared user-sounds store changed since this index last read it? (one ``stat``)"""
        return store_signature() != self._user_signature

    def sync_user_sounds(self) -> bool:
        """Show the shared user-sounds store as it is now (other kernels, the sidebar write it).

        The store's sounds replace the ones it added before (so removals show too). Returns
        True when the registry changed. Problems in the store land in :attr:`user_problems`.
        """
        with self._lock:
            if store_signature() == self._user_signature:
                return False
            stored = read_user_sounds()
            self.user_problems = stored.problems
            registry = {k: v for k, v in self.sounds.registry.items() if k not in self._user_keys}
            registry.update(stored.entries)
            self.sounds = SoundsIndex(
                {k: {"data": v} for k, v in registry.items()},
                version=self.sounds.version + 1,
                programs=self.sounds.programs,  # the GM program names stay text for gm_* sounds
                noises=self.sounds.noises,
            )
            self._user_keys = frozenset(stored.entries)
            self._user_signature = stored.signature
            return True


#: One index per snapshot directory, for the life of the process.
_INDEXES = Derived()


def get_index(path: os.PathLike[str] | str | None = None) -> StrudelIndex:
    """The shared index for a snapshot (default resolution: path > $STRUDEL_SNAPSHOT > packaged).

    Built once per snapshot directory and then reused by every front end.
    """
    directory, _origin = resolve_snapshot_dir(path)
    index: StrudelIndex = _INDEXES.get_or_build(
        directory.resolve(), lambda: StrudelIndex.from_path(directory if path is not None else None)
    )
    if index.user_sounds_changed():  # your sounds, registered in any kernel or the sidebar
        index.sync_user_sounds()
    return index


def settle_for_server(index: StrudelIndex) -> None:
    """For a long-running server process (Jupyter Server, the MCP server) only.

    Moves the index, and whatever else is alive now, out of the garbage collector's sight:
    full collections then stop walking its ~20k containers, a 10 ms pause in the middle of
    requests. Not for kernels: a user's cyclic garbage alive at this moment would never be
    freed.
    """
    gc.collect()
    gc.freeze()


def reference_frame(*, index: StrudelIndex | None = None) -> pd.DataFrame:
    """The reference tab as a DataFrame (a copy: change it freely)."""
    return (index or get_index()).reference.frame.copy()


def sounds_frame(
    category: str = "all", *, include_hidden: bool = False, index: StrudelIndex | None = None
) -> pd.DataFrame:
    """The sounds tab as a DataFrame, filtered by a tab category (a copy)."""
    canonical = normalise_category(category)
    if canonical is None:
        raise ValueError(f"unknown sound category {category!r}; expected one of {', '.join(SOUND_CATEGORIES)}")
    frame = (index or get_index()).sounds.frame
    if include_hidden and canonical == "all":
        return frame.copy()
    mask = frame["categories"].map(lambda cats: canonical in cats)
    return frame[mask].copy()


def banks_frame(*, index: StrudelIndex | None = None) -> pd.DataFrame:
    """Sound banks (``RolandTR909``, alias ``tr909``, ...) with their sounds (a copy)."""
    return (index or get_index()).sounds.banks_frame.copy()


def register_sounds(
    sample_map: Mapping[str, Any] | str | os.PathLike[str],
    base_url: str | None = None,
    *,
    prebake: bool | None = None,
    tag: str | None = None,
    index: StrudelIndex | None = None,
) -> list[str]:
    """Register your own samples; see :meth:`StrudelIndex.register_sounds`.

    With the shared index (no ``index=``), user sounds (no ``prebake``) are also saved in
    the per-user store (``data/user_sounds.py``), so the JupyterLab sidebar and every other
    kernel show them in the ``user`` category too.
    """
    if index is not None or prebake or tag:
        return (index or get_index()).register_sounds(sample_map, base_url, prebake=prebake, tag=tag)
    loaded = load_sample_map(sample_map)
    keys = list(process_sample_map(loaded, base_url))  # a bad map raises before anything is saved
    shared = get_index()
    try:
        add_user_sounds(loaded, base_url)
    except OSError as exc:  # a read-only home: this kernel still has them
        warnings.warn(f"user sounds not saved for other kernels and the sidebar: {exc}", stacklevel=2)
        return shared.register_sounds(loaded, base_url)
    shared.sync_user_sounds()
    return keys
