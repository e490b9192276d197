"""``strudel-jupyter snapshot ...``: build, info, import and diff.

Exit codes: 0 success, 2 failure (one ``error:`` line on stderr), and for
``diff --exit-code`` 1 when the snapshots differ.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..data import index_cache
from ..data.snapshot import (
    PACKAGED_SNAPSHOT_DIR,
    SNAPSHOT_ENV,
    SnapshotError,
    count_pages,
    install_snapshot,
    load_snapshot,
    resolve_snapshot_dir,
    snapshot_counts,
    verify_manifest,
)
from .build import SAMPLE_MAPS_ENV, PipelineError, build_snapshot, default_work_dir
from .diff import diff_snapshots

__all__ = ["main"]

FAILED = 2
DIFFERENT = 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="strudel-jupyter snapshot",
        description="Build, inspect, install and compare Strudel data snapshots.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="{build,info,import,diff}")

    build = sub.add_parser(
        "build",
        help="build a snapshot from the npm registry",
        description=(
            "Install the pinned Strudel packages from npm (npm ci), run jsdoc over their sources, run "
            "Strudel's sound registration and read the REPL scope in Node, then install the snapshot "
            "atomically. Needs Node >= 18.19 and npm."
        ),
    )
    build.add_argument(
        "--sample-maps",
        metavar="DIR",
        help=f"read the prebake's sample maps from DIR instead of Strudel's CDN (default: ${SAMPLE_MAPS_ENV} or the CDN)",
    )
    build.add_argument(
        "--out",
        metavar="DIR",
        default=str(PACKAGED_SNAPSHOT_DIR),
        help="where to install the snapshot (default: %(default)s)",
    )
    build.add_argument(
        "--work-dir", metavar="DIR", help=f"where node_modules is installed (default: {default_work_dir()})"
    )
    build.add_argument("--reinstall", action="store_true", help="run npm ci even if node_modules matches the lock file")
    build.add_argument("--quiet", action="store_true", help="no progress output")

    info = sub.add_parser("info", help="show which snapshot is loaded, from where, its versions and counts")
    info.add_argument(
        "--snapshot", metavar="DIR", help=f"inspect DIR instead of ${SNAPSHOT_ENV} / the packaged snapshot"
    )
    info.add_argument("--json", action="store_true", help="print JSON")

    imp = sub.add_parser("import", help="validate a snapshot directory and install it into the package")
    imp.add_argument("directory", metavar="DIR")
    imp.add_argument(
        "--dest", metavar="DIR", default=str(PACKAGED_SNAPSHOT_DIR), help="install here (default: %(default)s)"
    )

    diff = sub.add_parser("diff", help="functions, synonyms and sounds added, removed or changed from A to B")
    diff.add_argument("old", metavar="A")
    diff.add_argument("new", metavar="B")
    diff.add_argument("--json", action="store_true", help="print JSON")
    diff.add_argument("--all", action="store_true", help="list every difference (text output shows 50 per section)")
    diff.add_argument("--exit-code", action="store_true", help="exit with 1 when the snapshots differ")
    return parser


def _progress_printer(quiet: bool):
    started = time.monotonic()

    def show(message: str) -> None:
        if not quiet:
            print(f"[{time.monotonic() - started:6.1f}s] {message}", file=sys.stderr, flush=True)

    return show


def _counts_line(counts: dict[str, Any]) -> str:
    sounds = counts["sounds"]
    kinds = ", ".join(f"{sounds[k]} {k}" for k in ("samples", "drum-machines", "synths", "wavetables", "user"))
    pages = counts.get("pages") or 0
    tutorial = f"{pages} tutorial pages" if pages else "no tutorial pages (the npm pipeline cannot build them)"
    return f"{counts['reference']} reference entries; {sounds['all']} sounds ({kinds}); {tutorial}"


def _build(args: argparse.Namespace) -> int:
    result = build_snapshot(
        args.out,
        sample_maps=args.sample_maps,
        work_dir=args.work_dir,
        reinstall=args.reinstall,
        progress=_progress_printer(args.quiet),
    )
    print(f"snapshot built in {result.seconds:.1f} s: {result.directory}")
    print(_counts_line(result.manifest["counts"]))
    _refresh_packaged_index(args.out)
    return 0


def _refresh_packaged_index(directory: str | Path) -> None:
    """A new packaged snapshot: its index parts built beside it, as the package build does.

    Left stale, they would only be passed over: the index is then built at first use and
    kept in the user's cache, so a failure here is no error either.
    """
    if Path(directory).resolve() != PACKAGED_SNAPSHOT_DIR.resolve():
        return
    try:
        index_cache.write_index(directory, index_cache.PACKAGED_INDEX_PATH)
    except (OSError, SnapshotError) as exc:
        print(f"note: the index is built at first use ({exc})", file=sys.stderr)


def _info_data(directory: str | None) -> dict[str, Any]:
    path, origin = resolve_snapshot_dir(directory)
    snap = load_snapshot(path)
    manifest = snap.manifest or {}
    symbols = snap.symbols
    docs: list[Mapping[str, Any]] = list(snap.docs)  # snapshot_counts reads entries, never writes them
    return {
        "path": str(snap.path),
        "origin": {"path": "--snapshot", "env": f"${SNAPSHOT_ENV}", "packaged": "packaged with strudel-jupyter"}[
            origin
        ],
        "source": manifest.get("source"),
        "built": manifest.get("built"),
        "versions": manifest.get("versions") or {},
        "counts": snapshot_counts(docs, snap.soundmap, pages=count_pages(snap.path)),
        "symbols": None
        if symbols is None
        else {
            "globals": len(symbols.get("globals") or {}),
            "methods": len(symbols.get("methods") or []),
            "controls": len(symbols.get("controls") or []),
            "modules_skipped": sorted((symbols.get("source") or {}).get("modules_skipped") or {}),
        },
        "tonal": _tonal_counts(snap.tonal),
        "files": list(snap.files),
        "manifest_problems": verify_manifest(snap.path) if snap.manifest is not None else ["no manifest.json"],
    }


def _tonal_counts(tonal: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """How many scale types, aliases, chord types and voicing dictionaries ``tonal.json`` holds."""
    if tonal is None:
        return None
    return {
        "scales": len(tonal["scales"]),
        "scale_aliases": sum(len(s["aliases"]) for s in tonal["scales"]),
        "chords": len(tonal["chords"]),
        "voicings": {name: len(v["symbols"]) for name, v in tonal["voicings"].items()},
        "default_voicings": tonal["default_voicings"],
    }


def _info(args: argparse.Namespace) -> int:
    data = _info_data(args.snapshot)
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"snapshot: {data['path']} ({data['origin']})")
    print(f"source:   {data['source'] or 'unknown (no manifest)'}")
    print(f"built:    {data['built'] or 'unknown'}")
    if data["versions"]:
        print("versions: " + ", ".join(f"{k} {v}" for k, v in data["versions"].items()))
    print("counts:   " + _counts_line(data["counts"]))
    if data["symbols"]:
        sym = data["symbols"]
        print(f"symbols:  {sym['globals']} globals, {sym['methods']} methods, {sym['controls']} controls")
        if sym["modules_skipped"]:
            print("          modules skipped: " + ", ".join(sym["modules_skipped"]))
    tonal = data["tonal"]
    if tonal:
        dictionaries = ", ".join(f"{name} {count}" for name, count in tonal["voicings"].items())
        print(
            f"tonal:    {tonal['scales']} scale types ({tonal['scale_aliases']} aliases), {tonal['chords']} chord "
            f"types; voicing dictionaries (chord symbols): {dictionaries}; default {tonal['default_voicings']}"
        )
    print("files:    " + ", ".join(data["files"]))
    problems = data["manifest_problems"]
    print("manifest: " + ("intact" if not problems else "; ".join(problems)))
    return 0


def _import(args: argparse.Namespace) -> int:
    manifest = install_snapshot(
        args.directory, args.dest, source_label=f"snapshot import {Path(args.directory).resolve()}"
    )
    print(f"snapshot installed: {args.dest}")
    print(_counts_line(manifest["counts"]))
    _refresh_packaged_index(args.dest)
    return 0


def _diff(args: argparse.Namespace) -> int:
    result = diff_snapshots(args.old, args.new)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.to_text(limit=None if args.all else 50))
    return DIFFERENT if args.exit_code and result else 0


_COMMANDS = {"build": _build, "info": _info, "import": _import, "diff": _diff}


def main(argv: list[str] | None = None) -> int:
    """Run ``strudel-jupyter snapshot <argv...>``; return the exit code."""
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return _COMMANDS[args.command](args)
    except (PipelineError, SnapshotError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        print("error: interrupted; any existing snapshot is untouched", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
