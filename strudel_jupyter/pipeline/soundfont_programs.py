"""``soundfont-programs.json``: the General MIDI program names behind each ``gm_*`` sound.

Strudel's ``@strudel/soundfonts`` lists, in ``gm.mjs``, the fonts of every ``gm_*`` sound
and names each General MIDI program in a comment (``// Electric Piano 1: Piano``). Each
``  gm_<name>: [`` block is read up to its closing ``],``; every comment line of the form
``// <Program>: <Family>`` inside it is one entry, a family being plain words (so
``// 0930_JCLive_sf2_file // buggy zones: guitar / synth`` is a note, not a program). This
reproduces the shared snapshot's file byte for byte. Nothing else is read: no name here is
written by hand. Standard library only (the build hook runs the pipeline before pandas).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

__all__ = ["GM_MODULE", "read_programs", "write_programs"]

GM_MODULE = Path("@strudel") / "soundfonts" / "gm.mjs"  # inside node_modules

_BLOCK_START = re.compile(r"^  (?P<key>gm_\w+): \[\s*$")
_BLOCK_END = re.compile(r"^  \],?\s*$")
_PROGRAM = re.compile(r"^\s*// (?P<program>[^:]+?): (?P<family>[A-Za-z][\w ]*?)\s*$")


def read_programs(source: str) -> dict[str, list[dict[str, str]]]:
    """``{sound key: [{"program", "family"}, ...]}`` from the text of ``gm.mjs``."""
    programs: dict[str, list[dict[str, str]]] = {}
    key: str | None = None
    for line in source.splitlines():
        if key is None:
            start = _BLOCK_START.match(line)
            if start:
                key = start.group("key")
                programs[key] = []
            continue
        if _BLOCK_END.match(line):
            key = None
            continue
        comment = _PROGRAM.match(line)
        if comment:
            programs[key].append({"program": comment.group("program"), "family": comment.group("family")})
    if not programs:
        raise ValueError("no gm_* block found: is this Strudel's soundfonts gm.mjs?")
    return dict(sorted(programs.items()))


def write_programs(gm_module: os.PathLike[str] | str, out: os.PathLike[str] | str) -> int:
    """Read ``gm.mjs`` and write ``soundfont-programs.json`` as the shared snapshot has it.

    Returns the number of sounds written.
    """
    programs = read_programs(Path(gm_module).read_text(encoding="utf-8"))
    Path(out).write_text(json.dumps(programs, indent=1, sort_keys=True), encoding="utf-8")
    return len(programs)
