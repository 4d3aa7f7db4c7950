"""Waiting in a Pilot test for the state it asserts, never for a length of time: a loaded machine only makes
the wait longer, never the test red."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.pilot import Pilot


async def until(pilot: Pilot[object], condition: Callable[[], object], seconds: float = 30) -> None:
    """Let the app run until `condition` holds (a worker's result, an animation's end arrive when they arrive)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there"
        await pilot.pause(0.05)
