"""kill -9 during every write path of the store: it opens, nothing committed is lost, nothing is half done.

Each write path runs in a child process that prints what it has finished; the child is killed at a
random moment and the files are checked as the kill left them. The short form (a few attempts per
path) runs with the suite; the long form is `KEIZER_LONG=1 python -m pytest tests/store/test_kill_harness.py`
(docs/format.md "Hardening").
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from keizer.seasons.errors import StoreError
from keizer.seasons.store import schema
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import RoundAdded
from keizer.seasons.store.sqlite_file import TEMP_SUFFIX
from store_helpers import expected_after, kill_steps, make_season
from test_store_files import make_v1_store, meta
from test_store_processes import Child, Spawn, children, paired_season  # noqa: F401 (children: a fixture)

LONG = os.environ.get("KEIZER_LONG") == "1"
ATTEMPTS = 40 if LONG else 2
"""Kills per write path."""


def killed(child: Child, seed: int, most: float = 0.5) -> list[int]:
    """Kill `child` a random moment after it finished its first step (however slow a loaded machine is);
    the indexes it printed (each one finished)."""
    child.expect("0", timeout=60)
    time.sleep(random.Random(seed).uniform(0.02, most))
    child.kill()
    child.finish()
    assert child.proc.returncode == -signal.SIGKILL  # it was still at work when killed
    printed = [int(line) for line in child.lines if line.isdigit()]
    assert printed == list(range(len(printed)))
    return printed


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if TEMP_SUFFIX in p.name)


def raw_count_and_check(path: Path) -> tuple[int, list[str]]:
    """The file as the kill left it: read-only, so that nothing (no checkpoint) touches it before the
    store opens it."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        check = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        return int(conn.execute("SELECT count(*) FROM actions").fetchone()[0]), check
    finally:
        conn.close()


def whole_or_absent(path: Path, expected: object) -> bool:
    """The file the kill interrupted: absent, or a whole store holding `expected`. Whether it exists."""
    if not path.exists():
        return False
    with SeasonStore.open(path, readonly=True) as store:
        assert store.season == expected and store.verify() == ()
    return True


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
def test_kill_during_create(tmp_path: Path, children: Spawn, attempt: int) -> None:
    season = make_season(8)
    made = killed(children("create", tmp_path), attempt)
    for i in made:
        with SeasonStore.open(tmp_path / f"s{i}.keizer", readonly=True) as store:
            assert store.season == season and store.verify() == ()
    interrupted = tmp_path / f"s{len(made)}.keizer"
    if whole_or_absent(interrupted, season):
        with pytest.raises(StoreError, match="already exists"):
            SeasonStore.create(interrupted, season)
    else:
        SeasonStore.create(interrupted, season).close()  # the retry is not blocked
    assert temp_files(tmp_path) == []  # and it removed what the kill left


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
def test_kill_during_backup(tmp_path: Path, children: Spawn, attempt: int) -> None:
    source = tmp_path / "season.keizer"
    with SeasonStore.create(source, paired_season()) as store:
        season = store.season
    copies = tmp_path / "copies"
    copies.mkdir()
    made = killed(children("backup", source, copies), attempt)
    for i in made:
        assert whole_or_absent(copies / f"b{i}.keizer", season)
    interrupted = copies / f"b{len(made)}.keizer"
    with SeasonStore.open(source) as store:
        if whole_or_absent(interrupted, season):
            with pytest.raises(StoreError, match="already exists"):
                store.backup(interrupted)
        else:
            store.backup(interrupted)
    assert temp_files(copies) == []


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
def test_kill_during_upgrade(tmp_path: Path, children: Spawn, attempt: int,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    season = make_season(8)
    template = tmp_path / "v1.keizer"
    make_v1_store(template, season, monkeypatch)
    before = RoundAdded(1).apply(season)
    after = RoundAdded(2).apply(before)
    stores = tmp_path / "stores"
    stores.mkdir()
    done = killed(children("upgrade", stores, template), attempt)
    for i in done:  # upgraded, each after its backup, then written
        assert meta(stores / f"u{i}.keizer")["schema_version"] == str(schema.current_version())
        assert meta(stores / f"u{i}.keizer.schema-1.backup")["schema_version"] == "1"
        with SeasonStore.open(stores / f"u{i}.keizer", readonly=True) as store:
            assert store.season == after and store.verify() == ()
    interrupted = stores / f"u{len(done)}.keizer"
    if not interrupted.exists():  # killed while it copied the older store there: nothing was upgraded
        shutil.copyfile(template, interrupted)
    assert meta(interrupted)["schema_version"] in ("1", str(schema.current_version()))  # all or nothing
    with SeasonStore.open(interrupted) as store:  # the retry upgrades it (or finds it done) and writes
        assert store.season in (before, after)
        if store.season == before:
            store.apply("round 2", RoundAdded(2))
        assert store.season == after and store.verify() == ()
    assert temp_files(stores) == []


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 2))
def test_kill_during_apply_undo_redo(tmp_path: Path, children: Spawn, attempt: int) -> None:
    start = paired_season()
    path = tmp_path / "season.keizer"
    SeasonStore.create(path, start).close()
    printed = killed(children("loop", path), attempt, most=0.6)
    actions, check = raw_count_and_check(path)
    assert check == ["ok"]
    committed = actions - 1  # every step writes one action; the first action is the import
    # Each printed step was committed before it was printed; at most one more committed unprinted.
    assert len(printed) <= committed <= len(printed) + 1
    with SeasonStore.open(path) as store:
        assert store.season == expected_after(start, kill_steps(start), committed)  # nothing half applied
        assert store.head() == actions and store.verify() == ()
