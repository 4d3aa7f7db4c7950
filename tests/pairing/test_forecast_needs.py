"""What a player needs: the chances given the next round won, drawn, lost or missed, from the forecast's own runs
(weighted as if imposed), held to runs with the condition imposed; and the points of the next rounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import Run
from keizer.evening.forecast.season_forecast import forecast
from keizer.evening.forecast.start import make_start
from keizer.pairing.simulate import simulate_season
from keizer.seasons.forecasts import CONDITIONS, margin
from keizer.seasons.model import Game, PlayerId, Result, Round

WON = {"won": (Result.WHITE_WINS, Result.BLACK_WINS), "drawn": (Result.DRAW, Result.DRAW),
       "lost": (Result.BLACK_WINS, Result.WHITE_WINS)}
"""The condition as the result of a game the player has white in, and black."""


class Imposed(Run):
    """A run with the player's next round imposed: present with their game's result set, or absent (one of their
    own absences, as the model draws one). Void when the player, made to come, had no game (the bye)."""

    def __init__(self, start, run, player: PlayerId, condition: str) -> None:
        super().__init__(start, run, Schedules())
        self.player, self.condition, self.void = player, condition, False

    def listed(self, k, ranking):
        rnd = super().listed(k, ranking)
        if k != self.start.k + 1:
            return rnd
        entries = dict(rnd.entries)
        if self.condition == "absent":
            entries.setdefault(self.player, self.start.model.absence(self.rng, self.player))
        else:
            entries.pop(self.player, None)
        return Round(number=k, entries=tuple(sorted(entries.items())))

    def _played(self, k, ranking, values):
        played = super()._played(k, ranking, values)
        if k != self.start.k + 1 or self.condition == "absent":
            return played
        game = played.game_of(self.player)
        if game is None:
            self.void = True
            return played
        result = WON[self.condition][0 if game.white == self.player else 1]
        games = tuple(Game(g.white, g.black, result) if g is game else g for g in played.games)
        return Round(number=k, games=games, entries=played.entries)


def imposed_chance(start, player: PlayerId, condition: str, runs: int) -> tuple[float, int]:
    """The player's title chance in `runs` runs with the condition imposed (void runs left out), and the runs."""
    titles, counted = Fraction(0), 0
    for run in range(runs):
        imposed = Imposed(start, 10_000 + run, player, condition)  # runs the forecast did not play
        result = imposed.play()
        if imposed.void:
            continue
        counted += 1
        if player in result.champions:
            titles += Fraction(1, len(result.champions))
    return float(titles / counted), counted


@pytest.mark.parametrize("player", ["p003", "p006"])
def test_the_chances_given_the_next_round_are_those_of_runs_with_it_imposed(player):
    season = simulate_season(12, 14, "keizer-classic", 0, played=9)  # p003: ~30% of the title, p006: a few
    made = forecast(season, runs=400, seed=1, workers=1, needs=True)
    needs = made.needs_of(PlayerId(player))
    assert needs is not None and (needs.first, needs.last) == (10, 12)
    start = make_start(season, 9, seed=1, schedules=Schedules())
    for condition in CONDITIONS:
        given = needs.given(condition)
        assert given.runs > 0 and given.chance("title") is not None
        chance, spread = given.chance("title")
        direct, counted = imposed_chance(start, PlayerId(player), condition, 120)
        assert abs(chance - direct) <= spread + margin(direct, counted) + 1e-9, condition
    won, lost = needs.given("won").chance("title"), needs.given("lost").chance("title")
    assert won[0] >= lost[0]  # a win next week never hurts
    reported = made.needs_of(PlayerId("p001"))  # p001's absence from round 10 is known: no game to win or lose
    assert [c.runs for c in reported.conditions] == [0, 0, 0, made.runs]


def test_the_points_of_the_next_rounds_say_what_keeps_the_title_in_reach():
    season = simulate_season(12, 14, "keizer-classic", 0, played=9)
    made = forecast(season, runs=200, seed=1, workers=1, needs=True)
    for p in made.players:
        needs = made.needs_of(p.player)
        assert needs is not None and sum(row.runs for row in needs.points) == made.runs  # every run has a score
        assert all(0 <= row.points <= 3 for row in needs.points)
        least = needs.needed("title")
        if p.title == 0:
            assert least is None
            continue
        assert least is not None
        assert all(row.chance("title")[0] == 0 for row in needs.points if row.points < least)
    plain = forecast(season, runs=200, seed=1, workers=1)
    assert plain.needs == () and plain.players == made.players  # the needs change no chance
