"""What a forecast assumes about the rounds to come, measured from the season itself: strengths, draws, attendance."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from keizer.scoring.benchgen import elo_result
from keizer.seasons.championship import out_of_keizer
from keizer.seasons.model import EntryKind, PlayerId, Result, Season
from keizer.seasons.ruleset.model import Ruleset

DEFAULT_RATING = 1500
"""Every player's strength when nobody in the season has a rating (all games then even)."""
DEFAULT_DRAW_SHARE = 0.3
"""The draw share before a single game has been played (the season simulator's)."""
DEFAULT_PRESENCE = 0.85
"""The club's attendance before a single round has been played."""
PRIOR_ROUNDS = 2
"""A player's own attendance is shrunk towards the club's by this many rounds' worth: after two rounds a
player seen twice is not taken to come every week for sure."""
ABSENCES_DRAWN = (EntryKind.EXCUSED, EntryKind.UNEXCUSED, EntryKind.DUTY, EntryKind.EXTERNAL_WIN,
                  EntryKind.EXTERNAL_DRAW, EntryKind.EXTERNAL_LOSS)
"""The absences a forecast draws (a team match whose result is still to come is not one of its own)."""


@dataclass(frozen=True, slots=True)
class ForecastModel:
    """The assumptions of one forecast, each measured from rounds 1..K (docs/forecast.md)."""

    ratings: tuple[tuple[PlayerId, int], ...]
    """Each player's strength: the rating, or the median rating of the field for an unrated player."""
    draw_share: float
    """The draws between equals: measured so that the Elo model gives the draws the season had."""
    presence: tuple[tuple[PlayerId, float], ...]
    """The chance that a player comes to a round: their own attendance this season, shrunk towards the club's."""
    absences: tuple[tuple[PlayerId, tuple[EntryKind, ...]], ...]
    """Each player's own absences this season (an absence to come is one of them, drawn at random;
    `excused` for a player never absent)."""
    club_presence: float
    """The club's attendance in rounds 1..K (the prior of each player's own)."""
    _rating: dict[PlayerId, int] = field(init=False, repr=False, compare=False)
    _presence: dict[PlayerId, float] = field(init=False, repr=False, compare=False)
    _absences: dict[PlayerId, tuple[EntryKind, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rating", dict(self.ratings))
        object.__setattr__(self, "_presence", dict(self.presence))
        object.__setattr__(self, "_absences", dict(self.absences))

    def rating(self, pid: PlayerId) -> int:
        return self._rating[pid]

    def chance(self, pid: PlayerId) -> float:
        """The chance that the player comes to a round."""
        return self._presence.get(pid, self.club_presence)

    def comes(self, rng: random.Random, pid: PlayerId) -> bool:
        """Whether the player comes to a round (one draw)."""
        return rng.random() < self.chance(pid)

    def absence(self, rng: random.Random, pid: PlayerId) -> EntryKind:
        """The entry of a player who does not come: one of their own absences, drawn at random."""
        own = self._absences.get(pid, ())
        return own[int(rng.random() * len(own))] if own else EntryKind.EXCUSED

    def draw_absences(self, rng: random.Random, pids: list[PlayerId]) -> dict[PlayerId, EntryKind]:
        """Who of `pids` does not come to a round, and their entry: each in turn `comes` (one draw) and, when
        not, their `absence` (one draw more) — the draws in that order, read with the names bound (every
        round of every run draws for each player)."""
        draw, presence, club, kinds = rng.random, self._presence, self.club_presence, self._absences
        out: dict[PlayerId, EntryKind] = {}
        for pid in pids:
            if not draw() < presence.get(pid, club):
                own = kinds.get(pid, ())
                out[pid] = own[int(draw() * len(own))] if own else EntryKind.EXCUSED
        return out

    def result(self, rng: random.Random, white: PlayerId, black: PlayerId) -> Result:
        """A game's result drawn from the Elo expectation with the season's draw share."""
        return elo_result(self._rating[white], self._rating[black], rng.random(), self.draw_share)

    def result_chance(self, white: PlayerId, black: PlayerId, result: Result) -> float:
        """The chance `result` draws that result (`elo_result`'s bounds: white wins below E − d/2, draws below
        E + d/2)."""
        expected = 1 / (1 + 10 ** ((self._rating[black] - self._rating[white]) / 400))
        draw = self.draw_share * (1 - abs(2 * expected - 1))
        return {Result.WHITE_WINS: expected - draw / 2, Result.DRAW: draw}.get(result, 1 - expected - draw / 2)


def measure_model(season: Season, ruleset: Ruleset, k: int) -> ForecastModel:
    """The model of rounds after k, from rounds 1..k of `season`."""
    rated = [p.rating for p in season.players if p.rating is not None]
    middle = round(statistics.median(rated)) if rated else DEFAULT_RATING
    ratings = {p.id: p.rating if p.rating is not None else middle for p in season.players}
    came: dict[PlayerId, int] = {p.id: 0 for p in season.players}
    held: dict[PlayerId, int] = {p.id: 0 for p in season.players}
    kinds: dict[PlayerId, list[EntryKind]] = {p.id: [] for p in season.players}
    draws, weight = 0, 0.0
    mode = ruleset.championship.mode if ruleset.championship else None
    for rnd in season.rounds[:k]:
        away = set(out_of_keizer(season.championship, mode, rnd.number))
        playing: set[PlayerId] = set()
        for g in rnd.games:
            playing.update(g.players())
            if g.result.is_forfeit:
                absent = g.black if g.result is Result.WHITE_FORFEIT_WIN else g.white
                kinds[absent].append(EntryKind.UNEXCUSED)  # a no-show (D art. 11, §13)
                came[g.opponent_of(absent)] += 1
                held[g.white] += 1
                held[g.black] += 1
                continue
            came[g.white] += 1
            came[g.black] += 1
            held[g.white] += 1
            held[g.black] += 1
            if g.result.is_decided:
                expected = 1 / (1 + 10 ** ((ratings[g.black] - ratings[g.white]) / 400))
                weight += 1 - abs(2 * expected - 1)
                draws += g.result is Result.DRAW
        for pid, entry in rnd.entries:
            if pid in playing or pid in away or pid not in held or entry is EntryKind.LATE:
                continue
            held[pid] += 1
            if entry is EntryKind.BYE:
                came[pid] += 1
            elif entry in ABSENCES_DRAWN:
                kinds[pid].append(entry)
    total = sum(held.values())
    club = sum(came.values()) / total if total else DEFAULT_PRESENCE
    presence = {pid: (came[pid] + PRIOR_ROUNDS * club) / (held[pid] + PRIOR_ROUNDS) for pid in held}
    share = min(1.0, draws / weight) if weight > 0 else DEFAULT_DRAW_SHARE
    ids = [p.id for p in season.players]
    return ForecastModel(ratings=tuple((pid, ratings[pid]) for pid in ids), draw_share=share,
                         presence=tuple((pid, presence[pid]) for pid in ids),
                         absences=tuple((pid, tuple(kinds[pid])) for pid in ids), club_presence=club)
