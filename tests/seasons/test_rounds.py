"""Which round an evening is about: one rule for the TUI and the command line."""

from __future__ import annotations

from dataclasses import replace

from keizer.seasons.model import Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.rounds import current_round, pending_before, results_round, round_to_pair

A, B, C, D = (PlayerId(x) for x in "abcd")
PLAYERS = tuple(Player(p, p.upper()) for p in (A, B, C, D))


def season(*rounds: Round) -> Season:
    return Season(name="s", ruleset_spec="keizer-classic", players=PLAYERS, rounds=rounds)


def played(k: int, *results: Result) -> Round:
    return Round(number=k, games=tuple(Game(w, b, r) for (w, b), r in zip(((A, B), (C, D)), results)))


def test_a_listed_round_without_games_is_tonights() -> None:
    s = season(played(1, Result.WHITE_WINS, Result.DRAW), Round(number=2))
    assert current_round(s) == round_to_pair(s) == 2
    assert results_round(s) == 1


def test_a_paired_round_stays_current_until_every_result_is_in() -> None:
    s = season(played(1, Result.PENDING, Result.PENDING))
    assert current_round(s) == round_to_pair(s) == 1  # paired, nothing entered: may be paired again
    s = season(played(1, Result.DRAW, Result.PENDING))
    assert current_round(s) == 1  # the evening in progress
    assert round_to_pair(s) == 2  # a round with results is never paired again
    s = season(played(1, Result.DRAW, Result.BLACK_WINS))
    assert current_round(s) == round_to_pair(s) == results_round(s) + 1 == 2


def test_an_empty_season_starts_at_round_one() -> None:
    s = season()
    assert current_round(s) == round_to_pair(s) == results_round(s) == 1
    assert current_round(replace(s, rounds=(Round(number=1),))) == 1


def test_games_pending_before_a_round() -> None:
    s = season(played(1, Result.DRAW, Result.PENDING), Round(number=2))
    assert pending_before(s, 2) == 1
    assert pending_before(s, 1) == pending_before(s, 3) == pending_before(s, 4) == 0
