"""Golden files: a tiny season JSON and the pairing expected for its next round (pinned; reviewed by hand).

Set KEIZER_UPDATE_GOLDEN=1 to rewrite the expected files after an intended change of the model."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from keizer.pairing.export import proposal_json
from keizer.pairing.proposer import propose
from keizer.seasons.season_json.read import parse_season_text
from tests.pairing.helpers import instance

GOLDEN = Path(__file__).parent / "golden"
SEASONS = sorted(GOLDEN.glob("*.season.json"))
KEYS = ("round", "pairings", "bye", "objective", "real_cost", "criteria", "relaxations")


def expected_path(season_path: Path) -> Path:
    return season_path.with_name(season_path.name.replace(".season.json", ".expected.json"))


@pytest.mark.parametrize("path", SEASONS, ids=[p.name.split(".")[0] for p in SEASONS])
def test_golden_pairing(path):
    season = parse_season_text(path.read_text(), path.name)
    got = {k: v for k, v in proposal_json(propose(instance(season))).items() if k in KEYS}
    target = expected_path(path)
    if os.environ.get("KEIZER_UPDATE_GOLDEN"):
        target.write_text(json.dumps(got, indent=2) + "\n")
    assert got == json.loads(target.read_text())


def test_the_opening_golden_file_is_d_art_7():
    expected = json.loads(expected_path(GOLDEN / "doorn-opening-d-art-7.season.json").read_text())
    pairs = [(p["white"], p["black"]) for p in expected["pairings"]]
    # "Nr. 1 tegen Nr. 11; Nr. 12 tegen Nr. 2 enz. Nr. 21 tegen Nr. 31; Nr. 32 tegen Nr 22 enz."
    block = [(f"p{i:02d}", f"p{i + 10:02d}") if i % 2 else (f"p{i + 10:02d}", f"p{i:02d}") for i in range(1, 11)]
    second = [(f"p{i:02d}", f"p{i + 10:02d}") if i % 2 else (f"p{i + 10:02d}", f"p{i:02d}") for i in range(21, 31)]
    assert pairs == block + second
