"""Shared test fixtures: where the real club seasons live, and small season builders."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DEMO = REPO / "seasons" / "samples" / "demo.json"
EVENING = REPO / "tests" / "data" / "evening.json"
"""A fixed 44-player D season, round 33 to be paired: the tests' club evening (the demo may be remade)."""
REAL_SEASONS = sorted((SHARED / "data").glob("real-season-*.json")) if (SHARED / "data").is_dir() else []


def real_season_paths() -> list[Path]:
    """The anonymised club seasons in ../shared/data, or a skip saying why they are missing."""
    if not REAL_SEASONS:
        pytest.skip("../shared/data is absent (a clone on its own): the real club seasons are not here")
    return REAL_SEASONS
