"""``strudel-jupyter``: ask the Strudel reference and sounds from a terminal.

strudel-jupyter what does room do
strudel-jupyter "list synths" --json
strudel-jupyter snapshot info        (snapshot build/info/import/diff)
strudel-jupyter mcp                  (stdio MCP server for agents)
strudel-jupyter eval FILE.jsonl...   (score eval files, one line per set)
strudel-jupyter samples status       (the sample cache: status | fetch [PACK ...] | clear)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from .vocabulary import DEFAULT_LIMIT, DOMAINS, LIST_LIMIT, MODES

if TYPE_CHECKING:
    from .data.sample_cache import SampleCache

__all__ = ["main"]

# Subcommands live with the part of the package that owns them.
SUBCOMMANDS = {
    "snapshot": "strudel_jupyter.pipeline.cli",
    "mcp": "strudel_jupyter.agent.mcp_server",
    "eval": "strudel_jupyter.devtools.evaluation",
}


def _query_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="strudel-jupyter",
        description="Look up Strudel functions and sounds, as the REPL's reference and sounds tabs show them.",
        epilog="Subcommands: snapshot (build|info|import|diff), mcp, eval FILE, samples (status|fetch|clear). "
        "To ask about a word that is also a subcommand, quote it after --: strudel-jupyter -- snapshot",
    )
    parser.add_argument("query", nargs="+", help='free-form question, e.g. "what does room do", "symbol:fast"')
    parser.add_argument("--json", action="store_true", help="print the raw JSON response")
    parser.add_argument("--domain", choices=DOMAINS, help="restrict the lookup")
    parser.add_argument("--mode", choices=MODES, help="shape of the answer")
    parser.add_argument("--limit", type=int, help=f"number of items (default {DEFAULT_LIMIT}; {LIST_LIMIT} for lists)")
    parser.add_argument("--snapshot", metavar="DIR", help="snapshot directory (default: $STRUDEL_SNAPSHOT or packaged)")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[argv[0]])
        return int(module.main(argv[1:]) or 0)
    if argv and argv[0] == "samples":
        return samples_main(argv[1:])
    if argv and argv[0] == "--":
        argv = argv[1:]
    args = _query_parser().parse_args(argv)

    from .ask.knowledge import strudel_knowledge
    from .data.index import get_index
    from .data.snapshot import SnapshotError
    from .render.response_text import render_text

    try:
        index = get_index(args.snapshot)
    except SnapshotError as exc:
        print(f"strudel-jupyter: {exc}", file=sys.stderr)
        return 2
    response = strudel_knowledge(
        " ".join(args.query), domain=args.domain, mode=args.mode, limit=args.limit, index=index
    )
    text = json.dumps(response, indent=2, ensure_ascii=False) if args.json else render_text(response)
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # `strudel-jupyter ... | head` closed the pipe: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if response["ok"] else 1


# ------------------------------------------------------------------ strudel-jupyter samples
def _samples_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="strudel-jupyter samples",
        description="The cache of Strudel's sample packs that the Jupyter server serves to the browser.",
    )
    parser.add_argument("--cache", metavar="DIR", help="cache directory (default: $STRUDEL_SAMPLE_CACHE or Jupyter's)")
    parser.add_argument("--mirror", metavar="URL", help="sample server (default: $STRUDEL_SAMPLE_MIRROR or the CDN)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{status,fetch,clear}")
    status = sub.add_parser("status", help="what is cached, per pack: files, sounds, bytes")
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    fetch = sub.add_parser("fetch", help="fetch whole packs now (ahead of a gig or a class); no PACK: every pack")
    fetch.add_argument("packs", nargs="*", metavar="PACK", help="e.g. piano, tidal-drum-machines")
    sub.add_parser("clear", help="delete every cached file")
    return parser


def _megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def _samples_status(cache: SampleCache, as_json: bool) -> int:
    packs, files, size = cache.status()
    if as_json:
        from dataclasses import asdict

        report = {"cache_dir": str(cache.directory), "mirror": cache.mirror, "max_bytes": cache.max_bytes}
        print(json.dumps({**report, "files": files, "bytes": size, "packs": [asdict(p) for p in packs]}, indent=2))
        return 0
    print(f"cache:  {cache.directory} ({_megabytes(size)} of {_megabytes(cache.max_bytes)}, {files} files)")
    print(f"mirror: {cache.mirror}")
    width = max(len(p.name) for p in packs) if packs else 4
    print(f"{'pack':<{width}}  {'files':>11}  {'sounds':>9}  {'size':>9}  map")
    for p in packs:
        print(
            f"{p.name:<{width}}  {f'{p.files}/{p.total_files}':>11}  {f'{p.sounds}/{p.total_sounds}':>9}  "
            f"{_megabytes(p.bytes):>9}  {'cached' if p.map_cached else '-'}"
        )
    return 0


def _progress(name: str) -> Callable[[int, int, int], None]:
    """One line per pack: redrawn in place on a terminal, a few milestones otherwise."""
    tty = sys.stderr.isatty()
    shown: set[int] = set()

    def show(done: int, total: int, size: int) -> None:
        line = f"{name}: {done}/{total} files, {_megabytes(size)}"
        if tty:
            print("\r" + line, end="\n" if done == total else "", file=sys.stderr, flush=True)
            return
        quarter = done * 4 // max(total, 1)
        if quarter not in shown or done == total:
            shown.add(quarter)
            print(line, file=sys.stderr, flush=True)

    return show


def _samples_fetch(cache: SampleCache, names: list[str]) -> int:
    from .data.sample_cache import SampleFetchError, SampleNotListed

    names = names or cache.pack_names()
    unknown = [n for n in names if cache.catalog.pack(n) is None]
    if unknown:
        print(
            f"strudel-jupyter: no pack {', '.join(unknown)}; the packs: {', '.join(cache.pack_names())}",
            file=sys.stderr,
        )
        return 2
    failed: list[str] = []
    for name in names:
        try:
            done, size, failures = cache.fetch_pack(name, progress=_progress(name))
        except SampleFetchError as exc:
            print(f"strudel-jupyter: {exc.message}; nothing more fetched (synths still play)", file=sys.stderr)
            return 1
        except SampleNotListed as exc:  # pragma: no cover (checked above)
            print(f"strudel-jupyter: {exc}", file=sys.stderr)
            return 2
        failed += failures
        print(f"{name}: {done} files cached ({_megabytes(size)})")
    if failed:
        print(f"strudel-jupyter: {len(failed)} files could not be fetched, e.g. {failed[0]}", file=sys.stderr)
        return 1
    return 0


def samples_main(argv: list[str]) -> int:
    """``strudel-jupyter samples status | fetch [PACK ...] | clear``."""
    args = _samples_parser().parse_args(argv)
    from .data.sample_cache import SampleCache
    from .data.snapshot import SnapshotError

    try:
        cache = SampleCache(args.cache, mirror=args.mirror)
        if args.command == "status":
            return _samples_status(cache, args.json)
        if args.command == "fetch":
            return _samples_fetch(cache, args.packs)
        files, size = cache.clear()
        print(f"removed {files} files ({_megabytes(size)}) from {cache.directory}")
        return 0
    except (SnapshotError, ValueError) as exc:
        print(f"strudel-jupyter: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
