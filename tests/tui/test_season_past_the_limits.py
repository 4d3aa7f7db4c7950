"""A season too large to score in time (docs/performance.md) is said on every screen, never a traceback that
ends the app (issue 22): the director can still look around and undo what made it so."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.season_json.write import dump_season
from keizer.tui.app.app import make_app
from keizer.tui.cli.commands.bench_limits import random_season
from keizer.tui.cli.main import main


async def test_every_screen_says_a_season_past_the_scoring_limit(tmp_path: Path) -> None:
    source, store = tmp_path / "big.json", tmp_path / "big.keizer"
    source.write_text(dump_season(random_season(40, 400, seed=1)))
    assert main(["import", str(source), str(store)]) == 0
    app = make_app(store)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for key in ("", "f4", "f5", "f6", "f7", "f8"):  # "": the Round screen, the first
            if key:
                await pilot.press(key)
            await pilot.pause()
            said = [s.text for s in app.said if s.severity == "error"]
            if key in ("", "f4", "f5"):  # the screens drawn from the standings (the others are not)
                assert said and said[-1].startswith("cannot draw this screen: 40 players over"), key
                assert "more than keizer scores in time" in said[-1]
            app.said.clear()
        assert app.is_running
