"""The app on a season another session writes (a second terminal, `keizer result` meanwhile), whose write
lock another program holds, or that can only be read: one line says what happened, nothing is lost, the
app goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from keizer.tui.app import app as app_module
from keizer.tui.app.app import KeizerApp
from keizer.seasons.errors import StoreError
from keizer.seasons.model import EntryKind
from tests.evening.test_shared_season import absent_player, excuse_elsewhere, write_lock_held
from keizer.tui.app.app import make_app
from keizer.tui.app.app import OUTDATED
from keizer.tui.app.edits import READ_ONLY
from keizer.tui.app.screens.base import READ_ONLY_HINTS
from keizer.tui.app.screens.round import RoundScreen
from keizer.tui.app.widgets.table import KeizerTable


def said(app: KeizerApp) -> list[str]:
    return [s.text for s in app.said]


async def test_an_edit_made_on_a_state_another_session_changed_is_refused_and_shown(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, RoundScreen)
        table = screen.query_one(KeizerTable)
        mine = absent_player(app.evening)
        table.move_cursor(row=table.get_row_index(mine))
        theirs = absent_player(app.evening, skip=1)
        excuse_elsewhere(demo_store, theirs)  # before the app looked again (every 2 seconds)
        await pilot.press("e")
        await pilot.pause()
        season = app.evening.season
        assert season.round(33).entry_of(mine) is None  # not saved …
        assert season.round(33).entry_of(theirs) is EntryKind.EXCUSED  # … and theirs kept
        assert said(app)[-1] == OUTDATED and screen.drawn_at == app.evening.revision  # shown as it is now
        await pilot.press("e")  # the director does it again: saved
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(mine) is EntryKind.EXCUSED


async def test_ctrl_z_never_takes_back_another_sessions_change_unseen(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        theirs = absent_player(app.evening)
        excuse_elsewhere(demo_store, theirs)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(theirs) is EntryKind.EXCUSED
        assert said(app)[-1] == OUTDATED
        await pilot.press("ctrl+z")  # now shown, it is the latest change: undone on purpose
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(theirs) is None
        assert said(app)[-1] == f"undone: {theirs} excused elsewhere"


async def test_a_held_write_lock_is_said_and_survived(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "WRITE_WAIT_SECONDS", 0.2)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        table = screen.query_one(KeizerTable)
        pid = absent_player(app.evening)
        table.move_cursor(row=table.get_row_index(pid))
        with write_lock_held(demo_store):
            await pilot.press("e")
            await pilot.pause()
            assert "another program is writing" in said(app)[-1] and "nothing was saved" in said(app)[-1]
            await pilot.press("ctrl+z")  # it used to end the app with a traceback
            await pilot.pause()
            assert "another program is writing" in said(app)[-1]
        assert app.is_running
        await pilot.press("e")
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(pid) is EntryKind.EXCUSED


async def test_a_season_that_cannot_be_read_for_a_moment_is_said_once(demo_store: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        def gone() -> int:
            raise StoreError(f"{demo_store}: disk I/O error")

        monkeypatch.setattr(app.evening._session.store, "head", gone)
        app.check_store()
        app.check_store()
        await pilot.pause()
        assert [t for t in said(app) if "cannot read the season now" in t] == [
            f"cannot read the season now: {demo_store}: disk I/O error"]
        monkeypatch.undo()
        app.check_store()
        assert app.is_running


async def test_read_only_says_so_and_every_editing_key_says_why(demo_store: Path) -> None:
    before = demo_store.read_bytes()
    app = make_app(demo_store, readonly=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.sub_title == "read-only (as asked)"
        assert said(app)[0] == "read-only (as asked): you can look, not change"
        assert str(app.screen.query_one("#hints", Static).render()).endswith(READ_ONLY_HINTS)
        head = app.evening.revision
        for keys in (("e",), ("x",), ("r",), ("ctrl+z",), ("ctrl+y",), ("f4", "1"), ("f4", "n"), ("f5", "p"),
                     ("f6", "a"), ("f6", "e"), ("f6", "w"), ("f6", "s"), ("f6", "greater_than_sign"),
                     ("f7", "ctrl+s")):
            count = len(app.said)
            await pilot.press(*keys)
            await pilot.pause()
            assert not app.screen.is_modal, keys  # no dialog whose answer could not be saved
            assert said(app)[count:] == [
                READ_ONLY], keys
        assert app.evening.revision == head
    assert demo_store.read_bytes() == before
    assert not demo_store.with_name("demo-site").exists()


async def test_a_season_that_cannot_be_written_opens_read_only(demo_store: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from keizer.evening import session as evening_session

    # Tests run as root, which may write any file whatever its permissions: the check is made to say no.
    monkeypatch.setattr(evening_session, "writable", lambda _file: False)
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.sub_title == f"read-only ({evening_session.NOT_WRITABLE})"
        await pilot.press("e")
        await pilot.pause()
        assert said(app)[-1] == READ_ONLY
