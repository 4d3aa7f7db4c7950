"""The kiosk at the door, in-process: a tablet paired with the director's one-time code, a member found by a few
letters, confirmed by name, checked in (a record in the store, said in the log); and each refusal of a request
that does not belong: no token, a wrong one, yesterday's, a replayed form, a forged origin, a server that takes no
check-ins — a 4xx, nothing written."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.tonight import FREE_TRIES
from keizer.seasons.store.live_events import CheckedIn
from tests.live.helpers import EVENING, TONIGHT, at, opened, present_ids
from tests.live.serving import client, form_token

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def evening(demo_store: Path):  # type: ignore[no-untyped-def]
    e = opened(demo_store)
    yield e
    e.close()


def paired_tablet(c, evening: Evening) -> None:  # type: ignore[no-untyped-def]
    """The director's code typed on the tablet: the client holds the tablet's cookie."""
    form = form_token(c.get("/kiosk").text)
    response = c.post("/kiosk/pair", data={"form": form, "code": evening.door.kiosk_code()})
    assert response.status_code == 303 and "keizer-tablet=" in response.headers["set-cookie"]
    assert "httponly" in response.headers["set-cookie"].lower()
    assert "samesite=strict" in response.headers["set-cookie"].lower()


def checked_in(evening: Evening) -> list[str]:
    return [e.player for _, _, e in evening._session.store.records_of(CheckedIn)]  # type: ignore[attr-defined]


def test_a_member_checks_in_at_the_door(evening: Evening) -> None:
    pid = present_ids(evening)[0]
    name = evening.season.player(pid).name
    with client(evening, check_in=True) as c:
        assert 'inputmode="numeric"' in c.get("/kiosk").text  # not paired yet: the code first
        paired_tablet(c, evening)
        search = c.get("/kiosk", params={"q": name.split()[-1][:3].lower()}).text
        assert f'href="/kiosk/confirm?player={pid}"' in search
        confirm = c.get("/kiosk/confirm", params={"player": pid}).text
        assert f"Ben jij {name}?" in confirm
        done = c.post("/kiosk/check-in", data={"form": form_token(confirm), "player": pid})
        assert done.status_code == 200 and f"Welkom, {name}" in done.text
        assert 'http-equiv="refresh" content="6;url=/kiosk"' in done.text  # back to the search for the next
    assert checked_in(evening) == [pid]
    assert evening.history.actions()[-1].label == f"round 33: {name} checked in at the door"


def test_a_replayed_check_in_is_refused(evening: Evening) -> None:
    pid, other = present_ids(evening)[:2]
    with client(evening, check_in=True) as c:
        paired_tablet(c, evening)
        form = form_token(c.get("/kiosk/confirm", params={"player": pid}).text)
        assert c.post("/kiosk/check-in", data={"form": form, "player": pid}).status_code == 200
        again = c.post("/kiosk/check-in", data={"form": form, "player": pid})
        assert again.status_code == 403 and "verlopen of al verstuurd" in again.text
        another = c.post("/kiosk/check-in", data={"form": form, "player": other})  # a token is its form's
        assert another.status_code == 403
    assert checked_in(evening) == [pid]


def test_no_token_a_wrong_one_or_yesterdays_checks_nobody_in(evening: Evening) -> None:
    pid = present_ids(evening)[0]
    with client(evening, check_in=True) as c:
        assert c.get("/kiosk/confirm", params={"player": pid}).status_code == 303  # no tablet: the code first
        paired_tablet(c, evening)
        form = form_token(c.get("/kiosk/confirm", params={"player": pid}).text)
        good = c.cookies.get("keizer-tablet")
        assert good is not None
        c.cookies.clear()  # no token
        assert c.post("/kiosk/check-in", data={"form": form, "player": pid}).status_code == 403
        c.cookies.set("keizer-tablet", good[:-2] + ("00" if not good.endswith("00") else "11"), path="/kiosk")
        assert 'inputmode="numeric"' in c.get("/kiosk").text  # a wrong token: asked for the code again
        form = form_token(c.get("/kiosk").text)
        assert c.post("/kiosk/check-in", data={"form": form, "player": pid}).status_code == 403
    tomorrow = dt.datetime(2020, 4, 24, 19, 30).astimezone()  # the next evening: round 33's has passed
    with client(evening, tomorrow, check_in=True) as c:
        c.cookies.set("keizer-tablet", good, path="/kiosk")  # yesterday's token
        assert c.get("/kiosk").status_code == 403
        assert c.post("/kiosk/check-in", data={"form": "x", "player": pid}).status_code == 403
    assert checked_in(evening) == []


def test_wrong_codes_are_slowed_then_refused_per_device(evening: Evening) -> None:
    evening.door.kiosk_code()
    with client(evening, check_in=True) as c:
        statuses = []
        for _ in range(FREE_TRIES + 1):
            form = form_token(c.get("/kiosk").text)
            response = c.post("/kiosk/pair", data={"form": form, "code": "999999x"})
            statuses.append(response.status_code)
        assert statuses[:FREE_TRIES] == [403] * FREE_TRIES and statuses[-1] == 429
        assert int(response.headers["retry-after"]) > 0
    assert [a.target for a in evening.tonight.alarms()] == ["kiosk"]


def test_a_form_from_another_site_a_huge_body_or_no_form_is_refused(evening: Evening) -> None:
    pid = present_ids(evening)[0]
    with client(evening, check_in=True) as c:
        paired_tablet(c, evening)
        form = form_token(c.get("/kiosk/confirm", params={"player": pid}).text)
        forged = c.post("/kiosk/check-in", data={"form": form, "player": pid},
                        headers={"origin": "http://evil.example"})
        assert forged.status_code == 403 and forged.text == "a form from another site\n"
        cross = c.post("/kiosk/check-in", data={"form": form, "player": pid}, headers={"sec-fetch-site": "cross-site"})
        assert cross.status_code == 403
        huge = c.post("/kiosk/check-in", data={"form": form, "player": pid, "pad": "x" * 10_000})
        assert huge.status_code == 413
        assert c.post("/kiosk/check-in", json={"form": form, "player": pid}).status_code == 415
        same = c.post("/kiosk/check-in", data={"form": form, "player": pid}, headers={"origin": "http://testserver"})
        assert same.status_code == 200  # the page's own origin: taken (the token was never spent above)
    assert checked_in(evening) == [pid]


def test_a_server_without_check_in_takes_none(evening: Evening) -> None:
    token = evening.door.pair_tablet(evening.door.kiosk_code())
    with client(evening) as c:
        c.cookies.set("keizer-tablet", token, path="/kiosk")
        assert c.get("/kiosk").status_code == 403
        assert c.post("/kiosk/check-in", data={"form": "x", "player": present_ids(evening)[0]}).status_code == 403
    assert checked_in(evening) == []


def test_a_body_that_never_comes_is_a_408(evening: Evening) -> None:
    import anyio

    from keizer.web.live.app import live_app
    from keizer.web.live.served import LiveConfig

    app = live_app(evening, LiveConfig(check_in=True, names=("testserver",), body_seconds=0.05))
    sent: list[dict[str, object]] = []

    async def never() -> dict[str, object]:
        await anyio.sleep_forever()
        raise AssertionError

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/kiosk/check-in", "raw_path": b"/kiosk/check-in",
             "query_string": b"", "root_path": "", "scheme": "http", "server": ("testserver", 80),
             "client": ("192.168.1.50", 5), "http_version": "1.1", "asgi": {"version": "3.0"},
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/x-www-form-urlencoded"),
                         (b"content-length", b"30")]}
    anyio.run(app, scope, never, send)  # type: ignore[arg-type]
    assert sent[0]["status"] == 408 and checked_in(evening) == []


def test_the_kiosk_search_finds_by_a_few_letters_without_case_or_accents(evening: Evening) -> None:
    at(evening, EVENING)
    with client(evening, check_in=True) as c:
        paired_tablet(c, evening)
        names = re.findall(r'<li><a href="/kiosk/confirm\?player=[^"]+">([^<]+)</a>', c.get("/kiosk?q=VRIES").text)
        assert names and all("vries" in n.lower() for n in names)
        assert "Geen naam gevonden" in c.get("/kiosk?q=zzzz").text
    assert TONIGHT == evening.current_round()
