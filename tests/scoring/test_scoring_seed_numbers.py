"""Every number quoted in the two clubs' regulations and docs/rules.md, through a full replay."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from keizer.scoring.replay import replay
from keizer.scoring.card import player_card
from keizer.scoring.table import standings_table
from scoring_builders import aalsmeer_field, ids, others, season

# K's values without the starting bonus, valued once at the starting ranking (single pass): the seed's
# worked numbers are about one result at one ranking.
K_PLAIN = {"preset": "kijk-uit", "aalsmeer": None, "iterate": "never"}


def k_round(games: str, busy: set[int], extra: str = "") -> dict[str, F]:
    """Scores after round 1 of a 25-player K season where everyone not named is absent without notice."""
    entries = ", ".join(filter(None, [extra, others(25, busy)]))
    rp = replay(season(ids(25), [f"{games}; {entries}"], ruleset=K_PLAIN))
    return {row.player: row.score for row in rp.standings(1).rows}


def test_k_16_beats_21_scores_80() -> None:
    scores = k_round("p16-p21 1-0", {16, 21})
    assert (scores["p16"], scores["p21"]) == (80, 0)


def test_k_draw_16_21_scores_40_and_42_and_a_half() -> None:
    scores = k_round("p16-p21 1/2-1/2", {16, 21})
    assert (scores["p16"], scores["p21"]) == (40, F(85, 2))


def test_k_21_beats_16_scores_85() -> None:
    scores = k_round("p21-p16 1-0", {16, 21})
    assert scores["p21"] == 85


def test_k_12_excused_scores_89_thirds_shown_as_29_67() -> None:
    rp = replay(season(ids(25), [f"p24-p25 1-0; p12 excused, {others(25, {12, 24, 25})}"], ruleset=K_PLAIN))
    row = next(r for r in rp.standings(1).rows if r.player == "p12")
    assert row.score == F(89, 3)
    table = standings_table(rp)
    shown = table.filter(table["player"] == "p12")
    assert round(shown["score"][0], 2) == 29.67 and shown["score_exact"][0] == "89/3"


@pytest.mark.parametrize(("entry", "points"), [("external:1", F(91)), ("external:1/2", F(91, 2))])
def test_k_10_external_win_91_draw_45_and_a_half(entry: str, points: F) -> None:
    rp = replay(season(ids(25), [f"p24-p25 1-0; p10 {entry}, {others(25, {10, 24, 25})}"], ruleset=K_PLAIN))
    assert next(r.score for r in rp.standings(1).rows if r.player == "p10") == points


def test_d_factors_in_sixths() -> None:
    """D: win 6, draw 3, loss 0 (× opponent); external 4, bye 6, mgr 2, zgr 0 (× own); top 80, frozen."""
    n = 30
    busy = {1, 11, 2, 12, 3, 4, 5, 25, 6}
    text = (f"p1-p11 1-0, p12-p2 1/2-1/2; p3 external:0, p4 external:1, p5 excused, p25 bye, "
            f"p6 duty, {others(n, busy)}")
    rp = replay(season(ids(n), [text], ruleset="doorn-driebergen-2019", rounds_planned=36))
    scores = {row.player: row.score for row in rp.standings(1).rows}
    assert rp.value_ladder()[:2] == (80, 79)
    assert scores["p1"] == F(6, 6) * 70 and scores["p11"] == 0  # #11 is worth 80 − 10
    assert scores["p12"] == F(3, 6) * 79 and scores["p2"] == F(3, 6) * 69
    assert scores["p3"] == F(4, 6) * 78 and scores["p4"] == F(4, 6) * 77  # art. 18: any result 2/3
    assert scores["p5"] == F(2, 6) * 76 and scores["p25"] == F(6, 6) * 56
    assert scores["p6"] == F(2, 6) * 75  # duty, as excused: D has no duty entry (docs/rules.md §2)
    assert scores["p7"] == 0


def test_k_aalsmeer_example_after_round_1() -> None:
    rp = replay(season(ids(45), aalsmeer_field(), ruleset="kijk-uit"))
    start = {row.player: row.score for row in rp.standings(0).rows}
    assert (start["p1"], start["p6"], start["p7"], start["p8"], start["p9"], start["p18"]) == \
        (500, 475, 470, 465, 460, 415)  # the full bonus before round 1
    st = rp.standings(1)
    rows = {row.player: row for row in st.rows}
    assert rows["p6"].score == (475 - 95) + F(1, 2) * 92 == 426
    assert rows["p7"].score == (470 - 94) + F(1, 3) * 91 == F(1219, 3)  # 406.3
    assert rows["p8"].score == (465 - 93) + F(1, 3) * 90 == 402
    assert rows["p9"].score == (460 - 92) + F(1, 2) * 95 == F(831, 2)  # 415.5
    assert (rows["p6"].rank, rows["p9"].rank, rows["p7"].rank, rows["p8"].rank) == (6, 9, 10, 11)
    assert st.iteration.iterations > 1 and not st.iteration.cycled
    card = player_card(rp, "p7")
    assert card.bonus == F(4, 5) * 5 * 94 and card.lines[0].ranks == (10,)


def test_k_aalsmeer_example_needs_iteration() -> None:
    """With a single pass #7 would earn a third of #7's value (94), not of #10's (91)."""
    rp = replay(season(ids(45), aalsmeer_field(), ruleset={"preset": "kijk-uit", "iterate": "never"}))
    assert next(r.score for r in rp.standings(1).rows if r.player == "p7") == 376 + F(94, 3)


def test_aalsmeer_bonus_is_written_off_in_n_steps() -> None:
    rounds = ["p3-p4 1-0; p1 unexcused, p2 unexcused"] * 6
    rp = replay(season(ids(4), rounds, ruleset={"preset": "kijk-uit"}), 6)
    p1 = [next(r.score for r in rp.standings(k).rows if r.player == "p1") for k in range(7)]
    assert p1 == [500, 400, 300, 200, 100, 0, 0]  # #1 never plays: only the bonus, m × v0 × (n − j)/n
