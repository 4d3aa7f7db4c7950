"""Issue 28's "Done when", on one store in one run, against `keizer serve` as a real process on 127.0.0.1: a tablet
checks in five members at the door, the director pairs, three boards report from phones (one pair of reports
disagreeing, flagged), the director takes the rest with one call each (the Results screen's key), and every open
live page is told and shows the new standings."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import httpx
import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.boards import ReportsDisagree
from keizer.seasons.load import load_season
from keizer.evening.live.tonight import Came, evening_day, local_now
from keizer.seasons.model import PlayerId, Result
from keizer.seasons.store.live_events import CheckedIn, ResultReported
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from tests.live.helpers import TONIGHT, pair
from tests.live.serving import form_token, served, tonight_dated
from tests.publish.helpers import parse, table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PAGES = 4
"""Pages following the evening (phones, the wall) while it goes on."""


async def follow(url: str, told: list[dict[str, int]], ready: asyncio.Event) -> None:
    """A page following the evening: every server-sent event it is told, kept."""
    async with httpx.AsyncClient(base_url=url, timeout=120) as http, http.stream("GET", "/events") as stream:
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                told.append(json.loads(line[6:]))
                ready.set()


async def until_told(told: list[list[dict[str, int]]], season: int) -> None:
    """Every page was told of the season's state `season` (bounded: a server that never tells fails the test)."""
    for _ in range(1200):
        if all(any(event["season"] >= season for event in page) for page in told):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not every page was told of {season}: {[page[-1:] for page in told]}")


def test_the_live_club_evening(tmp_path: Path) -> None:
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, load_season(Path(shutil.copy(EVENING, tmp_path / "club.json")))).close()
    tonight_dated(store)
    with Evening.open(store) as director:  # two members reported an absence this morning; they come after all
        for pid in ("visser", "mulder"):
            director.attendance.report(TONIGHT, pid, f"{evening_day(local_now()).isoformat()} 10:00")
        five = ["visser", "mulder", *[p for p in _present(director) if p not in ("visser", "mulder")][:3]]
    with served(store, "--check-in", "--results") as server:
        asyncio.run(_evening(server.url, server.kiosk_code(), store, five))
        code, out, err = server.stop()
    assert code == 0 and "Traceback" not in err
    with SeasonStore.open(store, readonly=True) as done:
        assert sorted(e.player for _, _, e in done.records_of(CheckedIn)) == sorted(five)
        assert len(done.records_of(ResultReported)) == 5
        assert done.verify() == ()


async def _evening(url: str, kiosk: str, store: Path, five: list[str]) -> None:
    told: list[list[dict[str, int]]] = [[] for _ in range(PAGES)]
    ready = [asyncio.Event() for _ in range(PAGES)]
    pages = [asyncio.create_task(follow(url, told[i], ready[i])) for i in range(PAGES)]
    await asyncio.gather(*(r.wait() for r in ready))
    async with httpx.AsyncClient(base_url=url, timeout=60, follow_redirects=False) as tablet:
        form = form_token((await tablet.get("/kiosk")).text)
        assert (await tablet.post("/kiosk/pair", data={"form": form, "code": kiosk})).status_code == 303
        for pid in five:
            confirm = (await tablet.get("/kiosk/confirm", params={"player": pid})).text
            done = await tablet.post("/kiosk/check-in", data={"form": form_token(confirm), "player": pid})
            assert done.status_code == 200 and "Welkom" in done.text
    director = await asyncio.to_thread(Evening.open, store)
    try:
        season = director.season.round(TONIGHT)
        assert all(season.entry_of(PlayerId(pid)) is None for pid in five)  # present, the reports set aside
        await asyncio.to_thread(pair, director)
        codes = await asyncio.to_thread(director.reports.codes, TONIGHT)
        for board, white, black in ((1, "1-0", "1-0"), (2, "1/2-1/2", None), (3, "1-0", "0-1")):
            async with httpx.AsyncClient(base_url=url, timeout=60, follow_redirects=False) as phone:
                form = form_token((await phone.get(f"/board/{board}")).text)
                opened = await phone.post(f"/board/{board}/open", data={"form": form, "code": codes[board]})
                assert opened.status_code == 303
                for by, result in (("white", white), ("black", black)):
                    if result is not None:
                        form = form_token((await phone.get(f"/board/{board}")).text)
                        sent = await phone.post(f"/board/{board}/report", data={"form": form, "by": by, "result": result})
                        assert sent.status_code == 303
        news = await asyncio.to_thread(director.tonight.news, 0)
        assert {n.label.split(":")[0] for n in news if n.came is Came.DISAGREE} == {"round 33 board 3"}  # flagged
        await asyncio.to_thread(director.reports.take, TONIGHT, 1)  # the director's one key a board
        await asyncio.to_thread(director.reports.take, TONIGHT, 2)
        with pytest.raises(ReportsDisagree):
            await asyncio.to_thread(director.reports.take, TONIGHT, 3)  # flagged: nothing entered
        games = director.season.round(TONIGHT).games
        assert [g.result for g in games[:3]] == [Result.WHITE_WINS, Result.DRAW, Result.PENDING]
        await until_told(told, director.season_revision)
        async with httpx.AsyncClient(base_url=url, timeout=60) as reader:
            standings = (await reader.get("/standings")).text
            assert "Ranglijst na ronde 33" in standings and "VOORLOPIG" in standings
            board_cells = table(parse((await reader.get("/pairing")).text), "pairing")[1]
            assert [row[3] for row in board_cells[:3]] == ["1-0", "½-½", ""]
            wall = (await reader.get("/wall?panel=results")).text
            assert "Uitslagen ronde 33" in wall
    finally:
        director.close()
        for task in pages:
            task.cancel()
        await asyncio.gather(*pages, return_exceptions=True)


def _present(evening: Evening) -> list[str]:
    rnd = evening.season.round(TONIGHT)
    return [p.id for p in evening.season.players if rnd.entry_of(p.id) is None]
