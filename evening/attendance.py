"""Attendance: who takes part in a round and how (its checks in mark_checks.py), and suspension with it (D art. 12)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from keizer.seasons.absence import book_report, round_date, typed_moment
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import AbsenceReport, EntryKind, PlayerId
from keizer.seasons.roster import suspended, taking_part
from keizer.seasons.rounds import SeasonComplete, complete_text, past_the_season
from keizer.seasons.ruleset.texts import with_choice
from keizer.seasons.store.events import EntrySet, Event, ReportSet, SuspensionSet
from keizer.evening.attendance_rows import AttendanceRow, attendance_rows, entry_text, summary
from keizer.evening.listing import listed_round, listing_events, round_or_next
from keizer.evening.mark_checks import check_change, check_in_keizer
from keizer.evening.change import Change
from keizer.evening.session import EveningSession
from keizer.evening.suspension import suspension_with
from keizer.evening.team_results import to_come_notice
from keizer.evening.ways import Already, Said, Way

if TYPE_CHECKING:
    from keizer.evening.desk.desk import PairingDesk

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

    def summary(self, k: int) -> Said:
        if (planned := past_the_season(self.session.season, k)) is not None:
            return Said(f"Round {k}: {complete_text(planned)}", (Way.PLAN_MORE,))
        day = round_date(self.session.season, k)
        return summary(listed_round(self.session.season, k), self.rows(k),
                       f"{day:%a} {day.isoformat()}" if day is not None else None)

    def to_come(self, k: int) -> str:
        """The notice of the team results of rounds before k still to come ("" when none is)."""
        return to_come_notice(self.session.season, k)

    def suspended(self, k: int) -> frozenset[PlayerId]:
        """Players not paired in round k until they report back (D art. 12)."""
        return suspended(self.session.season, k)

    def already(self, k: int, pid: str, entry: EntryKind | None) -> Already | None:
        """`Already` when marking the player `entry` in round k changes nothing — present with a board or the
        bye, or the entry they have (a mark waiting for the re-pairing counts as had) — else None. A mark for
        a player without a part in round k (withdrawn, not joined, in K's final group) is refused first."""
        season = self.session.season
        player = self.session.player(pid)
        check_in_keizer(season, player, k)
        late = self.desk.waiting() if self.desk is not None and self.desk.round_number == k else {}
        if player.id in late:
            return Already(player.id, k, f"{player.name} is already {entry_text(entry)} in round {k} (waiting for "
                                         f"the re-pairing)") if late[player.id] == entry else None
        rnd = listed_round(season, k)
        game = rnd.game_of(player.id)
        if entry is None and game is not None:
            where = f" (board {rnd.games.index(game) + 1})"
        elif entry is None and rnd.bye == player.id:
            where = " (the bye)"
        elif game is None and rnd.bye != player.id and rnd.entry_of(player.id) == entry \
                and not (entry is None and rnd.is_paired):
            where = ""
        else:
            return None
        return Already(player.id, k, f"{player.name} is already {entry_text(entry)} in round {k}{where}")

    def set(self, k: int, pid: str, entry: EntryKind | None) -> str | Already:
        """Present (None), excused, unexcused, external (with its result) or duty, for round k.

        In the round being prepared, D art. 12 goes with it: marking a player unexcused also suspends
        them (not paired until they report back), and any other mark readmits a suspended player (they
        did report). One action, one undo step. In a paired round before its results a change of who plays
        (present ↔ absent) waits on the desk for the re-pairing; another kind of absence for a player the
        pairing leaves out is saved at once (`absence`). A mark that changes nothing is `Already`."""
        player = self.session.player(pid)
        if (planned := past_the_season(self.session.season, k)) is not None:
            raise SeasonComplete(planned)
        if (same := self.already(k, pid, entry)) is not None:
            return same
        rnd = listed_round(self.session.season, k)
        if self.desk is not None and rnd.is_paired and not rnd.has_results and taking_part(
                self.session.season, player.id, k):
            left_out = rnd.game_of(player.id) is None and rnd.bye != player.id
            if entry is not None and left_out and player.id not in (self.desk.late if self.desk.round_number == k
                                                                    else ()):
                # Left out of the pairing and staying away (excused turned unexcused, a team match): who
                # plays does not change, so no re-pairing either; saved at once, as `keizer attend` does.
                return self.absence(k, pid, entry)
            # After the pairing was accepted: a latecomer or a call-off is re-paired keeping every accepted
            # board it can; the change waits on the desk and is saved with the new pairing (one action).
            return self.desk.mark(k, player.id, entry)
        return self.session.apply(self.marked(k, player.id, entry))

    def absence(self, k: int, pid: str, entry: EntryKind) -> str | Already:
        """Another kind of absence in round k for a player its saved pairing leaves out (no game, no bye): no
        board depends on it, so it is saved at once rather than with a re-pairing (`keizer attend`). One
        action, one undo step, D art. 12 as with `set`; `Already` when they have that entry."""
        player = self.session.player(pid)
        rnd = round_or_next(self.session.season, k)
        if rnd.game_of(player.id) is not None or rnd.bye == player.id:
            raise KeizerError(f"{player.name} is on round {k}'s pairing: a call-off is re-paired")
        if (same := self.already(k, pid, entry)) is not None:
            return same
        return self.session.apply(self.marked(k, player.id, entry))

    def bye_goes(self, k: int, pid: str) -> bool:
        """Whether a new mark takes away the bye this player was given in round k, its results entered: the
        bye is scored, so the screen asks first (docs/evening.md). Before the results a change waits on the
        desk for the re-pairing instead, which places the bye again."""
        rnd = round_or_next(self.session.season, k)
        return rnd.has_results and rnd.bye == pid

    def report(self, k: int, pid: str, at: str, force_majeure: str | None = None) -> str | Already:
        """An absence report for round k with the time it came in ("2026-11-25 19:30" or "2026-11-25T19:30"):
        booked excused by the ruleset's deadline, unexcused after it unless the director rules force majeure
        (with its reason) — D art. 16, K "Afmelden". The report and its entry are one action. The same report
        again is `Already`, as the same mark is (`set`): it changes nothing."""
        season = self.session.season
        player = self.session.player(pid)
        if (planned := past_the_season(season, k)) is not None:
            raise SeasonComplete(planned)
        at = typed_moment(at, "at")
        report = AbsenceReport(player.id, at, force_majeure or None)
        booking = book_report(report, self.session.ruleset, round_date(season, k))
        same = listed_round(season, k).entry_of(player.id) == booking.entry
        if same and round_or_next(season, k).report_of(player.id) == report:
            return Already(player.id, k, f"{player.name} is already {entry_text(booking.entry)} in round {k} "
                                         f"(reported {at.replace('T', ' ')}: {booking.reason})")
        if same:  # booked so already (D art. 12's listing)
            suspension, note = self._art_12(k, player.id, booking.entry, reported=True)
            change = Change(f"round {k}: {player.name} {entry_text(booking.entry)}{note}",
                            tuple(listing_events(season, k)) + suspension)
        else:
            change = self.marked(k, player.id, booking.entry, reported=True)
        events = change.events + (ReportSet(round=k, player=player.id, at=at, force_majeure=report.force_majeure),)
        label = f"{change.label} (reported {at.replace('T', ' ')}: {booking.reason})"
        if booking.late:  # K gives 0 only "zonder afbericht": how a late report is booked is a choice (§14)
            label = with_choice(label, self.session.ruleset, "late_report")
        return self.session.apply(Change(label, events))

    def marked(self, k: int, pid: PlayerId, entry: EntryKind | None, reported: bool = False) -> Change:
        """The change that marks a player in round k (the round listed first if need be). In the round being
        prepared D art. 12 goes with it where the ruleset has it: unexcused suspends, another mark readmits;
        `reported`: the mark books an absence report, which suspends nobody, late or not, and readmits."""
        season = self.session.season
        player = season.player(pid)
        rnd = listed_round(season, k)
        check_change(season, rnd, player, entry)
        events: list[Event] = [e for e in listing_events(season, k)
                               if not (isinstance(e, EntrySet) and e.player == player.id)]
        if round_or_next(season, k).entry_of(player.id) != entry:
            events.append(EntrySet(round=k, player=player.id, entry=entry))
        label = f"round {k}: {player.name} {entry_text(entry)}"
        rules = self.session.ruleset
        if entry is not None and entry.is_external and rules.participation is not None \
                and "external" in rules.participation_counts:
            label = with_choice(label, rules, "team_match")
        if entry is EntryKind.DUTY:  # neither text scores club duty: the club's choice, said (§14)
            label = with_choice(label, rules, "duty")
        if rnd.bye == player.id and entry is not EntryKind.BYE:
            label += " instead of the bye"  # the bye and its points go: said, never silently
        suspension, note = self._art_12(k, player.id, entry, reported)
        return Change(label + note, tuple(events) + suspension)

    def _art_12(self, k: int, pid: PlayerId, entry: EntryKind | None, reported: bool,
                ) -> tuple[tuple[SuspensionSet, ...], str]:
        """D art. 12 with a mark in round k, where the ruleset has it and k is the round being prepared."""
        if k == self.session.current_round() and self.session.ruleset.suspension:
            return suspension_with(pid in self.suspended(k), pid, entry, reported,
                                   self.session.ruleset.regulations)
        return (), ""
