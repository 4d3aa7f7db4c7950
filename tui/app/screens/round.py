"""Round: who is here tonight — present, excused, unexcused, external match, duty — one key a player."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from keizer.evening.live.door import Arrival, Kiosk
from keizer.seasons.model import EntryKind, PlayerId
from keizer.tui.app.edits import edits
from keizer.tui.app.messages import SeasonWritten
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.ways import Already, Way
from keizer.tui.app.ways import hint, keyed_said
from keizer.seasons.names import cut, short_names
from keizer.evening.words.visible import visible

COLUMNS = (("#", "rank"), ("Name", "name"), ("Tonight", "status"), ("Note", "note"))
NAME_AT_LEAST = 20
"""The name column gives way to the note down to this width: a name read short still says who it is."""


@dataclass(frozen=True, slots=True)
class RowFit:
    """How a round's attendance rows fit the screen's width."""

    short_entries: bool
    """Entries said short ("ext.: to come" for "external: result to come"), as on Results."""
    name: int
    """The characters a name has; a longer one is said short (`short_names`)."""
    note: int
    """The characters a note has; a longer one is cut with "…"."""


def fit_row(room: int, rank: int, name: int, entries: tuple[int, int], note: int) -> RowFit:
    """Widths that fit `room` characters, from the widest rank, name, entry (whole, short) and note, each at
    least its header: first entries are said short, then a long name gives way down to NAME_AT_LEAST, then
    the note is cut — the row never scrolls sideways (at 80 columns "external: result to come" beside a
    note did)."""
    whole, shortened = entries
    if rank + name + whole + note <= room:
        return RowFit(False, name, note)
    rest = room - rank - shortened
    name_room = min(name, max(NAME_AT_LEAST, rest - note))
    return RowFit(True, name_room, max(len("Note"), min(note, rest - name_room)))


def arrival_notes(arrivals: Mapping[PlayerId, Arrival], notes: Mapping[PlayerId, str]) -> dict[PlayerId, str]:
    """Each row's note with the member's check-in at the door said after it ("checked in 19:42"; "checked in
    20:07, not on the pairing": a latecomer for the director to re-pair)."""
    out = {}
    for pid, note in notes.items():
        arrival = arrivals.get(pid)
        said = "" if arrival is None else f"checked in {arrival.at:%H:%M}" + (", not on the pairing" if arrival.late
                                                                              else "")
        out[pid] = "; ".join(filter(None, (note, said)))
    return out


def widest(header: str, cells: Iterable[str]) -> int:
    """A column's natural width: its widest cell, or its header."""
    return max([len(header), *(len(c) for c in cells)])


class RoundScreen(KeizerScreen):
    """The attendance list of the round being prepared; after each key the cursor moves to the next player."""

    MODE = "round"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p,space", "mark('present')", "Present", key_display="p"),
        Binding("e", "mark('excused')", "Excused"),
        Binding("u", "mark('unexcused')", "Unexcused"),
        Binding("x", "external", "External"),
        Binding("d", "mark('duty')", "Duty"),
        Binding("r", "report", "Report", tooltip="an absence report with the time it came in (the deadline decides)"),
        Binding("P", "pair", "Pair", key_display="P"),
        Binding("k", "kiosk", "Kiosk", show=False, tooltip="switch the door's kiosk on for tonight: a one-time code pairs its "
                                               "tablet (keizer serve --check-in); k again gives another"),
        Binding("K", "kiosk_off", "Kiosk off", key_display="K", show=False,
                tooltip="switch the door's kiosk off for tonight: its tablet checks nobody in any more"),
        *KeizerScreen.ROUND_BINDINGS,
    ]

    def __init__(self) -> None:
        super().__init__()
        self._confirm: tuple[int, str, str] | None = None
        """(round, player, key) asked to be pressed again: the bye of a played round goes only on purpose."""
        self._details: dict[str, str] = {}
        """Each row's player, entry and note in full, for the detail line when a name or note is cut."""
        self._drawn_width: int | None = None
        """The screen's width the table was last fitted to."""
        self._kiosk_code: str | None = None
        """The kiosk's one-time code the director made here, shown until a tablet is paired with it."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="title", classes="title", markup=False)
        yield Static("", id="to-come", classes="subtitle", markup=False)
        kiosk = Static("", id="kiosk", classes="subtitle", markup=False)
        kiosk.display = False  # until the director switches the kiosk on (k)
        yield kiosk
        yield KeizerTable(id="attendance")
        yield Static("", id="detail", classes="subtitle", markup=False)

    def on_mount(self) -> None:
        self.query_one(KeizerTable).set_columns(COLUMNS)
        self.watch(self.app, "current_round", self.follow_current_round, init=False)  # the host's reactive

    @property
    def shown_round(self) -> int:
        """The round chosen with [ and ], else tonight's."""
        return self.round_number or self.keizer.current_round

    def follow_current_round(self, k: int) -> None:
        """Tonight's round moved (back, after an undo): a round chosen beyond it is not there to show."""
        if self.round_number is not None and self.round_number >= k:
            self.round_number = None

    def refresh_view(self) -> None:
        k = self.shown_round
        rows = self.evening.attendance.rows(k)
        table = self.query_one(KeizerTable)
        self._drawn_width = self.size.width
        names = [row.player.name for row in rows]
        notes = arrival_notes(self.evening.door.arrivals(k), {row.player.id: row.note for row in rows})
        fit = fit_row(table.text_room(self.size.width or self.app.size.width),
                      widest("#", (str(row.rank) for row in rows)), widest("Name", names),
                      (widest("Tonight", (row.status for row in rows)),
                       widest("Tonight", (row.status_within(0) for row in rows))),
                      widest("Note", notes.values()))
        shorts = short_names(names, fit.name, most=fit.name)
        table.fill([(row.player.id, (str(row.rank), shorts[row.player.name],
                                     row.status_within(0) if fit.short_entries else row.status,
                                     cut(notes[row.player.id], fit.note)))
                    for row in rows])
        self._details = {row.player.id: f"#{row.rank} {row.player.name}: {row.status}"
                                        + (f" — {notes[row.player.id]}" if notes[row.player.id] else "") for row in rows}
        detail = self.query_one("#detail", Static)
        # only when a name or a note is cut: then the row under the cursor is read whole here
        detail.display = any(shorts[row.player.name] != row.player.name or len(notes[row.player.id]) > fit.note
                             for row in rows)
        self._show_detail()
        self.query_one("#title", Static).update(visible(keyed_said(self.evening.attendance.summary(k))))
        # the team results earlier rounds still wait for: the evening moved on without them (rules §13)
        to_come = self.query_one("#to-come", Static)
        to_come.update(visible(notice := self.evening.attendance.to_come(k)))
        to_come.display = bool(notice)
        self._show_kiosk()

    def _show_kiosk(self) -> None:
        """The kiosk's code while it waits for its tablet, then that a tablet is paired; nothing while it is off."""
        state = self.evening.door.kiosk()
        line = self.query_one("#kiosk", Static)
        if state is Kiosk.WAITING and self._kiosk_code is not None:
            code = self._kiosk_code
            line.update(f"Kiosk code for the door's tablet: {code[:3]} {code[3:]} (typed once at /kiosk; k gives "
                        f"another, K switches it off)")
        elif state is Kiosk.PAIRED:
            self._kiosk_code = None
            line.update("Kiosk on: a tablet at the door checks members in (K switches it off)")
        line.display = state is not Kiosk.OFF and (state is Kiosk.PAIRED or self._kiosk_code is not None)

    def _show_detail(self) -> None:
        key = self.query_one(KeizerTable).cursor_key
        self.query_one("#detail", Static).update(visible(self._details.get(key, "")) if key is not None else "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_resize(self, event: events.Resize) -> None:
        """A wider or narrower terminal: names, entries and notes are said in full or short again. The table
        is as wide as the screen, so the same width again (Textual says a size more than once as the app
        starts) draws nothing anew: the first screen is in sight sooner."""
        if self.drawn_at is not None and event.size.width != self._drawn_width:
            self.refresh_view()

    def action_change_round(self, delta: int) -> None:
        current = self.keizer.current_round
        k = max(1, min(self.shown_round + delta, current))
        self.round_number = None if k == current else k

    def _player_at_cursor(self) -> str | None:
        return self.query_one(KeizerTable).cursor_key

    def _bye_goes_on_purpose(self, pid: str, key: str) -> bool:
        """The bye of a round with its results entered is scored: a new mark for its player takes the key
        twice, the first press saying that the bye goes (as a decided result on Results, F4)."""
        k = self.shown_round
        if not self.evening.attendance.bye_goes(k, pid) or self._confirm == (k, pid, key):
            self._confirm = None
            return True
        self._confirm = (k, pid, key)
        name = self.evening.season.player(PlayerId(pid)).name
        self.say(f"{name} had the bye in round {k}: press {key} again to take it away", "warning")
        return False

    @edits
    def action_mark(self, status: str) -> None:
        pid = self._player_at_cursor()
        if pid is None:
            return
        entry = None if status == "present" else EntryKind(status)
        # present is refused in a played round anyway (an entry, not a game): no question before the refusal
        if entry is not None and not self._bye_goes_on_purpose(pid, status[0]):
            return
        if self._mark(pid, entry):
            self.query_one(KeizerTable).advance()

    def _mark(self, pid: str, entry: EntryKind | None) -> bool:
        """Set a mark through the evening; a mark that waits for the re-pairing says the key that makes it."""
        said = self.attempt(self.evening.attendance.set, self.shown_round, pid, entry)
        if said is None:
            return False
        if isinstance(said, Already):  # nothing to write: said, and on to the next player
            self.say(str(said))
            return True
        if PlayerId(pid) in self.evening.desk.waiting():
            said += hint(Way.REPAIR_KEEPING)
        self.post_message(SeasonWritten(said))
        return True

    @edits
    def action_external(self) -> None:
        pid = self._player_at_cursor()
        if pid is None or not self._bye_goes_on_purpose(pid, "x"):
            return
        from keizer.tui.app.dialogs.external import ExternalResultDialog  # loaded when first asked for

        name = self.evening.season.player(PlayerId(pid)).name

        def chosen(entry: EntryKind | None) -> None:
            if entry is not None and self._mark(pid, entry):
                self.query_one(KeizerTable).advance()

        self.app.push_screen(ExternalResultDialog(name), chosen)

    @edits
    def action_report(self) -> None:
        pid = self._player_at_cursor()
        if pid is None or not self._bye_goes_on_purpose(pid, "r"):
            return
        k = self.shown_round

        def recorded(report: tuple[str, str | None] | None) -> None:
            if report is None:
                return
            said = self.attempt(self.evening.attendance.report, k, pid, *report)
            if isinstance(said, Already):
                self.say(str(said))
            elif said is not None:
                self.post_message(SeasonWritten(said))
            if said is not None:
                self.query_one(KeizerTable).advance()

        from keizer.evening.report_time import report_default  # loaded when first asked for
        from keizer.tui.app.dialogs.report import ReportDialog

        name = self.evening.season.player(PlayerId(pid)).name
        offered = report_default(self.evening.season, self.evening.ruleset, k, dt.datetime.now())
        self.app.push_screen(ReportDialog(name, k, offered.at, offered.why), recorded)

    async def action_pair(self) -> None:
        await self.app.run_action("goto('pairing')")

    @edits
    def action_kiosk(self) -> None:
        """The door's kiosk on for tonight: a new one-time code for its tablet (an older one not typed yet stops
        being the only one: each pairs one tablet)."""
        code = self.attempt(self.evening.door.kiosk_code)
        if code is None:
            return
        self._kiosk_code = code
        self.say(f"kiosk on for tonight: type {code[:3]} {code[3:]} once on the door's tablet (keizer serve "
                 f"--check-in, then /kiosk)", "warning")
        self._show_kiosk()

    @edits
    def action_kiosk_off(self) -> None:
        ended = self.attempt(self.evening.door.kiosk_off)
        if ended is None:
            return
        self._kiosk_code = None
        self.say("kiosk off: the door's tablet checks nobody in any more" if ended else "the kiosk was off")
        self._show_kiosk()
