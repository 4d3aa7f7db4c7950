"""The director's whole evening through the keyboard: attendance → pair → accept → results → standings."""

from __future__ import annotations

import threading
from fractions import Fraction
from pathlib import Path

import pytest

from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.tui.app.app import KeizerApp, make_app
from keizer.evening.desk.solve import SolveOutcome, SolveRequest
from keizer.tui.app.screens.pairing import screen as pairing_screen
from keizer.tui.app.screens.pairing import solving as pairing_solving
from keizer.tui.app.widgets.proposal import ProposalColumn
from keizer.tui.app.widgets.table import KeizerTable


async def solved(app: KeizerApp, pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait for the pairing worker and the message it posts."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_the_evening(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        evening = app.evening
        before = evening.standings.view(32)
        values = {r.player: r.value for r in before.rows}
        score_before = {r.player: r.score for r in before.rows}

        # Attendance: the top player cannot come tonight.
        await pilot.press("e")
        top = before.rows[0].player
        assert evening.season.round(33).entry_of(top) is EntryKind.EXCUSED
        assert app.said[-1].text == "round 33: Frank Visser excused"

        # Pair: solved in a worker, shown as proposals side by side.
        await pilot.press("P")
        await solved(app, pilot)
        assert app.current_mode == "pairing"
        views = evening.desk.views()
        assert len(views) >= 2 and views[0].title == "best"
        best = views[0]
        present = [r for r in evening.attendance.rows(33) if r.entry is None]
        assert len(best.games) == len(present) // 2
        assert top not in {p for g in best.games for p in g}
        assert all(not b.differs for b in best.boards) and any(b.differs for b in views[1].boards)
        assert app.said[-1].text.startswith(f"round 33: {len(best.games)} boards")

        # Accept the best: saved as the round's pairing, in one undoable action.
        await pilot.press("1", "a")
        rnd = evening.season.round(33)
        assert tuple(g.players() for g in rnd.games) == best.games
        assert (rnd.entry_of(best.bye.id) is EntryKind.BYE) if best.bye else len(present) % 2 == 0
        assert "pairing of round 33" in app.said[-1].text

        # Results: board 1 white wins, board 2 a draw; the cursor walks down the boards.
        await pilot.press("f4")
        boards = app.screen.query_one("#boards", KeizerTable)
        await pilot.press("1", "equals_sign")
        assert boards.cursor_row == 2
        games = evening.season.round(33).games
        assert (games[0].result, games[1].result) == (Result.WHITE_WINS, Result.DRAW)

        # Standings after round 33 as the rules say (D: frozen valuation, round 33 single pass at the
        # ranking after round 32): a win adds the opponent's value, a draw half of it, excused 1/3 own.
        after = {r.player: r.score for r in evening.standings.view(33).rows}
        w1, b1 = games[0].white, games[0].black
        w2, b2 = games[1].white, games[1].black
        assert after[w1] - score_before[w1] == values[b1]
        assert after[b1] - score_before[b1] == 0
        assert after[w2] - score_before[w2] == values[b2] / 2
        assert after[top] - score_before[top] == Fraction(1, 3) * values[top]
        live = app.screen.query_one("#live-standings", KeizerTable)
        assert live.cursor_key is not None and live.row_count == len(after)
        title = str(app.screen.query_one("#live-title").render())
        assert "Standings after round 33" in title
        # Results still missing: provisional beside the boards, said as the Standings screen (F5) says it.
        missing = evening.standings.view(33).missing
        assert missing and f"PROVISIONAL: {missing} results missing" in title
        assert evening.standings.view(33).report.startswith(f"PROVISIONAL: {missing} results missing · ")

        # Undo takes back the last result only.
        await pilot.press("ctrl+z")
        assert evening.season.round(33).games[1].result is Result.PENDING
        assert evening.season.round(33).games[0].result is Result.WHITE_WINS


async def test_lock_forbid_swap_and_resolve(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await solved(app, pilot)
        desk = app.evening.desk
        first = desk.views()[0]
        locked, forbidden = first.boards[2].pair, first.boards[0].pair
        await pilot.press("down", "down", "l")  # lock board 3
        await pilot.press("up", "up", "f")  # forbid board 1
        assert first.boards[2].pair[0] in {p for pair in desk.locks for p in pair}
        await pilot.press("r")
        await solved(app, pilot)
        games = {frozenset(g) for g in desk.views()[0].games}
        assert frozenset(locked) in games and frozenset(forbidden) not in games
        assert desk.views()[0].boards[[frozenset(g) for g in desk.views()[0].games].index(frozenset(locked))].locked

        # Swap the whites of boards 1 and 2 by hand: the checker says what that breaks (or that it breaks
        # nothing) and the result is shown as proposal 1, "by hand".
        column = app.screen.query_one("#proposal-0", ProposalColumn)
        white_column = [c.key.value for c in column.table.columns.values()].index("white")
        column.table.move_cursor(row=0, column=white_column)
        await pilot.press("s", "down", "s")
        manual = desk.views()[0]
        assert manual.kind == "manual" and manual.title == "by hand"
        said = app.said[-1].text
        assert said.startswith("swapped") and "breaks" in said
        assert ("breaks no rule" in said) == (manual.problems == ())
        assert all(p in said for p in manual.problems)


async def test_solving_shows_progress_keeps_the_ui_live_and_can_be_cancelled(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = threading.Event()

    def slow_solve(request: SolveRequest, cancel: threading.Event, progress, partial) -> SolveOutcome:  # type: ignore[no-untyped-def]
        started.set()
        progress("thinking hard")
        cancel.wait(timeout=30)  # a solve that only ends when cancelled
        return SolveOutcome(request, cancelled=True)

    monkeypatch.setattr(pairing_solving, "solve_request", slow_solve)
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        head = app.evening.revision
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, pairing_screen.PairingScreen)
        assert started.wait(timeout=10) and screen.solving
        await pilot.pause()
        assert screen.query_one("#solving").has_class("-busy")
        assert "thinking hard" in str(screen.query_one("#solving-text").render())
        await pilot.press("f5", "f3")  # the UI stays live while the worker runs
        assert app.current_mode == "pairing" and screen.solving
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.solving and not screen.query_one("#solving").has_class("-busy")
        assert app.said[-1].text == "solving cancelled: nothing changed"
        assert app.evening.revision == head and app.evening.desk.views() == ()


async def test_a_paired_round_shows_its_saved_pairing(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f3")
        await solved(app, pilot)
        await pilot.press("a")
        table = app.screen.query_one("#proposal-0", ProposalColumn).table
        assert table.row_count == len(app.evening.season.round(33).games) + 1  # the boards and the bye
        assert app.evening.desk.views()[0].kind == "saved"
        await pilot.press("c")  # asks first: a published pairing is not thrown away by one key
        assert app.evening.season.round(33).is_paired
        await pilot.press("c")  # clear it to pair again: the absences stay
        assert not app.evening.season.round(33).is_paired
        assert app.evening.season.round(33).entry_of(PlayerId("smits")) is EntryKind.EXCUSED


async def test_stopping_the_search_for_alternatives_keeps_the_best(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pairing_solving.solve_request

    def slow_alternatives(request, cancel, progress, partial):  # type: ignore[no-untyped-def]
        best = real(SolveRequest(**{**_fields(request), "alternatives": 0}), cancel)
        partial(SolveOutcome(request, best.proposals, best.explanations, partial=True))
        cancel.wait(timeout=30)  # alternatives that take for ever
        return SolveOutcome(request, best.proposals, best.explanations, cancelled=True)

    monkeypatch.setattr(pairing_solving, "solve_request", slow_alternatives)
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f3")
        for _ in range(100):  # until the best is on screen (the worker posts it); no time limit asserted
            await pilot.pause(0.05)
            if app.evening.desk.proposals:
                break
        screen = app.screen
        assert screen.solving and len(app.evening.desk.views()) == 1  # type: ignore[attr-defined]
        await pilot.press("a")
        assert "still solving" in app.said[-1].text and not app.evening.season.round(33).is_paired
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        assert "best pairing is shown" in app.said[-1].text
        await pilot.press("a")
        assert app.evening.season.round(33).is_paired


def _fields(request: SolveRequest) -> dict[str, object]:
    return {name: getattr(request, name) for name in SolveRequest.__dataclass_fields__}


async def test_ctrl_z_on_the_pairing_screen_takes_back_a_swap_first(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await solved(app, pilot)
        desk = app.evening.desk
        head = app.evening.revision
        best = desk.views()[0]
        desk.swap(0, best.games[0][0], best.games[1][0])
        assert desk.views()[0].kind == "manual"
        await pilot.press("ctrl+z")
        assert desk.views()[0].kind != "manual" and desk.views()[0].games == best.games  # the swap is gone …
        assert app.evening.revision == head  # … and nothing in the store was undone
        assert app.said[-1].text.startswith("undone on the desk: the swap")
        await pilot.press("ctrl+z")  # nothing left on the desk: the store's last action
        assert app.said[-1].text.startswith(("undone:", "nothing to undo"))


async def test_a_complete_season_says_where_the_tui_plans_more(demo_json: Path, tmp_path: Path) -> None:
    """The domain says the fact; the TUI adds its own key (the command line says its own way)."""
    from dataclasses import replace

    from keizer.seasons.load import load_season
    from keizer.seasons.store.season_store import SeasonStore

    season = load_season(demo_json)
    path = tmp_path / "done.keizer"
    SeasonStore.create(path, replace(season, rounds=season.rounds[:32], rounds_planned=32)).close()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        assert app.said[-1].text == "the season is complete: all 32 planned rounds are paired (F7 plans more)"
