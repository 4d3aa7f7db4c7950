"""How honest the title chances are: forecasts made half-way through simulated seasons, scored against who won.

Each season is played to its end by keizer's own simulator (known ratings, its own draws and absences); the
forecast made after round K sees only rounds 1..K (`as_after`) and measures its model from them. The Brier
score of the title chances (Σ over players of (chance − won)², 0 is perfect) is compared with the baseline
"the leader after round K wins" (a Brier score of 0 when the leader wins, 2 when not).
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass

from keizer.evening.forecast.season_forecast import forecast
from keizer.pairing.simulate import simulate_season
from keizer.scoring.replay import replay

RULESET = "keizer-classic"
"""The title is the first place of the final standings: the calibration needs no group's tie-breaks."""


@dataclass(frozen=True, slots=True)
class SeasonScore:
    """One season's forecast against its end."""

    seed: int
    champion: str
    leader: str
    """First after round K."""
    chance: float
    """The forecast's title chance of the eventual champion."""
    brier: float
    """Σ (chance − won)² over the players."""

    @property
    def baseline(self) -> float:
        """The Brier score of "the leader wins": 0 or 2."""
        return 0.0 if self.leader == self.champion else 2.0


@dataclass(frozen=True, slots=True)
class Calibration:
    """The forecasts of many seasons against their ends."""

    players: int
    rounds: int
    k: int
    runs: int
    scores: tuple[SeasonScore, ...]

    @property
    def brier(self) -> float:
        return sum(s.brier for s in self.scores) / len(self.scores)

    @property
    def baseline(self) -> float:
        return sum(s.baseline for s in self.scores) / len(self.scores)

    @property
    def leader_won(self) -> float:
        """How often the leader after round K was the champion."""
        return sum(s.leader == s.champion for s in self.scores) / len(self.scores)

    @property
    def mean_chance(self) -> float:
        """The forecast's mean title chance of the eventual champion."""
        return sum(s.chance for s in self.scores) / len(self.scores)

    def report(self) -> str:
        return "\n".join([
            f"calibration: {len(self.scores)} simulated seasons of {self.players} players and {self.rounds} rounds "
            f"({RULESET}), title chances after round {self.k} from {self.runs} runs each",
            f"  Brier score of the forecast:           {self.brier:.3f}",
            f"  Brier score of \"the leader wins\":      {self.baseline:.3f}  (the leader won {self.leader_won:.0%})",
            f"  the champion's mean forecast chance:   {self.mean_chance:.0%}",
            "Brier score: Σ over players of (chance − 1 if champion else 0)², averaged over seasons; 0 is perfect.",
        ])


def score_season(seed: int, players: int, rounds: int, k: int, runs: int) -> SeasonScore:
    """Season `seed` played to its end, and the forecast after round k scored against it."""
    season = simulate_season(players, rounds, RULESET, seed)
    final = replay(season).standings().prize_order()
    champion = final[0].player
    leader = replay(season, k).standings().rows[0].player
    made = forecast(season, k, runs=runs, seed=seed, workers=1)
    brier = sum((p.title - (1.0 if p.player == champion else 0.0)) ** 2 for p in made.players)
    chance = next((p.title for p in made.players if p.player == champion), 0.0)
    return SeasonScore(seed=seed, champion=champion, leader=leader, chance=chance, brier=brier)


def calibrate(seasons: int = 200, players: int = 24, rounds: int = 20, k: int = 10, runs: int = 200,
              workers: int = 1) -> Calibration:
    """`seasons` simulated seasons (seeds 0..seasons−1) scored; on `workers` processes, a season each at a time."""
    jobs = [(seed, players, rounds, k, runs) for seed in range(seasons)]
    if workers <= 1:
        scores = [score_season(*job) for job in jobs]
    else:
        with multiprocessing.get_context("forkserver").Pool(workers) as pool:
            scores = pool.starmap(score_season, jobs)
    return Calibration(players=players, rounds=rounds, k=k, runs=runs, scores=tuple(scores))
