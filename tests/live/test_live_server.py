"""`keizer serve` as a real server on a free port of 127.0.0.1: it says where it listens, tells an open page when
another program commits (a server-sent event), serves the page as it now is, cuts off a client that trickles its
request, and stops on ctrl+c with the open streams ended and nothing lost."""

from __future__ import annotations

import json
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from keizer.evening.evening import Evening
from keizer.seasons.model import EntryKind
from keizer.web.live.served import LiveConfig
from keizer.web.live.server import live_server
from tests.conftest import EVENING
from tests.live.helpers import TONIGHT, pair
from tests.live.serving import form_token, served, tonight_dated

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from keizer.seasons.load import load_season
    from keizer.seasons.store.season_store import SeasonStore

    path = tmp_path_factory.mktemp("served") / "club.keizer"
    SeasonStore.create(path, load_season(Path(shutil.copy(EVENING, path.with_suffix(".json"))))).close()
    tonight_dated(path)
    return path


def events(response: httpx.Response) -> Iterator[dict[str, int]]:
    """The data of each server-sent event of a stream, as it comes."""
    for line in response.iter_lines():
        if line.startswith("data: "):
            yield json.loads(line[len("data: "):])


def test_a_commit_elsewhere_is_told_to_an_open_page_and_served(store: Path) -> None:
    with served(store) as server:
        assert any(line.startswith("tonight: round 33") for line in server.said)
        with httpx.Client(base_url=server.url, timeout=30) as http:
            assert "Ronde 33 is nog niet ingedeeld." in http.get("/pairing").text
            with http.stream("GET", "/events") as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                told = events(stream)
                first = next(told)
                with Evening.open(store) as director:  # the TUI's process, in life
                    pair(director)
                    paired = director.revision
                moved = next(told)
                assert moved["head"] == paired and moved["season"] == paired and moved["head"] > first["head"]
            assert "Indeling ronde 33" in http.get("/pairing").text
        code, out, err = server.stop()
    assert (code, out.splitlines()[-1], err) == (0, "stopped: every change was saved as it was made", "")


def test_ctrl_c_ends_the_open_streams(store: Path) -> None:
    with served(store) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http, http.stream("GET", "/events") as stream:
            told = events(stream)
            next(told)
            code, out, _ = server.stop()  # with a page still following
            assert list(told) == []  # the stream ended: no more events, no hang
    assert code == 0 and out.rstrip().endswith("saved as it was made")


def test_a_port_taken_is_one_line_and_nothing_else(store: Path) -> None:
    from keizer.tui.cli.main import main

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        assert main(["serve", str(store), "--host", "127.0.0.1", "--port", str(port)]) == 2
    finally:
        taken.close()


def test_check_in_needs_a_store(tmp_path: Path) -> None:
    from keizer.tui.cli.main import main

    assert main(["serve", str(EVENING), "--check-in", "--host", "127.0.0.1", "--port", "0"]) == 2


def test_a_client_that_trickles_its_request_is_cut_off(store: Path) -> None:
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    ready = threading.Event()
    with Evening.read(store) as evening:
        server = live_server(evening, LiveConfig(), listening, lambda url: ready.set(), header_seconds=0.5)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
        thread.start()
        try:
            assert ready.wait(60)
            port = listening.getsockname()[1]
            slow = socket.create_connection(("127.0.0.1", port), timeout=30)
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and the rest never comes
            assert slow.recv(1024) == b""  # closed by the server, not answered
            slow.close()
            whole = socket.create_connection(("127.0.0.1", port), timeout=30)  # a whole request is answered
            whole.sendall(b"GET /site.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert whole.recv(64).startswith(b"HTTP/1.1 200")
            whole.close()
        finally:
            server.should_exit = True
            thread.join(60)
    assert not thread.is_alive()


def test_a_mark_of_the_director_on_the_round_is_on_the_phone(store: Path) -> None:
    with served(store) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        with Evening.open(store) as director:
            rnd = director.season.round(TONIGHT)
            pid = next(p for p, e in rnd.entries if e is EntryKind.EXCUSED)
        http.cookies.set("keizer-me", pid)
        page = http.get("/").text
        assert "Je speelt niet in ronde 33: afgemeld." in page


def test_a_check_in_after_another_program_closed_the_store_is_in_the_store(tmp_path: Path) -> None:
    """The server's own write must reach the file. Its first look at the secret used to open and close the store
    file beside its SQLite connection, which dropped that connection's locks; the director's program closing the
    store then took the write-ahead log away, and every write the server made after it was lost."""
    from keizer.seasons.load import load_season
    from keizer.seasons.store.live_events import CheckedIn
    from keizer.seasons.store.season_store import SeasonStore

    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(Path(shutil.copy(EVENING, tmp_path / "club.json")))).close()
    tonight_dated(path)
    with served(path, "--check-in") as server, httpx.Client(base_url=server.url, timeout=30,
                                                           follow_redirects=False) as tablet:
        with Evening.open(path) as director:  # the TUI, opened and closed while the server runs
            director.attendance.set(TONIGHT, "mulder", EntryKind.EXCUSED)
        form = form_token(tablet.get("/kiosk").text)
        assert tablet.post("/kiosk/pair", data={"form": form, "code": server.kiosk_code()}).status_code == 303
        form = form_token(tablet.get("/kiosk/confirm?player=visser").text)
        assert tablet.post("/kiosk/check-in", data={"form": form, "player": "visser"}).status_code == 200
        with SeasonStore.open(path, readonly=True) as seen:  # another program, while the server still runs
            assert [e.player for _, _, e in seen.records_of(CheckedIn)] == ["visser"]
    with SeasonStore.open(path, readonly=True) as after:
        assert [e.player for _, _, e in after.records_of(CheckedIn)] == ["visser"]
