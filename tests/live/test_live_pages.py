"""The live pages in-process: each page of the evening from the published site's templates, valid HTML5, only the
season's public facts (no code, token, absence reason or report time), a change committed elsewhere on the next
request, the phone's first lines, the wall's panels — and nothing but the app's own pages served."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.model import Result
from keizer.web.live.follow import MOST_FOLLOWERS
from tests.live.helpers import TONIGHT, opened, pair
from tests.live.serving import client
from tests.publish.helpers import NS, parse, table, text_of

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PAGES = ("/", "/pairing", "/standings", "/players/visser.html", "/rounds/32.html", "/rounds/index.html", "/wall",
         "/me")


@pytest.fixture
def evening(demo_store: Path):  # type: ignore[no-untyped-def]
    e = opened(demo_store)
    e.attendance.report(TONIGHT, "mulder", "2020-04-22 21:00", force_majeure="a sick child at home")
    pair(e)
    yield e
    e.close()


def test_every_page_reads_as_html5_from_the_sites_templates(evening: Evening) -> None:
    with client(evening) as c:
        for path in PAGES:
            response = c.get(path)
            assert response.status_code == 200, path
            page = parse(response.text)
            assert page.find(f".//{NS}link[@href='/site.css']") is not None, path  # the published site's style
            assert page.find(f".//{NS}script[@src='/live.js']") is not None, path
        headers, rows = table(parse(c.get("/pairing").text), "pairing")
        assert headers == ["Bord", "Wit", "Zwart", "Uitslag"] and len(rows) == len(evening.season.round(TONIGHT).games)
        assert "Ranglijst na ronde 32" in c.get("/standings").text
        assert text_of(parse(c.get("/players/visser.html").text).find(f".//{NS}h1")) == "Frank Visser na ronde 32"


def test_only_public_facts_are_served(evening: Evening) -> None:
    token = evening.reports.open_board(1, evening.reports.codes(TONIGHT)[1])
    evening.reports.report(1, "white", Result.WHITE_WINS, token)
    codes = evening.reports.codes(TONIGHT)
    with client(evening, results=True) as c:  # not the server's machine: the wall shows no code either
        for path in PAGES:
            text = c.get(path).text
            assert "sick child" not in text and "force" not in text.lower(), path  # an absence's reason
            assert "22:00" not in text and "21:00" not in text, path  # a report's time
            assert token not in text and "reported" not in text.lower() and "doorgegeven" not in text, path
            assert not any(f">{code}<" in text for code in codes.values()), path


def test_the_wall_in_the_room_shows_each_boards_code(evening: Evening) -> None:
    codes = evening.reports.codes(TONIGHT)
    with client(evening, loopback=True, results=True) as c:
        page = parse(c.get("/wall").text)
        shown = [text_of(td) for td in page.iter(f"{NS}td") if td.get("class") == "code"]
        assert shown == [codes[b] for b in sorted(codes)]
    with client(evening, loopback=True) as c:  # a server that takes no results shows none
        assert 'class="code"' not in c.get("/wall").text


def test_the_walls_panels_turn_with_or_without_javascript(evening: Evening) -> None:
    with client(evening) as c:
        for panel, following in (("pairing", "results"), ("results", "standings"), ("standings", "pairing")):
            page = parse(c.get(f"/wall?panel={panel}").text)
            shown = [s.get("data-panel") for s in page.iter(f"{NS}section") if "shown" in (s.get("class") or "")]
            assert shown == [panel]
            assert f"url=/wall?panel={following}" in c.get(f"/wall?panel={panel}").text  # the noscript refresh


def test_a_change_committed_elsewhere_is_on_the_next_page(demo_store: Path, evening: Evening) -> None:
    with client(evening) as c:
        before = table(parse(c.get("/pairing").text), "pairing")[1][0]
        assert before[3] == ""
        other = opened(demo_store)  # the director's TUI, another process in life
        other.results.set_result(TONIGHT, "board:1", Result.WHITE_WINS)
        other.close()
        assert table(parse(c.get("/pairing").text), "pairing")[1][0][3] == "1-0"
        assert "VOORLOPIG" in c.get("/standings").text  # round 33's standings, provisional


def test_the_phone_says_where_whom_and_which_colour_first(evening: Evening) -> None:
    game = evening.season.round(TONIGHT).games[2]
    white, black = (evening.season.player(p).name for p in (game.white, game.black))
    with client(evening) as c:
        picked = c.get(f"/me?player={game.black}")
        assert picked.status_code == 303 and picked.headers["location"] == "/"
        c.cookies.set("keizer-me", game.black)
        page = parse(c.get("/").text)
        assert text_of(page.find(f".//{NS}h1")) == f"Bord 3 · {black}"
        first = text_of(page.find(f".//{NS}p[@class='me-opponent']"))
        assert first.startswith(f"met zwart tegen {white}")
        c.cookies.set("keizer-me", "nobody")
        assert parse(c.get("/").text).find(f".//{NS}select[@name='player']") is not None  # asked again
        assert c.get("/me?player=nobody").status_code == 200  # not a member: not remembered
        c.cookies.clear()
        assert c.get("/me?forget=1").headers.get("set-cookie", "").startswith('keizer-me=""')


def test_english_pages(evening: Evening) -> None:
    with client(evening, lang="en") as c:
        assert "Standings after round 32" in c.get("/standings").text
        assert '<html lang="en">' in c.get("/").text


@pytest.mark.parametrize("path", [
    "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/players/..%2f..%2fetc%2fpasswd", "/players/../../pyproject.toml",
    "/site.css/../base.html", "/templates/base.html", "/live/live.js", "/rounds/0.html", "/rounds/99.html",
    "/rounds/..%2fwall", "/players/visser", "/index.html", "/.git/config", "/events%2f..%2fwall"])
def test_nothing_but_the_apps_own_pages_is_served(evening: Evening, path: str) -> None:
    with client(evening) as c:
        response = c.get(path)
        assert response.status_code in (404, 400), path
        assert "Traceback" not in response.text and "[tool." not in response.text and "{%" not in response.text


def test_every_response_carries_the_headers(evening: Evening) -> None:
    with client(evening) as c:
        for path in (*PAGES, "/site.css", "/live.js", "/nope"):
            response = c.get(path)
            csp = response.headers["content-security-policy"]
            assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp
            assert response.headers["x-content-type-options"] == "nosniff"
            assert response.headers["x-frame-options"] == "DENY"
        page = c.get("/standings")
        assert page.headers["cache-control"] == "no-store"
        assert "<script>" not in page.text and " style=" not in page.text and "onclick" not in page.text


def test_a_request_for_another_host_or_method_is_refused(evening: Evening) -> None:
    with client(evening) as c:
        assert c.get("/", headers={"host": "evil.example"}).status_code == 400
        assert c.get("/", headers={"host": "192.168.1.10:8000"}).status_code == 200
        assert c.get("/", headers={"host": "[::1]:8000"}).status_code == 200
        assert c.request("PUT", "/").status_code == 405
        assert c.request("DELETE", "/standings").status_code == 405


def test_a_room_full_of_streams_is_told_to_refresh_instead(evening: Evening) -> None:
    with client(evening) as c:
        follow = c.app.app.state.live.follow  # the Starlette app inside the security middleware
        follow.followers = MOST_FOLLOWERS  # as many pages follow the evening as it takes
        refused = c.get("/events")
        assert refused.status_code == 503 and "refreshes itself" in refused.text
        assert c.get("/standings").status_code == 200  # the pages themselves are still served
