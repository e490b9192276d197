"""Where a browser loads the REPL's sounds from: the prebake's sample maps and the user's sounds.

Strudel's engine runs in the browser (the JupyterLab extension); it registers sounds the way
the REPL's prebake does. This module tells it what to register: the sample maps listed in the
snapshot's ``sample-maps/index.json`` (their CDN URLs and base URLs, fetched by the browser at
run time; a map the REPL passes inline is sent whole), the bank alias file, and the sounds
registered with :func:`~strudel_jupyter.data.index.register_sounds` in this process, with
their sample URLs already resolved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from .index import StrudelIndex
from .snapshot import SnapshotError

__all__ = ["SampleMapSource", "SoundSources", "UserSound", "sound_sources", "user_sounds"]


class SampleMapSource(TypedDict):
    """One ``samples(map, baseUrl, options)`` call of the prebake, in call order."""

    name: str
    #: Where the browser fetches the map (Strudel's CDN); None when ``map`` carries it.
    url: str | None
    #: The map itself, for the one prebake passes as an object literal (Dirt-Samples).
    map: NotRequired[dict[str, Any]]
    baseUrl: str
    #: ``{"prebake": true}``, plus ``tag`` for the drum machines.
    options: dict[str, Any]


class UserSound(TypedDict):
    """A sound registered with ``register_sounds``: its type and full sample (or table) URLs."""

    type: str
    #: A list of URLs, or ``{note: [URLs]}`` for pitched maps.
    files: list[str] | dict[str, list[str]]


class SoundSources(TypedDict):
    """Everything the browser registers before it plays: the prebake's maps, aliases, user sounds."""

    maps: list[SampleMapSource]
    #: The bank alias file ``aliasBank()`` reads (``tr909`` -> ``RolandTR909``); None if absent.
    alias_url: str | None
    user: dict[str, UserSound]


def _prebake_maps(directory: Path) -> tuple[list[SampleMapSource], str | None]:
    folder = directory / "sample-maps"
    try:
        listed = json.loads((folder / "index.json").read_text(encoding="utf-8")).get("maps", [])
    except FileNotFoundError:
        return [], None  # an older snapshot without sample maps: synths and soundfonts still play
    except (OSError, ValueError) as exc:
        raise SnapshotError(folder / "index.json", f"unreadable sample map list: {exc}") from exc
    maps: list[SampleMapSource] = []
    alias_url: str | None = None
    for entry in listed:
        name = str(entry.get("file", "")).removesuffix(".json")
        if str(entry.get("loadedBy", "")).startswith("aliasBank"):
            alias_url = entry.get("url")
            continue
        source: SampleMapSource = {
            "name": name,
            "url": entry.get("url"),
            "baseUrl": entry.get("baseUrl") or "",
            "options": dict(entry.get("options") or {}),
        }
        if source["url"] is None:
            # The REPL passes this map inline; it is on no CDN, so the browser gets it from us.
            try:
                source["map"] = json.loads((folder / str(entry["file"])).read_text(encoding="utf-8"))
            except (OSError, ValueError, KeyError):
                continue
        maps.append(source)
    return maps, alias_url


def user_sounds(index: StrudelIndex) -> dict[str, UserSound]:
    """The sounds registered in this process (the tab's ``user`` category) that have files to load."""
    state = index.sounds.state
    found: dict[str, UserSound] = {}
    for name, entry in state.entries.items():
        if "user" not in entry.categories:
            continue
        data = state.registry.get(name, {})
        files = data.get("samples", data.get("tables"))
        if isinstance(files, (list, dict)):
            found[name] = {"type": str(data.get("type", "sample")), "files": files}
    return found


def sound_sources(index: StrudelIndex) -> SoundSources:
    """The prebake's sample maps (in call order), the alias file and this process's user sounds."""
    maps, alias_url = _prebake_maps(Path(index.snapshot.path))
    return {"maps": maps, "alias_url": alias_url, "user": user_sounds(index)}
