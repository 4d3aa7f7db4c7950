"""Serving the live evening in the tests: the app in-process (Starlette's TestClient, on the tests' club evening at
a moment of it) and `keizer serve` as a real process on a free port of 127.0.0.1, stopped by its pid."""

from __future__ import annotations

import datetime as dt
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.tonight import evening_day, local_now
from keizer.web.live.app import live_app
from keizer.web.live.served import LiveConfig
from tests.conftest import REPO
from tests.live.helpers import EVENING, TONIGHT, at

testclient = pytest.importorskip("starlette.testclient", reason="starlette is a dependency: pip install -e .")

HOST = "testserver"
"""The host name Starlette's TestClient sends."""


@contextmanager
def client(evening: Evening, moment: dt.datetime = EVENING, loopback: bool = False,
           **config: object) -> Iterator[testclient.TestClient]:
    """The app on `evening` (its clock at `moment`) and a client of it; `loopback`: the client is the server's
    own machine (the wall's laptop)."""
    at(evening, moment)
    app = live_app(evening, LiveConfig(names=(HOST,), **config))  # type: ignore[arg-type]
    with testclient.TestClient(app, client=("127.0.0.1" if loopback else "192.168.1.50", 50000),
                               follow_redirects=False) as c:
        yield c


def form_token(html: str) -> str:
    """The one-time token of the form on a live page (a kiosk's, a board's)."""
    found = re.search(r'name="form" value="([^"]+)"', html)
    assert found is not None, html
    return found.group(1)


def tonight_dated(store: Path) -> None:
    """Round 33 of the tests' club evening dated today's evening: a real server (the machine's clock) is on."""
    from keizer.tui.cli.main import main

    assert main(["dates", str(store), "--round", str(TONIGHT), "--date",
                 evening_day(local_now()).isoformat()]) == 0


class Served:
    """`keizer serve` running in a process of its own: its address and what it said."""

    def __init__(self, proc: subprocess.Popen[str], url: str, said: list[str]) -> None:
        self.proc = proc
        self.url = url
        self.said = said
        """The lines it printed until it listened (the kiosk's code among them)."""

    def kiosk_code(self) -> str:
        found = next(re.search(r"type (\d{3}) (\d{3})", line) for line in self.said if "kiosk" in line)
        assert found is not None
        return found.group(1) + found.group(2)

    def stop(self) -> tuple[int, str, str]:
        """ctrl+c, and what it said on its way out."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err


@contextmanager
def served(store: Path, *options: str) -> Iterator[Served]:
    """`keizer serve STORE --host 127.0.0.1 --port 0 …` until the block ends (ctrl+c, then a kill if need be)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "keizer", "serve", str(store), "--host", "127.0.0.1", "--port", "0",
                             *options], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    said: list[str] = []
    assert proc.stdout is not None
    url = ""
    for line in proc.stdout:  # bounded: the process says where it listens and how to stop it, or ends
        said.append(line.rstrip("\n"))
        if line.startswith("listening on "):
            url = line.split()[2].rstrip(",")
        if line.startswith("ctrl+c stops it"):
            break
    if not url:
        proc.wait(timeout=60)
        raise AssertionError(f"keizer serve did not listen: {said} {proc.stderr.read() if proc.stderr else ''}")
    found = Served(proc, url, said)
    try:
        yield found
    finally:
        if proc.poll() is None:
            found.stop()
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
