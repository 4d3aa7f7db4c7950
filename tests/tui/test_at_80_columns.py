"""At 80 columns what must be read fits: a player's entry beside the boards (Results), the solve's found line."""

from __future__ import annotations

import textwrap
from pathlib import Path

from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.roster import taking_part
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, SettingsChanged
from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.attendance_rows import entry_text
from tests.conftest import D_BY_RESULT


def test_an_entry_is_said_short_only_where_it_does_not_fit() -> None:
    assert entry_text(EntryKind.EXTERNAL_PENDING) == "external: result to come"
    assert entry_text(EntryKind.EXTERNAL_PENDING, 24) == "external: result to come"
    assert entry_text(EntryKind.EXTERNAL_PENDING, 15) == "ext.: to come"
    assert entry_text(EntryKind.EXTERNAL_LOSS, 15) == "external: lost"  # it fits: said whole
    assert entry_text(EntryKind.EXCUSED, 3) == "excused"  # no short form: whole (the column widens)


def pending_store(demo_store: Path) -> tuple[Path, PlayerId]:
    """The demo with an excused player of round 32 (its results entered) playing a team match whose result is not known yet."""
    store = SeasonStore.open(demo_store)
    try:
        season = store.season
        pid = next(p for p, e in season.round(32).entries if e is EntryKind.EXCUSED and taking_part(season, p, 32))
        # (scored by its result: under D itself nobody owes a team result, docs/rules.md §13)
        store.apply("external", SettingsChanged(ruleset_spec=D_BY_RESULT),
                    EntrySet(round=32, player=pid, entry=EntryKind.EXTERNAL_PENDING))
    finally:
        store.close()
    return demo_store, pid


async def test_a_pending_team_match_fits_at_80_columns_and_is_whole_when_wider(demo_store: Path) -> None:
    path, pid = pending_store(demo_store)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        boards = app.screen.query_one("#boards", KeizerTable)
        assert boards.row_text(f"player:{pid}")[2] == "ext.: to come"
        # the four columns fit beside the standings: nothing scrolls sideways, Res stays in sight
        assert boards.virtual_size.width <= boards.size.width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert boards.row_text(f"player:{pid}")[2] == "external: result to come"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert boards.row_text(f"player:{pid}")[2] == "ext.: to come"
        assert boards.virtual_size.width <= boards.size.width
    app.evening.close()


async def test_the_pairing_found_line_is_whole_at_80_columns(demo_store: Path) -> None:
    """The status line wraps onto at most three lines beside the key hints: what the solve found, the bye
    included, ends with the key that accepts it, in sight."""
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        status = app.screen.query_one("#status")
        text = str(status.render())
        assert "bye" in text and text.endswith("a accepts")
        assert len(textwrap.wrap(text, status.content_region.width)) <= 3  # the CSS's max-height
    app.evening.close()


def absent_then_external(demo_store: Path) -> tuple[Path, PlayerId]:
    """The demo with an excused player of round 32 booked unexcused there (a note in round 33: absent
    without notice last time) and playing a team match tonight whose result is not known yet."""
    store = SeasonStore.open(demo_store)
    try:
        season = store.season
        pid = next(p for p, e in season.round(32).entries if e is EntryKind.EXCUSED and taking_part(season, p, 33))
        store.apply("unexcused", EntrySet(round=32, player=pid, entry=EntryKind.UNEXCUSED))
        store.apply("external", EntrySet(round=33, player=pid, entry=EntryKind.EXTERNAL_PENDING))
    finally:
        store.close()
    return demo_store, pid


async def test_a_round_row_with_a_team_match_and_a_note_fits_at_80_columns(demo_store: Path) -> None:
    """The row was 87 columns wide ("external: result to come" beside "absent without notice last time")
    and the note scrolled out of sight: the entry is said short, as on Results, and nothing scrolls."""
    path, pid = absent_then_external(demo_store)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#attendance", KeizerTable)
        assert table.row_text(f"{pid}")[2:] == ("ext.: to come", "absent without notice last time")
        assert table.virtual_size.width <= table.size.width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert table.row_text(f"{pid}")[2:] == ("external: result to come", "absent without notice last time")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width
    app.evening.close()
