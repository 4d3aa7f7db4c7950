"""The runs of a forecast counted: how often each player ended where, as exact counts that add up the same in any order."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from keizer.evening.forecast.needs import NeedsTally
from keizer.evening.forecast.run import RunResult
from keizer.seasons.forecasts import Outcome
from keizer.seasons.model import PlayerId


@dataclass(slots=True)
class Tally:
    """Counts over runs, by player id (a shared title counts 1/m to each of the m who share it)."""

    runs: int = 0
    titles: dict[PlayerId, Fraction] = field(default_factory=dict)
    places: dict[PlayerId, dict[int, int]] = field(default_factory=dict)
    """Per player: final place → runs."""
    group: dict[PlayerId, int] = field(default_factory=dict)
    up: dict[PlayerId, int] = field(default_factory=dict)
    down: dict[PlayerId, int] = field(default_factory=dict)
    cups: dict[PlayerId, int] = field(default_factory=dict)
    eligible: dict[PlayerId, int] = field(default_factory=dict)
    needs: NeedsTally = field(default_factory=NeedsTally)
    """What each player's next rounds were, with what the runs ended with (`Start.needs`)."""
    cpu_seconds: float = field(default=0.0, compare=False)
    """Processor time the runs took (a benchmark's measure; never part of the forecast)."""

    def add(self, result: RunResult) -> None:
        self.runs += 1
        share = Fraction(1, len(result.champions)) if result.champions else Fraction(0)
        for pid in result.champions:
            self.titles[pid] = self.titles.get(pid, Fraction(0)) + share
        for place, pid in enumerate(result.order, start=1):
            row = self.places.setdefault(pid, {})
            row[place] = row.get(place, 0) + 1
        for counts, players in ((self.group, result.group), (self.up, result.up), (self.down, result.down),
                                (self.cups, result.cups), (self.eligible, result.eligible)):
            for pid in players:
                counts[pid] = counts.get(pid, 0) + 1
        if result.next:
            one = Fraction(1)
            outcome: dict[Outcome, dict[PlayerId, Fraction]] = {
                "title": dict.fromkeys(result.champions, share), "group": dict.fromkeys(result.group, one),
                "up": dict.fromkeys(result.up, one), "down": dict.fromkeys(result.down, one),
                "cup": dict.fromkeys(result.cups, one), "eligible": dict.fromkeys(result.eligible, one)}
            self.needs.add(result.next, outcome)

    def merge(self, other: Tally) -> None:
        """Add another tally's runs (a worker's): exact counts, so the order of merging changes nothing."""
        self.runs += other.runs
        self.cpu_seconds += other.cpu_seconds
        self.needs.merge(other.needs)
        for pid, value in other.titles.items():
            self.titles[pid] = self.titles.get(pid, Fraction(0)) + value
        for pid, row in other.places.items():
            mine = self.places.setdefault(pid, {})
            for place, n in row.items():
                mine[place] = mine.get(place, 0) + n
        for counts, theirs in ((self.group, other.group), (self.up, other.up), (self.down, other.down),
                               (self.cups, other.cups), (self.eligible, other.eligible)):
            for pid, n in theirs.items():
                counts[pid] = counts.get(pid, 0) + n
