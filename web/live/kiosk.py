"""The kiosk at the door (`keizer serve --check-in`): a tablet paired once with the director's one-time code (a
cookie for tonight), then members find their name by a few letters, confirm it, and are checked in — through the
evening's door (`evening/live/door.py`), which writes the check-in with compare-and-set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from keizer.evening.live.refusals import Refused, Why
from keizer.web.live.forms import form_fields
from keizer.web.live.words import arrived_key

if TYPE_CHECKING:
    from keizer.web.live.served import Live

TABLET = "keizer-tablet"
"""The cookie of a tablet paired with the kiosk: its token for tonight (it ends with the evening)."""

TABLET_SECONDS = 12 * 3600
"""How long the tablet's browser keeps the cookie; the token in it ends with the evening anyway."""

RETURN_SECONDS = 6
"""The check-in's page goes back to the search after this, for the next member."""


class Kiosk:
    """The kiosk's pages and forms."""

    def __init__(self, live: Live) -> None:
        self.live = live

    def routes(self) -> list[Route]:
        return [Route("/kiosk", self.search), Route("/kiosk/pair", self.pair, methods=["POST"]),
                Route("/kiosk/confirm", self.confirm), Route("/kiosk/check-in", self.check_in, methods=["POST"])]

    async def search(self, request: Request) -> Response:
        """`GET /kiosk`: the pairing form on a tablet not paired yet, else the search (`?q=` a few letters)."""
        live = self.live
        if (closed := await self._closed()) is not None:
            return await live.refused(closed, "/")
        if not await self._paired(request):
            return await live.form_page("live/kiosk.html", live.say("kiosk"), "kiosk", step="pair",
                                        form=live.forms.issue("kiosk-pair"))
        query = request.query_params.get("q", "")[:40]
        found = await live.runner(live.pages.evening.door.find, query)
        return await live.form_page("live/kiosk.html", live.say("kiosk"), "kiosk", step="search", query=query,
                                    found=tuple((p.id, p.name) for p in found))

    async def pair(self, request: Request) -> Response:
        """`POST /kiosk/pair`: the director's one-time code typed on the tablet; the tablet's cookie for tonight."""
        live = self.live
        if (closed := await self._closed()) is not None:
            return await live.refused(closed, "/")
        fields = await form_fields(request)
        if not live.forms.take(fields.get("form"), "kiosk-pair"):
            return await live.stale("/kiosk")
        address = live.address(request)
        if live.devices.refused(address):
            return await live.too_many()
        try:
            token = await live.runner(live.pages.evening.door.pair_tablet, fields.get("code", "")[:12])
        except Refused as refusal:
            if refusal.why in (Why.WRONG_CODE, Why.CLOSED):
                live.devices.wrong(address)
            return await live.refused(refusal, "/kiosk")
        response = RedirectResponse("/kiosk", 303)
        response.set_cookie(TABLET, token, max_age=TABLET_SECONDS, path="/kiosk", httponly=True, samesite="strict")
        return response

    async def confirm(self, request: Request) -> Response:
        """`GET /kiosk/confirm?player=ID`: "Are you …?", with the button that checks them in."""
        live = self.live
        if (closed := await self._closed()) is not None:
            return await live.refused(closed, "/")
        if not await self._paired(request):
            return RedirectResponse("/kiosk", 303)
        pid = request.query_params.get("player", "")
        members = {str(p.id): p.name for p in await live.runner(live.pages.evening.door.members)}
        if pid not in members:
            return await live.refused(Refused(Why.NOT_PLAYING), "/kiosk")
        return await live.form_page("live/kiosk.html", live.say("kiosk_confirm", name=members[pid]), "kiosk",
                                    step="confirm", player=pid, form=live.forms.issue(f"check-in:{pid}"))

    async def check_in(self, request: Request) -> Response:
        """`POST /kiosk/check-in`: the member checked in; the page says what it did and goes back to the search."""
        live = self.live
        if (closed := await self._closed()) is not None:
            return await live.refused(closed, "/")
        fields = await form_fields(request)
        pid = fields.get("player", "")
        if not live.forms.take(fields.get("form"), f"check-in:{pid}"):
            return await live.stale("/kiosk")
        try:
            done = await live.runner(live.pages.evening.door.check_in, pid, request.cookies.get(TABLET))
        except Refused as refusal:
            return await live.refused(refusal, "/kiosk")
        text = live.say(arrived_key(done.arrived), name=done.player.name, k=done.round)
        return await live.said(live.say("kiosk"), text, "/kiosk", "kiosk", RETURN_SECONDS)

    async def _paired(self, request: Request) -> bool:
        token = request.cookies.get(TABLET)
        if not token:
            return False
        try:
            await self.live.runner(self.live.pages.evening.door.tablet, token)
        except Refused:
            return False
        return True

    async def _closed(self) -> Refused | None:
        """Why the kiosk takes nothing now: the server was started without --check-in, or there is no club evening
        tonight (the season is complete, tonight's round is dated another day). None: it is open."""
        if not self.live.config.check_in:
            return Refused(Why.NOT_OPEN, "--check-in")
        try:
            await self.live.runner(self.live.pages.evening.tonight.open_round)
        except Refused as refusal:
            return refusal
        return None
