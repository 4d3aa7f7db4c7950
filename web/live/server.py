"""`keizer serve`'s server: uvicorn (plain, HTTP/1.1 through h11) running the live app, started here and stopped
by ctrl+c: the open pages' streams end at once, the requests under way finish, nothing is left half written
(every change was committed as it was made)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from keizer.evening.evening import Evening
from keizer.web.live.app import live_app
from keizer.web.live.served import LiveConfig

HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's line and headers whole: one that trickles them (a slow client, or
one that holds connections open on purpose) is cut off."""

MOST_CONNECTIONS = 600
"""Connections at once, at most: a club room's phones, each with a page and its stream, several times over;
beyond it a 503."""

GRACE_SECONDS = 3
"""How long the requests under way may take to finish once ctrl+c was pressed."""


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's line and headers (uvicorn has one only for an
    idle keep-alive connection): `header_seconds` after the connection is made, or after the last response,
    a request not in whole closes the connection."""

    header_seconds = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the request's headers are in: the body has its own limit
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()  # type: ignore[union-attr]
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


class LiveServer(uvicorn.Server):
    """uvicorn's server that says where it listens once it does, and ends the pages' streams as ctrl+c stops it
    (stopping is what the key is for here: it is not raised again afterwards)."""

    def __init__(self, config: uvicorn.Config, ready: Callable[[str], None]) -> None:
        super().__init__(config)
        self.ready = ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            self.ready(f"http://{f'[{host}]' if ':' in host else host}:{port}/")

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        app = self.config.loaded_app if self.config.loaded else None
        live = getattr(getattr(getattr(app, "app", None), "state", None), "live", None)
        if live is not None:
            live.follow.stopping()
        captured = getattr(self, "_captured_signals", None)
        if isinstance(captured, list):
            captured.clear()


def live_server(evening: Evening, config: LiveConfig, listening: socket.socket, ready: Callable[[str], None],
                header_seconds: float = HEADER_SECONDS) -> LiveServer:
    """The server of the evening on the bound socket `listening` (`run(sockets=[listening])` runs it)."""
    protocol = type("Deadline", (DeadlineProtocol,), {"header_seconds": header_seconds})
    host, port = listening.getsockname()[:2]
    return LiveServer(uvicorn.Config(
        live_app(evening, config), host=host, port=port, http=protocol, lifespan="on", proxy_headers=False,
        server_header=False, access_log=False, log_level="warning", limit_concurrency=MOST_CONNECTIONS,
        timeout_keep_alive=5, timeout_graceful_shutdown=GRACE_SECONDS, h11_max_incomplete_event_size=16 * 1024,
        ws="none"), ready)


def serve(evening: Evening, config: LiveConfig, listening: socket.socket, ready: Callable[[str], None]) -> None:
    """Serve the evening on the bound socket `listening` until ctrl+c (or SIGTERM); `ready` is told the address
    once the server listens."""
    try:
        live_server(evening, config, listening, ready).run(sockets=[listening])
    except KeyboardInterrupt:  # a second ctrl+c, or one uvicorn raised again all the same
        pass
