"""A player who joins later (docs/rules.md §4, §6): the starting bonus and the starting value stay everyone's
own ("bij aanvang", K "Systeem Aalsmeer"), the joiner has none of the bonus."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from keizer.scoring.card import player_card
from tests.oracle.reference import reference_replay
from keizer.scoring.replay import replay
from keizer.seasons.model import PlayerId
from scoring_builders import season

ROUNDS = ["p1-p2 1/2-1/2, p3-p4 1-0", "p2-p3 1-0, p4-p1 0-1", "p1-p3 1-0, n-p2 1/2-1/2; p4 excused"]
"""Four players from round 1; `n` joins at round 3, slotted in second on the list (by rating)."""
PLAYERS: list[Any] = [{"id": "p1", "name": "P1", "rating": 2000}, {"id": "n", "name": "N", "rating": 1950, "joined": 3},
                      {"id": "p2", "name": "P2", "rating": 1900}, {"id": "p3", "name": "P3", "rating": 1800},
                      {"id": "p4", "name": "P4", "rating": 1700}]


def test_nobodys_bonus_changes_because_someone_joined() -> None:
    """K: 5 × v0 written off over 5 rounds. After round 3 #2 of the starting ranking has 2/5 × 5 × 99 = 198
    left, whether or not `n` joined second on the list (it was 196: one place of bonus less for everyone
    below `n`); `n`, not on the starting ranking ("alle spelers op de beginranglijst"), has none."""
    s = season(PLAYERS, ROUNDS, ruleset="kijk-uit")
    rp = replay(s)
    left = {pid: player_card(rp, PlayerId(pid), 3).bonus for pid in ("p1", "p2", "p3", "p4", "n")}
    assert left == {"p1": 200, "p2": 198, "p3": 196, "p4": 194, "n": 0}
    # the same bonus in the tables before n joined, and the totals as the reference computes them
    assert player_card(rp, PlayerId("p2"), 2).bonus == F(3, 5) * 5 * 99
    ref = reference_replay(s)
    assert [(r.player, r.score) for r in rp.standings(3).rows] == list(zip(ref[3].order, ref[3].scores))


def test_a_joiners_starting_value_is_the_place_they_entered_at() -> None:
    """`self_value: "initial"` adds the starting value once: for the players there from round 1 their place
    on the starting ranking (unchanged by `n`), for `n` the place he entered at in round 3 (#2: 9)."""
    spec = {"preset": "keizer-classic", "value": {"top": 10}, "self_value": "initial", "iterate": "never"}
    rp = replay(season(PLAYERS, ROUNDS, ruleset=spec))
    assert rp.entry_ranking(3)[0][1] == "n"
    own = {pid: player_card(rp, PlayerId(pid), 3).self_value for pid in ("p1", "p2", "p3", "p4", "n")}
    assert own == {"p1": 10, "p2": 9, "p3": 8, "p4": 7, "n": 9}
