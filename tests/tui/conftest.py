"""Fixtures for the terminal UI: a fresh season store made from a copy of the demo season, per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from seasons.load import load_season
from seasons.store import SeasonStore
from tests.conftest import EVENING
from tui.evening import Evening


@pytest.fixture
def demo_json(tmp_path: Path) -> Path:
    """A copy of the bundled demo season (44 players, D rules, rounds 1–32 played, 33 to pair)."""
    return Path(shutil.copy(EVENING, tmp_path / "demo.json"))


@pytest.fixture
def demo_store(demo_json: Path) -> Path:
    target = demo_json.with_suffix(".keizer")
    SeasonStore.create(target, load_season(demo_json), label="import demo.json").close()
    return target


@pytest.fixture
def evening(demo_store: Path):  # type: ignore[no-untyped-def]
    e = Evening.open(demo_store)
    yield e
    e.close()
