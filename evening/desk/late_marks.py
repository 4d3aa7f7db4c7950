"""Attendance marked in a paired round before its results: the marks that wait for its re-pairing."""

from __future__ import annotations

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.roster import suspended
from keizer.seasons.rounds import current_round
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.store.events import SuspensionSet
from keizer.evening.suspension import suspension_with
from keizer.evening.attendance_rows import entry_text
from keizer.seasons.names import joined_names
from keizer.evening.desk.repair import kept_pairing, with_attendance

Marks = dict[PlayerId, EntryKind | None]
"""The marks of a round: a latecomer (None: present) or a player who calls off (their entry)."""


def marked(season: Season, k: int, pid: PlayerId, entry: EntryKind | None, late: Marks) -> tuple[Marks, str]:
    """The marks after marking `pid` as `entry` in paired round k, and the line to say; `late` is not
    changed. Marking a player back as the saved pairing has them takes their mark back. KeizerError when
    the round has no pairing to keep, or the mark changes nothing."""
    kept_pairing(season, k)  # paired, without results: or why not
    rnd = season.round(k)
    if entry is EntryKind.BYE:
        raise KeizerError("the bye is the pairing's to give: re-pair, or lock a volunteer's bye")
    name = season.player(pid).name
    saved = None if rnd.game_of(pid) is not None or rnd.entry_of(pid) is EntryKind.BYE else rnd.entry_of(pid)
    if saved == entry:
        if pid not in late:
            raise KeizerError(f"{name} is already {entry_text(entry)} in round {k}")
        return ({p: e for p, e in late.items() if p != pid},
                f"round {k}: {name} {entry_text(entry)} again, as the saved pairing has them")
    if late.get(pid, "none") == entry:
        raise KeizerError(f"{name} is already {entry_text(entry)} in round {k} (waiting for the re-pairing)")
    text = f"round {k}: {name} {entry_text(entry)}, waiting for the re-pairing that keeps the accepted boards"
    return {**late, pid: entry}, text


def taken_back(season: Season, k: int | None, after: Marks, before: Marks) -> str:
    """The line when the newest mark is taken back: the marks go from `after` back to `before`."""
    return f"taken back: the mark of {_changed(season, after, before)} in round {k} (it waited for the re-pairing)"


def brought_back(season: Season, k: int | None, before: Marks, after: Marks) -> str:
    """The line when a mark taken back comes back: the marks go from `before` to `after` again."""
    return f"brought back: the mark of {_changed(season, after, before)} in round {k} (it waits for the re-pairing)"


def _changed(season: Season, one: Marks, other: Marks) -> str:
    """The names of the players whose mark differs between the two."""
    return joined_names(season, sorted(p for p in set(one) | set(other) if one.get(p, "none") != other.get(p, "none")))


def with_marks(season: Season, k: int, late: Marks) -> Season:
    """The season with paired round k as it is to be paired again: its marks applied (`with_attendance`)."""
    return with_attendance(season, k, [p for p, e in sorted(late.items()) if e is None],
                           [(p, e) for p, e in sorted(late.items()) if e is not None])


def marks_text(season: Season, late: Marks) -> str:
    """The marks for an accepted pairing's label, each as "; name entry". They are named first there: the
    log (and an undo's message) says who came or went, and the status line, cut at 80 columns, shows it
    before the boards that moved."""
    return "".join(f"; {season.player(pid).name} {entry_text(entry)}" for pid, entry in sorted(late.items()))


def mark_suspensions(season: Season, k: int, late: Marks) -> tuple[SuspensionSet, ...]:
    """D art. 12 with the marks saved now, where the ruleset has it and k is tonight's round: an unexcused
    mark suspends, another mark readmits a suspended player (as `Attendance.set` does)."""
    if not late or k != current_round(season) or not parse_ruleset(season.ruleset_spec).suspension:
        return ()
    away = suspended(season, k)
    return tuple(event for pid, entry in sorted(late.items())
                 for event in suspension_with(pid in away, pid, entry)[0])
