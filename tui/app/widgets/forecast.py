"""The Standings screen's forecast panel: each player's chances with their margins at once, sharper as a worker plays
more runs; esc stops and keeps what is there."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import Worker, WorkerState

from keizer.seasons.errors import KeizerError
from keizer.seasons.forecasts import Forecast
from keizer.tui.app.messages import Said
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.words.forecast import (certain_lines, headers, margin_note, model_line, needs_lines, say,
                                            table_rows)
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.evening import Evening


NAMED = 4
"""The notes under the table name at most this many players for a certainty, else count them: three lines."""


class ForecastProgressed(Message, bubble=False):
    """The worker played more runs: the chances so far (posted from its thread, handled on the UI thread)."""

    def __init__(self, key: tuple[int, int], so_far: Forecast, runs: int) -> None:
        super().__init__()
        self.key, self.so_far, self.runs = key, so_far, runs


class ForecastMade(Message, bubble=False):
    """The worker is done: the forecast, or why there is none (a user's problem, cancelled)."""

    def __init__(self, key: tuple[int, int], forecast: Forecast | None, error: str | None = None,
                 cancelled: bool = False) -> None:
        super().__init__()
        self.key, self.forecast, self.error, self.cancelled = key, forecast, error, cancelled


class ForecastPanel(Vertical):
    """A forecast of the shown round: made on `start` in a thread worker (its runs in worker processes), shown
    in place of the standings from the first chunk of runs on — each chance with its margin — and drawn again
    as the runs go on, until RUNS runs or every chance is as sharp as it is shown; `cancel` (esc) stops it
    between chunks and keeps the chances so far. Kept for the (round, store revision) it was made for: the
    season changed, it is made again."""

    RUNS: ClassVar[int] = 1000
    """Runs of a forecast made on the screen at most (`keizer forecast`'s default)."""
    HOLD: ClassVar[Callable[[int], None] | None] = None
    """Called in the worker with the runs counted before each chunk's chances are posted (a test pauses the
    worker there to look at the chances so far; None in the app)."""

    class Shown(Message):
        """The panel came into sight (the forecast is shown) or went (the standings are)."""

        def __init__(self, shown: bool) -> None:
            super().__init__()
            self.shown = shown

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.made: dict[tuple[int, int], Forecast] = {}
        """Forecasts made, by (round, store revision)."""
        self.running: tuple[int, int] | None = None
        """The (round, revision) a worker is making a forecast for."""
        self.so_far: Forecast | None = None
        """The chances from the runs the worker has played so far (shown while it plays on)."""
        self._cancel: threading.Event | None = None
        self._worker: Worker[None] | None = None
        self.shown: tuple[int, int] | None = None
        self.drawn: Forecast | None = None
        """The forecast in sight (made whole, or the chances so far)."""
        self.player: str | None = None
        """The player the cursor lands on when the forecast comes into sight (the standings' row under it)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="forecast-progress", markup=False)
        yield Static("", id="forecast-title", classes="subtitle", markup=False)
        yield KeizerTable(id="forecast-table", cell_padding=0)
        yield Static("", id="forecast-needs", classes="subtitle", markup=False)
        yield Static("", id="forecast-notes", classes="subtitle", markup=False)

    def on_mount(self) -> None:
        self._sight(progress=False, table=False)

    def _sight(self, progress: bool, table: bool) -> None:
        self.display = progress or table
        self.set_class(table, "-table")
        self.query_one("#forecast-progress").display = progress
        for name in ("#forecast-title", "#forecast-table", "#forecast-needs", "#forecast-notes"):
            self.query_one(name).display = table

    def start(self, evening: Evening, k: int, player: str | None = None) -> str:
        """Show the forecast after round k, making it first if need be, the cursor on `player`'s row (the one it
        was on in the standings: their needs are said under the table); what the director is told."""
        key = (k, evening.revision)
        self.player = player
        if key in self.made:
            self.show(evening, key)
            return f"forecast after round {k}"
        if self.running is not None:
            return "already making a forecast (esc cancels)"
        self._cancel = threading.Event()
        self.running = key
        self.so_far = None
        self._progress(0, self.RUNS)
        self._sight(progress=True, table=False)
        # On the app, which reports an unexpected failure in one place (`KeizerApp.on_worker_state_changed`).
        self._worker = self.app.run_worker(partial(self._make, evening, key, self._cancel), name="forecast",
                                           group="forecast", description=f"the forecast after round {k}",
                                           exit_on_error=False, exclusive=True, thread=True)
        return (f"making the forecast after round {k}: up to {self.RUNS:,} runs of the rest of the season, the "
                f"chances shown at once and sharper as they go on (esc stops)")

    def _make(self, evening: Evening, key: tuple[int, int], cancel: threading.Event) -> None:
        """The worker thread: the forecast (its runs in worker processes), the chances so far posted after
        every chunk of runs, then the panel is told."""
        from keizer.evening.forecasts import ForecastCancelled, make_forecast

        def progressed(so_far: Forecast, runs: int) -> None:
            hold = type(self).HOLD  # read on the class: a function kept there, not a method
            if hold is not None:
                hold(so_far.runs)
            self.post_message(ForecastProgressed(key, so_far, runs))

        try:
            made = make_forecast(evening.season, key[0], self.RUNS, progress=progressed, cancelled=cancel.is_set,
                                 until_sharp=True, needs=True)
        except ForecastCancelled:
            self.post_message(ForecastMade(key, None, cancelled=True))
            return
        except KeizerError as exc:  # the season is over, a round not played: said, not raised
            self.post_message(ForecastMade(key, None, error=str(exc)))
            return
        self.post_message(ForecastMade(key, made))

    def cancel(self) -> str | None:
        """Esc: stop the forecast being made (between two chunks of runs), keeping the chances so far in sight;
        what the director is told (None: none was being made)."""
        if self.running is None or self._cancel is None:
            return None
        self._cancel.set()
        key, so_far = self.running, self.so_far
        self.running = self.so_far = None
        if so_far is None:
            self._sight(progress=False, table=self.shown is not None)
            return "forecast cancelled"
        self.made = {key: so_far}  # what is there is kept: shown again with f, as a forecast made whole
        self._sight(progress=False, table=True)
        return f"forecast stopped after {so_far.runs:,} runs: the chances so far are kept (f: the standings)"

    def on_forecast_progressed(self, message: ForecastProgressed) -> None:
        if message.key != self.running:  # stopped, or the screen asked for another since
            return
        self.so_far = message.so_far
        self._progress(message.so_far.runs, message.runs)
        evening = getattr(self.screen, "evening", None)
        if evening is not None:
            self._draw(evening, message.so_far)
            if self.shown is None:
                self._shown(message.key)

    def _progress(self, done: int, runs: int) -> None:
        k = self.running[0] if self.running else 0
        self.query_one("#forecast-progress", Static).update(
            f"Forecast after round {k}: {done:,} of up to {runs:,} runs played, sharper as they go on… (esc stops "
            f"and keeps these)")

    def on_forecast_made(self, message: ForecastMade) -> None:
        if message.key != self.running:  # cancelled, or the screen asked for another since
            return
        self.running = self.so_far = None
        self._worker = None
        if message.forecast is None:
            self._sight(progress=False, table=self.shown is not None)
            if message.error:
                self.screen.post_message(Said(message.error, "error"))
            return
        self.made = {message.key: message.forecast}  # one kept: an older state's is never shown again
        evening = getattr(self.screen, "evening", None)
        if evening is not None:
            self.show(evening, message.key)
            self.screen.post_message(Said(f"forecast after round {message.key[0]}: {message.forecast.runs:,} runs "
                                          f"played (f: back to the standings)"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._worker and event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.running = None  # the app reports a failure; the panel only stops waiting
            self._sight(progress=False, table=self.shown is not None)

    def show(self, evening: Evening, key: tuple[int, int]) -> None:
        """The forecast made for `key` in place of the standings."""
        self._draw(evening, self.made[key])
        self._shown(key)

    def _shown(self, key: tuple[int, int]) -> None:
        self.shown = key
        self._sight(progress=self.running is not None, table=True)
        self.post_message(self.Shown(True))
        table = self.query_one("#forecast-table", KeizerTable)
        if self.player is not None and self.drawn is not None and self.drawn.player(self.player) is not None:  # type: ignore[arg-type]
            table.move_cursor(row=table.get_row_index(self.player), animate=False, scroll=True)
        table.focus()
        self._needs()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "forecast-table":
            self._needs()

    def _needs(self) -> None:
        """What the player under the cursor needs, under the table."""
        forecast = self.drawn
        pid = self.query_one("#forecast-table", KeizerTable).cursor_key
        needs = forecast.needs_of(pid) if forecast is not None and pid is not None else None  # type: ignore[arg-type]
        evening = getattr(self.screen, "evening", None)
        if needs is None or evening is None or not evening.season.has_player(pid):
            self.query_one("#forecast-needs", Static).update("")
            return
        name = evening.season.player(pid).name
        text = " ".join((say("needs_of", "en", name=name), *needs_lines(forecast, needs, name, "en")))  # type: ignore[arg-type]
        self.query_one("#forecast-needs", Static).update(visible(text))

    def _draw(self, evening: Evening, forecast: Forecast) -> None:
        """The table and the lines of `forecast` (made whole, or the chances so far)."""
        season = evening.season

        def name(pid: str) -> str:
            return season.player(pid).name if season.has_player(pid) else pid  # type: ignore[arg-type]

        head = headers(forecast, "en")
        table = self.query_one("#forecast-table", KeizerTable)
        table.set_columns([(f" {h}", f"c{i}") for i, h in enumerate(head)])
        table.fill([(pid, [Text(" " + visible(c), justify="left" if i == 1 else "right") for i, c in enumerate(cells)])
                    for pid, cells in table_rows(forecast, name, "en", margins=True)], anew=True)
        kind = say("title_group" if forecast.title == "group" else "title_first", "en")
        runs = f"{forecast.runs:,}"
        self.query_one("#forecast-title", Static).update(
            f"{say('heading', 'en', k=forecast.round)}: "
            f"{say('runs', 'en', runs=runs, first=forecast.round + 1, last=forecast.last, seed=forecast.seed)}"
            f" · {kind} · f: back to the standings")
        notes = (*certain_lines(forecast, name, "en", most=NAMED), margin_note(forecast, "en"),
                 model_line(forecast, "en"), say("honest", "en", runs=runs))
        self.query_one("#forecast-notes", Static).update(visible(" ".join(notes)))
        self.drawn = forecast
        if self.shown is not None:
            self._needs()

    def hide(self) -> None:
        """Back to the standings (the forecast stays made for its round and revision)."""
        self.shown = None
        self._sight(progress=self.running is not None, table=False)
        self.post_message(self.Shown(False))
