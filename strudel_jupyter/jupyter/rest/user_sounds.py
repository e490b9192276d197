"""The user-sounds REST route: list, import (a sample map or a folder of the Jupyter root), remove."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import tornado.web
from jupyter_server.utils import url_path_join

from ...data.index import StrudelIndex
from ...data.sounds import process_sample_map
from ...data.user_sounds import add_user_sounds, remove_user_sounds

if TYPE_CHECKING:
    from .payloads import UserSoundsReply
from .base import (
    MAX_BODY_BYTES,
    ApiError,
    StrudelHandler,
)


class UserSoundsHandler(StrudelHandler):
    """Your own sounds (the per-user store kernels share): list, import a sample map or a folder, remove."""

    @tornado.web.authenticated
    async def get(self) -> None:
        index = await self.index()
        self.reply(user_sounds_reply(index))

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.json_body(max_bytes=MAX_BODY_BYTES * 8)  # a sample map is bigger than a question
        if not isinstance(body, dict) or not (("sample_map" in body) ^ ("folder" in body)):
            raise ApiError(
                400, "invalid_json", 'send {"sample_map": {...}, "base_url": "..."} or {"folder": "path/in/jupyter"}'
            )
        root = Path(self.settings.get("server_root_dir", ".")).expanduser().resolve()
        base = self.settings.get("base_url", "/")
        index = await self.index()

        def work() -> list[str]:
            base_url: str | None
            try:
                if "folder" in body:
                    sample_map, base_url = folder_sample_map(root, body["folder"], base)
                else:
                    sample_map, base_url = body["sample_map"], body.get("base_url")
                    if not isinstance(sample_map, dict) or not (base_url is None or isinstance(base_url, str)):
                        raise ValueError("sample_map must be an object and base_url a string")
                add_user_sounds(sample_map, base_url)
            except ValueError as exc:
                raise ApiError(400, "invalid_parameter", str(exc)) from None
            index.sync_user_sounds()
            return sorted(process_sample_map(sample_map, base_url))

        added = await self.pool.run(work)
        reply: UserSoundsReply = {**user_sounds_reply(index), "added": added}
        self.reply(reply)

    @tornado.web.authenticated
    async def delete(self) -> None:
        names = self.get_arguments("name")
        index = await self.index()

        def work() -> list[str]:
            removed = remove_user_sounds(names or None)
            index.sync_user_sounds()
            return removed

        removed = await self.pool.run(work)
        reply: UserSoundsReply = {**user_sounds_reply(index), "removed": removed}
        self.reply(reply)


def user_sounds_reply(index: StrudelIndex) -> UserSoundsReply:
    """The store as the index shows it now: names, problems found in it, and a version to poll."""
    return {
        "names": [e.name for e in index.sounds.in_category("user")],
        "problems": list(index.user_problems),
        "version": index.version,
    }


#: The audio files a folder import takes (what browsers play).
AUDIO_SUFFIXES = (".wav", ".mp3", ".ogg", ".flac", ".m4a", ".aac", ".opus", ".webm")
MAX_FOLDER_FILES = 5000


def folder_sample_map(root: Path, folder: Any, base_url: str) -> tuple[dict[str, list[str]], str]:
    """A folder under the server root as the REPL imports one: each subfolder is a sound.

    The files are served by Jupyter Server's ``/files/`` route. Raises ``ValueError`` for a
    path outside the root, a missing folder, or one without audio files.
    """
    if not isinstance(folder, str) or not folder.strip():
        raise ValueError("folder must be a path inside the Jupyter root")
    target = (root / folder.strip().strip("/")).resolve()
    if target != root and root not in target.parents:
        raise ValueError(f"{folder!r} is outside the Jupyter root")
    if not target.is_dir():
        raise ValueError(f"no folder {folder!r} in the Jupyter root")
    sample_map: dict[str, list[str]] = {}
    seen = 0
    for path in sorted(target.rglob("*")):
        if path.suffix.lower() not in AUDIO_SUFFIXES or not path.is_file():
            continue
        seen += 1
        if seen > MAX_FOLDER_FILES:
            raise ValueError(f"more than {MAX_FOLDER_FILES} audio files in {folder!r}")
        relative = path.relative_to(target)
        sound = relative.parts[0] if len(relative.parts) > 1 else path.stem
        sample_map.setdefault(sound, []).append(relative.as_posix())
    if not sample_map:
        raise ValueError(f"no audio files ({', '.join(AUDIO_SUFFIXES)}) in {folder!r}")
    files = url_path_join(base_url, "files", *target.relative_to(root).parts)
    return sample_map, files.rstrip("/") + "/"
