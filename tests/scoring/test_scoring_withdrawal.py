"""D art. 22's removal: a player who withdraws early is taken out of the system "as if he had never been in
it" (docs/rules.md §6), on small seasons and on KeizerForClubs' own test tournament."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from tests.oracle.reference import reference_replay
from keizer.scoring.replay import replay
from keizer.seasons.model import EntryKind, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.read import season_from_json
from scoring_builders import ids, season
from tests.conftest import REPO

DATA = REPO / "tests" / "data"
RETIRED = 9
"""KeizerForClubs' `Player.state` of a player who retired (withdrew)."""


def never_there(s: Season, gone: PlayerId) -> Season:
    """The season without `gone` from round 1 on, each game against him booked for his opponent as what D art.
    22 scores it — a factor of the own value — written as a team match whose factors are the withdrawal's."""
    rule = parse_ruleset(s.ruleset_spec).withdrawal
    kinds = {"win": EntryKind.EXTERNAL_WIN, "draw": EntryKind.EXTERNAL_DRAW, "loss": EntryKind.EXTERNAL_LOSS}
    rounds = []
    for rnd in s.rounds:
        entries = [(p, k) for p, k in rnd.entries if p != gone]
        for g in rnd.games:
            if gone in g.players():
                assert not g.result.is_forfeit and g.result is not Result.PENDING  # not needed here
                other = g.opponent_of(gone)
                won = g.result is (Result.WHITE_WINS if g.white == other else Result.BLACK_WINS)
                entries.append((other, kinds["win"] if won else kinds["draw"] if g.result is Result.DRAW
                                else kinds["loss"]))
        rounds.append(Round(number=rnd.number, games=tuple(g for g in rnd.games if gone not in g.players()),
                            entries=tuple(sorted(entries))))
    spec: dict[str, Any] = {"preset": s.ruleset_spec} if isinstance(s.ruleset_spec, str) else dict(s.ruleset_spec)
    spec["factors"] = dict(spec.get("factors", {})) | {
        "external_win": str(rule.win), "external_draw": str(rule.draw), "external_loss": str(rule.loss)}
    return replace(s, players=tuple(p for p in s.players if p.id != gone), rounds=tuple(rounds),
                   withdrawals=tuple(w for w in s.withdrawals if w.player != gone), ruleset_spec=spec)


ROUNDS = ["p2-p4 1-0, p1-p6 1-0, p5-p3 0-1",
          "p5-p1 0-1, p2-p3 1-0, p4-p6 1/2-1/2",
          "p1-p5 0-1, p4-p3 1/2-1/2; p2 bye"]
"""p6 loses to p1 and draws with p4, then withdraws before round 3: without him p1's win and p4's draw are
worth a factor of their own values, and the rankings after rounds 1 and 2 come out otherwise."""


@pytest.mark.parametrize("ruleset", [
    "doorn-driebergen-2019",  # frozen: the earlier rounds are repriced at the rankings derived without p6
    {"preset": "keizer-classic", "iterate": "never"},  # current, single pass: round 4 starts from the derived one
    "kijk-uit",  # current, iterated, the Aalsmeer bonus from the starting ranking without p6
])
def test_from_the_withdrawal_on_the_player_was_never_in_the_system(ruleset: Any) -> None:
    s = season(ids(6), ROUNDS, ruleset=ruleset, withdrawals=[("p6", 3)], rounds_planned=30)
    rp, alone = replay(s), replay(never_there(s, PlayerId("p6")))
    got, want = rp.standings(3), alone.standings(3)
    assert [(r.player, r.score) for r in got.rows] == [(r.player, r.score) for r in want.rows]
    assert rp.entry_ranking(3) == alone.entry_ranking(3)
    assert [rp.rankings_before(3).ranking_after(k) for k in range(3)] == [alone.ranking_after(k) for k in range(3)]
    # the tables before round 3 stay as published, p6 in them
    published = replay(season(ids(6), ROUNDS[:2], ruleset=ruleset, rounds_planned=30))
    assert [rp.standings(k) for k in range(3)] == [published.standings(k) for k in range(3)]
    assert all("p6" in rp.ranking_after(k) for k in range(3))
    ref = reference_replay(s)
    assert [(r.player, r.score) for r in rp.standings(3).rows] == list(zip(ref[3].order, ref[3].scores))


RULESETS = ("doorn-driebergen-2019", {"preset": "keizer-classic", "iterate": "never"}, "kijk-uit")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_after_a_removal_a_joiner_and_a_second_removal_see_the_same_rankings(ruleset: Any) -> None:
    """The tables of a later segment (a joiner at round 4, another removal before round 5) see every ranking
    before the first removal derived without the removed players too, not only the segment of the removal."""
    players: list[Any] = ids(6) + [{"id": "n", "name": "N", "joined": 4, "enters_at": 2}]
    rounds = ROUNDS + ["n-p1 1-0, p2-p3 1/2-1/2, p4-p5 1-0", "p1-p2 1-0, n-p4 0-1; p3 bye"]
    joined = season(players, rounds[:4], ruleset=ruleset, withdrawals=[("p6", 3)], rounds_planned=30)
    assert [(r.player, r.score) for r in replay(joined).standings(4).rows] == \
        [(r.player, r.score) for r in replay(never_there(joined, PlayerId("p6"))).standings(4).rows]
    both = season(players, rounds, ruleset=ruleset, withdrawals=[("p6", 3), ("p5", 5)], rounds_planned=30)
    alone = never_there(never_there(both, PlayerId("p6")), PlayerId("p5"))
    assert [(r.player, r.score) for r in replay(both).standings(5).rows] == \
        [(r.player, r.score) for r in replay(alone).standings(5).rows]
    ref = reference_replay(both)
    assert [(r.player, r.score) for r in replay(both).standings(5).rows] == list(zip(ref[5].order, ref[5].scores))


def test_the_derived_rankings_are_not_the_published_ones_struck_out() -> None:
    """The point of the rule: the ranking round 3 starts from (and, frozen, the price of the rounds before it)
    is derived without p6, and here that is not the published one with his name struck out."""
    for ruleset in RULESETS:
        rp = replay(season(ids(6), ROUNDS, ruleset=ruleset, withdrawals=[("p6", 3)], rounds_planned=30))
        struck = tuple(p for p in rp.ranking_after(2) if p != "p6")
        assert rp.entry_ranking(3)[0] == rp.rankings_before(3).ranking_after(2) != struck, ruleset


def test_the_round_a_withdrawal_takes_effect_is_paired_from_the_derived_ranking() -> None:
    """Pairing round 3 before it is played: the ranking it is paired from is the one its table will start from."""
    s = season(ids(6), ROUNDS[:2], ruleset="doorn-driebergen-2019", withdrawals=[("p6", 3)], rounds_planned=30)
    played = season(ids(6), ROUNDS, ruleset="doorn-driebergen-2019", withdrawals=[("p6", 3)], rounds_planned=30)
    assert replay(s).entry_ranking(3) == replay(played).entry_ranking(3)
    assert replay(s).entry_ranking(3)[0] == replay(never_there(played, PlayerId("p6"))).ranking_after(2)


def _stored_totals() -> dict[str, float]:
    """KeizerForClubs' totals after round 5 (`Player.Keizer_SumPts`, single precision) of the players it ranks."""
    path = DATA / "kfc-test-tournament.s3db"
    with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as conn:
        return {name: total for name, total, state in
                conn.execute("SELECT name, Keizer_SumPts, state FROM Player ORDER BY rank, rating DESC")
                if state != RETIRED}


def test_keizerforclubs_test_tournament_totals() -> None:
    """KeizerForClubs' `cfg/Test-Tournament.s3db` (tests/data/README.md: source and licence) written by hand
    as the keizer season `tests/data/kfc-test-tournament.json`, with the file's settings (`ConfigTab`):
    `OPTION.RatioFirst2Last` 3 → the ratio ladder (its top rounded half to even, as C#'s Convert.ToInt32);
    `BONUS.Freilos` 50, `Excused` 35, `Unexcused` 5, `Clubgame` 70, `Verlust` 0 (percent of the own value)
    → the factors of bye, excused, unexcused, duty and loss; `BONUS.Retired` 75 → a game against the retired
    player scores 3/4 of the own value for a win, 3/8 for a draw, 0 for a loss. KeizerForClubs adds each
    player's current value to the total (`Keizer_StartPts` in the sum: `self_value` current), prices every
    round at the ranking after the round before (a single pass), breaks ties by rating, and recalculates
    every round without the retired player (src/RankingCalculator.cs). Its stored totals come out exactly."""
    s = season_from_json(json.loads((DATA / "kfc-test-tournament.json").read_text()))
    stored = _stored_totals()
    rows = replay(s).standings(5).rows
    assert [s.player(r.player).name for r in rows] == list(stored)  # KeizerForClubs' ranking (`Player.rank`)
    got = {s.player(r.player).name: r.score for r in rows}
    # single precision holds the totals to about 1e-6: the exact total is the one of two decimals it shows
    assert {name: round(total, 2) for name, total in stored.items()} == {n: float(x) for n, x in got.items()}
    assert got["Amurru"] == Fraction(75, 2) and got["Ninedena"] == Fraction(463, 20)  # 37.5 (not 37), 23.15
