"""The Pairing screen draws each proposal once per solve, and a table redraws its cells only when they change."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import DataTable

from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.screens.pairing import screen as pairing_screen
from keizer.tui.app.screens.pairing import solving as pairing_solving
from keizer.tui.app.widgets.proposal import ProposalColumn
from keizer.tui.app.widgets.table import KeizerTable, Row
from keizer.evening.desk.solve import SolveOutcome, SolveRequest


def _count_drawing(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts, by table: `show` (a proposal drawn), `anew` (a table cleared and filled again), `lines` (a
    table line drawn cell by cell, not taken from Textual's caches)."""
    counts: Counter[str] = Counter()
    show, fill, render = ProposalColumn.show, KeizerTable.fill, DataTable._render_line_in_row

    def counted_show(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts[f"show {self.id}"] += 1
        return show(self, *args, **kwargs)

    def counted_fill(self, rows, anew=False):  # type: ignore[no-untyped-def]
        if anew:
            counts["anew"] += 1
        return fill(self, rows, anew)

    def counted_render(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["lines"] += 1
        return render(self, *args, **kwargs)

    monkeypatch.setattr(ProposalColumn, "show", counted_show)
    monkeypatch.setattr(KeizerTable, "fill", counted_fill)
    monkeypatch.setattr(DataTable, "_render_line_in_row", counted_render)
    return counts


async def _solved(app: KeizerApp, pilot) -> None:  # type: ignore[no-untyped-def]
    """The worker done, its outcome taken and drawn, the screen refreshed."""
    await app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


async def test_a_solve_draws_each_proposal_in_sight_once(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The best waits for its alternatives however slow this machine is: the count does not hang on timing.
    monkeypatch.setattr(pairing_screen, "PARTIAL_DELAY", 60.0)
    counts = _count_drawing(monkeypatch)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:  # two proposals side by side
        await pilot.press("f3")
        await _solved(app, pilot)
        assert len(app.evening.desk.views()) == 3
        # The first pairing of the evening: each column drawn once (not the best alone first, then again
        # when the cursor is put back on its row or the column takes the focus), cell by cell.
        assert {k: v for k, v in counts.items() if k.startswith("show")} == \
            {"show proposal-0": 1, "show proposal-1": 1}
        assert counts["lines"] > 0
        before = app.screen.query_one("#proposal-0", ProposalColumn).table.row_text("board:1")
        for _ in range(2):  # r: the same round solved again, the same proposals
            counts.clear()
            await pilot.press("r")
            await _solved(app, pilot)
            assert counts == {"show proposal-0": 1, "show proposal-1": 1}  # no table filled anew, no line drawn
        assert app.screen.query_one("#proposal-0", ProposalColumn).table.row_text("board:1") == before
        counts.clear()
        await pilot.press("down", "right", "up", "left")  # the side mark follows: one draw a move
        assert (counts["show proposal-0"], counts["show proposal-1"], counts["anew"]) == (4, 0, 0)


async def test_the_best_is_drawn_alone_when_its_alternatives_are_slow(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pairing_solving.solve_request
    found = threading.Event()

    def slow_alternatives(request, cancel, progress, partial):  # type: ignore[no-untyped-def]
        best = real(SolveRequest(**{n: getattr(request, n) for n in SolveRequest.__dataclass_fields__}
                                 | {"alternatives": 0}), cancel)
        partial(SolveOutcome(request, best.proposals, best.explanations, partial=True))
        found.set()
        cancel.wait(timeout=30)  # alternatives that take for ever
        return SolveOutcome(request, best.proposals, best.explanations, cancelled=True)

    monkeypatch.setattr(pairing_solving, "solve_request", slow_alternatives)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        assert found.wait(timeout=30)
        table = app.screen.query_one("#proposal-0", ProposalColumn).table
        for _ in range(100):  # PARTIAL_DELAY after it was found; no time limit asserted
            await pilot.pause(0.05)
            if table.row_count:
                break
        best = app.evening.desk.views()[0]
        assert app.screen.solving and table.row_count == len(best.boards) + (best.bye is not None)  # type: ignore[attr-defined]
        await pilot.press("escape")
        await app.workers.wait_for_complete()


async def test_escape_shows_the_best_found_at_once(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped before the best was drawn alone, the screen shows it, as it says."""
    monkeypatch.setattr(pairing_screen, "PARTIAL_DELAY", 60.0)
    real = pairing_solving.solve_request
    found = threading.Event()

    def slow_alternatives(request, cancel, progress, partial):  # type: ignore[no-untyped-def]
        outcome = real(request, cancel, progress, lambda best: (partial(best), found.set()))
        cancel.wait(timeout=30)
        return outcome

    monkeypatch.setattr(pairing_solving, "solve_request", slow_alternatives)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        assert found.wait(timeout=30)
        for _ in range(100):
            await pilot.pause(0.05)
            if app.evening.desk.proposals:
                break
        table = app.screen.query_one("#proposal-0", ProposalColumn).table
        assert table.row_count == 0  # the best waits for its alternatives
        await pilot.press("escape")
        assert "best pairing is shown" in app.said[-1].text and table.row_count > 0
        await app.workers.wait_for_complete()


class _TableApp(App[None]):
    def compose(self) -> ComposeResult:
        yield KeizerTable()


def _lines(table: KeizerTable) -> list[list[tuple[str, object]]]:
    return [[(s.text, s.style) for s in strip] for strip in table.render_lines(Region(0, 0, *table.size))]


ROWS = [(f"r{i}", (str(i), f"name {i}")) for i in range(8)]
LONGER = [(key, (board, name + " with a longer name")) for key, (board, name) in ROWS]


@pytest.mark.parametrize(("size", "rows"), [((30, 6), ROWS), ((40, 10), ROWS), ((40, 6), ROWS), ((30, 8), LONGER)],
                         ids=["same", "taller", "wider", "longer names"])
async def test_a_table_drawn_again_shows_what_a_new_one_does(size: tuple[int, int], rows: list[Row]) -> None:
    """A table keeps the lines it drew when only its height changes (not drawn again cell by cell); lines
    drawn at another width, or before the columns were measured for longer cells, are not shown again."""

    async def drawn(before: tuple[int, int] | None) -> list[list[tuple[str, object]]]:
        app = _TableApp()
        async with app.run_test(size=(60, 20)) as pilot:
            table = app.query_one(KeizerTable)
            table.set_columns([("Bd", "board"), ("Name", "name")])
            table.move_cursor(row=2)
            for (width, height), filled in ((before, ROWS), (size, rows)) if before else ((size, rows),):
                table.fill(filled)
                _lines(table)  # drawn before the table measures its columns (when idle)
                table.styles.width, table.styles.height = width, height
                await pilot.pause()
                _lines(table)
            assert table.size == (size[0], size[1])
            return _lines(table)

    assert await drawn((30, 8)) == await drawn(None)
