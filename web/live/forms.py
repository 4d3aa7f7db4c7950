"""The live evening's forms: each carries a one-time token (CSRF: only a page of this server can send it, and a
form sent twice — a replayed request — is refused), its body read bounded, and the wrong codes of each device
counted, so that one phone cannot close the evening's boards by guessing."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from urllib.parse import parse_qsl

from starlette.requests import Request

TOKEN_SECONDS = 4 * 3600
"""How long a form's token holds: a page left open on a tablet for the whole evening still sends."""

MOST_USED = 20_000
"""Tokens remembered as sent (a replay of one is refused): an evening's forms, many times over."""

MOST_FIELDS = 8
"""Fields a form may have (the live forms have two or three)."""

DEVICE_WRONG = 20
"""Wrong codes one device (its address) may give in the server's lifetime before it is refused every code: the
boards' own limits (`evening/live/tonight.py`) then hold for the devices that guess, not for the room."""


class FormTokens:
    """One-time tokens for the forms of this server: an HMAC under a key of this process (a restart makes the open
    forms stale: sent again, they are refused and the page says to try again), bound to the form's purpose."""

    def __init__(self, clock: object = time.time) -> None:
        self._key = secrets.token_bytes(32)
        self._clock = clock
        self._used: OrderedDict[str, float] = OrderedDict()

    def issue(self, purpose: str) -> str:
        nonce = secrets.token_urlsafe(12)
        stamp = str(int(self._now()))
        return f"{nonce}.{stamp}.{self._mac(purpose, nonce, stamp)}"

    def take(self, token: str | None, purpose: str) -> bool:
        """Whether `token` is one of this server's for `purpose`, not too old and never sent before; it is spent."""
        if not token or token.count(".") != 2:
            return False
        nonce, stamp, mac = token.split(".")
        if not stamp.isdigit() or not hmac.compare_digest(mac, self._mac(purpose, nonce, stamp)):
            return False
        now = self._now()
        if not 0 <= now - int(stamp) <= TOKEN_SECONDS or nonce in self._used:
            return False
        self._used[nonce] = now
        while len(self._used) > MOST_USED or (self._used and now - next(iter(self._used.values())) > TOKEN_SECONDS):
            self._used.popitem(last=False)
        return True

    def _mac(self, purpose: str, nonce: str, stamp: str) -> str:
        return hmac.new(self._key, f"{purpose}|{nonce}|{stamp}".encode(), hashlib.sha256).hexdigest()[:32]

    def _now(self) -> float:
        return float(self._clock())  # type: ignore[operator]


async def form_fields(request: Request) -> dict[str, str]:
    """The form's fields (the body was bounded by the middleware); a field given twice counts once, the first."""
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return {}
    fields: dict[str, str] = {}
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MOST_FIELDS)
    except ValueError:  # more fields than any form of this app has
        return {}
    for key, value in pairs:
        fields.setdefault(key, value)
    return fields


class Devices:
    """Wrong codes per device (its address), in this server's memory."""

    def __init__(self) -> None:
        self._wrong: dict[str, int] = {}

    def refused(self, address: str) -> bool:
        return self._wrong.get(address, 0) >= DEVICE_WRONG

    def wrong(self, address: str) -> None:
        if len(self._wrong) > 10_000:  # a flood of addresses: forget the oldest half
            for key in list(self._wrong)[:5_000]:
                del self._wrong[key]
        self._wrong[address] = self._wrong.get(address, 0) + 1
