"""Parity: a snapshot built from the npm registry against the shared snapshot.

Builds a real snapshot with the shared sample maps (npm ci, jsdoc, Strudel's sound
registration and the REPL scope in Node). Without Node or npm these tests FAIL: CI
must provide them.

The shared snapshot was made from the Strudel monorepo at one commit; the npm
releases with the same version numbers were published from earlier commits. Every
reference-name difference that follows from that is listed below with its reason, so
a new difference fails the test. docs/snapshot-pipeline.md explains each group.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from strudel_jupyter.data.reference_tab import reference_entries
from strudel_jupyter.data.snapshot import install_snapshot, load_snapshot, snapshot_counts, verify_manifest
from strudel_jupyter.data.sounds_tab import is_hidden_sound
from strudel_jupyter.pipeline import HELPER_DIR, PipelineError, build_snapshot, default_work_dir, load_pipeline_config

pytestmark = pytest.mark.slow

# A separate work directory, so a test run never waits on (or for) a user's build.
WORK_DIR = default_work_dir().with_name("node-tests")

# Reference entries of the shared snapshot that a build from npm does not have.
NOT_ON_NPM = {
    # packages/motion and packages/edo are not published on the npm registry
    **dict.fromkeys(
        [
            "absoluteOrientationAlpha",
            "absoluteOrientationBeta",
            "absoluteOrientationGamma",
            "accelerationX",
            "accelerationY",
            "accelerationZ",
            "gravityX",
            "gravityY",
            "gravityZ",
            "orientationAlpha",
            "orientationBeta",
            "orientationGamma",
            "rotationAlpha",
            "rotationBeta",
            "rotationGamma",
        ],
        "@strudel/motion",
    ),
    "edoScale": "@strudel/edo",
}
NOT_IN_RELEASE = {
    # documented at the snapshot's commit, but without a doc comment in the npm release
    **dict.fromkeys(
        ["asNumber", "base", "clearScope", "i", "juxFlip", "juxFlipBy", "keep", "set", "setDefaultJoin"],
        "@strudel/core 1.2.6",
    ),
    "all": "@strudel/core 1.2.6 (its doc comment sits on `let allTransforms`)",
    "apply": "@strudel/core 1.2.6 (documented only as a synonym of `layer`)",
    "delaytime": "@strudel/core 1.2.6 (its doc comment says `@name delayspeed`)",
    **dict.fromkeys(["createCC", "getDevice", "getMidiDeviceNamesString"], "@strudel/midi 1.3.0"),
    "getDur": "superdough 1.3.0",
    **dict.fromkeys(["ftranspose", "tune", "withBase", "xen"], "@strudel/xen 1.2.5 (the newest on npm)"),
}
# Reference entries a build from npm has and the shared snapshot does not.
ONLY_FROM_NPM = {
    # the release has no @tags, so the tab's superdirt-only / supradough-only filter keeps them
    **dict.fromkeys(
        ["accelerate", "amp", "bus", "busgain", "dry", "leslie", "lock", "lrate", "lsize", "octave", "squiz", "unit"],
        "untagged superdirt-only control",
    ),
    "delayspeed": "untagged supradough-only control",
    "allTransforms": "the release documents `all` under this name",
}

# REPL modules (and website files) the build cannot load, with the reason's key phrase.
SKIPPED_MODULES = {
    "@strudel/edo": "not published",
    "@strudel/gamepad": "not published",
    "@strudel/mondo": "not published",
    "@strudel/motion": "not published",
    "@strudel/mqtt": "not published",
    "@strudel/tidal": "private in the monorepo",
    "website/src/repl/prebake.mjs": "not an npm package",
    "website/src/settings.mjs (settingPatterns)": "not an npm package",
}
# Globals of the shared snapshot from modules the build *does* load, missing in the release.
GLOBALS_NOT_IN_RELEASE = {
    "@strudel/core": [
        "base",
        "clearScope",
        "flux",
        "fluxBy",
        "fluxby",
        "fme",
        "growlist",
        "i",
        "juxFlip",
        "juxFlipBy",
        "juxflipby",
        "log2",
        "setDefaultJoin",
        "userDefinedKeys",
    ],
    "@strudel/codemirror": [
        "basicSetup",
        "displayMiniLocations",
        "getActiveMiniLocations",
        "getActiveWidgets",
        "getAllWidgetIds",
        "getMiniLocations",
        "getSliderWidgets",
        "minimalSetup",
        "setSliderWidgetsInRange",
        "setWidgets",
        "setWidgetsInRange",
    ],
    "@strudel/draw": ["cleanupDrawContext"],
    "@strudel/webaudio": ["getDur", "getDuration"],
    "@strudel/xen": ["fTrans", "fTranspose", "ftrans", "ftranspose", "withBase"],
}
GLOBALS_ONLY_FROM_NPM = ["addWidget", "compileKabel", "tuning"]
# Pattern methods of the shared snapshot that the build does not have.
METHODS_FROM_SKIPPED_MODULES = {
    "@strudel/edo": ["_edoScale", "edoScale"],
    "@strudel/mqtt": ["motor", "move", "mqtt", "robot"],
    "website/src/settings.mjs (settingPatterns)": [
        "_fontFamily",
        "_fontSize",
        "_theme",
        "fontFamily",
        "fontSize",
        "theme",
    ],
    "website/src/repl/prebake.mjs": ["piano"],
}
METHODS_NOT_IN_RELEASE = [
    "_fTrans",
    "_fTranspose",
    "_flux",
    "_fluxBy",
    "_fluxby",
    "_ftrans",
    "_ftranspose",
    "_juxFlip",
    "_juxFlipBy",
    "_juxflip",
    "_juxflipby",
    "_withBase",
    "bb",
    "datt",
    "delays",
    "fTrans",
    "fTranspose",
    "flux",
    "fluxBy",
    "fluxby",
    "fme",
    "fme1",
    "fme2",
    "fme3",
    "fme4",
    "fme5",
    "fme6",
    "fme7",
    "fme8",
    "ftrans",
    "ftranspose",
    "growlist",
    "i",
    "juxFlip",
    "juxFlipBy",
    "juxflip",
    "juxflipby",
    "pwr",
    "pws",
    "withBase",
]
METHODS_ONLY_FROM_NPM = ["_log2"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shared_snapshot_dir: Path) -> Path:
    assert shutil.which("node") and shutil.which("npm"), "the parity test needs Node.js and npm on PATH"
    out = tmp_path_factory.mktemp("built") / "snapshot"
    messages: list[str] = []
    build_snapshot(out, sample_maps=shared_snapshot_dir / "sample-maps", work_dir=WORK_DIR, progress=messages.append)
    assert any(m.startswith("jsdoc: doc.json:") for m in messages), messages
    return out


@pytest.fixture(scope="module")
def shared(shared_snapshot_dir: Path):
    return load_snapshot(shared_snapshot_dir)


@pytest.fixture(scope="module")
def ours(built: Path):
    return load_snapshot(built)


def _visible_sounds(snapshot) -> dict:
    return {k: v["data"] for k, v in snapshot.soundmap.items() if not is_hidden_sound(k)}


def _reference_names(snapshot) -> set[str]:
    return {doc["name"] for doc, _ in reference_entries(snapshot.docs)}


# -------------------------------------------------------------------- sounds
def test_visible_sound_keys_and_data_are_identical(ours, shared):
    assert _visible_sounds(ours) == _visible_sounds(shared)


def test_sound_counts_and_bank_aliases_are_identical(ours, shared, built, shared_snapshot_dir):
    assert (
        snapshot_counts(ours.docs, ours.soundmap)["sounds"] == snapshot_counts(shared.docs, shared.soundmap)["sounds"]
    )
    aliases = json.loads((built / "soundmap-aliases.json").read_text())
    assert aliases == json.loads((shared_snapshot_dir / "soundmap-aliases.json").read_text())
    assert aliases["tr808_bd"] == "rolandtr808_bd"


# ----------------------------------------------------------------- reference
def test_reference_names_differ_only_by_the_listed_npm_release_differences(ours, shared):
    only_shared = _reference_names(shared) - _reference_names(ours)
    only_ours = _reference_names(ours) - _reference_names(shared)
    assert sorted(only_shared) == sorted({**NOT_ON_NPM, **NOT_IN_RELEASE})
    assert sorted(only_ours) == sorted(ONLY_FROM_NPM)


def test_entries_missing_for_unpublished_packages_come_from_those_packages(shared):
    not_on_npm = load_pipeline_config()["not_on_npm"]
    paths = {doc["name"]: doc["meta"]["path"] for doc, _ in reference_entries(shared.docs)}
    for name, package in NOT_ON_NPM.items():
        assert package in not_on_npm
        assert paths[name] == f"packages/{package.split('/')[1]}", name


def test_doc_json_has_strudels_structure(ours, built):
    docs = ours.docs
    assert [d["kind"] for d in docs].count("package") == 1
    paths = {d["meta"]["path"] for d in docs if "meta" in d}
    assert paths and all(p.startswith("packages/") for p in paths), sorted(paths)[:5]
    package = next(d for d in docs if d["kind"] == "package")
    assert all(f.startswith("packages/") for f in package["files"])
    assert "packages/core/pattern.mjs" in package["files"]
    fast = next(d for d in docs if d.get("name") == "fast")
    assert (fast["synonyms_text"], fast["synonyms"]) == ("density", ["density"])
    room = next(d for d in docs if d.get("name") == "room")
    assert [p["name"] for p in room["params"]] == ["level"] and room["examples"]
    raw = (built / "doc.json").read_bytes()
    assert raw.startswith(b'{\n  "docs": [\n') and not raw.endswith(b"\n")  # jsdoc-json's own layout


# ------------------------------------------------------------------- symbols
def test_symbols_record_every_skipped_module_with_its_reason(ours):
    skipped = ours.symbols["source"]["modules_skipped"]
    assert sorted(skipped) == sorted(SKIPPED_MODULES)
    for module, phrase in SKIPPED_MODULES.items():
        assert phrase in skipped[module], (module, skipped[module])
    assert ours.symbols["source"]["modules_loaded"][-1] == "@strudel/core repl() (injectPatternMethods)"


def test_symbols_globals_differ_only_by_skipped_modules_and_the_listed_release_differences(ours, shared):
    theirs, mine = shared.symbols["globals"], ours.symbols["globals"]
    missing = {name: modules for name, modules in theirs.items() if name not in mine}
    from_skipped = {n for n, mods in missing.items() if all(m in SKIPPED_MODULES for m in mods)}
    by_module: dict[str, list[str]] = {}
    for name in sorted(set(missing) - from_skipped):
        by_module.setdefault(theirs[name][-1], []).append(name)
    assert by_module == GLOBALS_NOT_IN_RELEASE
    assert sorted(set(mine) - set(theirs)) == GLOBALS_ONLY_FROM_NPM


def test_symbols_methods_differ_only_by_skipped_modules_and_the_listed_release_differences(ours, shared):
    theirs, mine = set(shared.symbols["methods"]), set(ours.symbols["methods"])
    expected = [m for names in METHODS_FROM_SKIPPED_MODULES.values() for m in names] + METHODS_NOT_IN_RELEASE
    assert sorted(theirs - mine) == sorted(expected)
    assert sorted(mine - theirs) == METHODS_ONLY_FROM_NPM
    assert set(METHODS_FROM_SKIPPED_MODULES) <= set(SKIPPED_MODULES)


def test_symbols_have_the_shared_schema_and_real_scope(ours, shared):
    symbols = ours.symbols
    assert set(symbols) == set(shared.symbols)
    assert set(symbols["extra"]) <= set(shared.symbols["extra"])
    for name in ("fast", "s", "note", "room", "stack", "samples", "hush", "setcps"):
        assert name in symbols["globals"], name
    assert symbols["globals"]["setcps"] == ["@strudel/core repl() (injectPatternMethods)"]
    assert set(symbols["controls"]) <= set(symbols["methods"])
    assert {"add", "set", "keep", "p", "cpm"} <= set(symbols["methods"])
    assert symbols["extra"]["control_aliases"]["lpf"] == "cutoff"
    # alias -> canonical pairs the build knows agree with the shared snapshot
    theirs = shared.symbols["extra"]["control_aliases"]
    assert {k: v for k, v in symbols["extra"]["control_aliases"].items() if k in theirs} == {
        k: theirs[k] for k in symbols["extra"]["control_aliases"] if k in theirs
    }


# ------------------------------------------------------------------ manifest
def test_tonal_names_are_byte_identical(built, shared_snapshot_dir):
    # tonal's scale and chord types and @strudel/tonal's voicing dictionaries, as the shared
    # snapshot lists them (@tonaljs/scale-type 4.9.2: 4.9.1 spells "neopolitan major")
    assert (built / "tonal.json").read_bytes() == (shared_snapshot_dir / "tonal.json").read_bytes()


def test_manifest_records_versions_hashes_and_counts(ours, built):
    manifest = ours.manifest
    pins = json.loads((HELPER_DIR / "package.json").read_text())["dependencies"]
    for pkg in load_pipeline_config()["packages"]:
        assert manifest["versions"][pkg["name"]] == pins[pkg["name"]]
    assert manifest["versions"]["jsdoc"] == "4.0.4" and manifest["versions"]["node"].startswith("v")
    assert manifest["source"].startswith("strudel-jupyter snapshot build (npm registry; sample maps: ")
    assert verify_manifest(built) == []
    assert manifest["counts"] == snapshot_counts(ours.docs, ours.soundmap)
    assert {"doc.json", "soundmap.json", "symbols.json", "soundmap-aliases.json", "sample-maps/index.json"} <= set(
        manifest["files"]
    )


# ------------------------------------------------------------- interruption
def test_an_interrupted_build_leaves_the_previous_snapshot_intact(built, tmp_path, shared_snapshot_dir):
    dest = tmp_path / "installed"
    install_snapshot(shared_snapshot_dir, dest, source_label="previous")
    before = {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()}

    scratch: list[Path] = []

    def interrupt(message: str) -> None:
        if message.startswith("building in "):
            scratch.append(Path(message.removeprefix("building in ")))
        if message.startswith("jsdoc: done"):  # doc.json is built, nothing installed yet
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_snapshot(dest, sample_maps=shared_snapshot_dir / "sample-maps", work_dir=WORK_DIR, progress=interrupt)
    assert {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()} == before
    assert len(scratch) == 1 and not scratch[0].exists(), "the scratch build directory was left behind"


def test_a_rebuild_replaces_the_snapshot_and_reuses_node_modules(built, shared_snapshot_dir):
    messages: list[str] = []
    result = build_snapshot(
        built, sample_maps=shared_snapshot_dir / "sample-maps", work_dir=WORK_DIR, progress=messages.append
    )
    assert f"npm packages already installed in {WORK_DIR}" in messages
    assert verify_manifest(result.directory) == []


def test_a_build_into_an_unwritable_place_fails_cleanly(shared_snapshot_dir, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(PipelineError, match="cannot install the snapshot"):
        build_snapshot(blocker / "snapshot", sample_maps=shared_snapshot_dir / "sample-maps", work_dir=WORK_DIR)
