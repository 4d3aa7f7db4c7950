"""The values ↔ ranking iteration (docs/rules.md §3) and the tie-breaks (docs/rules.md §5)."""

from __future__ import annotations

from fractions import Fraction as F

from keizer.scoring.replay import replay
from keizer.scoring.card import player_card
from scoring_builders import ids, season

# Four players, top N = 4 (values 4, 3, 2, 1); #3 draws #2, #1 beats #4.
OSCILLATING = ["p3-p2 1/2-1/2, p1-p4 1-0"]


def test_a_cycle_gives_the_mean_computed_by_hand() -> None:
    # R0 = (p1 p2 p3 p4): p1 1 (beat #4), p2 ½·2 = 1, p3 ½·3 = 3/2   → R1 = (p3 p1 p2 p4), p1/p2 tie → R0 order
    # R1: p1 1, p2 ½·4 = 2, p3 ½·2 = 1                                → R2 = (p2 p3 p1 p4), p3/p1 tie → R1 order
    # R2: p1 1, p2 ½·3 = 3/2, p3 ½·4 = 2                              → R3 = (p3 p2 p1 p4)
    # R3: p1 1, p2 ½·4 = 2, p3 ½·3 = 3/2                              → R4 = R2: the cycle R2, R3
    mean = {"p1": F(1), "p2": (F(3, 2) + 2) / 2, "p3": (2 + F(3, 2)) / 2, "p4": F(0)}
    rp = replay(season(ids(4), OSCILLATING))
    st = rp.standings(1)
    assert st.iteration.cycled and st.iteration.cycle_length == 2 and st.iteration.iterations == 4
    assert {r.player: r.score for r in st.rows} == mean
    # p2 and p3 tie at 7/4: the ranking after the previous round (the start) puts p2 first.
    assert rp.ranking_after(1) == ("p2", "p3", "p1", "p4")


def test_a_cycle_card_shows_both_ranks_and_the_mean_points() -> None:
    card = player_card(replay(season(ids(4), OSCILLATING)), "p2")
    (line,) = card.lines
    assert line.ranks == (2, 1)  # p3 is #2 in R2 and #1 in R3
    assert line.points == F(7, 4) == card.score == card.total()
    assert "mean over a cycle of 2" in card.describe()


def test_the_safety_cap_is_reported() -> None:
    st = replay(season(ids(4), OSCILLATING), cap=2).standings(1)
    assert st.iteration.capped and not st.iteration.cycled and st.iteration.iterations == 2


def test_a_fixed_point_reproduces_itself() -> None:
    rp = replay(season(ids(4), ["p1-p2 1-0, p3-p4 1-0"]))
    st = rp.standings(1)
    assert not st.iteration.cycled and st.iteration.cycle_length == 0
    assert rp.ranking_after(1) == ("p1", "p3", "p2", "p4")
    # at that ranking: p1 beat p2 (#3 → 2), p3 beat p4 (#4 → 1)
    assert [r.score for r in st.rows] == [2, 1, 0, 0]


def test_single_pass_uses_the_previous_ranking_once() -> None:
    rp = replay(season(ids(4), OSCILLATING, ruleset={"preset": "keizer-classic", "iterate": "never"}))
    st = rp.standings(1)
    assert st.iteration.iterations == 1 and not st.iteration.cycled
    assert {r.player: r.score for r in st.rows} == {"p1": 1, "p2": 1, "p3": F(3, 2), "p4": 0}
    assert rp.ranking_after(1) == ("p3", "p1", "p2", "p4")  # p1/p2 tie: previous rank


def test_iterate_on_listed_rounds_and_final() -> None:
    listed = season(ids(4), OSCILLATING + ["p1-p2 1-0, p3-p4 1-0"],
                    ruleset={"preset": "keizer-classic", "iterate": [2]})
    st = replay(listed, 1).standings(1)
    assert st.iteration.iterations == 1 and not st.iteration.cycled  # round 1 is not listed: single pass
    assert {r.player: r.score for r in st.rows} == {"p1": 1, "p2": 1, "p3": F(3, 2), "p4": 0}
    final = season(ids(4), OSCILLATING, ruleset={"preset": "keizer-classic", "iterate": ["final"]},
                   rounds_planned=1)
    assert replay(final).standings(1).iteration.cycled  # "final" = rounds_planned
    not_final = season(ids(4), OSCILLATING, ruleset={"preset": "keizer-classic", "iterate": ["final"]},
                       rounds_planned=2)
    assert not replay(not_final).standings(1).iteration.cycled


FLAT = {"ladder": "linear", "top": 10, "step": 0}
"""Every value 10: only the results decide, so ties are easy to make."""


def tied_pairs(tiebreak: list[str]) -> tuple[str, ...]:
    """p1 and p2 both win (10 points each), p3 and p4 both lose (0 each)."""
    players = [{"id": "p1", "name": "Zed", "rating": 1500}, {"id": "p2", "name": "Abe", "rating": 1800},
               {"id": "p3", "name": "Cor", "rating": 1900}, {"id": "p4", "name": "Dirk"}]
    rules = {"preset": "keizer-classic", "iterate": "never", "tiebreak": tiebreak, "value": FLAT}
    return replay(season(players, ["p1-p3 1-0, p2-p4 1-0"], ruleset=rules)).ranking_after(1)


def test_tie_breaks_follow_the_list() -> None:
    assert tied_pairs(["previous_rank", "start_rank"]) == ("p1", "p2", "p3", "p4")
    assert tied_pairs(["rating"]) == ("p2", "p1", "p3", "p4")  # higher rating first; p4 has none (0)
    assert tied_pairs(["name"]) == ("p2", "p1", "p3", "p4")  # Abe before Zed, Cor before Dirk
    assert tied_pairs(["start_rank"]) == ("p1", "p2", "p3", "p4")


def test_equal_names_fall_through_to_the_next_key() -> None:
    players = [{"id": "p1", "name": "Same", "rating": 1000}, {"id": "p2", "name": "Same", "rating": 2000},
               {"id": "p3"}, {"id": "p4"}]
    rules = {"preset": "keizer-classic", "iterate": "never", "tiebreak": ["name", "rating"], "value": FLAT}
    assert replay(season(players, ["p1-p3 1-0, p2-p4 1-0"], ruleset=rules)).ranking_after(1)[:2] == ("p2", "p1")


def test_previous_rank_means_the_ranking_after_the_previous_round() -> None:
    rounds = ["p4-p1 1-0, p2-p3 1/2-1/2", "p1-p2 1-0, p3-p4 1-0"]
    # after round 1: p4 10, p2 5, p3 5, p1 0; after round 2: p3 15, p4 10, p1 10, p2 5
    rules = {"preset": "keizer-classic", "iterate": "never", "value": FLAT}
    rp = replay(season(ids(4), rounds, ruleset=rules))
    assert rp.ranking_after(1) == ("p4", "p2", "p3", "p1")
    assert rp.ranking_after(2) == ("p3", "p4", "p1", "p2")  # p4 above p1: ranked higher after round 1
    by_start = replay(season(ids(4), rounds, ruleset=dict(rules, tiebreak=["start_rank"])))
    assert by_start.ranking_after(2) == ("p3", "p1", "p4", "p2")


def test_names_equal_but_for_case_fall_through_too() -> None:
    players = [{"id": "p1", "name": "de Vries", "rating": 1000}, {"id": "p2", "name": "De Vries", "rating": 2000},
               {"id": "p3"}, {"id": "p4"}]
    by_name = {"preset": "keizer-classic", "iterate": "never", "tiebreak": ["name"], "value": FLAT}
    assert replay(season(players, ["p1-p3 1-0, p2-p4 1-0"], ruleset=by_name)).ranking_after(1)[:2] == ("p1", "p2")
    then_rating = dict(by_name, tiebreak=["name", "rating"])
    assert replay(season(players, ["p1-p3 1-0, p2-p4 1-0"], ruleset=then_rating)).ranking_after(1)[:2] == \
        ("p2", "p1")
