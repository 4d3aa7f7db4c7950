"""Standings: the table in either club's columns, how the values were found, and a player's card."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.widgets import Static

from rich.text import Text

from keizer.evening.standings import table_of
from keizer.seasons.errors import KeizerError
from keizer.tui.app.dialogs.card import PlayerCardScreen
from keizer.tui.app.edits import edits
from keizer.tui.app.messages import Said, SeasonWritten
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.widgets.forecast import ForecastPanel
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.words.tables import FINAL_GROUP_MARK, standings_cells
from keizer.seasons.names import short_names
from keizer.evening.words.visible import visible

NAME_WIDTH = 16
STYLE_NAMES = {"d": "club D columns", "k": "club K columns"}


def named(rows: Sequence[tuple[str, Sequence[str]]], column: int, room: int) -> dict[str, str]:
    """Each row's name cell (column `column`) said short where longer than `NAME_WIDTH` (names that read the
    same lengthened up to `room`); a finalist's "(final group)" stays whole after the name said shorter."""
    marks = tuple(f" {mark}" for mark in FINAL_GROUP_MARK.values())
    split = {key: next(((cells[column][:-len(m)], m) for m in marks
                        if cells[column].endswith(m) and len(cells[column]) > len(m)), (cells[column], ""))
             for key, cells in rows}
    names = [name for name, _ in split.values()]
    shorts = {"": short_names(names, max(1, min(NAME_WIDTH, room)), max(1, room))}
    for mark in {mark for _, mark in split.values() if mark}:
        left = room - len(mark)
        shorts[mark] = short_names(names, max(1, min(NAME_WIDTH, left)), max(1, left))
    return {key: shorts[mark][name] + mark for key, (name, mark) in split.items()}


class StandingsScreen(KeizerScreen):
    """The standings after a round (default: the last with results); enter opens a player's card."""

    MODE = "standings"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "card", "Card", priority=True),  # before the table's own enter, and shown
        Binding("c", "switch_columns", "Columns"),
        Binding("p", "publish", "Publish",
                tooltip="write the site of the shown round (Dutch) to a folder next to the store"),
        Binding("f", "forecast", "Forecast",
                tooltip="each player's chances: the rest of the season played up to 1,000 times, shown at once and "
                        "sharper as the runs go on (f again: the standings)"),
        Binding("escape", "cancel_forecast", "Cancel", show=False),
        *KeizerScreen.ROUND_BINDINGS,
    ]

    columns: var[str | None] = var(None, init=False)
    """The columns chosen with c, "d" or "k"; None follows the ruleset (`Standings.columns`)."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="title", classes="title", markup=False)
        yield Static("", id="iteration", classes="subtitle", markup=False)
        yield KeizerTable(id="standings", cell_padding=0)
        yield ForecastPanel(id="forecast")

    @property
    def shown_round(self) -> int:
        last = self.evening.season.last_scored_round
        return last if self.round_number is None else self.round_number

    @property
    def shown_style(self) -> str:
        return self.columns or self.evening.standings.columns

    def watch_columns(self) -> None:
        self.redraw()

    def refresh_view(self) -> None:
        panel = self.query_one(ForecastPanel)
        if panel.shown is not None and panel.shown != (self.shown_round, self.evening.revision):
            panel.hide()  # the forecast of another round, or of the season before it changed
        view = self.evening.standings.view(self.shown_round)
        style = self.shown_style
        columns, rows = standings_cells(view.replay, table_of(view.replay, view.round), style)
        table = self.query_one("#standings", KeizerTable)
        # No cell padding but one leading space a cell: both clubs' columns fit in 80 columns.
        headers = [Text(f" {h}", justify="right" if right else "left") for h, right in columns]
        if [str(c.label) for c in table.columns.values()] != [str(h) for h in headers]:
            table.clear(columns=True)
            for i, header in enumerate(headers):
                table.add_column(header, key=f"c{i}")
        name = next(i for i, (h, _) in enumerate(columns) if h in ("Name", "Naam"))
        # what the other columns leave (each cell with its leading space): names that read the same are
        # lengthened only that far, so that the table never scrolls sideways (`named`)
        others = sum(max([len(str(headers[i])), *(len(cells[i]) + 1 for _, cells in rows)])
                     for i in range(len(columns)) if i != name)
        room = table.text_room(self.size.width or self.app.size.width) - others - 1
        names = named(rows, name, room)
        table.fill([(key, [Text(" " + visible(names[key] if i == name else c),
                                justify="right" if columns[i][1] else "left")
                           for i, c in enumerate(cells)])
                    for key, cells in rows])
        self.query_one("#title", Static).update(
            f"{visible(self.evening.season.name)} — after round {view.round} ({STYLE_NAMES[style]})")
        report = view.report
        last = self.evening.publications.last()
        if last is not None and last.stale:  # a result corrected after publishing: publish again
            # Before the iteration's details, after "PROVISIONAL: …": at 80 columns the line holds two rows
            # and what does not fit is cut; the details are what a director can miss.
            head, mark, details = report.rpartition(" · ") if view.missing else ("", "", report)
            report = f"{head}{mark}{last.describe()} · {details}"
        self.query_one("#iteration", Static).update(visible(report))

    def on_resize(self, event: events.Resize) -> None:
        """A wider or narrower terminal: names are said in full or short again."""
        if self.drawn_at is not None:
            self.refresh_view()

    def action_change_round(self, delta: int) -> None:
        last = self.evening.season.last_scored_round
        k = max(0, min(self.shown_round + delta, last))
        self.round_number = None if k == last else k

    def action_switch_columns(self) -> None:
        self.columns = "k" if self.shown_style == "d" else "d"
        self.say(f"showing {STYLE_NAMES[self.shown_style]}")

    def action_forecast(self) -> None:
        """f: the forecast of the shown round in place of the standings (made first, in a worker), or back."""
        panel = self.query_one(ForecastPanel)
        if panel.shown is not None:
            panel.hide()
        else:  # on a player's row: the cursor stays on them, and what they need is said under the table
            self.say(panel.start(self.evening, self.shown_round, self.query_one("#standings", KeizerTable).cursor_key))

    def action_cancel_forecast(self) -> None:
        """esc: stop the forecast being made (keeping the chances so far), or go back from a forecast to the
        standings."""
        panel = self.query_one(ForecastPanel)
        said = panel.cancel()
        if said is not None:
            self.say(said)
        elif panel.shown is not None:
            panel.hide()

    def on_forecast_panel_shown(self, message: ForecastPanel.Shown) -> None:
        self.query_one("#standings", KeizerTable).display = not message.shown
        if not message.shown:
            self.query_one("#standings", KeizerTable).focus()

    def action_card(self) -> None:
        shown = self.query_one(ForecastPanel).shown is not None
        pid = self.query_one("#forecast-table" if shown else "#standings", KeizerTable).cursor_key
        if pid is not None:
            card = self.attempt(self.evening.standings.card, pid, self.shown_round)
            if card is not None:
                self.app.push_screen(PlayerCardScreen(card))

    @edits
    def action_publish(self, lang: str = "") -> None:
        """The site of the shown round in `lang` (the season's language unless asked, the ruleset's
        `language`), written next to the store and recorded in it (one undo step), in a thread worker: a
        season's pages take a second or two."""
        lang = lang or self.evening.ruleset.language
        self.say(f"publishing round {self.shown_round}…")
        # On the app, which reports an unexpected failure in one place (`KeizerApp.on_worker_state_changed`).
        self.app.run_worker(partial(self._publish, self.shown_round, self.shown_style, lang), name="publish",
                            group="publish", description=f"publishing round {self.shown_round}",
                            exit_on_error=False, exclusive=True, thread=True)

    def _publish(self, k: int, style: str, lang: str = "nl") -> None:
        """The worker thread: write and record, then tell the app (a user's problem is said, not raised)."""
        from keizer.web.site.build import build_site  # Jinja2 and Babel load when a site is made

        try:
            folder = self.evening.publications.folder_beside_store()
            label = self.evening.publications.publish(k, lang, folder,
                                                      lambda: build_site(self.evening, k, lang, style),
                                                      say=lambda line: self.post_message(Said(line, "warning")))
        except KeizerError as exc:  # the folder has other files; the store changed meanwhile
            self.post_message(Said(str(exc), "error"))
            return
        except StopIteration as exc:  # raised out of a thread worker it never reaches the app: "publishing…"
            raise RuntimeError(f"StopIteration {exc}") from exc  # for ever; as any other error it is reported
        self.post_message(SeasonWritten(f"{label}: written to {folder}"))
