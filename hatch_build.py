"""Build hook: embed a Strudel snapshot into the package at build time.

The snapshot is Strudel's data (AGPL), so it is never committed: every wheel or
editable install generates ``strudel_jupyter/_data/snapshot`` (git-ignored).

- ``STRUDEL_SNAPSHOT_SOURCE=<dir>``: copy that snapshot directory and write its manifest.
- otherwise keep an already embedded snapshot, or build one with the snapshot pipeline;
  when that cannot run, the build fails with a message naming both ways to fix it.

Then the index's costly parts are built from the embedded snapshot and written beside it
(``strudel_jupyter/_data/index.marshal``, git-ignored too; see ``data/index_cache.py``), so
the first answer loads them instead of building them. Should that fail, the package still
works: the index is then built at first use and kept in the user's cache.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent
PACKAGE_DIR = ROOT / "strudel_jupyter"
SOURCE_ENV = "STRUDEL_SNAPSHOT_SOURCE"


def _import_build_module(name: str):
    """Import ``strudel_jupyter.<name>`` without running the package ``__init__``.

    The build environment has no pandas or IPython, and the snapshot modules need
    only the standard library.
    """
    alias = "_strudel_jupyter_build"
    if alias not in sys.modules:
        package = types.ModuleType(alias)
        package.__path__ = [str(PACKAGE_DIR)]
        sys.modules[alias] = package
    return importlib.import_module(f"{alias}.{name}")


#: The two ways to give a build its snapshot, named by every failure.
NO_SNAPSHOT_HINT = (
    "Fix it in one of two ways:\n"
    f"  1. point {SOURCE_ENV} at a snapshot directory, e.g. "
    f"`{SOURCE_ENV}=../shared/strudel-snapshot pip install .`;\n"
    "  2. install Node.js >= 20 and npm (and reach the npm registry) so the build runs the snapshot pipeline."
)


class SnapshotBuildError(RuntimeError):
    """The wheel would have no Strudel snapshot: the build stops instead of shipping an empty package."""


class SnapshotBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":  # wheel and editable installs; sdists carry no data
            return
        self._embed_snapshot()
        self._write_index()

    def _write_index(self) -> None:
        """Build the embedded snapshot's index parts beside it (standard library only)."""
        path = PACKAGE_DIR / "_data" / "index.marshal"
        try:
            index_cache = _import_build_module("data.index_cache")
            index_cache.write_index(PACKAGE_DIR / "_data" / "snapshot", path)
        except Exception as exc:  # noqa: BLE001 - an extra: without it the index is built at first use
            self.app.display_warning(
                f"strudel-jupyter: index not built at package build time ({exc!r}); built at first use"
            )
            return
        self.app.display_info(f"strudel-jupyter: index built into {path}")

    def _embed_snapshot(self) -> None:
        snapshot = _import_build_module("data.snapshot")
        dest = PACKAGE_DIR / "_data" / "snapshot"
        source = os.environ.get(SOURCE_ENV, "").strip()
        if source:
            src = Path(source).expanduser()
            if not src.is_absolute():
                src = (Path.cwd() / src).resolve()
            self.app.display_info(f"strudel-jupyter: embedding snapshot from {src}")
            try:
                manifest = snapshot.install_snapshot(src, dest, source_label=f"{SOURCE_ENV}={source}")
            except snapshot.SnapshotError as exc:
                raise RuntimeError(f"strudel-jupyter: {SOURCE_ENV} points at an unusable snapshot: {exc}") from None
            counts = manifest["counts"]
            self.app.display_info(
                f"strudel-jupyter: snapshot embedded ({counts['reference']} reference entries, "
                f"{counts['sounds']['all']} sounds)"
            )
            return
        if (dest / "doc.json").exists():
            self.app.display_info(f"strudel-jupyter: keeping the embedded snapshot in {dest}")
            return
        # No snapshot given: build one from the npm registry with the snapshot pipeline.
        # A package without a snapshot would answer `snapshot_unavailable` to every call,
        # so when the pipeline cannot run the build stops and says how to fix it.
        try:
            pipeline = _import_build_module("pipeline.build")
            self.app.display_info("strudel-jupyter: building a snapshot from the npm registry (needs Node and npm)")
            result = pipeline.build_snapshot(dest, progress=lambda m: self.app.display_info(f"strudel-jupyter: {m}"))
        except Exception as exc:  # noqa: BLE001 - every failure ends the build with the same two fixes
            expected = type(exc).__name__ in ("PipelineError", "SnapshotError")  # no Node/npm/CDN, bad maps
            reason = str(exc) if expected else f"unexpected {type(exc).__name__} in the snapshot pipeline: {exc}"
            raise SnapshotBuildError(f"strudel-jupyter: no snapshot to embed: {reason}.\n{NO_SNAPSHOT_HINT}") from None
        counts = result.manifest["counts"]
        self.app.display_info(
            f"strudel-jupyter: snapshot built and embedded in {result.seconds:.0f} s "
            f"({counts['reference']} reference entries, {counts['sounds']['all']} sounds)"
        )
