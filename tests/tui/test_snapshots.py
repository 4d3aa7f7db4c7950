"""SVG snapshots of each screen a director sees, at 80×24 and at 120×40 (`--snapshot-update` renews them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from keizer.tui.app.app import make_app

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _keys_then_settle(*keys: str):  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press(*keys)
        await pilot.app.workers.wait_for_complete()  # a pairing solve finishes before the picture
        for field in pilot.app.screen.query(Input):  # a blinking cursor is drawn or not by the clock:
            field.cursor_blink = False  # under load the picture caught it off (season-80x24, twice)
        await pilot.pause()
        await pilot.pause()

    return run_before


SCREENS = {
    "round": (),
    "pairing": ("f3",),
    "results": ("f4",),
    "standings": ("f5",),
    "players": ("f6",),
    "season": ("f7",),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen(snap_compare, demo_store: Path, screen: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(demo_store)
    assert snap_compare(app, terminal_size=size, run_before=_keys_then_settle(*SCREENS[screen]))
    app.evening.close()


def test_player_card(snap_compare, demo_store: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(demo_store)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_keys_then_settle("f5", "enter"))
    app.evening.close()


def test_help(snap_compare, demo_store: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(demo_store)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_keys_then_settle("question_mark"))
    app.evening.close()
