"""The forecast checked on real seasons: title chances made after every round from round 10 scored against who won,
and the attendance the model expects held against what the club had.

The seasons are the anonymised club seasons of `../shared/data` (played under plain keizer-classic: the
title is the first place of the final standings). A forecast after round K sees rounds 1..K only (`as_after`;
the players who joined later are known to it, with the round they joined: the file says no more of them).
Scores:

- Brier: Σ over players of (chance − 1 for the champion, 0 otherwise)²; "the leader after round K wins"
  scores 0 when the leader won, 2 when not.
- log: −ln of the champion's chance (a chance of 0 counted as half a run's, 1 / (2 · runs): a forecast that
  gave the champion nothing is not forgiven); the leader baseline's is 0 or that of half a run's chance too.
- attendance: after round K, each player's chance of coming (`ForecastModel.presence`: their own attendance
  in rounds 1..K shrunk towards the club's) against the share of the later rounds they came to (a game or a
  bye); the error per player, beside the error of giving every player the club's attendance.
"""

from __future__ import annotations

import math
import multiprocessing
from dataclasses import dataclass
from pathlib import Path

from keizer.evening.forecast.model import measure_model
from keizer.evening.forecast.season_forecast import forecast
from keizer.evening.forecast.start import as_after
from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, Season
from keizer.seasons.ruleset.parse import parse_ruleset

FIRST_ROUND = 10
"""Forecasts are made after this round and every later one but the last."""


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The forecast after one round of one season against its end."""

    season: str
    k: int
    champion: str
    leader: str
    chance: float
    """The champion's title chance."""
    brier: float
    log: float
    floor: float
    """The chance a forecast's 0 is counted as in the log score (half a run's)."""

    @property
    def baseline_brier(self) -> float:
        return 0.0 if self.leader == self.champion else 2.0

    @property
    def baseline_log(self) -> float:
        return 0.0 if self.leader == self.champion else -math.log(self.floor)


@dataclass(frozen=True, slots=True)
class AttendanceFit:
    """The attendance expected after round K against the rounds that followed."""

    season: str
    k: int
    expected: float
    """The mean chance of coming of the players ranked in the later rounds, weighted by their rounds there."""
    came: float
    """The share of those player-rounds in which the player came."""
    error: float
    """The mean over players of |expected − came| (each player's own chance against their own share)."""
    club_error: float
    """The same with the club's attendance as every player's chance."""


def score_round(season: Season, name: str, k: int, runs: int, seed: int = 0) -> RoundScore:
    champion = replay(season).standings().prize_order()[0].player
    leader = replay(season, k).standings().rows[0].player
    made = forecast(season, k, runs=runs, seed=seed, workers=1)
    brier = sum((p.title - (1.0 if p.player == champion else 0.0)) ** 2 for p in made.players)
    chance = next((p.title for p in made.players if p.player == champion), 0.0)
    floor = 1 / (2 * runs)
    return RoundScore(season=name, k=k, champion=champion, leader=leader, chance=chance, brier=brier,
                      log=-math.log(max(chance, floor)), floor=floor)


def attendance_fit(season: Season, name: str, k: int) -> AttendanceFit:
    """How well the attendance of rounds 1..k foretold that of the rounds after k."""
    model = measure_model(as_after(season, k), parse_ruleset(season.ruleset_spec), k)
    chance = dict(model.presence)
    rounds: dict[str, int] = {}
    came: dict[str, int] = {}
    for rnd in season.rounds[k:]:
        playing = {pid for g in rnd.games if not g.result.is_forfeit for pid in g.players()}
        playing |= {pid for pid, kind in rnd.entries if kind is EntryKind.BYE}
        for p in season.players:
            if p.joined > rnd.number:
                continue
            rounds[p.id] = rounds.get(p.id, 0) + 1
            came[p.id] = came.get(p.id, 0) + (p.id in playing)
    total = sum(rounds.values())
    expected = sum(chance.get(pid, model.club_presence) * n for pid, n in rounds.items()) / total
    shares = {pid: came[pid] / n for pid, n in rounds.items()}
    error = sum(abs(chance.get(pid, model.club_presence) - s) for pid, s in shares.items()) / len(shares)
    club_error = sum(abs(model.club_presence - s) for s in shares.values()) / len(shares)
    return AttendanceFit(season=name, k=k, expected=expected, came=sum(came.values()) / total, error=error,
                         club_error=club_error)


@dataclass(frozen=True, slots=True)
class RealCheck:
    runs: int
    scores: tuple[RoundScore, ...]
    fits: tuple[AttendanceFit, ...]

    def mean(self, what: str) -> float:
        return sum(getattr(s, what) for s in self.scores) / len(self.scores)

    def report(self) -> str:
        lines = [f"real seasons: forecasts after every round from {FIRST_ROUND}, {self.runs} runs each, "
                 f"{len(self.scores)} forecasts",
                 "season     rounds  Brier (forecast / leader wins)  log (forecast / leader wins)  "
                 "champion's mean chance  leader won"]
        for name in dict.fromkeys(s.season for s in self.scores):
            own = [s for s in self.scores if s.season == name]
            lines.append(f"{name:10} {own[0].k}–{own[-1].k}  {_mean(own, 'brier'):.3f} / {_mean(own, 'baseline_brier'):.3f}"
                         f"                 {_mean(own, 'log'):.3f} / {_mean(own, 'baseline_log'):.3f}"
                         f"                {_mean(own, 'chance'):.0%}                   "
                         f"{sum(s.leader == s.champion for s in own)} of {len(own)}")
        lines.append(f"all        {self.mean('brier'):.3f} / {self.mean('baseline_brier'):.3f}  "
                     f"log {self.mean('log'):.3f} / {self.mean('baseline_log'):.3f}")
        lines.append("attendance after round K: expected / came, mean error per player (own chance / club's)")
        for f in self.fits:
            lines.append(f"{f.season:10} K={f.k:2}  {f.expected:.0%} / {f.came:.0%}   {f.error:.3f} / {f.club_error:.3f}")
        return "\n".join(lines)


def _mean(scores: list[RoundScore], what: str) -> float:
    return sum(getattr(s, what) for s in scores) / len(scores)


def _score(job: tuple[str, str, int, int]) -> RoundScore:
    path, name, k, runs = job
    return score_round(load_season(path), name, k, runs)


def check_real(paths: list[Path], runs: int = 200, every: int = 1, workers: int = 1,
               fit_rounds: tuple[int, ...] = (10, 15, 20, 25)) -> RealCheck:
    """Every season of `paths` forecast after rounds FIRST_ROUND, FIRST_ROUND + every, … up to its last but one."""
    jobs = []
    fits = []
    for path in paths:
        season = load_season(path)
        name = path.stem.removeprefix("real-season-")
        last = season.rounds_planned or len(season.rounds)
        jobs += [(str(path), name, k, runs) for k in range(FIRST_ROUND, last, every)]
        fits += [attendance_fit(season, name, k) for k in fit_rounds if k < last]
    if workers <= 1:
        scores = [_score(job) for job in jobs]
    else:
        with multiprocessing.get_context("forkserver").Pool(workers) as pool:
            scores = pool.map(_score, jobs)
    return RealCheck(runs=runs, scores=tuple(scores), fits=tuple(fits))
