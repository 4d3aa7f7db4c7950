"""The command palette (ctrl+p) lists each command once, and a command does what its key does on that screen."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from keizer.tui.app.app import KeizerApp, make_app


async def palette(pilot: Pilot[None]) -> list[str]:
    """The name (first line) of every command the palette offers before anything is typed."""
    await pilot.press("ctrl+p")
    names: list[str] = []
    for _ in range(40):  # the commands are gathered in a worker: wait until the list stands still
        await pilot.pause(0.05)
        screen = pilot.app.screen
        if not isinstance(screen, CommandPalette):
            continue
        commands = screen.query_one(CommandList)
        now = [str(commands.get_option_at_index(i).prompt).split("\n")[0] for i in range(commands.option_count)]
        if now and now == names:
            break
        names = now
    return names


async def test_the_pairing_screen_lists_undo_and_redo_once_each(demo_store: Path) -> None:
    """Was: "Undo" and "Redo" twice on Pairing, the screen's (desk edits first) and the app's (the store's)."""
    app = make_app(demo_store)
    async with app.run_test(size=(160, 40)) as pilot:
        once = ("Undo", "Redo", "Help", "Publish")
        names = await palette(pilot)
        assert [names.count(n) for n in once] == [1, 1, 1, 1], names  # the Round screen: the app's
        await pilot.press("escape")
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        names = await palette(pilot)
        assert [names.count(n) for n in once] == [1, 1, 1, 1], names
        assert "Lock" in names and "Accept" in names


async def test_undo_from_the_palette_on_pairing_takes_back_the_desk_edit(demo_store: Path) -> None:
    """The one "Undo" left on Pairing is the screen's: as ctrl+z there, the desk's lock goes before any
    saved change."""
    app: KeizerApp = make_app(demo_store)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        revision = app.evening.revision
        await pilot.press("l")  # lock the board under the cursor
        await pilot.pause()
        assert app.evening.desk.locks
        await palette(pilot)
        await pilot.press(*"Undo")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.evening.desk.locks and app.evening.revision == revision
