"""The corpus of the hardening issue's cases, through every command that reads a file: the contract holds.

Each hostile season file (the parser's corpus, `tests/seasons/test_season_limits.py`), each file that
is no season file at all (a folder, a pipe, a device, a huge file) and each damaged or foreign store
runs through the real CLI in-process: exit 0, 1 or 2, one line on an error, nothing written, no
traceback, bounded in time (`test_cli_fuzz.keeps_the_contract`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.store import chain, schema
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.round_events import RoundAdded
from tests.cli.test_cli_fuzz import READERS, STORE_READERS, STORE_WRITERS, keeps_the_contract, run_all
from tests.seasons.test_season_json import MINIMAL
from tests.seasons.test_season_limits import CASES, RAW, text_of
from tests.store.store_helpers import edit_behind_keizers_back
from tests.store.test_store_files import insert_raw_action

Build = Callable[[Path], Path]
"""Makes the hostile input in a folder; the file to give the commands."""


def season_text(text: str) -> Build:
    def build(folder: Path) -> Path:
        (folder / "season.json").write_text(text, encoding="utf-8", errors="surrogatepass")
        return folder / "season.json"
    return build


def a_folder(folder: Path) -> Path:
    (folder / "sub").mkdir()
    return folder / "sub"


def not_utf8(folder: Path) -> Path:
    (folder / "s.json").write_bytes(b'{"format": "\xff"}')
    return folder / "s.json"


def a_pipe(folder: Path) -> Path:
    os.mkfifo(folder / "fifo")
    return folder / "fifo"


def dev_zero(folder: Path) -> Path:
    (folder / "zero").symlink_to("/dev/zero")
    return folder / "zero"


def huge(folder: Path) -> Path:
    path = season_text("{")(folder)
    os.truncate(path, 40 * 1024 * 1024)  # sparse: 40 MiB on paper, nothing on the disk
    return path


def magic_only(folder: Path) -> Path:
    (folder / "s.keizer").write_bytes(b"SQLite format 3\x00")
    return folder / "s.keizer"


FILES: dict[str, Build] = {
    **{f"season: {name}": season_text(text_of(mutate)) for name, mutate, _ in CASES},
    **{f"text: {name}": season_text(text) for name, text, _ in RAW},
    "a folder": a_folder,
    "a missing file": lambda d: d / "missing.json",
    "an empty file": season_text(""),
    "a BOM and nothing": season_text("\ufeff"),
    "not UTF-8": not_utf8,
    "a pipe": a_pipe,
    "/dev/zero": dev_zero,
    "a file of 40 MiB": huge,
    "SQLite magic and nothing else": magic_only,
}


def store(folder: Path, *sql: str) -> Path:
    """A sound store of the format's example, then `sql` run on it with its triggers lifted."""
    path = folder / "season.keizer"
    with SeasonStore.create(path, season_from_json(MINIMAL)) as s:
        s.apply("round 3", RoundAdded(3))
        s.apply("round 4", RoundAdded(4))
    edit_behind_keizers_back(path, *sql)
    return path


def raw_action(kind: str, payload: str) -> Build:
    def build(folder: Path) -> Path:
        path = store(folder)
        insert_raw_action(path, "do", None, [(kind, payload)])
        return path
    return build


def not_iso(folder: Path) -> Path:
    path = store(folder)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    cur = conn.execute("INSERT INTO actions (label, kind, target, at) VALUES ('x', 'undo', 3, 'yesterday')")
    chain.append(conn, (cur.lastrowid, "x", "undo", 3, "yesterday"), [])
    conn.execute("COMMIT")
    conn.close()
    return path


def empty_log(folder: Path) -> Path:
    path = folder / "season.keizer"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    schema.migrate(conn, 0)
    conn.execute("COMMIT")
    conn.close()
    return path


STORES: dict[str, Build] = {
    "a sound store": store,
    "bad UTF-8 in meta": lambda d: store(d, "UPDATE meta SET value = CAST(x'ff' AS TEXT) WHERE key = 'application'"),
    "bad UTF-8 in a label": lambda d: store(d, "UPDATE actions SET label = CAST(x'ff' AS TEXT) WHERE id = 2"),
    "keizer's meta, no actions table": lambda d: store(d, "DROP TABLE events", "DROP TABLE actions"),
    "a rewritten payload": lambda d: store(d, "UPDATE events SET payload = '{\"number\": 9}' WHERE action_id = 2"),
    "a removed action": lambda d: store(d, "DELETE FROM events WHERE action_id = 2",
                                        "DELETE FROM actions WHERE id = 2"),
    "a foreign trigger": lambda d: store(d, "CREATE TRIGGER planted AFTER INSERT ON actions BEGIN "
                                           "DELETE FROM actions; END"),
    "an empty log": empty_log,
    "a time that is not ISO": not_iso,
    "a payload of the wrong type": raw_action("round-added", '{"number": []}'),
    "a payload with a huge number": raw_action("round-added", '{"number": ' + "9" * 5000 + "}"),
    "an unknown event kind": raw_action("from-the-future", "{}"),
    "a withdrawn player on a board": raw_action(
        "withdrawal-set", '{"player": "dekker", "before_round": 1}'),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_hostile_file_keeps_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    run_all(capsys, FILES[name](folder), READERS)


@pytest.mark.parametrize("name", sorted(STORES))
def test_a_damaged_or_foreign_store_keeps_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        name: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    path = STORES[name](folder)
    run_all(capsys, path, STORE_READERS)
    code = keeps_the_contract(capsys, ["validate", str(path)], folder)
    assert (code == 0) == (name == "a sound store"), name
    for writer, argv in STORE_WRITERS.items():  # every write command: on a damaged store refused, nothing written
        with tempfile.TemporaryDirectory() as scratch:
            code = keeps_the_contract(capsys, argv(path, Path(scratch)), folder)
        way_out = name == "a withdrawn player on a board" and writer in ("undo", "redo")  # the bad action undone
        assert name == "a sound store" or way_out or code == 2, (name, writer)


def test_a_season_that_passes_validate_also_scores_and_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: validate said valid, standings crashed. Whatever validate accepts, the others take."""
    (tmp_path / "s.json").write_text(json.dumps(MINIMAL))
    assert keeps_the_contract(capsys, ["validate", str(tmp_path / "s.json")], tmp_path) == 0
    for argv in (["standings", str(tmp_path / "s.json")], ["pair", str(tmp_path / "s.json")]):
        assert keeps_the_contract(capsys, argv, tmp_path) == 0
