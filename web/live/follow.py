"""Live updates: the server looks at the store's head a few times a second (a cheap read: SQLite's data version,
then the new actions alone) and tells every open page when it moved, as a server-sent event. A page without
JavaScript refreshes itself instead (`templates/live/head.html`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse

from keizer.web.live.runner import EveningRunner

LOOK_SECONDS = 0.2
"""How often the store's head is looked at: a commit reaches the pages within this and the push (issue 28: 1 s)."""

PING_SECONDS = 15.0
"""A comment line this often on a quiet stream: a phone that went away is noticed, a proxy keeps it open."""

RETRY_MS = 2000
"""How soon a browser reconnects a dropped stream (the server restarted, the Wi-Fi blinked)."""

MOST_FOLLOWERS = 400
"""Open streams at most: a club room's phones and screens several times over; beyond it a 503 (a page still
refreshes itself)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """The store as last looked at: its head, and its newest change (the season is the same after it)."""

    head: int
    season: int

    def event(self) -> bytes:
        return f"data: {json.dumps({'head': self.head, 'season': self.season})}\n\n".encode()


class Follow:
    """The store's head, looked at on the evening's thread, and everyone waiting to be told it moved."""

    def __init__(self, runner: EveningRunner, look: float = LOOK_SECONDS) -> None:
        self.runner = runner
        self.look = look
        self.now = Moment(0, 0)
        self.followers = 0
        self.told = 0
        """Events sent since the start (the benchmark reads it from the stream's side)."""
        self._moved = asyncio.Event()
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.now = await self.runner(self._read)
        self._task = asyncio.create_task(self._watch(), name="keizer-follow")

    def stopping(self) -> None:
        """Every stream ends now (ctrl+c: the server is not kept waiting by the open phones)."""
        self._stopping.set()
        self._moved.set()

    async def stop(self) -> None:
        """Every stream ends, and the looking."""
        self.stopping()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    def _read(self) -> Moment:
        evening = self.runner.evening
        return Moment(evening.revision, evening.season_revision)

    async def _watch(self) -> None:
        while not self._stopping.is_set():
            await asyncio.sleep(self.look)
            try:
                now = await self.runner(self._read)
            except Exception:  # noqa: BLE001 — the file busy or gone a moment: looked at again next time
                continue
            if now != self.now:
                self.now = now
                moved, self._moved = self._moved, asyncio.Event()
                moved.set()

    async def stream(self, request: Request) -> Response:
        """`GET /events`: the head now, then every move of it, until the page closes or the server stops."""
        if self.followers >= MOST_FOLLOWERS:
            return PlainTextResponse("too many pages follow this evening; this one refreshes itself", 503)
        return StreamingResponse(self._events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def _events(self) -> AsyncIterator[bytes]:
        self.followers += 1
        try:
            yield f"retry: {RETRY_MS}\n\n".encode() + self.now.event()
            sent = self.now
            while not self._stopping.is_set():
                moved = self._moved
                if self.now == sent:
                    try:
                        await asyncio.wait_for(moved.wait(), PING_SECONDS)
                    except asyncio.TimeoutError:
                        yield b": ping\n\n"
                        continue
                if self._stopping.is_set():
                    break
                sent = self.now
                self.told += 1
                yield sent.event()
        finally:
            self.followers -= 1
