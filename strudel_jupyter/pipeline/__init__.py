"""Stage 2, pipeline: the snapshot pipeline: build, inspect, install and compare Strudel snapshots.

Standard library only (the package build hook imports it before pandas exists).
"""

from __future__ import annotations

from .build import (
    HELPER_DIR,
    SAMPLE_MAPS_ENV,
    BuildResult,
    PipelineError,
    build_snapshot,
    default_work_dir,
    load_pipeline_config,
)
from .diff import SectionDiff, SnapshotDiff, diff_snapshots

__all__ = [
    "HELPER_DIR",
    "SAMPLE_MAPS_ENV",
    "BuildResult",
    "PipelineError",
    "SectionDiff",
    "SnapshotDiff",
    "build_snapshot",
    "default_work_dir",
    "diff_snapshots",
    "load_pipeline_config",
]
