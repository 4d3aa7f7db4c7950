"""A forecast's runs played on every core: worker processes, each given whole chunks of runs, counted exactly.

Each run draws from its own random stream (`run_rng`: the seed and the run's number), and the counts are
exact (`Tally`), so the forecast is the same whichever process plays which chunk, and however many there are.
The workers start from a fork server (`forkserver`): a fresh process with keizer's engine imported once, from
which each worker is forked — never a fork of the caller, whose threads (the TUI's, polars' pool) a fork
would copy half-way.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator

from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import play_run
from keizer.evening.forecast.start import Start
from keizer.evening.forecast.tally import Tally

CHUNKS_PER_WORKER = 10
"""Chunks of runs each worker gets: the progress line moves this often, and a cancel waits at most one chunk."""
IN_PROCESS_UP_TO = 50
"""Fewer runs than this are played in the calling process: starting workers would cost more than it saves."""


class Cancelled(Exception):
    """The forecast was cancelled before its runs were played."""


Progress = Callable[[int, int], object]
"""(runs played, runs in all)."""


def workers_for(runs: int, workers: int | None = None) -> int:
    """How many processes play `runs` runs: `workers`, by default one per core, never more than there are
    chunks of runs, one when they are few."""
    if runs < IN_PROCESS_UP_TO:
        return 1
    return max(1, min(workers or os.cpu_count() or 1, runs))


def chunks(runs: int, workers: int) -> tuple[tuple[int, int], ...]:
    """(first run, how many) of each chunk: the runs split evenly, in order."""
    parts = max(1, min(runs, workers * CHUNKS_PER_WORKER))
    bounds = [runs * i // parts for i in range(parts + 1)]
    return tuple((a, b - a) for a, b in zip(bounds, bounds[1:]) if b > a)


def play_runs(start: Start, first: int, count: int, schedules: Schedules | None = None) -> Tally:
    """Runs first..first+count−1 of the forecast, in this process."""
    schedules = schedules or Schedules()
    tally = Tally()
    begun = time.process_time()
    for run in range(first, first + count):
        tally.add(play_run(start, run, schedules))
    tally.cpu_seconds = time.process_time() - begun
    return tally


def play_all(start: Start, runs: int, workers: int = 1, progress: Progress | None = None,
             cancelled: Callable[[], bool] = lambda: False) -> Tally:
    """Every run of the forecast from `start`, on `workers` processes; `progress` after each chunk; Cancelled
    when `cancelled()` says so between chunks."""
    parts = chunks(runs, workers)
    tally = Tally()
    if cancelled():
        raise Cancelled
    if workers <= 1:
        schedules = Schedules()
        for first, count in parts:
            if cancelled():
                raise Cancelled
            tally.merge(play_runs(start, first, count, schedules))
            if progress is not None:
                progress(tally.runs, runs)
        return tally
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["keizer.evening.forecast.parallel"])
    with _stderr_with_a_file():  # each worker gets the start as it is (pickled): no replay, no schedule again
        pool = context.Pool(workers, initializer=_begin, initargs=(start,))
    with pool:
        for part in pool.imap(_chunk, parts):
            if cancelled():
                pool.terminate()
                raise Cancelled
            tally.merge(part)
            if progress is not None:
                progress(tally.runs, runs)
    return tally


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


def _chunk(part: tuple[int, int]) -> Tally:
    assert _worker is not None, "a worker plays runs only after _begin"
    start, schedules = _worker
    return play_runs(start, part[0], part[1], schedules)
