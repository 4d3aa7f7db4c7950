"""Each scoring rule on its own small season (docs/rules.md §2–6, the ruleset keys of docs/format.md)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

from keizer.scoring.replay import replay
from keizer.scoring.card import player_card
from keizer.scoring.table import standings_table
from keizer.scoring.benchgen import generate_season
from keizer.scoring.facts import removed_players
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.model import PlayerId, Result, Season
from scoring_builders import ids, season

SINGLE = {"preset": "keizer-classic", "iterate": "never"}
"""Top N, values from the previous ranking once: easy to compute by hand."""


def scores(rp, k: int | None = None) -> dict[str, F]:  # type: ignore[no-untyped-def]
    return {r.player: r.score for r in rp.standings(k).rows}


# -- withdrawals (D art. 22) ---------------------------------------------------------------------------

def test_early_withdrawal_removes_the_player_from_before_round_on() -> None:
    rounds = ["p1-p5 1/2-1/2, p2-p3 1-0; p4 bye", "p5-p2 0-1, p1-p3 1-0; p4 excused", "p1-p2 1-0, p3-p4 1-0"]
    s = season(ids(5), rounds, ruleset=SINGLE, withdrawals=[("p5", 3)])
    rp, stays = replay(s), replay(season(ids(5), rounds[:2], ruleset=SINGLE))
    # docs/rules.md §6: the tables before round 3 are those without the withdrawal, as published
    assert [rp.standings(k) for k in range(3)] == [stays.standings(k) for k in range(3)]
    assert "p5" in standings_table(rp, 2)["player"].to_list()
    # from round 3 on p5 is out of the system: N = 4, and p1's draw with p5 is ½ × p1's own value
    assert "p5" not in rp.ranking_after(3) and len(rp.value_ladder()) == 4
    entry, values = rp.entry_ranking(3)
    # D art. 22 "uit het systeem verwijderd": round 3 starts from the ranking after round 2 derived again
    # without p5 (N = 4 from round 1 on: p1's draw is ½ × 4, p2's win over p5 1 × p2's own value), not the
    # published one with p5 struck out (p2, p4, p1, p3)
    assert entry == ("p2", "p1", "p4", "p3") != tuple(p for p in rp.ranking_after(2) if p != "p5")
    assert values == (4, 3, 2, 1)
    assert rp.rankings_before(3).ranking_after(1) == ("p1", "p2", "p4", "p3")
    line = player_card(rp, PlayerId("p1"), 3).lines[0]
    assert line.opponent_removed and line.priced_by == "p1"
    assert line.points == F(1, 2) * values[entry.index("p1")]  # single pass: the ranking round 3 started from
    assert "p5" not in standings_table(rp)["player"].to_list()


def test_withdrawal_at_the_threshold_removes_and_after_it_keeps() -> None:
    rounds = ["p1-p2 1-0, p3-p4 1-0"]
    # D art. 22 read literally: before_round ≤ removal_before_round (21) removes — "vóór de 21ste speelronde".
    ruleset = parse_ruleset(SINGLE)
    assert removed_players(season(ids(4), rounds, ruleset=SINGLE, withdrawals=[("p4", 21)]), ruleset) == {"p4"}
    assert not removed_players(season(ids(4), rounds, ruleset=SINGLE, withdrawals=[("p4", 22)]), ruleset)
    rules = dict(SINGLE, withdrawal={"removal_before_round": 2, "win": "1", "draw": "1/2", "loss": "0"})
    rounds = ["p1-p2 1-0, p3-p4 1-0", "p1-p3 1-0; p2 bye"]
    removed = replay(season(ids(4), rounds, ruleset=rules, withdrawals=[("p4", 2)]))
    kept = replay(season(ids(4), rounds[:1], ruleset=rules, withdrawals=[("p4", 3)]), 1)
    assert "p4" not in removed.ranking_after(2) and "p4" in removed.ranking_after(1)
    assert len(removed.value_ladder()) == 3 and len(kept.value_ladder()) == 4
    assert scores(kept, 1)["p3"] == 1  # a win over the kept p4: 1 × p4's value (#4 of N = 4 is worth 1)


def test_late_withdrawal_is_booked_excused_every_remaining_round() -> None:
    rules = dict(SINGLE, withdrawal={"removal_before_round": 1, "win": "1", "draw": "1/2", "loss": "0"})
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0", "p1-p3 1-0; p2 bye"], ruleset=rules, withdrawals=[("p4", 2)])
    rp = replay(s)
    card = player_card(rp, PlayerId("p4"))
    assert card.lines[1].entry == "excused" and card.lines[1].implied
    # round 2 is valued (single pass, current) at the ranking after round 1
    rank_after_1 = rp.ranking_after(1).index("p4") + 1
    assert card.lines[1].points == F(1, 3) * (5 - rank_after_1)
    row = standings_table(rp).filter(standings_table(rp)["player"] == "p4")
    assert row["excused"][0] == 1


# -- slots: late, forfeit, pending, external, duty ----------------------------------------------------

def test_late_joiner_enters_the_ranking_at_round_joined() -> None:
    players = ["p1", "p2", "p3", {"id": "p4", "name": "P4", "joined": 2}]
    rules = dict(SINGLE, factors={"late": "1/2"} | {k: v for k, v in CLASSIC_FACTORS.items() if k != "late"})
    rounds = ["p1-p2 1-0; p3 bye", "p1-p3 1/2-1/2, p2-p4 0-1"]
    rp = replay(season(players, rounds, ruleset=rules))
    # docs/rules.md §6: in no ranking before round 2 — N = 3 there, the tables are those without p4
    without = replay(season(["p1", "p2", "p3"], rounds[:1], ruleset=rules))
    assert [rp.standings(k) for k in range(2)] == [without.standings(k) for k in range(2)]
    # round 2 starts from the ranking after round 1 with p4 put in by rating (none: last)
    entry, values = rp.entry_ranking(2)
    assert entry == rp.ranking_after(1) + ("p4",) and values == (4, 3, 2, 1)
    assert len(rp.value_ladder()) == 4
    # single pass: both rounds at the ranking round 2 started from; round 1 is `late` (½ × own value 1)
    p2_value = values[entry.index("p2")]
    assert scores(rp, 2)["p4"] == F(1, 2) * 1 + p2_value
    assert player_card(rp, PlayerId("p4")).lines[0].implied


def test_a_joiner_enters_at_the_place_the_director_chose() -> None:
    players = [{"id": "a", "name": "A", "rating": 1800}, {"id": "b", "name": "B", "rating": 1500},
               {"id": "c", "name": "C"}, {"id": "d", "name": "D"},
               {"id": "n", "name": "N", "rating": 1600, "joined": 2}]
    rounds = ["a-b 0-1, c-d 1-0", "a-n 1-0, b-c 1-0; d bye"]
    by_rating = replay(season(players, rounds, ruleset=SINGLE), 2)
    before = by_rating.ranking_after(1)
    assert before == ("b", "c", "a", "d")
    # by rating: below the one player rated at least as high (a, 1800), wherever a stands
    assert by_rating.entry_ranking(2)[0] == ("b", "n", "c", "a", "d")
    placed = [dict(p, enters_at=4) if p["id"] == "n" else p for p in players]
    assert replay(season(placed, rounds, ruleset=SINGLE), 2).entry_ranking(2)[0] == ("b", "c", "a", "n", "d")


CLASSIC_FACTORS = {"win": "1", "draw": "1/2", "loss": "0", "forfeit_win": "1", "forfeit_loss": "0",
                   "external_win": "1", "external_draw": "1/2", "external_loss": "0", "bye": "1",
                   "excused": "1/3", "unexcused": "0", "duty": "1", "late": "0"}


def test_forfeits_score_their_own_factors_and_count_apart() -> None:
    rules = dict(SINGLE, factors=CLASSIC_FACTORS | {"forfeit_win": "1/2", "forfeit_loss": "1/6"})
    rp = replay(season(ids(4), ["p1-p2 +-, p4-p3 -+"], ruleset=rules))
    assert scores(rp, 1) == {"p1": F(1, 2) * 3, "p2": F(1, 6) * 4, "p3": F(1, 2) * 1, "p4": F(1, 6) * 2}
    t = standings_table(rp).sort("player")
    assert t["forfeits"].to_list() == [1, 1, 1, 1] and t["games"].to_list() == [0, 0, 0, 0]
    assert t["board_points"].to_list() == [1.0, 0.0, 1.0, 0.0]
    assert t["attended"].to_list() == [1, 0, 1, 0]  # a forfeit win is present, a forfeit loss is not


def test_pending_games_score_zero_and_are_not_yet_scored() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0", "p1-p3 *, p2-p4 *"], ruleset=SINGLE)
    assert replay(s).upto == 1  # the default is the last round with a result
    rp = replay(s, 2)
    for p in ids(4):
        card = player_card(rp, PlayerId(p), 2)
        assert card.lines[1].result == "pending" and card.lines[1].points == 0
        assert card.score == card.lines[0].points
    t = standings_table(rp, 2).sort("player")
    assert t["pending"].to_list() == [1, 1, 1, 1] and t["games"].to_list() == [2, 2, 2, 2]


def test_external_and_duty_score_own_value() -> None:
    rp = replay(season(ids(6), ["p1-p2 1-0; p3 external:1/2, p4 duty, p5 external:0, p6 external:1"],
                       ruleset=SINGLE))
    got = scores(rp, 1)
    assert (got["p3"], got["p4"], got["p5"], got["p6"]) == (F(1, 2) * 4, 3, 0, 1)
    t = standings_table(rp).sort("player")
    assert t["external"].to_list() == [0, 0, 1, 0, 1, 1] and t["duty"].to_list() == [0, 0, 0, 1, 0, 0]


def test_fixed_points_replace_the_factor() -> None:
    rules = dict(SINGLE, fixed_points={"bye": "40", "excused": "20"})
    got = scores(replay(season(ids(4), ["p1-p2 1-0; p3 bye, p4 excused"], ruleset=rules)), 1)
    assert (got["p3"], got["p4"]) == (40, 20)


def test_absence_limit_stops_scoring_absences_after_the_count() -> None:
    rules = dict(SINGLE, absence_limit={"count": 1, "kinds": ["excused"]})
    rounds = ["p1-p2 1-0; p3 bye, p4 excused", "p1-p3 1-0; p2 bye, p4 excused"]
    rp = replay(season(ids(4), rounds, ruleset=rules))
    lines = player_card(rp, PlayerId("p4")).lines
    assert lines[0].points == lines[0].value / 3 > 0  # the first excused round still scores
    assert lines[1].points == 0 and lines[1].price == "absence_limit"


def test_absence_limit_counts_implied_excused_rounds() -> None:
    rules = dict(SINGLE, absence_limit={"count": 1, "kinds": ["excused"]},
                 withdrawal={"removal_before_round": 1, "win": "1", "draw": "1/2", "loss": "0"})
    rp = replay(season(ids(4), ["p1-p2 1-0; p3 bye, p4 excused", "p1-p3 1-0; p2 bye"], ruleset=rules,
                       withdrawals=[("p4", 2)]))
    assert player_card(rp, PlayerId("p4")).lines[1].price == "absence_limit"


# -- numbers: grid, ladders, self value ----------------------------------------------------------------

def test_rounding_grid_rounds_each_contribution() -> None:
    rules = dict(SINGLE, value={"ladder": "linear", "top": 5}, rounding={"grid": "1/2"})
    got = scores(replay(season(ids(4), ["p1-p2 1/2-1/2; p3 excused, p4 excused"], ruleset=rules)), 1)
    # p1: ½ × 4 = 2; p2: ½ × 5 = 2.5; p3: ⅓ × 3 = 1; p4: ⅓ × 2 = 0.67 → 0.5
    assert got == {"p1": 2, "p2": F(5, 2), "p3": 1, "p4": F(1, 2)}


def test_ratio_and_range_ladders_in_a_replay() -> None:
    ratio = replay(season(ids(4), ["p4-p1 1-0, p2-p3 1-0"],
                          ruleset=dict(SINGLE, value={"ladder": "ratio", "ratio": 3})))
    assert ratio.value_ladder() == (4, 3, 2, 1)  # top = 3 · 3/2 = 4.5 → 4 (half to even)
    assert scores(ratio, 1)["p4"] == 4
    rng = replay(season(ids(4), ["p4-p1 1-0, p2-p3 1-0"],
                        ruleset=dict(SINGLE, value={"ladder": "range", "top": 200, "bottom": 100})))
    assert scores(rng, 1)["p4"] == 200 and scores(rng, 1)["p2"] == F(400, 3)


def test_self_value_current_and_initial() -> None:
    rounds = ["p4-p1 1-0, p2-p3 1-0"]
    cur = replay(season(ids(4), rounds, ruleset=dict(SINGLE, self_value="current")))
    ini = replay(season(ids(4), rounds, ruleset=dict(SINGLE, self_value="initial")))
    assert scores(cur, 0) == scores(ini, 0) == {"p1": 4, "p2": 3, "p3": 2, "p4": 1}
    # round 1 single pass at the start values: p4 beats #1 → 4, plus own value 1 (both rules)
    assert scores(cur, 1)["p4"] == 4 + 1 and scores(ini, 1)["p4"] == 4 + 1
    assert player_card(cur, PlayerId("p4")).self_value == 1


def test_self_value_current_follows_the_iterated_ranking() -> None:
    rp = replay(season(ids(4), ["p4-p1 1-0, p3-p2 1-0"], ruleset={"preset": "keizer-classic",
                                                                  "self_value": "current"}))
    assert not rp.standings(1).iteration.cycled
    for row in rp.standings(1).rows:  # a fixed point: the own value is the value at the final ranking
        assert player_card(rp, row.player).self_value == row.value


def test_current_valuation_revalues_old_results() -> None:
    """K: a win over #8 is worth 93 today and 91 next week when #8 has dropped to #10 (K, "Herwaardering")."""
    rp = replay(season(ids(4), ["p1-p2 1-0, p3-p4 1-0", "p3-p1 1-0, p4-p2 1-0"], ruleset=SINGLE))
    after1 = rp.ranking_after(1)
    win = player_card(rp, PlayerId("p1"), 1).lines[0]
    assert win.ranks == (2,)  # round 1 at the starting ranking
    again = player_card(rp, PlayerId("p1"), 2).lines[0]
    assert again.ranks == (after1.index("p2") + 1,)  # the same win, revalued at the ranking after round 1


# -- participation (K's 33% rule) ----------------------------------------------------------------------

def test_participation_flag_never_changes_the_ranking() -> None:
    rounds = ["p1-p2 1-0; p3 excused, p4 excused", "p1-p2 1-0; p3 excused, p4 bye",
              "p1-p2 0-1; p3 duty, p4 excused"]
    rules = {"preset": "keizer-classic", "participation": "1/2"}
    rp = replay(season(ids(4), rounds, ruleset=rules))
    flags = {r.player: r.eligible for r in rp.standings(3).rows}
    assert flags == {"p1": True, "p2": True, "p3": False, "p4": False}  # 1 of 3 < 1/2
    assert {r.player: r.eligible for r in rp.standings(2).rows}["p4"] is True  # 1 of 2
    plain = replay(season(ids(4), rounds))
    assert plain.ranking_after(3) == rp.ranking_after(3)
    assert all(r.eligible is None for r in plain.standings(3).rows)
    assert [r.player for r in rp.standings(3).prize_order()][-2:] == \
        [p for p in rp.ranking_after(3) if p in ("p3", "p4")]


# -- frozen valuation (D art. 17, 23) ------------------------------------------------------------------

def d_points(s: Season, r: int, pid: str, ranking: tuple[str, ...]) -> F:
    """D's points of one round by hand: 80 − rank + 1; win 1, draw ½ of the opponent; bye 1, mgr ⅓ own."""
    value = {p: F(80 - i) for i, p in enumerate(ranking)}
    rnd = s.round(r)
    game = rnd.game_of(PlayerId(pid))
    if game is None:
        return {"bye": value[pid], "excused": value[pid] / 3, "unexcused": F(0)}[rnd.entry_of(PlayerId(pid)).value]
    opponent, white = game.opponent_of(PlayerId(pid)), game.white == pid
    won = {Result.WHITE_WINS: white, Result.BLACK_WINS: not white}.get(game.result)
    return value[opponent] if won else value[opponent] / 2 if game.result is Result.DRAW else F(0)


def test_frozen_rounds_keep_their_values_until_the_recalculation_at_20() -> None:
    s = dataclasses.replace(generate_season(14, 21, seed=0), ruleset_spec="doorn-driebergen-2019",
                            rounds_planned=36)
    rp = replay(s)
    before = {p: sum((d_points(s, r, p, rp.ranking_after(r - 1)) for r in range(1, 20)), F(0)) for p in rp.ranking_after(0)}
    assert scores(rp, 19) == before  # each round at the ranking before it
    st = rp.standings(20)
    assert st.iteration.iterations >= 1 and not st.iteration.cycled
    after = {p: sum((d_points(s, r, p, rp.ranking_after(20)) for r in range(1, 21)), F(0)) for p in before}
    assert scores(rp, 20) == after  # all 20 rounds revalued at the iterated ranking
    frozen_sum = {p: before[p] + d_points(s, 20, p, rp.ranking_after(19)) for p in before}
    assert frozen_sum != after  # the recalculation changed something
    assert scores(rp, 21) == {p: after[p] + d_points(s, 21, p, rp.ranking_after(20)) for p in before}


def test_a_player_who_withdraws_before_joining_never_scores() -> None:
    # Kept withdrawal (threshold 1), before_round 2 < joined 3: the player never took part, so no round
    # is booked excused (that would rank them above someone who played every round).
    players = [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}, {"id": "z", "name": "Z", "joined": 3}]
    rules = {"preset": "keizer-classic", "withdrawal": {"removal_before_round": 1, "win": "1", "draw": "1/2",
                                                        "loss": "0"}}
    s = season(players, ["a-b 1-0; z late"] + ["a-b 1-0"] * 3, ruleset=rules, withdrawals=[("z", 2)])
    scores = {r.player: r.score for r in replay(s).standings().rows}
    assert scores["z"] == 0 and scores["b"] == 0 and scores["a"] > 0
