"""Hostile doc.json content and a checker for markup that would run in a browser (shared by tests)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

from strudel_jupyter import StrudelIndex

HOSTILE = (
    '<p>Reverb level<script>alert("s")</script><img src=x onerror="alert(1)">'
    '<a href="javascript:alert(2)" onclick="alert(3)">click</a><iframe src="https://evil.example"></iframe>'
    "<style>body{display:none}</style></p>"
)


def _load_fuzzgen():
    """benchmarks/fuzzgen.py, by the name the fuzzer's workers import it by: one picture check for both."""
    if "fuzzgen" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "fuzzgen", Path(__file__).resolve().parents[1] / "benchmarks" / "fuzzgen.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["fuzzgen"] = module
        spec.loader.exec_module(module)
    return sys.modules["fuzzgen"]


_our_picture = _load_fuzzgen().our_picture


class _Markup(HTMLParser):
    """Collects what would run in a browser: script-like tags, event handlers, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img" and _our_picture(dict(attrs)):
            return  # a picture of what an example plays, checked element by element above
        if tag in ("script", "iframe", "img", "object", "embed", "svg"):
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{name}=")
            if value and value.strip().lower().startswith(("javascript:", "data:")):
                self.problems.append(f"{name}={value}")


def unsafe_markup(fragment: str) -> list[str]:
    """Every piece of ``fragment`` a browser would execute or load (empty when safe)."""
    parser = _Markup()
    parser.feed(fragment)
    return parser.problems


def hostile_index(directory: Path, shared_snapshot_dir: Path) -> StrudelIndex:
    """A private index over a copy of the snapshot whose ``room`` entry, and one sound, carry markup."""
    for name in ("soundmap.json", "symbols.json"):
        shutil.copyfile(shared_snapshot_dir / name, directory / name)
    doc = json.loads((shared_snapshot_dir / "doc.json").read_text(encoding="utf-8"))
    for entry in doc["docs"]:
        if entry.get("name") == "room":
            entry["description"] = HOSTILE
            entry["examples"] = ['s("bd")</code></pre><script>alert(4)</script>']
            entry["synonyms"] = ['<img src=x onerror="alert(5)">']
            entry["tags"] = ["orbit", "<svg onload=alert(6)>"]
            entry["params"] = [{"name": "<b onclick=x>", "type": {"names": ["<script>"]}, "description": HOSTILE}]
    (directory / "doc.json").write_text(json.dumps(doc), encoding="utf-8")
    index = StrudelIndex.from_path(directory)
    index.register_sounds({"<img src=x onerror=alert(7)>": ["a.wav"]}, "javascript:alert(8)//")
    return index
