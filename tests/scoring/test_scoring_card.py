"""A player's card: lines + bonus + self value = score, exactly; a readable description."""

from __future__ import annotations

import dataclasses

import pytest

from keizer.scoring.replay import replay
from keizer.scoring.card import player_card
from keizer.scoring.benchgen import generate_season
from keizer.seasons.errors import InputError
from keizer.seasons.model import PlayerId
from scoring_builders import ids, season


def test_describe_names_opponent_colour_and_points() -> None:
    rp = replay(season(ids(4), ["p1-p2 1-0, p3-p4 1/2-1/2", "p3-p1 1-0; p2 excused, p4 bye"],
                       ruleset={"preset": "keizer-classic", "iterate": "never"}), 1)
    text = player_card(rp, PlayerId("p1")).describe()
    assert "round 1: beat #2 (P2, white) — 3 points" in text
    assert "P1 (p1): #1 after round 1" in text
    draw = player_card(rp, PlayerId("p4")).describe()
    assert "round 1: drew with #3 (P3, black) — 1 point" in draw


def test_entry_lines_name_the_entry_and_value() -> None:
    rp = replay(season(ids(4), ["p1-p2 1-0; p3 excused, p4 bye"], ruleset={"preset": "keizer-classic",
                                                                          "iterate": "never"}))
    assert "round 1: excused, 1/3 × own value at #3 — 0.67 points" in player_card(rp, PlayerId("p3")).describe()
    assert player_card(rp, PlayerId("p4")).lines[0].points == 1


@pytest.mark.parametrize("spec", ["kijk-uit", "doorn-driebergen-2019", "keizer-classic",
                                  {"preset": "keizer-classic", "rounding": {"grid": "1/2"}, "self_value": "current"},
                                  {"preset": "doorn-driebergen-2019", "iterate": [5, 9], "self_value": "current"}])
def test_card_lines_sum_to_the_score_in_every_round(spec: object) -> None:
    s = dataclasses.replace(generate_season(12, 10, seed=3), ruleset_spec=spec, rounds_planned=10)
    rp = replay(s)
    for k in range(rp.upto + 1):
        st = rp.standings(k)
        for row in st.rows:
            card = player_card(rp, row.player, k)
            assert card.total() == card.score == row.score
            assert card.rank == row.rank and card.rank_history[-1] == row.rank and len(card.lines) == k


def test_rank_history_follows_the_rankings() -> None:
    rp = replay(season(ids(4), ["p4-p1 1-0, p2-p3 1-0", "p4-p2 1-0, p1-p3 1-0"]))
    history = player_card(rp, PlayerId("p4")).rank_history
    assert history == tuple(rp.ranking_after(k).index("p4") + 1 for k in range(3))


def test_card_of_a_removed_or_unknown_player_is_an_input_error() -> None:
    # Removed from round 2 on (docs/rules.md §6): the card after round 1 stands, after round 2 there is none.
    rp = replay(season(ids(4), ["p1-p2 1-0, p3-p4 1-0", "p1-p3 1-0; p2 bye"], withdrawals=[("p4", 2)]))
    assert player_card(rp, PlayerId("p4"), 1).rank == 4  # lost to p3
    with pytest.raises(InputError, match="p4"):
        player_card(rp, PlayerId("p4"))
    with pytest.raises(InputError, match="nobody"):
        player_card(rp, PlayerId("nobody"))
    with pytest.raises(InputError, match="round"):
        player_card(rp, PlayerId("p1"), 5)


def test_describe_removed_opponents_and_pending_games() -> None:
    # p4 is removed from round 2 on: the card after round 2 prices the win over p4 at p1's own value
    rp = replay(season(ids(4), ["p1-p4 1-0, p2-p3 *", "p1-p2 1-0; p3 bye"],
                       ruleset={"preset": "keizer-classic", "iterate": "never"}, withdrawals=[("p4", 2)]), 2)
    text = player_card(rp, PlayerId("p1")).describe()
    assert "round 1: beat P4 (white; withdrawn: own value at #1 counts) — 3 points" in text  # N = 3
    assert "round 1: pending against P3 (white) — 0 points" in player_card(rp, PlayerId("p2")).describe()
