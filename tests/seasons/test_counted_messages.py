"""Every message that counts says one thing in the singular: "1 round", "1 game", "once", never "1 rounds"."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from keizer.seasons.model import GroupGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.numbers import times
from keizer.seasons.roster import check_withdrawal
from keizer.seasons.rounds import complete_text
from keizer.seasons.store.class_events import ClassMovesSet
from keizer.seasons.store.events import EntrySet
from keizer.seasons.store.championship_events import GroupScheduleSet
from keizer.seasons.store.published import Published
from keizer.seasons.store.season_store import SeasonStore
from keizer.evening.evening import Evening
from keizer.web.sheet import round_sheet

A, B = PlayerId("a"), PlayerId("b")


def _season(rounds: int, **kw: Any) -> Season:
    played = tuple(Round(number=k, games=(Game(white=A, black=B, result=Result.DRAW),)) for k in range(1, rounds + 1))
    return Season(name="x", ruleset_spec="keizer-classic", players=(Player(id=A, name="A"), Player(id=B, name="B")),
                  rounds=played, **kw)


def test_the_store_describes_one_game_and_one_class_move_in_the_singular() -> None:
    assert GroupScheduleSet(games=(GroupGame(1, A, B),)).describe() == (
        "set the championship group's schedule (1 game)")
    assert GroupScheduleSet(games=(GroupGame(1, A, B), GroupGame(2, B, A))).describe().endswith("(2 games)")
    assert ClassMovesSet(after_round=3, moves=((A, "B"),)).describe() == "accept 1 class move after round 3"


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_round_that_does_not_exist_names_the_seasons_rounds(rounds: int) -> None:
    said = f"(the season has {rounds} round{'s' if rounds > 1 else ''})"
    season = _season(rounds)
    with pytest.raises(KeizerError) as store:
        EntrySet(round=5, player=A, entry=None).replay(season)
    with pytest.raises(KeizerError) as published:
        Published(round=5, lang="nl", revision=1, output="site").replay(season)
    with pytest.raises(KeizerError) as sheet:
        round_sheet(season, 5)
    assert [said in str(e.value) for e in (store, published, sheet)] == [True, True, True]


def test_a_withdrawal_past_a_one_round_season_says_one_round() -> None:
    season = _season(1)
    with pytest.raises(KeizerError, match=r"^the season has 1 round: a withdrawal before round 2 changes nothing"):
        check_withdrawal(season, season.player(A), 2)


def test_a_complete_season_of_one_round_and_the_times_two_players_met() -> None:
    assert complete_text(1) == "the season is complete: its 1 planned round is paired"
    assert complete_text(9) == "the season is complete: all 9 planned rounds are paired"
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]


def test_the_results_line_of_a_round_of_one_board(tmp_path: Path) -> None:
    season = _season(1)
    one = Round(number=1, games=(Game(white=A, black=B),))
    store = tmp_path / "one.keizer"
    SeasonStore.create(store, Season(name="x", ruleset_spec="keizer-classic", players=season.players,
                                     rounds=(one,))).close()
    evening = Evening.open(store)
    try:
        assert evening.results.summary(1).text == "Round 1 — 0 of 1 result entered"
    finally:
        evening.close()


def test_the_site_says_one_round_and_one_point() -> None:
    from keizer.web.words import GamePoints, say

    assert "took part in 0 of the 1 round, fewer" in say("cup_under_share", "en", name="A", n=0, k=1, need=1,
                                                         share="1/2")
    assert "deed mee aan 0 van de 1 ronde, minder" in say("cup_under_share", "nl", name="A", n=0, k=1, need=1,
                                                          share="1/2")
    assert "van de 3 rondes" in say("cup_under_share", "nl", name="A", n=1, k=3, need=2, share="2/3")
    level = {p: say("state_decision", "en", names="A and B", points=GamePoints(Fraction(p))) for p in ("1", "3/2")}
    assert "finish level on 1 point:" in level["1"] and "finish level on 1½ points:" in level["3/2"]
    assert "eindigen gelijk met 1 punt:" in say("state_playoff", "nl", names="A en B", points=GamePoints(Fraction(1)))


def test_the_settings_line_says_a_bonus_over_one_round() -> None:
    from keizer.seasons.ruleset.parse import parse_ruleset
    from keizer.evening.settings import ruleset_summary

    one = parse_ruleset({"preset": "keizer-classic", "aalsmeer": {"multiplier": 5, "rounds": 1}})
    assert "Aalsmeer bonus 5× over 1 round" in ruleset_summary(one)
    assert "over 5 rounds" in ruleset_summary(parse_ruleset({"preset": "keizer-classic",
                                                             "aalsmeer": {"multiplier": 5, "rounds": 5}}))


@pytest.mark.parametrize(("capped", "cycled", "said"), [
    (True, False, "iteration stopped at the cap of 1 step"),
    (False, True, "cycled (length 2) after 1 iteration: mean of the cycle"),
    (False, False, "converged in 1 iteration"),
])
def test_one_iteration_is_said_in_the_singular(capped: bool, cycled: bool, said: str) -> None:
    from types import SimpleNamespace
    from typing import cast

    from keizer.evening.standings import iteration_summary

    it = SimpleNamespace(iterations=1, capped=capped, cycled=cycled, cycle_length=2)
    rep = SimpleNamespace(standings=lambda: SimpleNamespace(iteration=it), upto=3, season=SimpleNamespace(
        rounds_planned=None), ruleset=SimpleNamespace(iterates_at=lambda k, planned: True, final_round=lambda planned: planned))
    assert iteration_summary(cast(Any, rep)) == said
