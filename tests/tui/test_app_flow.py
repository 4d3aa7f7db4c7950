"""How data flows in the app: screens tell it with messages, it tells them with a signal and reactives."""

from __future__ import annotations

import ast
from pathlib import Path

from keizer.seasons.model import Result
from tests.conftest import REPO
from keizer.tui.app.app import make_app
from keizer.tui.app.screens.round import RoundScreen
from keizer.tui.app.widgets.table import KeizerTable

CALLS_UP = {"push_screen", "bell", "run_worker"}
"""What a screen, dialog or widget may ask of the app: Textual's own services, never the app's methods."""


async def test_a_screen_drawn_before_shows_what_another_wrote(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5")  # the standings after round 32, drawn
        game = app.evening.season.round(32).games[0]
        before = app.screen.query_one("#standings", KeizerTable).get_row(game.white)
        new = Result.BLACK_WINS if game.result is not Result.BLACK_WINS else Result.WHITE_WINS
        key = "0" if new is Result.BLACK_WINS else "1"
        await pilot.press("f4", key, key)  # board 1 of round 32 the other way (twice: it had a result)
        assert app.evening.season.round(32).games[0].result is new
        await pilot.press("f5")
        table = app.screen.query_one("#standings", KeizerTable)
        assert table.get_row(game.white) != before  # drawn anew when shown again
        await pilot.press("ctrl+z")  # the screen in sight follows at once
        await pilot.pause()
        assert table.get_row(game.white) == before


async def test_the_current_round_follows_the_season(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, RoundScreen) and app.current_round == 33
        evening = app.evening  # another session pairs round 33 and enters every result
        evening.desk.solve(33, alternatives=0)
        evening.desk.accept(0)
        for board in evening.results.boards(33):
            if board.game is not None:
                evening.results.set_result(33, board.key, Result.DRAW)
        app.check_store()
        await pilot.pause()
        assert app.current_round == 34 and "round 34" in str(screen.query_one("#title").render()).lower()
        await pilot.press("left_square_bracket")  # back to round 33 …
        assert screen.round_number == 33
        await pilot.press("ctrl+z")  # … which is tonight's again once a result is taken back: followed
        await pilot.pause()
        assert app.current_round == 33 and screen.round_number is None


def test_screens_tell_the_app_and_use_no_private_textual_names() -> None:
    """A screen posts `Said`/`SeasonWritten` instead of calling the app; nothing reaches into another
    object's private attributes (Textual's `_screen_stacks` and the like)."""
    problems = []
    for path in sorted((REPO / "tui" / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            where = f"{path.relative_to(REPO)}:{node.lineno}"
            owner = ast.unparse(node.value)
            if node.attr.startswith("_") and not node.attr.startswith("__") and owner not in ("self", "cls"):
                problems.append(f"{where}: {owner}.{node.attr}")
            if owner in ("self.app", "self.keizer") and path.name != "app.py" and node.attr not in CALLS_UP:
                if node.attr in {"say", "season_changed", "action_undo", "action_redo", "check_store"}:
                    problems.append(f"{where}: calls up into the app ({owner}.{node.attr})")
    assert problems == []
