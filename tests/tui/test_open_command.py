"""`keizer open`: a JSON season is imported beside itself, the demo is a fresh copy, no TTY means no UI."""

from __future__ import annotations

import argparse
import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.load import is_store_file, load_season
from tests.conftest import DEMO, REPO
from keizer.tui.cli.commands import open as open_command


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    open_command.register(parser.add_subparsers())
    return parser.parse_args(["open", *argv])


def test_a_json_season_is_imported_into_a_store_beside_it(demo_json: Path) -> None:
    store = open_command.prepare_store(demo_json)
    assert store == demo_json.with_suffix(".keizer") and is_store_file(store)
    assert load_season(store) == load_season(demo_json)


def test_the_import_never_overwrites(demo_json: Path) -> None:
    target = demo_json.with_suffix(".keizer")
    target.write_text("something precious")
    with pytest.raises(KeizerError, match="already exists"):
        open_command.prepare_store(demo_json)
    assert target.read_text() == "something precious"


def test_a_store_is_opened_as_it_is(demo_store: Path) -> None:
    assert open_command.prepare_store(demo_store) == demo_store


@pytest.mark.parametrize("name, message", [("missing.keizer", "no such file"), (".", "is a folder"),
                                           ("damaged.keizer", "damaged|not a season store")])
def test_files_that_cannot_be_opened_are_said_before_anything_starts(
        tmp_path: Path, name: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "damaged.keizer").write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the file is checked before the terminal
    with pytest.raises(KeizerError, match=message):
        open_command.run(_args(str(tmp_path / name)))


def test_a_broken_json_season_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    bad = tmp_path / "club.json"
    bad.write_text('{"format": "keizer-season/1", "players": 3}')
    with pytest.raises(KeizerError, match="players"):
        open_command.prepare_store(bad)
    assert not (tmp_path / "club.keizer").exists()


def test_the_demo_is_a_fresh_store_and_the_bundled_file_is_only_read(tmp_path: Path) -> None:
    digest = hashlib.sha256(DEMO.read_bytes()).hexdigest()
    store = open_command.demo_store(tmp_path)
    assert store.parent == tmp_path and is_store_file(store)
    assert load_season(store) == load_season(DEMO)
    assert hashlib.sha256(DEMO.read_bytes()).hexdigest() == digest


def test_without_a_terminal_it_refuses_and_writes_nothing(demo_json: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(KeizerError, match="needs a terminal"):
        open_command.run(_args(str(demo_json)))
    assert not demo_json.with_suffix(".keizer").exists()


def test_season_or_demo_but_not_both(demo_json: Path) -> None:
    with pytest.raises(KeizerError, match="SEASON file or --demo"):
        open_command.run(_args(str(demo_json), "--demo"))
    with pytest.raises(KeizerError, match="SEASON file or --demo"):
        open_command.run(_args())


def test_the_command_line_exits_2_without_a_terminal(demo_json: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "keizer.tui.cli.main", "open", str(demo_json)], cwd=REPO,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "needs a terminal" in out.stderr
    assert not demo_json.with_suffix(".keizer").exists()


class _FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def _app_ending_with(code: int, ran: list[Path]) -> type:
    """A stand-in for `make_app` whose app ends with this return code (Textual sets 1 on a crash)."""
    from keizer.evening.evening import Evening

    class Ended:
        def __init__(self, season: Evening | Path, readonly: bool = False) -> None:
            self.evening = season if isinstance(season, Evening) else Evening.open(season, readonly=readonly)
            self.return_code = code
            ran.append(self.evening.path or Path())

        def run(self, mouse: bool = True) -> None:
            pass

    return Ended


@pytest.mark.parametrize("code", [0, 1])
def test_a_crash_of_the_ui_is_an_error_never_every_change_is_saved(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], code: int) -> None:
    from keizer.tui.app import app as tui_app

    ran: list[Path] = []
    monkeypatch.setattr(tui_app, "make_app", _app_ending_with(code, ran))
    monkeypatch.setattr(sys, "stdin", _FakeTTY())
    monkeypatch.setattr(sys, "stdout", _FakeTTY())
    assert open_command.run(_args(str(demo_store))) == code
    err = capsys.readouterr().err
    assert ("every change is saved" in err) == (code == 0)
    assert ("stopped on an error" in err) == (code == 1)


def test_read_only_opens_the_store_to_look_only(demo_store: Path, demo_json: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from keizer.tui.app import app as tui_app

    ran: list[Path] = []
    monkeypatch.setattr(tui_app, "make_app", _app_ending_with(0, ran))
    monkeypatch.setattr(sys, "stdin", _FakeTTY())
    monkeypatch.setattr(sys, "stdout", _FakeTTY())
    before = demo_store.read_bytes()
    assert open_command.run(_args("--read-only", str(demo_store))) == 0
    assert "was only read (as asked); nothing in it changed" in capsys.readouterr().err
    assert demo_store.read_bytes() == before
    demo_store.unlink()  # a JSON season would be imported into a new store: refused, nothing written
    with pytest.raises(KeizerError, match="--read-only opens a season store"):
        open_command.run(_args("--read-only", str(demo_json)))
    assert not demo_store.exists()


def test_each_demo_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from keizer.tui.app import app as tui_app

    ran: list[Path] = []
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tui_app, "make_app", _app_ending_with(0, ran))
    monkeypatch.setattr(sys, "stdin", _FakeTTY())
    monkeypatch.setattr(sys, "stdout", _FakeTTY())
    for _ in range(2):
        assert open_command.run(_args("--demo")) == 0
    assert len(ran) == 2 and list(tmp_path.iterdir()) == []


def test_the_demo_says_where_its_copy_lives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import tempfile

    from keizer.tui.app import app as tui_app

    ran: list[Path] = []
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tui_app, "make_app", _app_ending_with(0, ran))
    monkeypatch.setattr(sys, "stdin", _FakeTTY())
    monkeypatch.setattr(sys, "stdout", _FakeTTY())
    assert open_command.run(_args("--demo")) == 0
    assert f"the demo opens a fresh copy, {ran[0]} (removed when you quit)" in capsys.readouterr().err


async def test_ctrl_c_says_how_to_quit_and_a_second_one_quits(demo_store: Path) -> None:
    from keizer.tui.app.app import make_app

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running
        assert any("ctrl+c again" in n.message for n in app._notifications)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0


def test_a_store_is_read_once_before_the_ui_starts(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each opening folds the whole log: checking the file, then opening it again for the app, read it twice
    before the first screen (three times, with the import's own check)."""
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.app import app as tui_app

    opened: list[Path] = []
    real_open = SeasonStore.open.__func__  # type: ignore[attr-defined]

    def counted(cls: type[SeasonStore], path: Path, **kwargs: object) -> SeasonStore:
        opened.append(Path(path))
        return real_open(cls, path, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(SeasonStore, "open", classmethod(counted))
    monkeypatch.setattr(tui_app, "make_app", _app_ending_with(0, []))
    monkeypatch.setattr(sys, "stdin", _FakeTTY())
    monkeypatch.setattr(sys, "stdout", _FakeTTY())
    assert open_command.run(_args(str(demo_store))) == 0
    assert opened == [demo_store]
