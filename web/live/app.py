"""The live evening's web app: the Starlette app `keizer serve` runs, over one `Evening` (the server never touches
the store itself: every read and write is a call of the evening's services, on the evening's own thread)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.types import ASGIApp

from keizer.evening.evening import Evening
from keizer.web.live.board import Boards
from keizer.web.live.kiosk import Kiosk
from keizer.web.live.served import Live, LiveConfig
from keizer.web.live.security import Refusal, Shield, refused


def live_app(evening: Evening, config: LiveConfig = LiveConfig()) -> ASGIApp:
    """The app `keizer serve` runs on `evening` (a store opened to be written for --check-in and --results, read
    otherwise): Starlette's routes, behind the shield (`security.py`)."""
    live = Live(evening, config)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await live.follow.start()
        try:
            yield
        finally:
            await live.follow.stop()
            live.runner.close()

    app = Starlette(routes=[*live.routes(), *Kiosk(live).routes(), *Boards(live).routes()], lifespan=lifespan,
                    exception_handlers={404: live.not_found, Refusal: refused})
    app.state.live = live
    return Shield(app, config.names, body_seconds=config.body_seconds)
