"""Score ``strudel_knowledge`` on an eval file (``{"id", "query", "expect"}`` per line)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..ask.knowledge import strudel_knowledge
from ..data.index import StrudelIndex, get_index
from ..lookup.answers.engine_only import engine_only_entries

__all__ = ["CaseResult", "EvalReport", "check_case", "known_names", "load_cases", "run_eval"]


@dataclass
class CaseResult:
    id: str
    query: Any
    passed: bool
    failures: list[str] = field(default_factory=list)
    invented: list[str] = field(default_factory=list)


@dataclass
class EvalReport:
    results: list[CaseResult]

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.results)

    @property
    def pass_rate(self) -> float:
        return self.passed / len(self.results) if self.results else 0.0

    @property
    def invented(self) -> int:
        return sum(len(r.invented) for r in self.results)

    def summary(self) -> str:
        return f"{self.passed}/{len(self.results)} passed ({self.pass_rate:.1%}), {self.invented} invented name(s)"


def load_cases(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    cases = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                cases.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from None
    return cases


def known_names(index: StrudelIndex) -> set[str]:
    """Every name an answer may contain, lower-cased: functions, synonyms, sounds, banks, and the
    documented functions the tab hides as engine-only."""
    ref = index.reference
    names = {n.lower() for e in ref.entries for n in (e.name, *e.doc_synonyms)}
    names |= set(index.sounds.names) | set(index.sounds.banks)  # visible keys only: never _base
    names |= {n.lower() for n in engine_only_entries(index)}  # documented, for SuperDirt only (leslie)
    return names


def _names(response: Mapping[str, Any]) -> list[str]:
    items = list(response.get("items") or [])
    for group in (response.get("groups") or {}).values():
        items.extend(group)
    return [str(i.get("name", "")) for i in items]


def check_case(case: Mapping[str, Any], response: Mapping[str, Any], names: set[str]) -> CaseResult:
    expect = case.get("expect", {})
    failures: list[str] = []
    items = response.get("items") or []
    top = str(items[0]["name"]).lower() if items else None
    returned = {n.lower() for n in _names(response)}
    suggestions = [str(s) for s in response.get("suggestions") or []]
    for key, want in expect.items():
        if key == "ok":
            ok = response.get("ok") is want
        elif key == "top":
            ok = top == str(want).lower()
        elif key == "top_in":
            ok = top in {str(w).lower() for w in want}
        elif key == "contains":
            ok = all(str(w).lower() in returned for w in want)
        elif key == "contains_any":
            ok = any(str(w).lower() in returned for w in want)
        elif key == "domain":
            ok = response.get("domain") == want
        elif key == "groups":
            kinds = {("reference" if i.get("kind") == "function" else "sounds") for i in items}
            ok = set(want) <= kinds
        elif key == "suggest_any":
            ok = any(str(w).lower() in {s.lower() for s in suggestions} for w in want)
        elif key == "max_items":
            ok = len(items) <= want
        elif key == "min_items":
            ok = len(items) >= want
        elif key == "items_empty":
            ok = (len(items) == 0) is bool(want)
        else:
            ok = False
            failures.append(f"unknown expectation {key!r}")
            continue
        if not ok:
            failures.append(f"{key}: expected {want!r}")
    invented = [n for n in (*_names(response), *suggestions) if n.split(":")[0].lower() not in names]
    return CaseResult(str(case.get("id", "")), case.get("query"), not failures and not invented, failures, invented)


def run_eval(cases: Iterable[Mapping[str, Any]], *, index: StrudelIndex | None = None) -> EvalReport:
    index = index or get_index()
    names = known_names(index)
    return EvalReport([check_case(c, strudel_knowledge(c.get("query"), index=index), names) for c in cases])


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="strudel-jupyter eval", description=__doc__)
    parser.add_argument("files", nargs="+", metavar="FILE", help="JSONL eval files (e.g. ../shared/eval/dev.jsonl)")
    parser.add_argument("--snapshot", help="snapshot directory (default: the usual resolution)")
    parser.add_argument("--quiet", action="store_true", help="only the line per set, not each failing case")
    args = parser.parse_args(argv)
    index = get_index(args.snapshot)
    reports = [(path, run_eval(load_cases(path), index=index)) for path in args.files]
    for path, report in reports:
        for result in report.results:
            if not result.passed and not args.quiet:
                why = "; ".join(result.failures + [f"invented {n}" for n in result.invented])
                print(f"FAIL {Path(path).name} {result.id}: {json.dumps(result.query)} -> {why}")
    width = max(len(Path(path).name) for path, _ in reports)
    for path, report in reports:
        print(
            f"{Path(path).name:<{width}}  pass rate: {report.pass_rate:.1%} ({report.passed}/{len(report.results)})"
            f"  invented names: {report.invented}"
        )
    return 0 if all(report.invented == 0 for _, report in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main())
