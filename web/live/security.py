"""What no request gets past, and what every response carries: the live evening's ASGI middleware.

Every response: a strict Content-Security-Policy (the app's own script and style files, nothing inline, nothing
from elsewhere, no frames), no sniffing, no framing, no referrer to other sites. No request with a Host that is
not this machine's (a web page elsewhere cannot rebind its name to the club's laptop), no method but GET, HEAD and
POST, no form sent from another site (its Origin), no body over BODY_LIMIT, none that comes slower than
BODY_SECONDS: a 4xx, nothing written, never a traceback."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

import anyio
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
"""The pages' Content-Security-Policy: the charts are inline SVG (markup, not a style or a script), the forms post
to the app, and `live.js` is the only script, served by the app."""

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)

BODY_LIMIT = 2048
"""Bytes a request's body may have: a form of a code, a board, a result or a name is a few dozen."""

BODY_SECONDS = 10.0
"""Seconds a request's body may take to arrive whole (a phone on the club's Wi-Fi sends it in one go)."""

METHODS = frozenset({"GET", "HEAD", "POST"})

FORM = "application/x-www-form-urlencoded"
"""The one kind of body taken: an HTML form's."""


class Refusal(Exception):
    """A request stopped at the door of the app: its status and one line."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status
        self.text = text

    def response(self) -> PlainTextResponse:
        return PlainTextResponse(self.text + "\n", self.status, headers={"Connection": "close"})


async def refused(request: Request, exc: Exception) -> Response:
    """Starlette's handler of a Refusal raised inside the app (a body too large or too slow, found as it is read)."""
    assert isinstance(exc, Refusal)
    return exc.response()


def machine_names() -> tuple[str, ...]:
    """The names this machine answers to on a club's network besides its addresses."""
    name = socket.gethostname().lower()
    return ("localhost", name, f"{name}.local")


class Shield:
    """The app wrapped: headers on every response, refusals before the app sees a request."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = (), body_limit: int = BODY_LIMIT,
                 body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.names = frozenset(n.lower() for n in (*machine_names(), *names))
        """Host names taken besides IP addresses (the machine's own, and any the director gave)."""
        self.body_limit = body_limit
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        try:
            self.check(scope)
        except Refusal as refusal:  # before the app sees it
            await refusal.response()(scope, receive, sending)
            return
        await self.app(scope, self._bounded(receive), sending)  # a Refusal inside: the app's handler (`refused`)

    def check(self, scope: Scope) -> None:
        """The request's line and headers: Refusal for anything the app does not take."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope["method"] not in METHODS:
            raise Refusal(405, "method not allowed")
        host = headers.get("host", "")
        if not self.our_host(host):
            raise Refusal(400, "unknown host")
        if scope["method"] == "POST":
            origin = headers.get("origin")
            if origin is not None and origin.partition("://")[2].rstrip("/").lower() != host.lower():
                raise Refusal(403, "a form from another site")
            if origin is None and headers.get("sec-fetch-site") == "cross-site":
                raise Refusal(403, "a form from another site")
            if headers.get("content-type", "").partition(";")[0].strip().lower() != FORM:
                raise Refusal(415, "only a form is taken")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.body_limit):
            raise Refusal(413, "request too large")

    def our_host(self, host: str) -> bool:
        """An IP address (this machine's on some network), or one of its names; with or without a port."""
        name = host[1:host.index("]")] if host.startswith("[") and "]" in host else host.rpartition(":")[0] \
            if host.count(":") == 1 else host
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name.lower() in self.names

    def _bounded(self, receive: Receive) -> Receive:
        """`receive` that refuses a body over the limit (also one sent in chunks) and one that comes too slowly.
        Once the body is whole, what follows (a page closed while it streams) is waited for as long as it takes."""
        total = 0
        whole = False

        async def bounded() -> Message:
            nonlocal total, whole
            if whole:
                return await receive()
            try:
                with anyio.fail_after(self.body_seconds):
                    message = await receive()
            except TimeoutError:
                raise Refusal(408, "request too slow") from None
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > self.body_limit:
                    raise Refusal(413, "request too large")
                whole = not message.get("more_body", False)
            return message

        return bounded
