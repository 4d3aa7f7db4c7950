"""Nothing a solver does ends the program: a fault is said, logged and survived; esc stops every search."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from keizer.pairing import alternatives as pairing_alternatives
from keizer.pairing import checker as pairing_checker
from keizer.pairing import proposer
from keizer.pairing.alternatives import alternatives
from keizer.pairing.instance import build_instance
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.screens.pairing.screen import PairingScreen
from keizer.evening.evening import Evening
from keizer.evening.desk.solve import solve_request
from tests.tui.waiting import until


def pairing_screen(app: KeizerApp) -> PairingScreen:
    screen = app.screen
    assert isinstance(screen, PairingScreen)
    return screen


async def test_a_solver_fault_is_said_logged_and_survived(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = proposer.propose

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the solver broke")

    monkeypatch.setattr(proposer, "propose", broken)
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        head = app.evening.revision
        await pilot.press("f3")  # the round is solved on arrival: the fault comes from the worker thread
        await until(pilot, lambda: any(s.severity == "error" for s in app.said))
        said = app.said[-1].text
        assert said.startswith("pairing round 33 failed (RuntimeError: the solver broke): the season is unchanged")
        assert "r tries again" in said and "demo.keizer.log" in said
        screen = pairing_screen(app)
        assert not screen.solving and not screen.query_one("#solving").has_class("-busy")
        assert "the search failed" in str(screen.query_one("#title").render())
        log = (demo_store.parent / "demo.keizer.log").read_text(encoding="utf-8")
        assert "pairing round 33 failed" in log and "Traceback" in log and "RuntimeError: the solver broke" in log
        assert app.evening.revision == head

        await pilot.press("f5", "f3")  # alive: the screens switch, and the fault is not solved into again
        assert app.current_mode == "pairing" and not screen.solving
        monkeypatch.setattr(proposer, "propose", real)  # the fault is gone: r tries again
        await pilot.press("r")
        await until(pilot, lambda: not screen.solving and app.evening.desk.proposals)
        assert app.evening.desk.views()[0].title == "best"
        await pilot.press("1", "a")
        assert app.evening.season.round(33).is_paired
        await pilot.press("ctrl+q")
    assert app.return_code == 0


async def test_a_fault_among_the_alternatives_keeps_the_best(demo_store: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("no alternatives today")

    monkeypatch.setattr(pairing_alternatives, "alternatives", broken)
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f3")
        await until(pilot, lambda: any(s.severity == "error" for s in app.said))
        assert "ValueError: no alternatives today" in app.said[-1].text
        assert [v.title for v in app.evening.desk.views()] == ["best"]  # found before the fault: it stays
        await pilot.press("1", "a")
        assert app.evening.season.round(33).is_paired


async def test_esc_stops_the_search_for_alternatives(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    looking, stopped = threading.Event(), threading.Event()

    def endless(*args: object, cancelled: Callable[[], bool], **kwargs: object) -> tuple[()]:
        """Alternatives that never end, asking before each re-solve whether to stop, as the real ones do."""
        looking.set()
        deadline = time.monotonic() + 30
        while not cancelled() and time.monotonic() < deadline:
            time.sleep(0.01)
        if cancelled():
            stopped.set()
        return ()

    monkeypatch.setattr(pairing_alternatives, "alternatives", endless)
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f3")
        await until(pilot, lambda: looking.is_set() and app.evening.desk.proposals)
        screen = pairing_screen(app)
        assert screen.solving
        await pilot.press("escape")
        assert stopped.wait(timeout=10)  # the search itself saw esc and returned
        await until(pilot, lambda: "best pairing is shown" in app.said[-1].text)
        assert not screen.solving and [v.title for v in app.evening.desk.views()] == ["best"]


def test_the_real_alternatives_stop_when_cancelled(evening: Evening) -> None:
    request = evening.desk.prepare(33, 2)
    cancel = threading.Event()
    outcome = solve_request(request, cancel, partial=lambda _: cancel.set())  # esc as the best arrives
    assert len(outcome.proposals) == 1 and outcome.cancelled

    inst = build_instance(request.season, 33, request.ranking, request.values)
    best = proposer.propose(inst)
    answers = iter((False, True, True))  # stopped after the first re-solve
    assert len(alternatives(inst, 2, best=best, cancelled=lambda: next(answers))) == 1


async def test_a_fault_on_the_ui_thread_is_said_logged_and_survived(demo_store: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker behind a hand swap runs on the UI thread: its crash is reported like a worker's."""
    from keizer.tui.app.widgets.proposal import ProposalColumn

    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        screen = pairing_screen(app)
        await until(pilot, lambda: not screen.solving and app.evening.desk.proposals)

        def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the checker broke")

        monkeypatch.setattr(pairing_checker, "check_pairing", broken)
        column = screen.query_one("#proposal-0", ProposalColumn)
        white = [c.key.value for c in column.table.columns.values()].index("white")
        column.table.move_cursor(row=0, column=white)
        await pilot.press("s", "down", "s")
        await until(pilot, lambda: any(s.severity == "error" for s in app.said))
        said = app.said[-1].text
        assert said.startswith("swap failed (RuntimeError: the checker broke): the season is unchanged")
        log = (demo_store.parent / "demo.keizer.log").read_text(encoding="utf-8")
        assert "swap failed" in log and "Traceback" in log
        await pilot.press("f5")  # alive
        assert app.current_mode == "standings"
