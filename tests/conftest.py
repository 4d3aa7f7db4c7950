"""Shared test fixtures: where the real club seasons live, the tests' club evening as a file, a store and an
open evening."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore

REPO = Path(__file__).resolve().parent.parent
PACKAGE_DIRS: dict[str, str] = {folder: name for name, folder in tomllib.loads(
    (REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"].items()}
"""Each top folder of the repository and its installed name (`"web": "keizer.web"`): pyproject.toml's
package-dir, read — the one statement of which folders ship."""
REAL_DATA = REPO.parent / "shared" / "data"
"""The anonymised real club seasons, beside the repository (never copied into it: they are the clubs')."""
DEMO = REPO / "seasons" / "samples" / "demo.json"
EVENING = REPO / "tests" / "data" / "evening.json"
"""A fixed 44-player D season, round 33 to be paired: the tests' club evening (the demo may be remade)."""
REAL_SEASONS = sorted(REAL_DATA.glob("real-season-*.json")) if REAL_DATA.is_dir() else []
D_BY_RESULT = {"preset": "doorn-driebergen-2019", "factors": {"external_pending": "0"}}
"""Club D's rules, but a team match still to come scores 0 until its result, as K scores it. Under D itself a
team result is owed by nobody (2/3 whatever the result, docs/rules.md §13): the tests of what keizer says of
a team result still to come, on D's seasons, use this."""
ABSENT = "../shared/data is absent (a clone on its own): the real club seasons are not here"
"""The reason a test on the real seasons skips."""


def real_season_paths() -> list[Path]:
    """The anonymised club seasons in ../shared/data, or a skip saying why they are missing."""
    if not REAL_SEASONS:
        pytest.skip(ABSENT)
    return REAL_SEASONS


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
