"""A second process for the store tests (run as a script): write in a loop, hold a write, or write after one.

    store_child.py loop PATH          apply kill_steps() for ever, printing each step's index once committed
    store_child.py hold PATH          add the next round, but stop before COMMIT until a line arrives on stdin
    store_child.py after PATH         print "begin", then set an entry in round 2 (which `hold` adds), saying
                                      "waiting" as it asks for the write lock
    store_child.py toggle PATH PLAYER N   N actions toggling PLAYER's entry in round 1
    store_child.py create FOLDER      create s0.keizer, s1.keizer, … for ever, printing each index once made
    store_child.py backup PATH FOLDER back PATH up to b0.keizer, b1.keizer, … for ever, printing each index
    store_child.py upgrade FOLDER OLD copy the older store OLD to u0.keizer, u1.keizer, … and add round 2 to each
                                      (the write upgrades it first), for ever, printing each index once done
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from keizer.seasons.model import EntryKind, PlayerId  # noqa: E402
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, RoundAdded  # noqa: E402
from store_helpers import kill_steps, make_season, run_step  # noqa: E402


class PausingConnection:
    """Stands in for the store's connection and waits for a line on stdin before COMMIT: a writer
    caught in the middle of its transaction, for as long as the test likes."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._writing = False

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "BEGIN IMMEDIATE":
            self._writing = True
        if sql == "COMMIT" and self._writing:  # the write's, not the end of a read's snapshot
            self._writing = False
            print("holding", flush=True)
            sys.stdin.readline()
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class AnnouncingConnection:
    """Stands in for the store's connection and says "waiting" as it asks for the write lock: the test then
    knows what the writer is doing, rather than guessing it from a length of time."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "BEGIN IMMEDIATE":
            print("waiting", flush=True)
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def main(argv: list[str]) -> None:
    mode, path = argv[0], Path(argv[1])
    if mode == "create":
        season = make_season(8)
        print("ready", flush=True)
        for i in range(10 ** 9):
            SeasonStore.create(path / f"s{i}.keizer", season).close()
            print(i, flush=True)
    if mode == "upgrade":
        print("ready", flush=True)
        for i in range(10 ** 9):  # never done before the kill, however quick the machine
            target = path / f"u{i}.keizer"
            shutil.copyfile(argv[2], path / f"u{i}.part")
            os.replace(path / f"u{i}.part", target)  # an older store whole under its name, or none
            with SeasonStore.open(target) as older:
                older.apply("round 2", RoundAdded(2))
            print(i, flush=True)
    store = SeasonStore.open(path)
    if mode == "backup":
        print("ready", flush=True)
        for i in range(10 ** 9):
            store.backup(Path(argv[2]) / f"b{i}.keizer")
            print(i, flush=True)
    if mode == "loop":
        start = store.season
        print("ready", flush=True)
        for i, step in enumerate(kill_steps(start)):
            run_step(store, step)
            print(i, flush=True)
    elif mode == "hold":
        store._conn = PausingConnection(store._connection())  # type: ignore[assignment]
        store.apply("add round 2", RoundAdded(len(store.season.rounds) + 1))
        print("done", flush=True)
    elif mode == "after":
        store._conn = AnnouncingConnection(store._connection())  # type: ignore[assignment]
        print("begin", flush=True)
        store.apply("p01 away in round 2", EntrySet(2, PlayerId("p01"), EntryKind.EXCUSED))
        print("done", flush=True)
    elif mode == "toggle":
        player, count = PlayerId(argv[2]), int(argv[3])
        for i in range(count):
            store.apply(f"toggle {player} {i}", EntrySet(1, player, EntryKind.DUTY if i % 2 == 0 else None))
        print("done", flush=True)
    store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
