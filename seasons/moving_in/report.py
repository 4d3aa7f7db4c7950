"""What an import carried and what it did not: the report printed by `keizer import` and kept in the log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from shlex import quote

from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.numbers import counted


STORED_PRECISION = (1e-5, 1e-4)
"""(relative, absolute) difference within which a stored total equals keizer's exact one: KeizerForClubs adds
single-precision numbers (24 bits, 6e-8 relative each), so a total of a season's terms is off by well under
1e-5 of itself; the smallest points a Keizer table shows are hundredths."""
ENTRY_WORDS = {EntryKind.EXCUSED: "excused", EntryKind.UNEXCUSED: "unexcused", EntryKind.DUTY: "club duty",
               EntryKind.LATE: "not yet joined", EntryKind.EXTERNAL_WIN: "team match won",
               EntryKind.EXTERNAL_DRAW: "team match drawn", EntryKind.EXTERNAL_LOSS: "team match lost",
               EntryKind.EXTERNAL_PENDING: "team match to come"}
"""How the report counts each absence (a bye is counted as "byes")."""


@dataclass(frozen=True, slots=True)
class MaybeWithdrew:
    """A player whose games stop before the last round played: the file does not say they withdrew, and the
    rounds after are read as absences (which score): the report names them with the command that withdraws."""

    player: PlayerId
    name: str
    last: int
    """The last round they played (or had a bye or an absence of their own)."""
    read_as: str
    """What the rounds after were read as ("excused", "excused or unexcused")."""


@dataclass(slots=True)
class MoveReport:
    """Filled in by a reader as it goes; each item a short sentence naming what it is about."""

    source: str
    """The program or format read: "KeizerForClubs", "TRF"."""
    ruleset: str = ""
    """The ruleset chosen, as a person reads it."""
    dropped: list[str] = field(default_factory=list)
    """What the file holds and keizer did not take, each with why."""
    about_file: list[str] = field(default_factory=list)
    """What keizer decided for the whole file (its encoding, the ruleset, the board order): said first."""
    guessed: list[str] = field(default_factory=list)
    """What keizer had to decide where the file does not say, each with what it decided, by player and
    round."""
    checks: list[str] = field(default_factory=list)
    """What was compared after reading (the other program's own totals against keizer's)."""
    withdrew: list[MaybeWithdrew] = field(default_factory=list)
    """Players whose games stop before the last round played (counted among the guesses)."""

    def drop(self, what: str) -> None:
        self.dropped.append(what)

    def guess(self, what: str) -> None:
        self.guessed.append(what)

    def guess_file(self, what: str) -> None:
        self.about_file.append(what)


@dataclass(frozen=True, slots=True)
class Moved:
    """A season read from another program's file, with the report of what was carried."""

    season: Season
    report: MoveReport
    stored_totals: tuple[tuple[PlayerId, float], ...] = ()
    """The other program's own totals after the last round, where its file keeps them (KeizerForClubs'
    `Keizer_SumPts`): the import compares keizer's table with them."""
    settings_from: str = ""
    """Where the ruleset came from, for what the check says can be done when the totals differ: "own" (the
    file's settings), "config" (the settings file given), "defaults" (the program's of the time), "ruleset"
    (given)."""


def carried(season: Season) -> str:
    """One line of what the season holds: players, rounds, games, byes and absences by kind, withdrawals."""
    games = sum(len(r.games) for r in season.rounds)
    kinds = Counter(kind for r in season.rounds for _, kind in r.entries)
    parts = [counted(len(season.players), "player"), counted(len(season.rounds), "round"), counted(games, "game")]
    parts += [counted(kinds[kind], "bye") if kind is EntryKind.BYE else f"{kinds[kind]} {ENTRY_WORDS[kind]}"
              for kind in EntryKind if kinds[kind]]
    if season.withdrawals:
        parts.append(counted(len(season.withdrawals), "withdrawal"))
    return ", ".join(parts)


def stored_differences(stored: tuple[tuple[PlayerId, float], ...],
                       computed: Mapping[PlayerId, Fraction]) -> list[tuple[PlayerId, float, Fraction | None]]:
    """The players whose stored total (the other program's, a float) is not keizer's exact one to the stored
    precision (`STORED_PRECISION`): (player, stored, keizer's or None when keizer does not rank them)."""
    out = []
    for pid, total in stored:
        mine = computed.get(pid)
        if mine is None or not agrees(mine, total):
            out.append((pid, total, mine))
    return out


def agrees(exact: Fraction, stored: float) -> bool:
    """Equal to the precision of a total KeizerForClubs stores: single precision, summed term by term."""
    return abs(float(exact) - stored) <= STORED_PRECISION[0] * abs(stored) + STORED_PRECISION[1]


SHOWN = 10
"""Guesses printed on screen; all of them go to `--report FILE` and the store's log."""


def report_lines(report: MoveReport, season: Season, store: str | None = None, most: int | None = None) -> list[str]:
    """The report as a person reads it: one line for what was carried and the ruleset, then one line per
    item dropped, guessed or checked. `store`: the season store's path, in the commands a line gives
    (`keizer player withdraw …`); `most`: the guesses shown (the rest counted, with where they all are)."""
    lines = [f"read from {report.source}: {carried(season)}", f"ruleset: {report.ruleset}"]
    lines += [f"not carried: {item}" for item in report.dropped]
    path = quote(store) if store is not None else "SEASON.keizer"
    total = max((r.number for r in season.rounds if r.games), default=0)
    guesses = [f"guessed: {item}" for item in report.about_file]
    guesses += [f"guessed: {w.name}: no game after round {w.last}, {span(list(range(w.last + 1, total + 1)))} "
                f"read as {w.read_as} — possibly withdrew after round {w.last}: `keizer player withdraw {path} "
                f"{quote(w.player)} --before {w.last + 1}`" for w in report.withdrew]
    guesses += [f"guessed: {item}" for item in report.guessed]
    if most is not None and len(guesses) > most:
        left = len(guesses) - most
        guesses = guesses[:most] + [f"guessed: … and {counted(left, 'more guess', 'more guesses')} "
                                    f"({len(guesses)} in all): `--report FILE` writes every one"
                                    + (f", and `keizer log {path}` shows them" if store is not None else "")]
    lines += guesses
    lines += [f"check: {item}" for item in report.checks]
    return lines


def span(rounds: list[int]) -> str:
    """"round 3", "rounds 3–7", "rounds 2, 5, 9"."""
    rounds = sorted(rounds)
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if rounds == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]}–{rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))


def report_label(file_name: str, report: MoveReport, season: Season, store: str | None = None) -> str:
    """The import's action label in the store's log: the whole report in one line, every guess in it."""
    return f"import {file_name}: " + "; ".join(report_lines(report, season, store))
