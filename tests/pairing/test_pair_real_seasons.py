"""Every round of the real club seasons, re-paired from its real history under each preset: valid, both
solvers agree, never a failure. Each round is paired from the Keizer ranking after the round before."""

from __future__ import annotations

from dataclasses import replace

import pytest

from keizer.pairing.checker import check_pairing
from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import keizer_ranking
from keizer.seasons.model import EntryKind, Season
from keizer.seasons.ruleset.presets import PRESET_NAMES
from keizer.seasons.season_json.read import parse_season_text
from tests.conftest import real_season_paths

RANKING = keizer_ranking
"""(season, round) → (ranking, values): scoring's replay of the rounds before, as a real evening."""


def to_be_paired(season: Season, k: int) -> Season:
    """The season as it stood before round k was paired: rounds 1..k−1, and round k with its absences."""
    rnd = season.rounds[k - 1]
    entries = tuple((p, e) for p, e in rnd.entries if e is not EntryKind.BYE)
    return replace(season, rounds=season.rounds[: k - 1] + (replace(rnd, games=(), entries=entries),))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_real_round_pairs_under_every_preset(preset):
    for path in real_season_paths():
        season = replace(parse_season_text(path.read_text(), path.name), ruleset_spec=preset)
        for k in range(1, len(season.rounds) + 1):
            before = to_be_paired(season, k)
            inst = build_instance(before, k, *RANKING(before, k))
            a, b = propose(inst, "cpsat"), propose(inst, "matching")
            where = f"{path.name} round {k} ({preset})"
            assert (a.pairs(), a.bye, a.objective) == (b.pairs(), b.bye, b.objective), where
            report = check_pairing(inst, a)
            assert report.valid, (where, report.violations)
            assert report.objective == a.objective, where
            present = {p.id for p in inst.players}
            placed = {x for pair in a.pairs() for x in pair} | ({a.bye} if a.bye else set())
            assert placed == present, where
