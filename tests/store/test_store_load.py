"""load_season: a season from a JSON file or a store, told apart by the file's first bytes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.files import read_bytes
from keizer.seasons.limits import MAX_FILE_BYTES
from keizer.seasons.load import is_store_file, load_season, read_text
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, RoundAdded


def test_a_json_file(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "season.json"
    path.write_text(dump_season(season), encoding="utf-8")
    assert not is_store_file(path)
    assert load_season(path) == season


def test_a_store_whatever_its_name(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "looks-like.json"
    with SeasonStore.create(path, season) as store:
        store.apply("a", RoundAdded(1), EntrySet(1, PlayerId("p01"), EntryKind.DUTY))
        current = store.season
    assert is_store_file(path)
    assert load_season(path) == current


def test_a_json_file_named_like_a_store(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "season.keizer"
    path.write_text(dump_season(season), encoding="utf-8")
    assert load_season(path) == season


def test_errors_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(KeizerError, match=f"{missing}: no such file"):
        load_season(missing)
    assert not is_store_file(missing)
    with pytest.raises(KeizerError, match="is a folder"):
        load_season(tmp_path)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "keizer-season/1",', encoding="utf-8")
    with pytest.raises(KeizerError, match=f"{bad_json}: line 1 column .*not valid JSON"):
        load_season(bad_json)
    bad_season = tmp_path / "bad-season.json"
    bad_season.write_text('{"format": "keizer-season/1", "players": [{"id": "a", "rating": "x"}]}',
                          encoding="utf-8")
    with pytest.raises(KeizerError, match=rf"{bad_season}: players\[0\].rating"):
        load_season(bad_season)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(KeizerError, match=f"{binary}: not a season file"):
        load_season(binary)


def test_a_damaged_store_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "cut.keizer"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)
    with pytest.raises(StoreError, match=f"{path}: damaged"):
        load_season(path)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def test_a_pipe_is_refused_without_blocking(fifo: Path) -> None:
    # Opening a FIFO that nobody writes to waits for ever; it must be refused before it is read.
    assert not is_store_file(fifo)
    with pytest.raises(KeizerError, match=f"{fifo}: not a regular file"):
        load_season(fifo)
    with pytest.raises(StoreError, match="not a regular file"):
        SeasonStore.open(fifo)
    with pytest.raises(KeizerError, match="not a regular file"):
        read_text(fifo, "a player list")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_before_reading() -> None:
    with pytest.raises(KeizerError, match="/dev/zero: not a regular file"):
        load_season("/dev/zero")  # reading it would grow memory without end
    with pytest.raises(StoreError, match="not a regular file"):
        SeasonStore.open("/dev/zero")


def test_a_folder_is_refused_as_a_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        SeasonStore.open(tmp_path)


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "big.json"
    path.write_text(dump_season(season), encoding="utf-8")
    with pytest.raises(KeizerError, match="too large for a season file"):
        read_bytes(path, "a season file", limit=100)
    assert read_bytes(path, "a season file", limit=path.stat().st_size) == path.read_bytes()
    with open(path, "ab") as f:  # sparse: past 32 MiB without writing 32 MiB
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(KeizerError, match=f"{path}: larger than 33,554,432 bytes"):
        load_season(path)


def test_a_byte_order_mark_is_dropped(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + dump_season(season).encode("utf-8"))
    assert load_season(path) == season
    players = tmp_path / "players.txt"
    players.write_bytes("\ufeffJan de Vries\n".encode("utf-8"))
    assert read_text(players, "a player list") == "Jan de Vries\n"
