"""The strudel-jupyter command line, run as a user would run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from strudel_jupyter.cli import main

from .conftest import SHARED_SNAPSHOT


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "STRUDEL_SNAPSHOT": str(SHARED_SNAPSHOT)}
    return subprocess.run([sys.executable, "-m", "strudel_jupyter", *args], capture_output=True, text=True, env=env)


def test_answers_a_free_form_question():
    done = run("what", "does", "room", "do")
    assert done.returncode == 0
    assert "room(level)" in done.stdout and "Sets the level of reverb." in done.stdout


def test_json_output_is_the_response():
    done = run("list synths", "--json")
    response = json.loads(done.stdout)
    assert response["ok"] and response["total"] == 150


def test_not_found_exits_1_with_suggestions():
    done = run("symbol:rooom")
    assert done.returncode == 1 and "Did you mean: room" in done.stdout


def test_options_become_the_object_form(capsys):
    assert main(["piano", "--domain", "sounds", "--mode", "search", "--limit", "2", "--json"]) == 0
    response = json.loads(capsys.readouterr().out)
    assert response["domain"] == "sounds" and len(response["items"]) == 2


def test_bad_snapshot_is_a_one_line_error():
    done = run("room", "--snapshot", "/nonexistent")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "does not exist" in done.stderr


def test_domain_and_mode_choices_are_the_vocabulary():
    # Given the query parser, its --domain and --mode accept exactly the shared words
    from strudel_jupyter.cli import _query_parser
    from strudel_jupyter.vocabulary import DOMAINS, MODES

    choices = {a.dest: tuple(a.choices) for a in _query_parser()._actions if a.choices is not None}
    assert choices == {"domain": DOMAINS, "mode": MODES}


def test_a_validity_question_prints_the_verdict_first():
    # Given code that is valid, When asked "is ... valid", Then the first line is the verdict, then details
    done = run('is s("bd*4").bank("tr808") valid')
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert lines[0] == "valid: no problems found"
    assert lines[1] == "the code uses only names Strudel has (tr808_bd, tr808, s, bank)"
    assert any(line.startswith("bank tr808") for line in lines[2:])


def test_a_validity_question_about_broken_code_says_invalid_first():
    done = run('is s("bd").rooom(1) valid')
    first = done.stdout.splitlines()[0]
    assert done.returncode == 1
    assert first.startswith("invalid: .rooom() is not a Strudel Pattern method")
    assert "Did you mean: room" in done.stdout


def test_a_name_check_prints_its_verdict_first():
    done = run("is bd valid")
    assert done.stdout.splitlines()[0] == "valid: bd is in the sound registry"
