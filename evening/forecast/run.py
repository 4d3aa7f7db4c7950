"""One run of a forecast: rounds K+1..last played as an evening would, each paired by the engine and scored by the replay."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from keizer.evening.forecast.group import Schedules, after_round, champions, form_group, pulled_forward
from keizer.evening.forecast.needs import Seen, Watch
from keizer.evening.forecast.start import Start
from keizer.pairing.history import CarriedPast
from keizer.pairing.plain import Games, plain_games
from keizer.scoring.classes import read_classes
from keizer.scoring.cups import cup_tables
from keizer.scoring.facts import round_as_booked
from keizer.scoring.replay import IterationReport, Standings
from keizer.seasons.championship import final_group, out_of_keizer
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, PlayerId, Round, Season
from keizer.seasons.roster import suspended

@dataclass(frozen=True, slots=True)
class RunResult:
    """What one run ended with, each player by id."""

    order: tuple[PlayerId, ...]
    """The final Keizer ranking (K's finalists held at the top)."""
    champions: tuple[PlayerId, ...]
    """The title: one player, or those who share it."""
    group: tuple[PlayerId, ...]
    """The championship group formed in this run (empty when it had formed before the forecast)."""
    up: tuple[PlayerId, ...]
    """Moved up a class at the reading the forecast reports."""
    down: tuple[PlayerId, ...]
    """Moved down a class there."""
    cups: tuple[PlayerId, ...]
    """Won a group cup (K)."""
    eligible: tuple[PlayerId, ...]
    """Above the participation threshold (K's 33%) at the end."""
    next: Seen = ()
    """Each player's next rounds (`Start.needs`; else empty)."""


def run_rng(seed: int, run: int) -> random.Random:
    """The random numbers of run `run`: its own stream, so that a run plays the same whichever process plays it."""
    return random.Random(f"keizer-forecast|{seed}|{run}")


def pair_round(season: Season, k: int, ranking: tuple[PlayerId, ...], values: tuple[Fraction, ...],
               past: CarriedPast) -> Games:
    """The engine's pairing of round k (listed in `season` with its absences) from `ranking` and the history
    of rounds 1..k−1: the evening's pairing (`evening.solve`), built from the run's own ranking and history
    (`plain_games`: `optimal_games`' boards, priced straight from arrays)."""
    return plain_games(season, k, ranking, values, past)


class Run:
    """One run: the season, its standings and its pairing past as they stand after each round played."""

    def __init__(self, start: Start, run: int, schedules: Schedules) -> None:
        self.start = start
        self.rng = run_rng(start.seed, run)
        self.schedules = schedules
        self.season = start.season
        self.past = start.past.fork()
        self.onward = start.onward.fork()
        self.group: tuple[PlayerId, ...] = ()
        self.up: tuple[PlayerId, ...] = ()
        self.down: tuple[PlayerId, ...] = ()
        self.watch = Watch(start.k + 1, start.last) if start.needs else None

    def play(self) -> RunResult:
        """Every round still to play, then what the season ended with."""
        for k in range(self.start.k + 1, self.start.last + 1):
            try:
                self.play_round(k)
            except KeizerError as exc:  # the engine's words are the evening's: say where it happened
                raise KeizerError(f"a simulated round {k} stopped the forecast: {exc}") from exc
        return self.result()

    def play_round(self, k: int) -> Round:
        """Round k (the next): the group formed first when its round has come, then who comes, the pairing,
        the results; the standings, the history and the group's schedule carried on."""
        start, rule = self.start, self.start.ruleset.championship
        if rule is not None and self.season.championship is None and k == rule.after_round + 1:
            # a group formed in a run is spread, not modelled: hundreds of runs form hundreds of groups
            self.season = form_group(self.season, rule, self.onward.ranking(), self.schedules, modelled=False)
            self.group = self.season.championship.members if self.season.championship else ()
            self.onward.with_final_group(self.season)
        ranking, values = self.entry_ranking(k)
        played = self._played(k, ranking, values)
        self.season = self.season.with_round(played)
        self.scored(played)
        if rule is not None:
            self.season = after_round(self.season, rule, k)
        if k == start.reading:
            self.up, self.down = self._class_moves(k)
        return played

    def entry_ranking(self, k: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
        """(ranking, values) round k is paired and scored from: the standings carried on, or, where the ranked
        players change at k (a joiner, a removal), a new segment's (`Onward.next_segment`)."""
        if self.onward.entry is None and k in self.start.new_segments:
            self.onward = self.onward.next_segment(self.season, self.start.last)
        return self.onward.entry_ranking(self.season, k)

    def paired(self, season: Season, k: int, ranking: tuple[PlayerId, ...], values: tuple[Fraction, ...]) -> Games:
        """The engine's pairing of round k, listed in `season`, from the run's history (`pair_round`)."""
        return pair_round(season, k, ranking, values, self.past)

    def scored(self, played: Round) -> None:
        """The history and the standings carried on with the round just played (the season has it)."""
        self.past.add(round_as_booked(played, self.start.ruleset))
        self.onward.step(played)

    def listed(self, k: int, ranking: tuple[PlayerId, ...]) -> Round:
        """Round k as it is paired from `ranking`: the absences known (reported, team matches, a suspension),
        and each other player present or not by their own attendance; no games."""
        season, model, rng = self.season, self.start.model, self.rng
        known = season.rounds[k - 1] if k <= len(season.rounds) else None
        # a listed round's bye entry was an old pairing's (the player is present, `Pool`): the pairing gives it anew
        entries: dict[PlayerId, EntryKind] = ({pid: e for pid, e in known.entries if e is not EntryKind.BYE}
                                              if known is not None else {})
        if k == self.start.k + 1:  # D art. 12: a suspended player is not paired until they report back
            for pid in suspended(season, k):
                entries.setdefault(pid, EntryKind.UNEXCUSED)
        rule = self.start.ruleset.championship
        away = set(out_of_keizer(season.championship, rule.mode if rule else None, k))
        could: list[PlayerId] = []
        windows = self.start.windows
        for pid in ranking:
            if pid in entries or pid in away:
                continue
            joined, leaves = windows[pid]
            if joined > k or (leaves is not None and leaves <= k):
                continue
            could.append(pid)
        entries.update(model.draw_absences(rng, could))
        # A round is held: where the draws left fewer than two of those who could come, the likeliest come
        # (else no round after it could be paired). No draw more: every other run is as it was.
        coming = sum(1 for pid in could if pid not in entries)
        if coming < 2:  # seldom: the draws are sorted only then
            drawn = sorted((pid for pid in could if pid in entries), key=lambda pid: -model.chance(pid))
            while drawn and coming < 2:
                del entries[drawn.pop(0)]
                coming += 1
        return Round(number=k, entries=tuple(sorted(entries.items())))

    def _played(self, k: int, ranking: tuple[PlayerId, ...], values: tuple[Fraction, ...]) -> Round:
        model, rng = self.start.model, self.rng
        known = self.season.rounds[k - 1] if k <= len(self.season.rounds) else None
        if known is not None and known.is_paired:  # a pairing saved before the forecast: played as saved
            games = tuple(g if g.result.is_decided else Game(g.white, g.black, model.result(rng, g.white, g.black))
                          for g in known.games)
            return self._watched(Round(number=k, date=known.date, games=games, entries=known.entries),
                                 frozenset((g.white, g.black) for g in known.games if not g.result.is_decided))
        listed = self.listed(k, ranking)
        try:
            boards, bye = self.paired(self.season.with_round(listed), k, ranking, values)
        except KeizerError:  # the group's members present outnumber the others: some of their games moved here
            rule = self.start.ruleset.championship
            absent = {pid for pid, _ in listed.entries}
            moved = pulled_forward(self.season, rule, k, {p for p in ranking if p not in absent}) if rule else self.season
            if moved is self.season:
                raise
            self.season = moved
            boards, bye = self.paired(self.season.with_round(listed), k, ranking, values)
        games = tuple(Game(white, black, model.result(rng, white, black)) for white, black in boards)
        entries = listed.entries + (((bye, EntryKind.BYE),) if bye is not None else ())
        return self._watched(Round(number=k, games=games, entries=tuple(sorted(entries))), frozenset(boards))

    def _watched(self, played: Round, drawn: frozenset[tuple[PlayerId, PlayerId]]) -> Round:
        """`played`, told to the watch of each player's next rounds (when the forecast tells what they need)."""
        if self.watch is not None:
            self.watch.round(played, self.start.model, drawn)
        return played

    def _class_moves(self, k: int) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
        rules = self.start.ruleset.classes
        if rules is None:
            return (), ()
        moves = read_classes(self.season, self.onward.rows(), k, rules).moves
        place = {name: i for i, name in enumerate(rules.names)}
        return (tuple(m.player for m in moves if place[m.target] < place[m.source]),
                tuple(m.player for m in moves if place[m.target] > place[m.source]))

    def result(self) -> RunResult:
        """What the season ended with: the final ranking, the title, the cups, the 33% rule."""
        start, season = self.start, self.season
        ruleset = start.ruleset
        rows = self.onward.rows()
        rule = ruleset.championship
        if rule is not None and season.championship is not None:
            title = champions(season, rule, start.model, self.rng)
        else:  # the first of the prize list (those under the participation threshold after the others)
            prize = [r for r in rows if r.eligible is not False] + [r for r in rows if r.eligible is False]
            title = (prize[0].player,) if prize else ()
        cups: tuple[PlayerId, ...] = ()
        if ruleset.cups is not None:
            left = final_group(season.championship, rule.mode if rule else None)
            standings = Standings(round=start.last, rows=rows, iteration=_NO_REPORT)
            cups = tuple(r.player for t in cup_tables(season, standings, ruleset.cups,
                                                      frozenset(left.members) if left else frozenset())
                         for r in t.rows if r.cup)
        eligible = tuple(r.player for r in rows if r.eligible) if ruleset.participation is not None else ()
        return RunResult(order=tuple(r.player for r in rows), champions=title, group=self.group, up=self.up,
                         down=self.down, cups=cups, eligible=eligible,
                         next=self.watch.seen() if self.watch is not None else ())


def play_run(start: Start, run: int, schedules: Schedules) -> RunResult:
    """Play run `run` of the forecast from `start`."""
    return Run(start, run, schedules).play()


_NO_REPORT = IterationReport(iterations=0, cycled=False, cycle_length=0, capped=False)
"""The cups read only the rows of the standings, not how they were found."""
