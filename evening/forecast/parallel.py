"""A forecast's runs played on every core: worker processes, each given whole chunks of runs, counted exactly.

Each run draws from its own random stream (`run_rng`: the seed and the run's number), and the counts are
exact (`Tally`), so the forecast is the same whichever process plays which chunk, and however many there are;
the chunks are counted in order, so the runs counted after any chunk are the first n.
The workers start from a fork server (`forkserver`): a fresh process with keizer's engine imported once, from
which each worker is forked — never a fork of the caller, whose threads (the TUI's, polars' pool) a fork
would copy half-way.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import play_run
from keizer.evening.forecast.start import Start
from keizer.evening.forecast.tally import Tally
from keizer.seasons.gcpause import collector_paused

FIRST_CHUNK = 4
"""Runs of the first chunk: its counts are the first chances a screen shows, within a second of the key."""
LARGEST_CHUNK = 50
"""Chunks double (two of each size) from FIRST_CHUNK up to this many runs: the chances sharpen at once at
first and then every few seconds, and a cancel waits for at most one chunk."""
IN_PROCESS_UP_TO = 50
"""Fewer runs than this are played in the calling process: starting workers would cost more than it saves."""


class Cancelled(Exception):
    """The forecast was cancelled before its runs were played."""


Progress = Callable[[Tally, int], object]
"""(the runs counted so far: always runs 0..n−1, the runs asked for)."""
Enough = Callable[[Tally], bool]
"""Whether the runs counted so far are enough (`--runs auto`): asked after each chunk, in order."""


def workers_for(runs: int, workers: int | None = None) -> int:
    """How many processes play `runs` runs: `workers`, by default one per core, never more than there are
    chunks of runs, one when they are few."""
    if runs < IN_PROCESS_UP_TO:
        return 1
    return max(1, min(workers or os.cpu_count() or 1, len(chunks(runs))))


def chunks(runs: int) -> tuple[tuple[int, int], ...]:
    """(first run, how many) of each chunk, in order: FIRST_CHUNK runs twice, then each size doubled twice, up to
    LARGEST_CHUNK. The same for any number of workers, so that the runs counted after a chunk — what the
    progress shows and `enough` judges — are the same on one process or many."""
    parts: list[tuple[int, int]] = []
    first, size, same = 0, FIRST_CHUNK, 0
    while first < runs:
        count = min(size, runs - first)
        parts.append((first, count))
        first += count
        same += 1
        if same == 2:
            size, same = min(2 * size, LARGEST_CHUNK), 0
    return tuple(parts)


def play_runs(start: Start, first: int, count: int, schedules: Schedules | None = None) -> Tally:
    """Runs first..first+count−1 of the forecast, in this thread (their processor time counted: this thread's)."""
    schedules = schedules or Schedules()
    tally = Tally()
    begun = time.thread_time()
    # A run makes tens of thousands of small objects and keeps almost none: the cyclic collector, walking
    # the heap again and again as they are made, finds nothing to collect (reference counting frees them).
    with collector_paused():
        for run in range(first, first + count):
            tally.add(play_run(start, run, schedules))
    tally.cpu_seconds = time.thread_time() - begun
    return tally


def play_all(start: Start, runs: int, workers: int = 1, progress: Progress | None = None,
             cancelled: Callable[[], bool] = lambda: False, enough: Enough | None = None) -> Tally:
    """The runs of the forecast from `start`, chunk by chunk in order (`chunks`), on `workers` processes:
    every run, or the runs counted when `enough` first said so after a chunk. `progress` after each chunk
    with the runs counted so far; Cancelled when `cancelled()` says so between chunks.

    With workers, the first chunks are played in this process while the workers start (a fork server that
    imports the engine: about a second), so that the first chances come at once."""
    parts = chunks(runs)
    tally = Tally()

    def counted(part: Tally) -> bool:
        """Count a chunk; whether the runs counted are enough."""
        tally.merge(part)
        if progress is not None:
            progress(tally, runs)
        return enough is not None and enough(tally)

    if cancelled():
        raise Cancelled
    schedules = Schedules()
    starting = _Starting(start, workers) if workers > 1 else None
    try:
        done = 0
        for first, count in parts:  # here, until the workers are there
            if starting is not None and starting.ready():
                break
            if cancelled():
                raise Cancelled
            done += 1
            if counted(play_runs(start, first, count, schedules)):
                return tally
        if done == len(parts):
            return tally
        assert starting is not None
        with starting.pool() as pool:
            for part in pool.imap(_chunk, parts[done:]):
                if cancelled():
                    pool.terminate()
                    raise Cancelled
                if counted(part):
                    pool.terminate()  # the chunks played ahead are not counted: the same on any number of workers
                    break
        return tally
    finally:
        if starting is not None:
            starting.close()


class _Starting:
    """The worker processes, started in a thread of their own while the caller plays the first chunks."""

    def __init__(self, start: Start, workers: int) -> None:
        self._pool: Any = None
        self._failed: BaseException | None = None
        self._taken = False
        self._thread = threading.Thread(target=self._start, args=(start, workers), name="forecast-workers",
                                        daemon=True)
        self._thread.start()

    def _start(self, start: Start, workers: int) -> None:
        try:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["keizer.evening.forecast.parallel"])
            with _stderr_with_a_file():  # each worker gets the start as it is (pickled): no replay, no schedule again
                self._pool = context.Pool(workers, initializer=_begin, initargs=(start,))
        except BaseException as exc:  # said where the pool is taken, in the caller's thread
            self._failed = exc

    def ready(self) -> bool:
        return not self._thread.is_alive()

    def pool(self) -> Any:
        """The started pool (waiting for it); the caller closes it (`with`)."""
        self._thread.join()
        if self._failed is not None:
            raise self._failed
        self._taken = True
        return self._pool

    def close(self) -> None:
        """A pool never taken (the runs were done here, or cancelled, first) ends with the forecast."""
        if self._taken:
            return
        self._thread.join()
        if self._pool is not None:
            self._pool.terminate()


@contextlib.contextmanager
def _stderr_with_a_file() -> Iterator[None]:
    """sys.stderr with a real file descriptor while the fork server starts: multiprocessing hands it to its
    helper process, and a terminal UI's print capture (Textual's) has none (fileno −1), which fails the start.
    The helpers then write to /dev/null: their words (a leaked semaphore at exit) are not for the screen."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = saved


_worker: tuple[Start, Schedules] | None = None
"""A worker process's start (the caller's, the same in every worker) and its schedules."""


def _begin(start: Start) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ctrl+c is the caller's: it ends the pool, not a traceback each
    _worker = (start, Schedules())
    # The engine and the start stay for the worker's life: out of the collector's way, its full collections walk
    # only what the runs make (a tenth of a round's time before, on a 30-player D season).
    gc.freeze()


def _chunk(part: tuple[int, int]) -> Tally:
    assert _worker is not None, "a worker plays runs only after _begin"
    start, schedules = _worker
    return play_runs(start, part[0], part[1], schedules)
