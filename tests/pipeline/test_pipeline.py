"""Snapshot pipeline: configuration, sample maps, failures, and the info/import/diff commands.

The full build from npm and its parity with the shared snapshot is in
``test_pipeline_parity.py`` (slow).
"""

from __future__ import annotations

import copy
import json
import marshal
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from strudel_jupyter.data.snapshot import install_snapshot, load_snapshot, verify_manifest
from strudel_jupyter.pipeline import HELPER_DIR, PipelineError, build_snapshot, diff_snapshots, load_pipeline_config
from strudel_jupyter.pipeline.build import _gather_sample_maps, _versions
from strudel_jupyter.pipeline.cli import main

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_JSON = json.loads((HELPER_DIR / "package.json").read_text())
LOCK = json.loads((HELPER_DIR / "package-lock.json").read_text())
CONFIG = load_pipeline_config()


@pytest.fixture()
def sample_maps(shared_snapshot_dir: Path) -> Path:
    return shared_snapshot_dir / "sample-maps"


@pytest.fixture()
def installed(tmp_path: Path, shared_snapshot_dir: Path) -> Path:
    """An existing snapshot that failed builds must leave alone."""
    dest = tmp_path / "installed"
    install_snapshot(shared_snapshot_dir, dest, source_label="test")
    return dest


def _fingerprint(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


# ------------------------------------------------------------- configuration
def test_every_strudel_package_is_pinned_exactly_in_package_json_and_lock():
    deps = PACKAGE_JSON["dependencies"]
    for pkg in CONFIG["packages"]:
        version = deps[pkg["name"]]
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{pkg['name']} is not pinned: {version}"
        assert LOCK["packages"][f"node_modules/{pkg['name']}"]["version"] == version
    assert deps["jsdoc"] == "4.0.4" and deps["jsdoc-json"] == "2.0.2"
    assert LOCK["packages"][""]["dependencies"] == deps, (
        "package-lock.json is stale: run npm install --package-lock-only"
    )


def test_the_pinned_versions_are_the_ones_of_the_shared_snapshot_tree():
    deps = PACKAGE_JSON["dependencies"]
    assert (deps["@strudel/core"], deps["superdough"], deps["@strudel/webaudio"]) == ("1.2.6", "1.3.0", "1.3.0")
    assert (deps["@strudel/soundfonts"], deps["supradough"], deps["@strudel/mini"]) == ("1.3.0", "1.2.4", "1.2.6")


def test_the_lock_file_only_points_at_the_npm_registry():
    for path, entry in LOCK["packages"].items():
        resolved = entry.get("resolved")
        assert resolved is None or resolved.startswith("https://registry.npmjs.org/"), (path, resolved)
        if path:
            assert entry.get("integrity", "").startswith("sha512-"), path


def test_one_copy_of_each_strudel_package_so_the_repl_shares_one_pattern_class():
    nested = [
        p for p in LOCK["packages"] if re.search(r"node_modules/.+/node_modules/(@strudel/|superdough|supradough)", p)
    ]
    assert nested == []


def test_repl_modules_are_either_installed_or_explained():
    installed_names = {p["name"] for p in CONFIG["packages"]}
    for name in CONFIG["repl_modules"]:
        assert name in installed_names or name in CONFIG["not_on_npm"], name


def test_jsdoc_config_excludes_bundles_and_dependencies_but_not_sources():
    config = json.loads((HELPER_DIR / "jsdoc" / "jsdoc.config.json").read_text())
    include = re.compile(config["source"]["includePattern"])
    exclude = re.compile(config["source"]["excludePattern"])
    root = "/home/u/.cache/strudel-jupyter/node/scratch-x/tree/packages"
    for kept in ("core/pattern.mjs", "codemirror/themes/algoboy.mjs", "superdough/ola-processor.js"):
        assert include.search(f"{root}/{kept}") and not exclude.search(f"{root}/{kept}"), kept
    for dropped in ("core/dist/index.mjs", "repl/dist/assets/x.js", "midi/node_modules/webmidi/x.js"):
        assert exclude.search(f"{root}/{dropped}"), dropped


# -------------------------------------------------------------- jsdoc plugin
def _run_plugin(tag: str, value: str) -> dict:
    """Call our plugin's onTagged the way jsdoc does and return the doclet."""
    script = f"""
    const plugin = require({json.dumps(str(HELPER_DIR / "jsdoc" / "strudel-tags.cjs"))});
    const tags = {{}};
    plugin.defineTags({{ defineTag: (name, def) => (tags[name] = def) }});
    const doclet = {{ tags: [{{ originalTitle: 'noAutocomplete', title: 'noautocomplete', text: '' }}] }};
    if (!tags[{json.dumps(tag)}].mustHaveValue) throw new Error('tag must require a value');
    tags[{json.dumps(tag)}].onTagged(doclet, {{ value: {json.dumps(value)} }});
    console.log(JSON.stringify(doclet));
    """
    node = shutil.which("node")
    assert node, "Node.js is required for the pipeline tests"
    out = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_synonyms_tag_keeps_the_raw_text_and_splits_on_commas_and_spaces():
    doclet = _run_plugin("synonyms", "sound, s  snd")
    assert doclet["synonyms_text"] == "sound, s  snd"
    assert doclet["synonyms"] == ["sound", "s", "snd"]


def test_tags_tag_replaces_the_tag_list_with_strings():
    doclet = _run_plugin("tags", "superdough, samples")
    assert doclet["tags"] == ["superdough", "samples"]


# --------------------------------------------------------------- sample maps
def test_sample_maps_from_a_folder_are_copied_byte_for_byte(tmp_path, sample_maps):
    where = _gather_sample_maps(CONFIG, sample_maps, tmp_path / "maps", lambda _: None)
    assert where == str(sample_maps)
    for m in CONFIG["prebake"]["maps"]:
        name = f"{m['name']}.json"
        assert (tmp_path / "maps" / name).read_bytes() == (sample_maps / name).read_bytes()
    index = json.loads((tmp_path / "maps" / "index.json").read_text())
    files = [m["file"] for m in index["maps"]]
    assert files[:6] == [f"{m['name']}.json" for m in CONFIG["prebake"]["maps"]]
    assert files[6:] == ["dirt-samples.json", "tidal-drum-machines-alias.json"]
    tdm = index["maps"][2]
    assert tdm["baseUrl"] == "https://strudel.b-cdn.net/tidal-drum-machines/machines/"
    assert tdm["options"] == {"prebake": True, "tag": "drum-machines"}


def test_prebake_settings_match_the_shared_snapshots_index(sample_maps):
    shared = {m["file"]: m for m in json.loads((sample_maps / "index.json").read_text())["maps"]}
    prebake = CONFIG["prebake"]
    for m in [*prebake["maps"], prebake["inline"]]:
        entry = shared[f"{m['name']}.json"]
        assert (m["baseUrl"], m["options"]) == (entry["baseUrl"], entry["options"]), m["name"]
    assert f"{prebake['alias']['name']}.json" in shared


def test_without_a_local_dirt_samples_map_the_inline_subset_is_left_out_with_a_warning(tmp_path, sample_maps):
    # Dirt-Samples lives in website code (not npm, not the CDN) and we never ship a copy of it
    folder = tmp_path / "cdn-mirror"
    shutil.copytree(sample_maps, folder)
    (folder / "dirt-samples.json").unlink()
    messages: list[str] = []
    _gather_sample_maps(CONFIG, folder, tmp_path / "maps", messages.append)
    assert not (tmp_path / "maps" / "dirt-samples.json").exists()
    assert any("Dirt-Samples" in m and "left out" in m for m in messages)
    index = json.loads((tmp_path / "maps" / "index.json").read_text())
    assert "dirt-samples.json" not in [m["file"] for m in index["maps"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: (d / "vcsl.json").unlink(), r"^sample map vcsl\.json is missing from "),
        (
            lambda d: (d / "piano.json").write_text('{"piano": ["a.wav"'),
            r"^sample map piano\.json from .* is malformed: not JSON",
        ),
        (
            lambda d: (d / "mridangam.json").write_text("[1, 2]"),
            r"^sample map mridangam\.json from .* is malformed: expected",
        ),
        (
            lambda d: (d / "tidal-drum-machines-alias.json").write_text('{"Linn": 3}'),
            r"^sample map tidal-drum-machines-alias\.json from .* is malformed: entry 'Linn' is int",
        ),
    ],
)
def test_a_missing_or_malformed_sample_map_stops_with_one_line(tmp_path, sample_maps, change, message):
    folder = tmp_path / "maps-src"
    shutil.copytree(sample_maps, folder)
    change(folder)
    with pytest.raises(PipelineError, match=message) as info:
        _gather_sample_maps(CONFIG, folder, tmp_path / "maps", lambda _: None)
    assert "\n" not in str(info.value)


def test_an_unreachable_cdn_stops_with_a_hint_about_local_maps(tmp_path):
    config = copy.deepcopy(CONFIG)
    config["prebake"]["cdn"] = "https://strudel-cdn.invalid"  # .invalid never resolves (RFC 2606)
    with pytest.raises(
        PipelineError, match=r"cannot download sample map https://strudel-cdn\.invalid/piano\.json.*--sample-maps"
    ):
        _gather_sample_maps(config, None, tmp_path / "maps", lambda _: None)


# -------------------------------------------------- failures leave data alone
def test_without_node_the_build_fails_and_the_installed_snapshot_is_untouched(
    monkeypatch, tmp_path, installed, sample_maps
):
    before = _fingerprint(installed)
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(PipelineError, match=r"^Node\.js is not installed"):
        build_snapshot(installed, sample_maps=sample_maps, work_dir=tmp_path / "work")
    assert _fingerprint(installed) == before


def test_cli_build_failure_is_one_error_line_and_exit_2(monkeypatch, tmp_path, installed, sample_maps, capsys):
    before = _fingerprint(installed)
    folder = tmp_path / "maps-src"
    shutil.copytree(sample_maps, folder)
    (folder / "uzu-drumkit.json").unlink()
    code = main(["build", "--sample-maps", str(folder), "--out", str(installed), "--work-dir", str(tmp_path / "w")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert err[-1] == f"error: sample map uzu-drumkit.json is missing from {folder}"
    assert _fingerprint(installed) == before


def test_sample_maps_env_var_is_used_when_no_folder_is_given(monkeypatch, tmp_path, installed):
    monkeypatch.setenv("STRUDEL_SAMPLE_MAPS", str(tmp_path / "no-such-folder"))
    with pytest.raises(PipelineError, match=r"sample map folder .*no-such-folder does not exist"):
        build_snapshot(installed, work_dir=tmp_path / "work")


def test_an_unreachable_npm_registry_stops_the_build(monkeypatch, tmp_path, installed, sample_maps):
    assert shutil.which("npm"), "npm is required for the pipeline tests"
    before = _fingerprint(installed)
    # nothing listens on port 9, and an empty cache forces npm to ask the registry
    monkeypatch.setenv("npm_config_registry", "http://127.0.0.1:9/")
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    with pytest.raises(PipelineError, match=r"^npm registry unreachable during npm ci: .*ECONNREFUSED"):
        build_snapshot(installed, sample_maps=sample_maps, work_dir=tmp_path / "work")
    assert _fingerprint(installed) == before
    assert not list((tmp_path / "work").glob("scratch-*")), "the scratch build directory was left behind"


def _installed_packages(work: Path) -> list[Path]:
    """A work directory whose node_modules holds every package the manifest records."""
    manifests = []
    for name in [p["name"] for p in CONFIG["packages"]] + ["jsdoc", "jsdoc-json"]:
        manifest = work / "node_modules" / name / "package.json"
        manifest.parent.mkdir(parents=True)
        manifest.write_text(json.dumps({"name": name, "version": PACKAGE_JSON["dependencies"][name]}))
        manifests.append(manifest)
    return manifests


def test_the_manifest_records_the_installed_versions(tmp_path):
    _installed_packages(tmp_path)
    versions = _versions(tmp_path, CONFIG, "v22.0.0")
    assert versions["@strudel/core"] == "1.2.6" and versions["jsdoc"] == "4.0.4" and versions["node"] == "v22.0.0"


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda m: m.unlink(), r"node_modules/@strudel/core/package\.json is missing"),
        (lambda m: m.write_text("{not json"), r"package\.json is not JSON"),
        (lambda m: m.write_bytes(b"\xff\xfe"), r"package\.json is not JSON"),
        (lambda m: m.write_text('{"name": "@strudel/core"}'), "has no version"),
        (lambda m: m.write_text("[1.2]"), "has no version"),
    ],
)
def test_an_incomplete_install_stops_with_one_line(tmp_path, damage, says):
    # Given node_modules where @strudel/core's package.json is missing or broken after npm ci
    manifests = _installed_packages(tmp_path)
    damage(next(m for m in manifests if m.parent.name == "core"))
    # When the manifest's versions are read, then the build stops with one PipelineError line
    with pytest.raises(PipelineError, match=rf"^cannot read the version of @strudel/core: .*{says}") as info:
        _versions(tmp_path, CONFIG, "v22.0.0")
    assert "\n" not in str(info.value)


def test_without_node_modules_the_error_names_the_first_package(tmp_path):
    with pytest.raises(
        PipelineError, match=r"^cannot read the version of @strudel/\S+: .* is missing; run the build again"
    ):
        _versions(tmp_path, CONFIG, "v22.0.0")


# ----------------------------------------------------------- info and import
def test_info_reports_where_the_snapshot_comes_from_and_its_counts(installed, capsys):
    assert main(["info", "--snapshot", str(installed)]) == 0
    out = capsys.readouterr().out
    assert f"snapshot: {installed} (--snapshot)" in out
    assert (
        "509 reference entries; 1654 sounds (139 samples, 1357 drum-machines, 150 synths, 7 wavetables, 0 user);"
        " 46 tutorial pages" in out
    )
    assert "manifest: intact" in out
    assert (
        "tonal:    92 scale types (39 aliases), 106 chord types; voicing dictionaries (chord symbols): "
        "lefthand 12, triads 5, guidetones 15, legacy 17, ireal 85, ireal-ext 85; default ireal" in out
    )


def test_info_says_when_a_snapshot_has_no_tutorial_pages(tmp_path, shared_snapshot_dir, capsys):
    # Given a snapshot as the npm pipeline builds it: no pages/ (they are not on npm)
    source = tmp_path / "npm-built"
    source.mkdir()
    for name in ("doc.json", "soundmap.json"):
        shutil.copy(shared_snapshot_dir / name, source / name)
    dest = tmp_path / "installed"
    manifest = install_snapshot(source, dest, source_label="test")
    # Then it installs and reads as before, and says it has no pages
    assert "pages" not in manifest["counts"]
    assert main(["info", "--snapshot", str(dest)]) == 0
    assert "; no tutorial pages (the npm pipeline cannot build them)" in capsys.readouterr().out


def test_info_json_follows_strudel_snapshot_env(monkeypatch, installed, capsys):
    monkeypatch.setenv("STRUDEL_SNAPSHOT", str(installed))
    assert main(["info", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["origin"] == "$STRUDEL_SNAPSHOT"
    assert data["counts"]["reference"] == 509
    assert data["counts"]["sounds"]["drum-machines"] == 1357
    assert data["counts"]["pages"] == 46
    assert data["symbols"]["globals"] == 1215
    assert data["tonal"]["scales"] == 92 and data["tonal"]["chords"] == 106
    assert data["tonal"]["voicings"]["ireal"] == 85 and data["tonal"]["default_voicings"] == "ireal"
    assert data["manifest_problems"] == []


def test_import_validates_and_installs_with_a_manifest(tmp_path, shared_snapshot_dir, capsys):
    dest = tmp_path / "pkg-data"
    assert main(["import", str(shared_snapshot_dir), "--dest", str(dest)]) == 0
    assert "509 reference entries" in capsys.readouterr().out
    assert verify_manifest(dest) == []
    assert load_snapshot(dest).soundmap == load_snapshot(shared_snapshot_dir).soundmap


def test_importing_the_packaged_snapshot_builds_its_index_beside_it(tmp_path, shared_snapshot_dir, monkeypatch):
    # Given a package whose snapshot and index file live in a temporary directory
    from strudel_jupyter.data import index_cache
    from strudel_jupyter.pipeline import cli

    dest, index_file = tmp_path / "_data" / "snapshot", tmp_path / "_data" / index_cache.INDEX_FILE
    monkeypatch.setattr(cli, "PACKAGED_SNAPSHOT_DIR", dest)
    monkeypatch.setattr(index_cache, "PACKAGED_INDEX_PATH", index_file)
    # When a snapshot is imported there (and, for contrast, somewhere else)
    assert main(["import", str(shared_snapshot_dir), "--dest", str(tmp_path / "elsewhere")]) == 0
    assert not index_file.exists()
    assert main(["import", str(shared_snapshot_dir), "--dest", str(dest)]) == 0
    # Then the packaged index parts are written for it, under the new snapshot's key
    assert marshal.loads(index_file.read_bytes())[0] == index_cache.cache_key(load_snapshot(dest))


def test_import_of_a_broken_directory_keeps_the_installed_snapshot(tmp_path, installed, shared_snapshot_dir, capsys):
    before = _fingerprint(installed)
    broken = tmp_path / "broken"
    shutil.copytree(shared_snapshot_dir, broken)
    (broken / "soundmap.json").write_text('{"bd": {"data": {"type": "sample"')
    assert main(["import", str(broken), "--dest", str(installed)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "truncated JSON" in err and err.count("\n") == 1
    assert _fingerprint(installed) == before


# ---------------------------------------------------------------------- diff
@pytest.fixture()
def edited(tmp_path: Path, shared_snapshot_dir: Path) -> Path:
    """The shared snapshot with known edits: one function, one synonym, three sounds."""
    out = tmp_path / "edited"
    out.mkdir()
    doc = json.loads((shared_snapshot_dir / "doc.json").read_text())
    docs = doc["docs"]
    docs[:] = [d for d in docs if d.get("name") != "euclid"]  # removed function
    for d in docs:
        if d.get("name") == "fast":
            d["synonyms"] = ["density", "quick"]  # added synonym
        if d.get("name") == "room":
            d["examples"] = d["examples"][:1]  # changed function
    docs.append({"name": "wobble", "description": "<p>new</p>", "kind": "function", "longname": "wobble"})
    (out / "doc.json").write_text(json.dumps(doc))
    sounds = json.loads((shared_snapshot_dir / "soundmap.json").read_text())
    del sounds["bd"]
    sounds["piano"]["data"]["samples"] = {"a0": ["x.mp3"]}
    sounds["my_kick"] = {"data": {"type": "sample", "samples": ["k.wav"]}}
    sounds["_hidden"] = {"data": {"type": "sample", "samples": ["h.wav"]}}
    (out / "soundmap.json").write_text(json.dumps(sounds))
    return out


def test_diff_of_a_snapshot_with_itself_is_empty(shared_snapshot_dir):
    result = diff_snapshots(shared_snapshot_dir, shared_snapshot_dir)
    assert not result
    assert "identical" in result.to_text()


def test_diff_lists_functions_synonyms_and_sounds_added_removed_changed(shared_snapshot_dir, edited):
    result = diff_snapshots(shared_snapshot_dir, edited)
    assert (result.functions.added, result.functions.removed) == (["wobble"], ["euclid"])
    assert result.functions.changed == {"fast": ["synonyms"], "room": ["examples"]}
    assert (result.synonyms.added, result.synonyms.removed) == (["quick"], [])
    assert result.synonyms.changed == {"fast": ["+quick"]}
    assert (result.sounds.added, result.sounds.removed) == (["my_kick"], ["bd"])
    assert result.sounds.changed == {"piano": ["samples"]}
    assert result.callables is None  # the edited copy has no symbols.json


def test_diff_cli_text_json_and_exit_code(shared_snapshot_dir, edited, capsys):
    assert main(["diff", str(shared_snapshot_dir), str(edited)]) == 0
    text = capsys.readouterr().out
    assert "functions: 1 added, 1 removed, 2 changed" in text
    assert "  ~ room (examples)" in text and "  - bd" in text
    assert main(["diff", str(shared_snapshot_dir), str(edited), "--json", "--exit-code"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["identical"] is False and data["sounds"]["added"] == ["my_kick"]
    assert main(["diff", str(shared_snapshot_dir), str(shared_snapshot_dir), "--exit-code"]) == 0


# ------------------------------------------------------------ entry points
def test_the_cli_module_runs_with_python_m(shared_snapshot_dir):
    out = subprocess.run(
        [sys.executable, "-m", "strudel_jupyter.pipeline.cli", "info", "--snapshot", str(shared_snapshot_dir)],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr
    assert "509 reference entries" in out.stdout


class _BuildApp:
    """What hatchling gives a build hook to report with: the messages, kept."""

    def __init__(self) -> None:
        self.info: list[str] = []
        self.warnings: list[str] = []

    def display_info(self, message: str) -> None:
        self.info.append(message)

    def display_warning(self, message: str) -> None:
        self.warnings.append(message)


def _build_hook_module(monkeypatch, tmp_path):
    """The repository's hatch_build, bound to the real sources, building into ``tmp_path/pkg``."""
    pytest.importorskip("hatchling", reason="the build hook needs hatchling in the test environment")
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    hatch_build._import_build_module("data.snapshot")  # bind the build-time package to the real sources first
    monkeypatch.setattr(hatch_build, "PACKAGE_DIR", tmp_path / "pkg")  # so nothing lands in the repo
    return hatch_build


def test_the_build_hook_imports_the_pipeline_without_pandas():
    pytest.importorskip("hatchling", reason="the build hook needs hatchling in the test environment")
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import hatch_build as h; "
        "m = h._import_build_module('pipeline.build'); "
        "assert 'pandas' not in sys.modules, 'pandas imported'; print(m.build_snapshot.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", script, str(ROOT)], check=False, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "build_snapshot"


def test_the_build_hook_stops_without_a_snapshot_and_names_both_fixes(monkeypatch, tmp_path):
    """Given no STRUDEL_SNAPSHOT_SOURCE, no embedded snapshot and no Node, when a wheel builds,
    then the build stops with a message naming both fixes, instead of shipping an empty package."""
    hatch_build = _build_hook_module(monkeypatch, tmp_path)
    monkeypatch.delenv("STRUDEL_SNAPSHOT_SOURCE", raising=False)
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    app = _BuildApp()
    hook = hatch_build.SnapshotBuildHook(str(ROOT), {}, None, None, str(tmp_path), "wheel", app)
    with pytest.raises(hatch_build.SnapshotBuildError) as failure:
        hook.initialize("0", {})
    message = str(failure.value)
    assert message.startswith("strudel-jupyter: no snapshot to embed: Node.js is not installed")
    assert "STRUDEL_SNAPSHOT_SOURCE=" in message and "install Node.js" in message
    assert not (tmp_path / "pkg").exists()


def test_the_build_hook_indexes_the_snapshot_it_embeds(monkeypatch, tmp_path, shared_snapshot_dir):
    """Given STRUDEL_SNAPSHOT_SOURCE, when a wheel builds, then the embedded snapshot's index parts
    are written beside it under the key the package computes at run time for that snapshot."""
    hatch_build = _build_hook_module(monkeypatch, tmp_path)
    monkeypatch.setenv("STRUDEL_SNAPSHOT_SOURCE", str(shared_snapshot_dir))
    app = _BuildApp()
    hatch_build.SnapshotBuildHook(str(ROOT), {}, None, None, str(tmp_path), "wheel", app).initialize("0", {})
    from strudel_jupyter.data.index_cache import INDEX_FILE, cache_key

    index_file = tmp_path / "pkg" / "_data" / INDEX_FILE
    assert app.warnings == [] and any("index built" in m for m in app.info)
    assert marshal.loads(index_file.read_bytes())[0] == cache_key(
        load_snapshot(tmp_path / "pkg" / "_data" / "snapshot")
    )
