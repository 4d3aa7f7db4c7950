"""Attendance: who takes part in a round and how, and suspension with it (D art. 12); the checks in `mark_checks`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from seasons.absence import book_report, round_date
from seasons.championship import FINAL_GROUP
from seasons.errors import KeizerError
from seasons.model import AbsenceReport, EntryKind, Player, PlayerId, Result, Round, Season
from seasons.roster import suspended, taking_part
from seasons.rounds import SeasonComplete, complete_text, past_the_season
from seasons.store.events import EntrySet, Event, ReportSet, SuspensionSet
from tui.evening.listing import listed_round, listing_events, round_or_next
from tui.evening.mark_checks import check_change, final_group_now
from tui.evening.session import Change, EveningSession

if TYPE_CHECKING:
    from tui.evening.desk import PairingDesk

ENTRY_TEXT: dict[EntryKind | None, str] = {
    None: "present",
    EntryKind.EXCUSED: "excused",
    EntryKind.UNEXCUSED: "unexcused",
    EntryKind.DUTY: "duty",
    EntryKind.BYE: "bye",
    EntryKind.LATE: "late",
    EntryKind.EXTERNAL_WIN: "external: won",
    EntryKind.EXTERNAL_DRAW: "external: drawn",
    EntryKind.EXTERNAL_LOSS: "external: lost",
    EntryKind.EXTERNAL_PENDING: "external: result to come",
}
SHORT_ENTRY_TEXT: dict[EntryKind | None, str] = {
    EntryKind.EXTERNAL_WIN: "ext.: won",
    EntryKind.EXTERNAL_DRAW: "ext.: drawn",
    EntryKind.EXTERNAL_LOSS: "ext.: lost",
    EntryKind.EXTERNAL_PENDING: "ext.: to come",
}
"""An entry's words where a column has no room for ENTRY_TEXT (the Round and Results screens at 80 columns)."""

PLAN_MORE = "F7 plans more"
"""How the TUI plans more rounds (its Season screen), after a complete season's fact in its titles and
messages (`seasons.rounds.SeasonComplete`); the CLI says its own way."""


def entry_text(entry: EntryKind | None, width: int | None = None) -> str:
    """The entry in words; with `width`, the short form where the whole one is wider (and a short one exists)."""
    text = ENTRY_TEXT[entry]
    if width is not None and len(text) > width:
        return SHORT_ENTRY_TEXT.get(entry, text)
    return text


@dataclass(frozen=True, slots=True)
class AttendanceRow:
    """One player in a round's attendance list."""

    player: Player
    rank: int
    """Place in the ranking the round is paired from (after the previous round)."""
    entry: EntryKind | None
    """The round's entry; None: present (to be paired, or playing when `board` is set)."""
    board: int | None
    """The board of the player's game, once the round is paired."""
    white: bool
    """Has white on that board."""
    suspended: bool
    """Suspended by the director: not paired until they report back (D art. 12)."""
    absent_last: bool
    """Their last evening was an absence without notice (a hint: D art. 12 suspends such a player)."""
    late: bool
    """Has not joined yet in this round."""
    final_group: bool = False
    """Plays in K's final group this round, out of the Keizer (docs/rules.md §8): not paired, not absent."""
    forfeited: bool = False
    """Lost their game by forfeit: did not come, without notice (a no-show keeps its board, D art. 11)."""

    @property
    def status(self) -> str:
        return self.status_within(None)

    def status_within(self, width: int | None) -> str:
        """Tonight in words, an entry shortened where `width` characters do not hold it (`entry_text`)."""
        if self.final_group:
            return FINAL_GROUP
        if self.late:
            return "late"
        if self.board is not None:
            return f"board {self.board} ({'white' if self.white else 'black'})"
        return entry_text(self.entry, width)

    @property
    def note(self) -> str:
        if self.late:
            return f"joins in round {self.player.joined}"
        if self.suspended:
            return "suspended (D art. 12)"
        return "absent without notice last time" if self.absent_last else ""


def absent_last_time(season: Season, k: int) -> frozenset[PlayerId]:
    """Players whose last evening before round k was an absence without notice — an `unexcused` entry or
    a game lost by forfeit (D art. 11 books that absentee unexcused)."""
    last: dict[PlayerId, bool] = {}  # player → was their last evening an absence without notice
    for rnd in reversed(season.rounds[:max(0, k - 1)]):  # newest first; one pass over the season
        for game in rnd.games:
            last.setdefault(game.white, game.result is Result.BLACK_FORFEIT_WIN)
            last.setdefault(game.black, game.result is Result.WHITE_FORFEIT_WIN)
        for pid, entry in rnd.entries:
            if entry is not EntryKind.LATE:
                last.setdefault(pid, entry is EntryKind.UNEXCUSED)
        if len(last) == len(season.players):
            break
    return frozenset(p for p, absent in last.items() if absent and taking_part(season, p, k))


def attendance_rows(season: Season, rnd: Round, ranking: tuple[PlayerId, ...]) -> tuple[AttendanceRow, ...]:
    """Everyone taking part in `rnd`, in the order of `ranking`."""
    away = suspended(season, rnd.number)
    absent = absent_last_time(season, rnd.number)
    group = set(final_group_now(season, rnd.number))
    boards = {p: (i + 1, p == g.white) for i, g in enumerate(rnd.games) for p in g.players()}
    forfeited = {g.white if g.result is Result.BLACK_FORFEIT_WIN else g.black
                 for g in rnd.games if g.result.is_forfeit}
    entries = dict(rnd.entries)
    rows = []
    for rank, pid in enumerate(ranking, start=1):
        if not taking_part(season, pid, rnd.number):
            continue
        player = season.player(pid)
        board, white = boards.get(pid, (None, False))
        rows.append(AttendanceRow(player=player, rank=rank, entry=entries.get(pid), board=board, white=white,
                                  suspended=pid in away, absent_last=pid in absent,
                                  late=rnd.number < player.joined, final_group=pid in group,
                                  forfeited=pid in forfeited))
    return tuple(rows)


def summary(rnd: Round, rows: tuple[AttendanceRow, ...], evening: str | None = None) -> str:
    """One line: the round, its evening ("Thu 2020-04-23") if it has a date, its state and how many are
    present, absent, away or on duty."""
    state = ("with results" if rnd.has_results else "paired") if rnd.is_paired else "to pair"
    counts: dict[str, int] = {}
    for row in rows:
        if row.late or row.final_group:
            continue
        # A no-show keeps their board but did not come: counted with the absent without notice, as the
        # standings' ZK column and D art. 11 count them.
        present = row.board is not None or row.entry in (None, EntryKind.BYE)
        key = "unexcused" if row.forfeited else "present" if present else row.status
        key = "external" if key.startswith("external") else key
        counts[key] = counts.get(key, 0) + 1
    parts = [f"{counts[k]} {k}" for k in ("present", "excused", "unexcused", "external", "duty") if counts.get(k)]
    name = f"Round {rnd.number}" + (f" ({evening})" if evening else "")
    if not parts:
        return f"{name} {state}: nobody yet — add the players on F6 (a)"
    return f"{name} {state}: " + ", ".join(parts)


class Attendance:
    """The Round screen's service: the attendance list of a round and the marks the director sets."""

    def __init__(self, session: EveningSession, desk: PairingDesk | None = None) -> None:
        self.session = session
        self.desk = desk
        """Where a change in a paired round before its results waits for the re-pairing (docs/rules.md §7)."""

    def rows(self, k: int) -> tuple[AttendanceRow, ...]:
        """Everyone taking part in round k, in the order of the ranking it is paired from; a change waiting
        for the re-pairing shows as it will be (off their board, or present)."""
        rows = attendance_rows(self.session.season, listed_round(self.session.season, k),
                               self.session.ranking_before(k))
        late = self.desk.waiting() if self.desk is not None and self.desk.round_number == k else {}
        if not late:
            return rows
        return tuple(replace(row, entry=late[row.player.id], board=None, white=False)
                     if row.player.id in late else row for row in rows)

    def summary(self, k: int) -> str:
        if (planned := past_the_season(self.session.season, k)) is not None:
            return f"Round {k}: {complete_text(planned)} ({PLAN_MORE})"
        day = round_date(self.session.season, k)
        return summary(listed_round(self.session.season, k), self.rows(k),
                       f"{day:%a} {day.isoformat()}" if day is not None else None)

    def suspended(self, k: int) -> frozenset[PlayerId]:
        """Players not paired in round k until they report back (D art. 12)."""
        return suspended(self.session.season, k)

    def set(self, k: int, pid: str, entry: EntryKind | None) -> str:
        """Present (None), excused, unexcused, external (with its result) or duty, for round k.

        In the round being prepared, D art. 12 goes with it: marking a player unexcused also suspends
        them (not paired until they report back), and any other mark readmits a suspended player (they
        did report). One action, one undo step."""
        player = self.session.player(pid)
        if (planned := past_the_season(self.session.season, k)) is not None:
            raise SeasonComplete(planned)
        rnd = listed_round(self.session.season, k)
        if self.desk is not None and rnd.is_paired and not rnd.has_results and taking_part(
                self.session.season, player.id, k):
            # After the pairing was accepted: a latecomer or a call-off is re-paired keeping every accepted
            # board it can; the change waits on the desk and is saved with the new pairing (one action).
            return self.desk.mark(k, player.id, entry)
        if rnd.entry_of(player.id) == entry:
            raise KeizerError(f"{player.name} is already {entry_text(entry)} in round {k}")
        return self.session.apply(self._marked(k, player.id, entry))

    def absence(self, k: int, pid: str, entry: EntryKind) -> str:
        """Another kind of absence in round k for a player its saved pairing leaves out (no game, no bye): no
        board depends on it, so it is saved at once rather than with a re-pairing (`keizer attend`). One
        action, one undo step, D art. 12 as with `set`."""
        player = self.session.player(pid)
        rnd = round_or_next(self.session.season, k)
        if rnd.game_of(player.id) is not None or rnd.bye == player.id:
            raise KeizerError(f"{player.name} is on round {k}'s pairing: a call-off is re-paired")
        if rnd.entry_of(player.id) == entry:
            raise KeizerError(f"{player.name} is already {entry_text(entry)} in round {k}")
        return self.session.apply(self._marked(k, player.id, entry))

    def bye_goes(self, k: int, pid: str) -> bool:
        """Whether a new mark takes away the bye this player was given in round k, its results entered: the
        bye is scored, so the screen asks first (docs/evening.md). Before the results a change waits on the
        desk for the re-pairing instead, which places the bye again."""
        rnd = round_or_next(self.session.season, k)
        return rnd.has_results and rnd.bye == pid

    def report(self, k: int, pid: str, at: str, force_majeure: str | None = None) -> str:
        """An absence report for round k with the time it came in ("2026-11-25T19:30"): booked excused by
        the ruleset's deadline, unexcused after it unless the director rules force majeure (with its
        reason) — D art. 16, K "Afmelden". The report and its entry are one action."""
        season = self.session.season
        player = self.session.player(pid)
        if (planned := past_the_season(season, k)) is not None:
            raise SeasonComplete(planned)
        report = AbsenceReport(player.id, at, force_majeure or None)
        booking = book_report(report, self.session.ruleset, round_date(season, k))
        same = listed_round(season, k).entry_of(player.id) == booking.entry
        change = (Change(f"round {k}: {player.name} {entry_text(booking.entry)}", listing_events(season, k))
                  if same else self._marked(k, player.id, booking.entry))
        events = change.events + (ReportSet(round=k, player=player.id, at=at, force_majeure=report.force_majeure),)
        return self.session.apply(Change(f"{change.label} (reported {at.replace('T', ' ')}: {booking.reason})",
                                         events))

    def _marked(self, k: int, pid: PlayerId, entry: EntryKind | None) -> Change:
        """The change that marks a player in round k (the round listed first if need be). In the round being
        prepared D art. 12 goes with it where the ruleset has it: unexcused suspends, another mark readmits."""
        season = self.session.season
        player = season.player(pid)
        rnd = listed_round(season, k)
        check_change(season, rnd, player, entry)
        events: list[Event] = [e for e in listing_events(season, k)
                               if not (isinstance(e, EntrySet) and e.player == player.id)]
        if round_or_next(season, k).entry_of(player.id) != entry:
            events.append(EntrySet(round=k, player=player.id, entry=entry))
        label = f"round {k}: {player.name} {entry_text(entry)}"
        if rnd.bye == player.id and entry is not EntryKind.BYE:
            label += " instead of the bye"  # the bye and its points go: said, never silently
        if k == self.session.current_round() and self.session.ruleset.suspension:
            suspension, note = suspension_with(player.id in self.suspended(k), player.id, entry)
            events.extend(suspension)
            label += note
        return Change(label, tuple(events))


def suspension_with(was: bool, pid: PlayerId, entry: EntryKind | None) -> tuple[tuple[SuspensionSet, ...], str]:
    """D art. 12 with tonight's mark (`was`: suspended before it): unexcused suspends, any other mark
    readmits a suspended player; the events and the words for the label."""
    if entry is EntryKind.UNEXCUSED and not was:
        return (SuspensionSet(player=pid, suspended=True),), ", suspended until they report back (D art. 12)"
    if entry is not EntryKind.UNEXCUSED and was:
        return (SuspensionSet(player=pid, suspended=False),), ", readmitted (D art. 12)"
    return (), ""
