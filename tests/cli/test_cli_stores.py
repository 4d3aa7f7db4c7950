"""The command line on stores: reading never writes, `validate` re-checks all, a changed log is said."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import WithdrawalSet
from keizer.seasons.store.round_events import PairingSaved, RoundAdded
from tests.conftest import EVENING
from tests.store.store_helpers import edit_behind_keizers_back, make_season, pairing_for
from tests.store.test_store_files import insert_raw_action, make_v1_store
from keizer.tui.cli.main import main

READERS = (("standings",), ("export",), ("validate",), ("log",), ("pair",), ("pair", "--json"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def rollback_store(path: Path, season: Season) -> None:
    SeasonStore.create(path, season).close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")  # as an SQLite client might leave it
    conn.close()


@pytest.mark.parametrize("argv", READERS, ids=" ".join)
def test_read_only_commands_leave_a_rollback_store_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    store = tmp_path / "club.keizer"
    rollback_store(store, load_season(EVENING))
    before = files(tmp_path)
    code, _, err = run(capsys, argv[0], str(store), *argv[1:])
    assert code == 0, err
    assert files(tmp_path) == before


@pytest.mark.parametrize("argv", READERS + (("check-pairing",),), ids=" ".join)
def test_read_only_commands_leave_an_older_store_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: tuple[str, ...]) -> None:
    store = tmp_path / "old.keizer"
    make_v1_store(store, make_season(), monkeypatch)
    extra = list(argv[1:])
    if argv[0] == "check-pairing":
        pairing = tmp_path.parent / f"{tmp_path.name}-pairing.txt"  # outside the folder compared
        pairing.write_text("p01 p02\np03 p04\np05 p06\n")
        extra.append(str(pairing))
    before = files(tmp_path)
    code, _, err = run(capsys, argv[0], str(store), *extra)
    assert code in (0, 1), err
    assert files(tmp_path) == before


def test_validate_refolds_the_store_so_a_log_written_past_the_checks_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: a withdrawn player put on a board passed `validate` (the log was only replayed)."""
    store = tmp_path / "club.keizer"
    start = make_season()
    paired = pairing_for(RoundAdded(1).apply(start), 1).apply(RoundAdded(1).apply(start))
    with SeasonStore.create(store, paired) as s:
        s.apply("p01 leaves", WithdrawalSet(PlayerId("p01"), 2))
        s.apply("round 2", RoundAdded(2))
    bad = pairing_for(RoundAdded(2).apply(paired), 2)
    assert isinstance(bad, PairingSaved) and any(PlayerId("p01") in g for g in bad.games)
    insert_raw_action(store, "do", None, [(bad.kind, json.dumps(bad.to_payload()))])
    code, out, err = run(capsys, "validate", str(store))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "not valid" in err and "action 4" in err and "withdrew before round 2" in err


def test_a_tampered_store_points_to_export_upto_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    start = make_season()
    with SeasonStore.create(store, start) as s:
        s.apply("round 1", RoundAdded(1))
        s.apply("round 2", RoundAdded(2))
        before = s.season_at(2)
    edit_behind_keizers_back(store, "UPDATE events SET payload = '{\"number\":2,\"date\":\"2030-01-01\"}' "
                                    "WHERE action_id = 3")
    code, out, err = run(capsys, "export", str(store))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "--upto-valid" in err
    code, _, err = run(capsys, "validate", str(store))
    assert code == 2 and "action 3" in err and err.count("\n") == 1
    code, out, err = run(capsys, "export", str(store), "--upto-valid")
    assert code == 0 and "warning" in err and "action 3" in err
    target = tmp_path / "before.json"
    target.write_text(out)
    assert load_season(target) == before


@pytest.mark.parametrize("output, message", [(".", "is a folder"), ("missing/club.json", "no such folder")])
def test_export_into_a_folder_or_a_missing_one_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        output: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "export", str(EVENING), "-o", output)
    assert (code, out) == (2, "") and err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_exports_and_backups_follow_the_umask_like_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = os.umask(0o027)
    try:
        assert run(capsys, "import", str(EVENING), str(tmp_path / "club.keizer"))[0] == 0
        assert run(capsys, "export", str(tmp_path / "club.keizer"), "-o", str(tmp_path / "club.json"))[0] == 0
        assert run(capsys, "backup", str(tmp_path / "club.keizer"), str(tmp_path / "copy.keizer"))[0] == 0
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))}
    assert modes == {"club.keizer": 0o640, "club.json": 0o640, "copy.keizer": 0o640}


def test_alternatives_are_capped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pair", str(EVENING), "--alternatives", "1000000")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "0 to 100" in err
