"""The Textual app: one mode per task of the club evening, all over one `Evening`."""

from __future__ import annotations

import logging
import os
import time
from importlib import import_module
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.signal import Signal
from textual.worker import Worker, WorkerState

from keizer.seasons.errors import ChangedMeanwhile, KeizerError

from keizer.tui.app.edits import READ_ONLY
from keizer.tui.app.logfile import LOG, file_handler, log_path
from keizer.tui.app.messages import Faulted, KeptRankingsRead, Outdated, RankingsConfirmed, Said, SeasonWritten
from keizer.tui.app.modes import MODE_KEYS, MODE_SCREENS
from keizer.tui.app.screens.base import KeizerScreen
from keizer.evening.evening import Evening
from keizer.evening.evening import WRITE_WAIT_SECONDS
from keizer.evening.live.tonight import KIOSK, Came
from keizer.evening.words.visible import visible

WATCH_SECONDS = 2.0
"""How often the app looks whether another session changed the store."""

QUIT_AGAIN_SECONDS = 3.0
"""A second ctrl+c within this time quits (the first says how to quit; each change is already saved)."""

OUTDATED = "not saved: the season changed elsewhere meanwhile (shown now): do it again"
"""What a write refused by the compare-and-set says (`EveningSession.shown`): another terminal or a keizer
command wrote after what the screen showed (two lines of the status at 80 columns)."""

RETRY_HINTS = {"pairing": "r tries again, or pair by hand"}
"""What the director can do after a worker of this group failed."""

LIVE_SAID = 3
"""What came from the door and the boards since the last look, said one by one at most (the rest counted)."""

LIVE_HINTS = {
    Came.LATE: " — p on F2 marks them present, then r on F3 re-pairs keeping the accepted boards",
    Came.REPORT: " — t on Results (F4) takes it",
    Came.DISAGREE: " — the two reports differ: type the result on Results (F4)",
}
"""The keys that take what came from the door or a board (`evening.live.tonight.Came`)."""

ALARM_HINTS = {"kiosk": {False: "", True: " — k on Round (F2) gives the tablet a new code"},
               "board": {False: "", True: " — enter that board's result on Results (F4)"}}
"""What the director can do when the live evening's codes are being guessed (slowed, then refused)."""


def mode_screen(mode: str) -> Callable[[], Screen]:
    """A mode's screen, made when the mode is first shown: its module is imported then, not when the app starts
    (the first screen is in sight sooner)."""
    module, name = MODE_SCREENS[mode]

    def make() -> Screen:
        screen_class = getattr(import_module(f"keizer.tui.app.screens.{module}"), name)
        assert issubclass(screen_class, KeizerScreen) and screen_class.MODE == mode
        return screen_class()

    return make


class KeizerApp(App[None]):
    """The director's club evening: attendance, pairing, results, standings, players, season. Screens
    tell it what happened with messages (`Said`, `SeasonWritten`); it tells them with
    `season_changed_signal` and the `current_round` reactive."""

    TITLE = "keizer"
    CSS_PATH = "keizer.tcss"
    ENABLE_COMMAND_PALETTE = True
    MODES: ClassVar[dict[str, str | Callable[[], Screen]]] = {mode: mode_screen(mode) for mode, _, _ in MODE_KEYS}
    """Each mode's screen, made when the mode is first shown (`modes.MODE_SCREENS`)."""
    DEFAULT_MODE = "round"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"goto('{mode}')", title, key_display=key.upper(), show=False,
                  priority=True)  # F-keys switch screens even from a text box (TextArea uses F6)
          for mode, key, title in MODE_KEYS),
        # Shown in every screen's status line rather than the footer, which shows the screen's own keys.
        Binding("ctrl+z", "undo", "Undo", key_display="^z", show=False),
        Binding("ctrl+y", "redo", "Redo", key_display="^y", show=False),
        Binding("question_mark,f1", "help", "Help", key_display="? F1", show=False),
        Binding("ctrl+q", "quit", "Quit", key_display="^q", show=False, priority=True),
    ]

    current_round: var[int] = var(1, init=False)
    """Tonight's round (`seasons.rounds.current_round`), set before every `season_changed_signal`."""

    def __init__(self, evening: Evening) -> None:
        super().__init__()
        self.evening = evening
        """The evening's services: every screen reads and writes through them."""
        self.said: list[Said] = []
        """Every message shown, oldest first (the tests read them)."""
        self.season_changed_signal: Signal[int] = Signal(self, "season-changed")
        """Published with the store's revision after every write, undo, redo or change made elsewhere:
        the screen in sight redraws, the others when they are shown again."""
        self.worker_failed_signal: Signal[Worker[object]] = Signal(self, "worker-failed")
        """Published with a worker that raised, once the failure was said and logged: the screen that
        started it puts itself back to work."""
        self.log_path = log_path(evening.path)
        """Where a failure's traceback is written (`logfile.log_path`)."""
        self._log_handler: logging.Handler | None = None
        self._seen = evening.revision
        """The store's newest action this app has shown."""
        evening.show(self._seen)  # every write is checked against what the director sees
        self._trouble: str | None = None
        """Why the store could not be read at the last look (`check_store`), said once."""
        self._interrupted_at = float("-inf")
        """When ctrl+c was last pressed (`action_help_quit`)."""
        self._quit_asked_at = float("-inf")
        """When ctrl+q last said that a waiting mark would be lost (`action_quit`)."""
        self._alarms: set[tuple[str, bool]] = set()
        """The live evening's guessed codes already said (target, refused for good)."""
        self.started = False
        """Textual's start-up is over (`on_ready`): screens draw the season from then on."""
        self._confirming: Worker[None] | None = None
        """The thread worker replaying the kept rankings a screen drew from (`on_kept_rankings_read`)."""
        self.set_reactive(KeizerApp.current_round, evening.current_round())
        self.title = visible(evening.season.name)
        if evening.readonly is not None:
            self.sub_title = f"read-only ({evening.readonly})"

    def on_mount(self) -> None:
        if os.environ.get("NO_COLOR"):  # no colour at all: the cursor must still show (keizer.tcss)
            self.add_class("-no-color")
        self.set_interval(WATCH_SECONDS, self.check_store)
        try:
            self._log_handler = file_handler(self.log_path)
        except OSError:  # no place to write (a read-only home): failures are still said on screen
            self._log_handler = None
        else:
            LOG.addHandler(self._log_handler)
        if self.evening.readonly is not None:
            self.say(f"read-only ({self.evening.readonly}): you can look, not change", "warning")
        for lost in self.evening.marks_left_behind():  # a terminal closed on a mark that waited (F2, then F3)
            self.say(f"{lost}: mark them again on F2, then r and a on F3", "warning")

    def on_ready(self) -> None:
        """Textual lays out and renders its first frame inside its start-up batch and drops it: a screen drawn
        then had its table's lines rendered for nothing, and, cached as drawn, they missed the next frame
        written (the players came one frame late). The first screen is drawn now instead, and the first frame
        the terminal receives shows it whole."""
        self.started = True
        screen = self.screen
        if isinstance(screen, KeizerScreen) and screen.stale:
            screen.redraw()

    def on_unmount(self) -> None:
        if self._log_handler is not None:
            LOG.removeHandler(self._log_handler)
            self._log_handler.close()

    def action_help_quit(self) -> None:
        """ctrl+c: a terminal user's reflex to leave. Once it says how; pressed again soon, it quits (every
        change is saved when it is made, so nothing is lost either way — but for a mark that waits)."""
        now = time.monotonic()
        if now - self._interrupted_at <= QUIT_AGAIN_SECONDS:
            self.evening.drop_waiting()  # quit knowingly without them (said at the first ctrl+c)
            self.exit()
            return
        self._interrupted_at = now
        self._quit_asked_at = now  # the words below name any waiting mark: ctrl+q now quits, as they say
        unsaved = self._unsaved_words() or "every change is already saved"
        self.notify(visible(f"ctrl+c again (or ctrl+q) quits; {unsaved}"), markup=False, timeout=3)

    async def action_quit(self) -> None:
        """ctrl+q quits at once, unless a latecomer or a call-off waits for the re-pairing: that mark is not
        in the store yet, so the first press says it is lost and a second (soon) quits."""
        unsaved = self._unsaved_words()
        now = time.monotonic()
        if unsaved and now - self._quit_asked_at > QUIT_AGAIN_SECONDS:
            self._quit_asked_at = now
            self.say(f"{unsaved}: r then a on F3 saves them; ctrl+q again quits without them", "warning")
            return
        self.evening.drop_waiting()  # quit knowingly without them: not said when the season opens again
        self.exit()

    def _unsaved_words(self) -> str:
        """The marks waiting on the desk for the re-pairing, in words ("" when none): the only changes a
        quit would lose."""
        waiting = self.evening.desk.waiting()
        if not waiting:
            return ""
        names = ", ".join(self.evening.season.player(pid).name for pid in sorted(waiting))
        return f"not saved yet: the mark of {names} (round {self.evening.desk.round_number}) waits for the re-pairing"

    def check_store(self) -> None:
        """Another session (a second terminal, `keizer undo`, `keizer serve`) may write the store: show its
        changes, saying what came from the door and the boards, and who guesses the live evening's codes."""
        try:
            revision = self.evening.revision
            news = self.evening.tonight.news(self._seen) if revision != self._seen else ()
            alarms = self.evening.tonight.alarms()
        except KeizerError as exc:  # the file went away or was damaged meanwhile: said once, looked at again
            if str(exc) != self._trouble:  # a toast only: the status line would read the store again
                self._trouble = str(exc)
                self.said.append(Said(f"cannot read the season now: {exc}", "error"))
                self.notify(visible(self.said[-1].text), severity="error", markup=False, timeout=8)
            return
        self._trouble = None
        if revision != self._seen:
            live = [n for n in news if n.live]
            if len(live) < len(news) or not news:
                self.say("the season was changed elsewhere: showing it as it is now", "warning")
            if len(live) > LIVE_SAID:
                self.say(f"{len(live) - LIVE_SAID} more came from the door and the boards (keizer log lists them)")
            for item in live[-LIVE_SAID:]:
                assert item.came is not None
                self.say(item.label + LIVE_HINTS.get(item.came, ""),
                         "warning" if item.came in (Came.DISAGREE, Came.LATE) else "information")
            self._season_changed()
        for alarm in alarms:
            if (alarm.target, alarm.closed) not in self._alarms:
                self._alarms.add((alarm.target, alarm.closed))
                self.say(alarm.said() + ALARM_HINTS["kiosk" if alarm.target == KIOSK else "board"][alarm.closed],
                         "warning")

    # -- what the screens tell -------------------------------------------------------------------
    def on_said(self, message: Said) -> None:
        self.say(message.text, message.severity)

    def on_season_written(self, message: SeasonWritten) -> None:
        self.say(message.label)
        self._season_changed()

    def on_kept_rankings_read(self, message: KeptRankingsRead) -> None:
        """A list was drawn at once from a ranking the store keeps: the replay that follows confirms it, in a
        thread worker started once that frame is out (the first screen comes no later for it)."""
        if self._confirming is None or self._confirming.is_finished:
            self._confirming = None
            self.call_after_refresh(self._confirm_rankings)

    def _confirm_rankings(self) -> None:
        if self._confirming is not None or not self.evening.standings.unconfirmed:
            return
        standings = self.evening.standings

        def confirm() -> None:  # the worker thread: the replays, then the app is told
            self.post_message(RankingsConfirmed(standings.confirm_rankings()))

        # On the app, which reports an unexpected failure in one place (`on_worker_state_changed`).
        self._confirming = self.run_worker(confirm, name="rankings", group="rankings", description="confirming the "
                                           "ranking kept in the store", exit_on_error=False, exclusive=True,
                                           thread=True)

    def on_rankings_confirmed(self, message: RankingsConfirmed) -> None:
        """The kept rankings in use, confirmed by a replay: one it replaced (changed by hand) is said, and the
        screen in sight drawn again (the others when shown: `KeizerScreen.stale`)."""
        self._confirming = None
        for line in message.said:
            self.say(line, "warning")
        screen = self.screen
        if isinstance(screen, KeizerScreen) and screen.stale:
            screen.redraw()
        elif self.evening.standings.unconfirmed:  # one read meanwhile (another round shown)
            self.call_after_refresh(self._confirm_rankings)

    def on_outdated(self, message: Outdated) -> None:
        """A write was refused: another session wrote first. The season as it is now, and why nothing changed."""
        self._season_changed()
        self.say(OUTDATED, "error")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The one place a worker's failure lands (every worker runs on the app with exit_on_error=False):
        the app and the session stay, one line says what happened, the traceback goes to the log file."""
        if event.state is not WorkerState.ERROR:
            return
        worker = event.worker
        self._report_fault(worker.description or worker.name or "a background task", worker.error,
                           RETRY_HINTS.get(worker.group, "try again"))
        self.worker_failed_signal.publish(worker)

    def on_faulted(self, message: Faulted) -> None:
        """An operation on the UI thread failed unexpectedly: reported like a failed worker."""
        self._report_fault(message.what, message.error, "try again, or another way")

    def _report_fault(self, what: str, error: BaseException | None, hint: str) -> None:
        """One line on screen, the traceback in the log file; the app and the session stay."""
        LOG.error("%s failed", what, exc_info=error)
        self.say(f"{what} failed ({type(error).__name__}: {error}): the season is unchanged — {hint} "
                 f"(details in {self.log_path.name})", "error")

    def say(self, text: str, severity: SeverityLevel = "information") -> None:
        """Tell the director something: the status line of the screen in sight, a toast unless it is plain
        information. Screens post `Said` instead."""
        self.said.append(Said(text, severity))
        if severity != "information":  # the status line says it too; a toast makes sure it is seen
            self.notify(visible(text), severity=severity, markup=False, timeout=4)
        screen = self.screen
        if isinstance(screen, KeizerScreen):
            screen.show_status(text, severity)

    def _season_changed(self) -> None:
        """The season was written (or undone, or changed elsewhere): every screen follows."""
        self._seen = self.evening.revision
        self.evening.show(self._seen)
        self.current_round = self.evening.current_round()
        self.season_changed_signal.publish(self._seen)

    # -- actions ----------------------------------------------------------------------------------
    async def action_goto(self, mode: str) -> None:
        if self.screen.is_modal:  # finish or close the dialog first (esc)
            self.bell()
            return
        await self.switch_mode(mode)

    async def _publish_from_anywhere(self, lang: str = "nl") -> None:
        """The palette's Publish on any screen: to the Standings screen, which publishes the round it shows."""
        await self.switch_mode("standings")
        await self.screen.run_action(f"publish('{lang}')")

    def action_undo(self) -> None:
        # A latecomer or a call-off waiting for the re-pairing is the director's newest change: it goes
        # first, not the accepted pairing it waits on (the store's last action).
        taken_back = self.evening.desk.take_back_late()
        if taken_back is not None:
            self.say(taken_back)
            self._season_changed()
            return
        self._step("undo", "undone", self.evening.history.undo)

    def action_redo(self) -> None:
        # An edit or a mark on the desk that ctrl+z took back: in turn with the store's undone actions
        brought = self.evening.desk.redo()
        if brought is not None:
            self.say(brought)
            self._season_changed()
            return
        self._step("redo", "redone", self.evening.history.redo)

    def _step(self, verb: str, done: str, step: Callable[[], str | None]) -> None:
        """An undo or a redo, or one line saying why not (nothing changed): the season is read-only, another
        session wrote after what is shown (the step would take back their change, not ours), or another
        program holds the write lock."""
        if self.evening.readonly is not None:
            self.say(READ_ONLY, "warning")
            return
        try:
            label = step()
        except ChangedMeanwhile:
            self.bell()
            self.on_outdated(Outdated())
            return
        except KeizerError as exc:
            self.bell()
            self.say(str(exc), "error")
            return
        if label is None:
            self.say(f"nothing to {verb}", "warning")
        else:
            self.say(f"{done}: {label}")
        self._season_changed()

    def action_help(self) -> None:
        from keizer.tui.app.dialogs.help import HelpScreen  # loaded when first asked for

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    # -- command palette ----------------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for mode, key, title in MODE_KEYS:
            yield SystemCommand(f"Go to {title}", f"switch to the {title} screen ({key.upper()})",
                                lambda mode=mode: self.run_action(f"goto('{mode}')"))
        seen: set[str] = set()
        keys: set[str] = set()
        for binding in getattr(screen, "BINDINGS", ()):
            if isinstance(binding, Binding) and binding.description and binding.action not in seen:
                seen.add(binding.action)
                keys.update(binding.key.split(","))
                yield SystemCommand(binding.description, f"{binding.key_display or binding.key}: "
                                    f"{binding.tooltip or binding.description}",
                                    lambda action=binding.action: screen.run_action(action))
        if "publish" not in seen:  # the week's notice is wanted from wherever the evening ends
            yield SystemCommand("Publish", "write the site of the round the Standings screen shows (F5, where p "
                                           "does it) to a folder next to the store", self._publish_from_anywhere)
        yield SystemCommand("Publish in English", "the same site with every text in English, in the same folder",
                            partial(self._publish_from_anywhere, "en"))
        # A screen that binds ctrl+z or ctrl+y itself (Pairing: the desk's edits first) listed its own command
        # above, the one the key runs there: the app's would be a second "Undo" doing something else.
        if "ctrl+z" not in keys:
            yield SystemCommand("Undo", "undo the last change (ctrl+z)", self.action_undo)
        if "ctrl+y" not in keys:
            yield SystemCommand("Redo", "redo the last undone change (ctrl+y)", self.action_redo)
        yield SystemCommand("Help", "list every key (?)", self.action_help)
        yield from super().get_system_commands(screen)


def make_app(season: Evening | str | Path, *, readonly: bool = False) -> KeizerApp:
    """The app on a season store (a path or an open `Evening`): shared by `keizer open` and the tests. A path
    is opened read-only when asked (`keizer open --read-only`) or when it cannot be written."""
    if isinstance(season, Evening):
        return KeizerApp(season)
    return KeizerApp(Evening.open(season, readonly=readonly, timeout=WRITE_WAIT_SECONDS))
