"""What every mode screen shares: the mode bar, a status line, the footer, and one way to call the evening."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from keizer.seasons.errors import ChangedMeanwhile, KeizerError
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.rounds import SeasonComplete
from keizer.tui.app.messages import Faulted, KeptRankingsRead, Outdated, Said, SeasonWritten
from keizer.tui.app.widgets.footer import KeizerFooter
from keizer.tui.app.widgets.mode_bar import ModeBar, fitted
from keizer.evening.ways import Way, WayOut
from keizer.tui.app.ways import KEYS, keyed
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.evening import Evening
    from keizer.tui.app.host import EveningHost

T = TypeVar("T")

KEY_HINTS = "^z undo ^y redo ^p cmds ? help"
"""The app's own keys, always in sight (the footer below shows the screen's keys)."""

READ_ONLY_HINTS = "READ-ONLY ^p cmds ? help"
"""The same on a season open read-only: always in sight, in capitals (seen without colour), no undo or redo."""

NAME_IN_HINTS = 16
"""The most of the file name the key hints give room to (the status message needs the rest)."""

SEVERITY_MARK = {"information": "", "warning": "! ", "error": "✗ "}
"""A marker before a status message, so that warnings and errors show without colour."""


def _saying_why(draw: Callable[[KeizerScreen], None]) -> Callable[[KeizerScreen], None]:
    """A screen's `refresh_view` that says a user's problem instead of ending the app: a season too large
    to score in time (docs/performance.md) is said, and the director can still undo what made it so."""
    @functools.wraps(draw)
    def drawn(screen: KeizerScreen) -> None:
        try:
            draw(screen)
        except KeizerError as exc:
            screen.say(f"cannot draw this screen: {exc}", "error")
    return drawn


class StatusBar(Horizontal):
    """The status message and the app's key hints on one line, at every width: the hints give way while a
    message needs their room, and a message longer than the line is cut with "…" (a warning or an error comes
    as a toast too, whole; every change's words are its label in `keizer log`)."""

    def __init__(self, *, id: str) -> None:  # noqa: A002 (Textual's own name for it)
        super().__init__(id=id)
        self.message = ""
        """The message shown ("" for none)."""
        self.hints = ""
        """The key hints' text."""

    def show(self, text: str, severity: str) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(severity == "error", "-error")
        status.set_class(severity == "warning", "-warning")
        self.message = text
        self._fit()

    def show_hints(self, text: str) -> None:
        self.query_one("#hints", Static).update(text)
        self.hints = text
        self._fit()

    def on_mount(self) -> None:
        self.hints = str(self.query_one("#hints", Static).render())

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The hints in sight unless message and hints together are wider than the line (each with its
        padding of one column a side)."""
        width = self.size.width
        needed = cell_len(self.message) + 2 + cell_len(self.hints) + 2
        self.query_one("#hints", Static).display = not self.message or not width or needed <= width


class KeizerScreen(Screen[None]):
    """A mode of the app. Subclasses compose `compose_body` and draw the season in `refresh_view`; they
    tell the app what happened with messages (`Said`, `SeasonWritten`) and follow its
    `season_changed_signal`."""

    MODE: ClassVar[str] = ""
    ROUND_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left_square_bracket", "change_round(-1)", "Previous round", key_display="[",
                group=Binding.Group("Round", compact=True)),
        Binding("right_square_bracket", "change_round(1)", "Next round", key_display="]",
                group=Binding.Group("Round", compact=True)),
    ]

    round_number: var[int | None] = var(None, init=False)
    """The round the director chose with [ and ] (screens with `ROUND_BINDINGS`); None follows the season."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)  # type: ignore[arg-type]
        if "refresh_view" in cls.__dict__:  # every drawing, wherever it is asked for (a resize, a round key…)
            cls.refresh_view = _saying_why(cls.__dict__["refresh_view"])  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.drawn_at: int | None = None
        """The store revision last drawn: any other (a write, an undo, another session) is drawn anew."""
        self.said_at: int | None = None
        """The store revision the status line's message was said at."""
        self.status: tuple[str, str] = ("", "information")
        """The status line's message as shown (marked, escaped) and its severity."""
        self.drawn_waiting: dict[PlayerId, EntryKind | None] = {}
        """The attendance changes waiting on the desk for the re-pairing when last drawn: they are not in the
        store, yet the Round and Pairing screens show them (`PairingDesk.waiting`)."""
        self.drawn_replaced = 0
        """The kept rankings the replay that follows had replaced when last drawn (`EveningSession.replaced`):
        a list drawn in the order of one it replaced since is drawn again."""

    @property
    def keizer(self) -> EveningHost:
        return cast("EveningHost", self.app)

    @property
    def evening(self) -> Evening:
        return self.keizer.evening

    @property
    def file_name(self) -> str:
        path = self.evening.path
        return path.name if path is not None else ""

    @property
    def key_hints(self) -> str:
        return KEY_HINTS if self.evening.readonly is None else READ_ONLY_HINTS

    def compose(self) -> ComposeResult:
        yield ModeBar(self.MODE, self.file_name)
        yield from self.compose_body()
        with StatusBar(id="statusbar"):
            yield Static("", id="status", markup=False)
            yield Static(self.key_hints, id="hints", markup=False)
        yield KeizerFooter(compact=True, show_command_palette=False)

    def compose_body(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query_one(StatusBar).show(*self.status)
        self.keizer.season_changed_signal.subscribe(self, self._season_changed)

    def on_mode_bar_name_shown(self, message: ModeBar.NameShown) -> None:
        """No room for the file name in the mode bar (80 columns): it leads the key hints instead."""
        name = "" if message.shown or not self.file_name else fitted(visible(self.file_name), NAME_IN_HINTS) + " · "
        for bar in self.query(StatusBar):
            bar.show_hints(name + self.key_hints)

    def on_screen_resume(self) -> None:
        self.query_one(ModeBar).refresh_bar()
        if self.stale and self.keizer.started:  # the first screen: the app draws it once started (`on_ready`)
            self.redraw()

    # -- drawing ----------------------------------------------------------------------------------
    @property
    def stale(self) -> bool:
        """The season changed since this screen was drawn (it was not shown), or a latecomer or a call-off
        waits for the re-pairing (or went back): draw it when it is."""
        return (self.drawn_at != self.evening.revision or self.drawn_waiting != self.evening.desk.waiting()
                or self.drawn_replaced != self.evening.standings.replaced)

    def redraw(self) -> None:
        """Draw the season as it stands now. A message said before the season changed (a write, an undo,
        another session) is about a season that is no longer there: it leaves the status line."""
        self.drawn_at = self.evening.revision
        self.drawn_waiting = dict(self.evening.desk.waiting())
        self.drawn_replaced = self.evening.standings.replaced
        if self.said_at is not None and self.said_at != self.drawn_at:
            self.show_status("", "information")
            self.said_at = None
        self.refresh_view()
        if self.evening.standings.unconfirmed:  # drawn at once from a kept ranking: the replay that follows confirms it
            self.post_message(KeptRankingsRead())

    def refresh_view(self) -> None:
        """Redraw from the evening's season."""

    def watch_round_number(self) -> None:
        self.redraw()

    def _season_changed(self, revision: int) -> None:
        """The app's signal: a screen in sight (perhaps under a dialog) is drawn now, any other when shown."""
        if self.is_current and self.stale:
            self.redraw()

    def show_status(self, text: str, severity: str) -> None:
        self.said_at = self.evening.revision
        self.status = (SEVERITY_MARK.get(severity, "") + visible(text) if text else "", severity)
        for bar in self.query(StatusBar):  # none yet on a screen still being composed: shown once mounted
            bar.show(*self.status)

    # -- telling the app ---------------------------------------------------------------------------
    def say(self, text: str, severity: SeverityLevel = "information") -> None:
        """Tell the director something (the app shows it)."""
        self.post_message(Said(text, severity))

    def attempt(self, operation: Callable[..., T], *args: object, **kwargs: object) -> T | None:
        """Call the evening layer; a user's mistake becomes a message (nothing was written), not a crash, and a
        write refused because another session changed the season first makes the app show it (`Outdated`). Nor
        does anything else end the evening: an unexpected error is reported and logged (`Faulted`); every
        write is one transaction, so the season is as it was."""
        try:
            result = operation(*args, **kwargs)
        except ChangedMeanwhile:  # another session wrote after what this screen shows: nothing was saved
            self.post_message(Outdated())
            self.app.bell()
            return None
        except KeizerError as exc:
            # The domain says a complete season's fact; the TUI adds where it plans more rounds.
            self.say(f"{exc} ({KEYS[Way.PLAN_MORE]})" if isinstance(exc, SeasonComplete)
                     else keyed(exc) if isinstance(exc, WayOut) else str(exc), "error")
            self.app.bell()
            return None
        except Exception as exc:  # not a user's mistake: the app's one handler reports and logs it
            name = getattr(operation, "__name__", "an operation").strip("_").replace("_", " ")
            self.post_message(Faulted(name, exc))
            self.app.bell()
            return None
        return result

    def write(self, operation: Callable[..., str | None], *args: object, **kwargs: object) -> str | None:
        """A change through the evening layer: the app says what was done and every screen follows. The
        action's label, or None when nothing was written."""
        label = self.attempt(operation, *args, **kwargs)
        if label is not None:
            self.post_message(SeasonWritten(label))
        return label
