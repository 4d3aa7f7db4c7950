"""Fixtures for the store tests: a small season, the same season with round 1 paired, a fresh store."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from keizer.seasons.model import Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import RoundAdded
from store_helpers import make_season, pairing_for


@pytest.fixture
def season() -> Season:
    return make_season(6)


@pytest.fixture
def paired(season: Season) -> Season:
    """Round 1 listed and paired: p01–p02, p04–p03, p05–p06, all pending."""
    s = RoundAdded(1, "2024-09-05").apply(season)
    return pairing_for(s, 1).apply(s)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "season.keizer"


@pytest.fixture
def store(store_path: Path, season: Season) -> Iterator[SeasonStore]:
    with SeasonStore.create(store_path, season) as s:
        yield s
