"""Several processes on one store: a reader beside a writer, two writers (kills: test_kill_harness.py)."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from keizer.seasons.errors import StoreError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, RoundAdded
from store_helpers import make_season, pairing_for

CHILD = Path(__file__).with_name("store_child.py")
P = PlayerId


class Child:
    """A store_child.py process whose output lines are collected by a thread (reads never hang)."""

    SCRIPT = CHILD
    """The script it runs (the command line's kill harness has its own)."""

    def __init__(self, *args: object) -> None:
        self.proc = subprocess.Popen([sys.executable, str(self.SCRIPT), *map(str, args)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.strip())
        self._queue.put(None)

    def expect(self, wanted: str, timeout: float = 20.0) -> None:
        """Wait for the line `wanted` (lines before it are kept in `lines`)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {wanted!r} from the child within {timeout} s; got {self.lines}") from None
            if line is None:
                raise AssertionError(f"the child ended before {wanted!r}: {self.finish()}")
            self.lines.append(line)
            if line == wanted:
                return

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout: float = 20.0) -> str:
        """Wait for the end; collect every remaining line; the child's stderr."""
        self.proc.wait(timeout)
        self._reader.join(timeout)
        while (line := self._queue.get_nowait() if not self._queue.empty() else None) is not None:
            self.lines.append(line)
        assert self.proc.stderr is not None
        return self.proc.stderr.read()

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)


Spawn = Callable[..., Child]


@pytest.fixture
def children() -> Iterator[Spawn]:
    started: list[Child] = []

    def start(*args: object) -> Child:
        child = Child(*args)
        started.append(child)
        return child

    yield start
    for child in started:  # never leave a process behind, whatever failed
        child.kill()
        child.proc.wait(10)


def paired_season() -> Season:
    """Eight players, round 1 paired with four pending games: what the kill script writes results for."""
    season = RoundAdded(1).apply(make_season(8))
    return pairing_for(season, 1).apply(season)


def test_a_reader_sees_the_last_commit_while_a_writer_holds_its_transaction(
        store_path: Path, children: Spawn) -> None:
    start = paired_season()
    SeasonStore.create(store_path, start).close()
    with SeasonStore.open(store_path) as reader:
        writer = children("hold", store_path)
        writer.expect("holding")  # round 2 is written, not committed, and the write lock is held
        assert reader.season == start
        with SeasonStore.open(store_path) as late_reader:  # opening needs no lock either
            assert late_reader.season == start and late_reader.head() == 1
        with SeasonStore.open(store_path, timeout=0.2) as impatient:
            with pytest.raises(StoreError, match="another program is writing this season"):
                impatient.apply("also round 2", RoundAdded(2))
        writer.send("go")
        writer.expect("done")
        assert writer.finish() == "" and writer.proc.returncode == 0
        assert len(reader.season.rounds) == 2  # the cache follows another process's commit
        assert [h.label for h in reader.history()] == ["import", "add round 2"]


def test_two_writers_are_serialised(store_path: Path, children: Spawn) -> None:
    SeasonStore.create(store_path, paired_season()).close()
    first = children("hold", store_path)
    first.expect("holding")
    second = children("after", store_path)
    second.expect("waiting")  # it asks for the write lock, which the first holds: it cannot get past it
    assert "done" not in second.lines and second.proc.poll() is None
    first.send("go")
    first.expect("done")
    second.expect("done")  # its entry in round 2 fits only because it saw the first one's commit
    assert first.finish() == "" and second.finish() == ""
    with SeasonStore.open(store_path) as store:
        assert [h.label for h in store.history()] == ["import", "add round 2", "p01 away in round 2"]
        assert store.season.round(2).entries == ((P("p01"), EntryKind.EXCUSED),)


def test_two_writers_at_once_both_succeed(store_path: Path, children: Spawn) -> None:
    with SeasonStore.create(store_path, make_season(6)) as store:
        store.apply("round 1", RoundAdded(1))
    a = children("toggle", store_path, "p01", 25)
    b = children("toggle", store_path, "p02", 25)
    for child in (a, b):
        child.expect("done")
        assert child.finish() == "" and child.proc.returncode == 0
    with SeasonStore.open(store_path) as store:
        labels = [h.label for h in store.history()]
        assert len(labels) == 2 + 50
        for player in ("p01", "p02"):  # each writer's actions, all there and in its own order
            assert [x for x in labels if x.startswith(f"toggle {player}")] == [
                f"toggle {player} {i}" for i in range(25)]
        # the last toggle (24, even) set duty; the two writers' actions did not undo each other
        assert store.season.round(1).entries == ((P("p01"), EntryKind.DUTY), (P("p02"), EntryKind.DUTY))
        assert EntrySet(1, P("p01"), None).apply(store.season).round(1).entries == ((P("p02"), EntryKind.DUTY),)
