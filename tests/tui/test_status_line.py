"""The status line is one line at 80 columns (issue 20.8): a message wrapped onto three lines of 34 columns
beside the key hints and pushed the screen up. The hints give way while a message needs their room."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from keizer.tui.app.app import KeizerApp, make_app


def status(app: KeizerApp) -> tuple[Static, Static]:
    return app.screen.query_one("#status", Static), app.screen.query_one("#hints", Static)


async def test_a_long_message_takes_the_whole_line_and_one_row(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        line, hints = status(app)
        assert hints.display and line.size.height == 1
        await pilot.press("u")  # unexcused, and suspended (D art. 12): longer than beside the hints
        await pilot.pause()
        line, hints = status(app)
        said = str(line.render())
        assert "unexcused, suspended until they report back" in said
        assert line.size.height == 1 and line.region.width == 80 and not hints.display
        assert app.screen.query_one("#statusbar").size.height == 1
        await pilot.press("p")  # a short one: the hints come back beside it
        await pilot.pause()
        line, hints = status(app)
        assert str(line.render()).endswith("present") and hints.display and line.size.height == 1
    app.evening.close()


async def test_the_pairing_line_keeps_its_key_at_80_columns(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        line, _ = status(app)
        said = str(line.render())
        assert said.startswith("round 33: 17 boards, bye Niels van den Berg") and said.endswith("— a accepts")
        assert len(said) <= 78 and line.size.height == 1
    app.evening.close()


async def test_wider_the_hints_stay_beside_the_message(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("u")
        await pilot.pause()
        line, hints = status(app)
        assert hints.display and line.size.height == 1 and "(D art. 12)" in str(line.render())
    app.evening.close()
