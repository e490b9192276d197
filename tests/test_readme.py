"""The README keeps exactly two set-up commands, and CI runs the second one as written."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Set-up", 1)[1].split("\n## ", 1)[0]


def test_exactly_two_setup_commands_one_main_job_one_tests():
    blocks = re.findall(r"```bash\n(.*?)```", setup_section(), re.S)
    assert len(blocks) == 2 and all(b.count("\n") == 1 for b in blocks)
    main_job, tests = (b.strip() for b in blocks)
    assert "pip install -e ." in main_job and "strudel_jupyter" in main_job
    assert 'pip install -e ".[test]"' in tests and tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command():
    # the same extraction .ci/run performs
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extract = re.search(r"cmd=\$\((awk .*?README\.md)\)", script).group(1)
    found = subprocess.run(["bash", "-c", extract], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    blocks = re.findall(r"```bash\n(.*?)```", setup_section(), re.S)
    assert found.strip() == blocks[1].strip()
    assert 'bash -euo pipefail -c "$cmd"' in script


def test_every_limit_is_in_the_readme():
    # Given every bound on outside input (strudel_jupyter/limits.py), Then the README's Limits table names it
    from strudel_jupyter import limits, vocabulary

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    documented = {
        "MAX_SYNTAX_FINDINGS",
        "MAX_RECEIVER_DEPTH",
    }  # caps on what the validator reports and infers, not on input
    missing = [name for name in limits.__all__ if f"`{name}`" not in text and name not in documented]
    assert not missing, missing
    assert limits.MAX_MAGIC_LINE_CHARS >= vocabulary.MAX_QUERY_CHARS + 200  # a question, options, JSON syntax
