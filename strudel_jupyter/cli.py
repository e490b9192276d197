"""``strudel-jupyter``: ask the Strudel reference and sounds from a terminal.

strudel-jupyter what does room do
strudel-jupyter "list synths" --json
strudel-jupyter snapshot info        (snapshot build/info/import/diff)
strudel-jupyter mcp                  (stdio MCP server for agents)
strudel-jupyter eval FILE.jsonl...   (score eval files, one line per set)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from .vocabulary import DEFAULT_LIMIT, DOMAINS, LIST_LIMIT, MODES

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
        epilog="Subcommands: snapshot (build|info|import|diff), mcp, eval FILE. "
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


if __name__ == "__main__":
    raise SystemExit(main())
