"""A season file is data: names that look like markup or hold escape sequences are shown, never obeyed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text

from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable, plain

HOSTILE = ("[@click=app.screenshot('victim.txt','.')]Jan[/]", "[/]", "[link=file:///etc/passwd]Piet[/link]",
           "[@click=app.simulate_key('ctrl+z')]Kees[/]", "[bold red]Bold[/bold red]")


def hostile_store(tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    """The evening season with its first players renamed (a control character never gets this far: the
    season file's and the store's readers refuse it, and `plain` shows it as an escape all the same)."""
    names = HOSTILE
    season = load_season(EVENING)
    players = tuple(replace(p, name=names[i]) if i < len(names) else p for i, p in enumerate(season.players))
    season = replace(season, players=players, name="[/]Season [@click=app.quit]x[/]")
    target = tmp_path / "hostile.keizer"
    SeasonStore.create(target, season, label="import").close()
    return target, names


def test_a_string_cell_is_never_markup() -> None:
    assert plain("[/]").plain == "[/]" and plain("[b]x[/b]").spans == []
    assert plain("a\x1b]0;title\x07b\u202e").plain == "a\\x1b]0;title\\x07b\\u202e"
    styled = Text("kept", style="bold")
    assert plain(styled) is styled


async def test_hostile_names_start_show_literally_and_do_nothing_when_clicked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where the screenshot of the first name would land
    store, names = hostile_store(tmp_path)
    app = make_app(store)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert app.title == "[/]Season [@click=app.quit]x[/]"
        for key in ("f6", "f2", "f5", "f4"):  # players, round, standings, results: each draws the names
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        table = app.screen.query_one(KeizerTable)
        shown = [table.get_row_at(i)[1] for i in range(len(names))]
        assert all(isinstance(cell, Text) for cell in shown)  # never a str: DataTable would parse it
        assert [str(cell) for cell in shown] == list(names)
        assert all(isinstance(cell, Text) and not cell.spans for cell in shown)  # no link, no style: not markup
        head = app.evening.revision
        for row in range(len(names)):  # a click on each name: it selects the row and nothing else
            await pilot.click(KeizerTable, offset=(12, row + 1))
            await pilot.pause()
        assert not (tmp_path / "victim.txt").exists()
        assert app.evening.revision == head
        await pilot.press("ctrl+q")
    assert app.return_code == 0



async def test_control_characters_in_names_are_shown_as_escapes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's readers refuse a control character in a name; should one get past them (a store written
    by an older keizer), the screens still show it as an escape, never send it to the terminal."""
    from keizer.evening.session import EveningSession

    store, _ = hostile_store(tmp_path)
    real = EveningSession.season

    def with_escapes(session: EveningSession) -> object:
        season = real.fget(session)  # type: ignore[attr-defined]
        first = replace(season.players[0], name="\x1b]0;owned\x07Jan\x1b[2J")
        return replace(season, players=(first,) + season.players[1:], name="Club\x1b[31m")

    monkeypatch.setattr(EveningSession, "season", property(with_escapes))
    app = make_app(store)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        table = app.screen.query_one(KeizerTable)
        assert str(table.get_row_at(0)[1]) == "\\x1b]0;owned\\x07Jan\\x1b[2J"
        assert app.title == "Club\\x1b[31m"
        await pilot.press("ctrl+q")
