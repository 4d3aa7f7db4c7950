"""Pausing Python's cyclic garbage collector while something large is built of small objects: a round's
pairing (tens of thousands), a season read from its file (a game, a dict, a tuple each, hundreds of
thousands in a large season). Each allocation burst makes the collector walk the whole heap again and again
(a quarter of a round's time at 1,000 players, half of reading a 5,000-player season) although nothing
built holds a reference cycle to collect."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off, and restore it as it was (reference counting still frees
    everything as usual; the collector catches up at its next run)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
