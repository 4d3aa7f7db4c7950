"""One evening served: its pages, its live updates, its forms' tokens, the words of its refusals — what every route
of the live app (`app.py`, `kiosk.py`, `board.py`) reaches through."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from keizer.evening.evening import Evening
from keizer.evening.live.refusals import Refused, Why
from keizer.web.live.follow import LOOK_SECONDS, Follow
from keizer.web.live.forms import Devices, FormTokens
from keizer.web.live.pages import LivePages
from keizer.web.live.runner import EveningRunner
from keizer.web.live.security import BODY_SECONDS
from keizer.web.live.words import refusal_key, say

ME = "keizer-me"
"""The cookie that remembers which member a phone picked (a preference, no secret: it opens nothing)."""

YEAR = 365 * 24 * 3600

LOOPBACK = frozenset({"127.0.0.1", "::1"})
"""Requests from the server's own machine: the laptop that drives the beamer in the room."""

STATIC = {"site.css": ("site.css", "text/css"), "live.css": ("live/live.css", "text/css"),
          "live.js": ("live/live.js", "text/javascript")}
"""The only files served: the published site's style, and the live pages' own style and script — by name, from
the package, never from a folder."""

ROUND_PAGE = re.compile(r"([1-9][0-9]{0,3})\.html")

STATUS: dict[Why, int] = {
    Why.NOT_TONIGHT: 403, Why.NOT_OPEN: 403, Why.NO_TOKEN: 403, Why.WRONG_CODE: 403, Why.SLOWED: 429,
    Why.CLOSED: 429, Why.ENDED: 403, Why.USED: 403, Why.NOT_PLAYING: 400, Why.NOT_PAIRED: 409, Why.NO_GAME: 404,
    Why.HAS_RESULT: 409, Why.NOT_REPORTABLE: 400, Why.OVER: 409,
}
"""The HTTP status each refusal is answered with: a 4xx, nothing written."""


@dataclass(frozen=True, slots=True)
class LiveConfig:
    """What `keizer serve` was asked for."""

    check_in: bool = False
    """The kiosk at the door takes check-ins (`--check-in`)."""
    results: bool = False
    """The boards report their results (`--results`)."""
    lang: str = "nl"
    names: tuple[str, ...] = ()
    """Host names the club reaches the laptop by besides its addresses and its own names."""
    look: float = LOOK_SECONDS
    body_seconds: float = BODY_SECONDS


class Live:
    """One evening served: its pages, its live updates, its forms."""

    def __init__(self, evening: Evening, config: LiveConfig) -> None:
        self.config = config
        self.runner = EveningRunner(evening)
        self.pages = LivePages(evening, config.lang)
        self.follow = Follow(self.runner, config.look)
        self.forms = FormTokens()
        self.devices = Devices()
        self.static = {name: (resources.files("keizer.web").joinpath("templates", path).read_bytes(), kind)
                       for name, (path, kind) in STATIC.items()}

    @property
    def lang(self) -> str:
        return self.config.lang

    def say(self, key: str, **fill: object) -> str:
        return say(key, self.lang, **fill)

    # -- the pages anyone on the network reads ----------------------------------------------------------
    async def home(self, request: Request) -> Response:
        me = request.cookies.get(ME)
        return page(await self.runner(self.pages.home, me, self.config.results))

    async def pairing(self, request: Request) -> Response:
        return page(await self.runner(self.pages.pairing))

    async def standings(self, request: Request) -> Response:
        return page(await self.runner(self.pages.standings))

    async def player(self, request: Request) -> Response:
        made = await self.runner(self.pages.player, request.path_params["file"])
        return page(made) if made is not None else await self.not_found(request)

    async def rounds(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name == "index.html":
            return page(await self.runner(self.pages.archive))
        found = ROUND_PAGE.fullmatch(name)
        made = await self.runner(self.pages.round, int(found.group(1))) if found else None
        return page(made) if made is not None else await self.not_found(request)

    async def wall(self, request: Request) -> Response:
        codes = self.config.results and request.client is not None and request.client.host in LOOPBACK
        return page(await self.runner(self._wall, request.query_params.get("panel", ""), codes))

    def _wall(self, panel: str, codes: bool) -> str:
        evening = self.pages.evening
        shown = evening.reports.codes(evening.current_round(), make=False) if codes else {}
        return self.pages.wall(panel, shown)

    async def me(self, request: Request) -> Response:
        """`/me?player=ID`: this phone is that member's (a cookie); `/me?forget=1` forgets it; `/me` asks."""
        chosen = request.query_params.get("player")
        if request.query_params.get("forget"):
            response: Response = RedirectResponse("/", 303)
            response.delete_cookie(ME, path="/")
            return response
        if chosen is not None:
            members = dict(await self.runner(self.pages.members))
            if chosen in members:
                response = RedirectResponse("/", 303)
                response.set_cookie(ME, chosen, max_age=YEAR, path="/", httponly=True, samesite="lax")
                return response
        members_now = await self.runner(self.pages.members)
        return page(await self.runner(partial(self.pages.render, "live/me.html", "me", self.say("me_pick"),
                                              follow="none", refresh=0, members=members_now,
                                              chosen=request.cookies.get(ME))))

    # -- what every form's page shares ---------------------------------------------------------------------
    async def form_page(self, template: str, heading: str, kind: str, **context: Any) -> Response:
        return page(await self.runner(partial(self.pages.form, template, heading, kind, **context)))

    async def said(self, heading: str, text: str, back: str, kind: str = "message", return_in: int = 0,
                   status: int = 200, headers: dict[str, str] | None = None) -> Response:
        return page(await self.runner(partial(self.pages.message, heading, text, back, kind, return_in)), status,
                    headers)

    async def refused(self, refusal: Refused, back: str) -> Response:
        """A member's request refused (nothing was written), said in their words with its status."""
        text = self.say(refusal_key(refusal.why), seconds=refusal.retry_after,
                        result=refusal.result.value.replace("1/2", "½") if refusal.result else "")
        slowed = {"Retry-After": str(refusal.retry_after)} if refusal.retry_after else None
        return await self.said(self.say("kiosk") if back.startswith("/kiosk") else self.say("tonight"), text, back,
                               status=STATUS[refusal.why], headers=slowed)

    async def stale(self, back: str) -> Response:
        """A form whose token is not this server's, too old, or sent before (a replayed request): refused."""
        return await self.said(self.say("tonight"), self.say("form_stale"), back, status=403)

    async def too_many(self) -> Response:
        return await self.said(self.say("tonight"), self.say("too_many"), "/", status=429)

    @staticmethod
    def address(request: Request) -> str:
        return request.client.host if request.client is not None else ""

    async def static_file(self, request: Request) -> Response:
        body, kind = self.static[request.url.path.lstrip("/")]
        return Response(body, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def not_found(self, request: Request, exc: Any = None) -> Response:
        return page(await self.runner(self.pages.message, self.say("not_found"), self.say("not_found")), 404)

    def routes(self) -> list[Route]:
        return [
            Route("/", self.home), Route("/pairing", self.pairing), Route("/standings", self.standings),
            Route("/players/{file}", self.player), Route("/rounds/{name}", self.rounds), Route("/wall", self.wall),
            Route("/me", self.me), Route("/events", self.follow.stream),
            *(Route(f"/{name}", self.static_file) for name in STATIC),
        ]


def page(html: str, status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    """A live page: never cached by a browser or a proxy (it is tonight's, and it may carry a form's token)."""
    return HTMLResponse(html, status, headers={"Cache-Control": "no-store", **(headers or {})})

