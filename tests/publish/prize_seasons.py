"""Seasons for the classes and cups pages' tests: the test evening with D's classes, and under K's group cups."""

from __future__ import annotations

from dataclasses import replace

from keizer.scoring.replay import replay
from keizer.scoring.classes import moves_as_data, propose_start_classes, read_classes
from keizer.seasons.classes import with_class_moves
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Round, Season
from tests.conftest import EVENING

DIRECTOR_KEEPS = PlayerId("vermeulen")
"""Proposed for relegation from A after round 20; the director keeps her in A."""


def classed_season() -> Season:
    """The test evening with D's classes: the proposed starting classes, the reading after round 20 accepted
    with one change by the director."""
    season = load_season(EVENING)
    start = dict(propose_start_classes(season, ("A", "B", "C", "D")))
    season = replace(season, players=tuple(replace(p, klass=start[p.id]) for p in season.players))
    rules = replay(season, 20).ruleset.classes
    assert rules is not None
    proposal = dict(moves_as_data(read_classes(season, replay(season, 20).standings(20).rows, 20, rules).moves))
    assert proposal[DIRECTOR_KEEPS] == "B"
    del proposal[DIRECTOR_KEEPS]
    return with_class_moves(season, 20, tuple(sorted(proposal.items())))


def cup_season() -> Season:
    """The test evening under K's rules, groups 1-3 by starting thirds, group 1's first player excused from
    round 2 on: under the 33% rule."""
    season = load_season(EVENING)
    n = len(season.players)
    first = season.players[0].id
    season = replace(season, ruleset_spec="kijk-uit",
                     players=tuple(replace(p, cup_group=1 + 3 * i // n) for i, p in enumerate(season.players)))
    return replace(season, rounds=tuple(rnd if rnd.number == 1 else excused(rnd, first) for rnd in season.rounds))


def excused(rnd: Round, pid: PlayerId) -> Round:
    """Round `rnd` with `pid` excused: their opponent gets the bye (a test's shortcut, not a club rule)."""
    game = rnd.game_of(pid)
    if game is None:
        return rnd.with_entry(pid, EntryKind.EXCUSED)
    other = game.opponent_of(pid)
    return replace(rnd, games=tuple(g for g in rnd.games if g is not game)).with_entry(
        pid, EntryKind.EXCUSED).with_entry(other, EntryKind.BYE)
