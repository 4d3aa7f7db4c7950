"""The one thread the server calls its evening on: the evening's caches are a single program's, so every call to
it — a page, a check-in, a look at the store's head — waits its turn there, and the event loop never waits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

from keizer.evening.evening import Evening

T = TypeVar("T")


class EveningRunner:
    """An `Evening` and the thread that calls it."""

    def __init__(self, evening: Evening) -> None:
        self.evening = evening
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keizer-evening")

    async def __call__(self, work: Callable[..., T], *args: object) -> T:
        """`work(*args)` on the evening's thread, awaited."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, partial(work, *args))

    def close(self) -> None:
        """Finish what was asked, then let the thread go (the evening itself is its owner's to close)."""
        self._pool.shutdown(wait=True)
