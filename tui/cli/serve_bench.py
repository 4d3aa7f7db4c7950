"""`keizer bench serve`: a full club room against a real `keizer serve` process on 127.0.0.1, beside an open TUI.

A simulated season of 60 members, tonight's round dated today and paired (30 boards). `keizer serve --results`
runs as a process of its own, the TUI (headless, on the Results screen, looking at the store as it does) as
another. Then, with a real HTTP client (httpx): every phone follows the live pages (a server-sent event stream,
and its own page fetched again at each event, as `live.js` does), and the boards report their results within
one minute — each board's code typed, white and then (mostly) black reporting — while the director takes each
board's report as the Results screen's key does. Measured: every report in the store once (none lost, none
twice), every result entered once; from each report's commit (its action's time in the log) to each phone's
page fetched again after it (p50, p99, the most); and the server's memory over a simulated three-hour evening
(phones dropping their stream and coming back, pages fetched, the director writing).

The client is httpx (the test extra, or `pip install httpx`): imported when the benchmark runs."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from keizer.evening.evening import Evening
from keizer.evening.live.tonight import evening_day, local_now
from keizer.pairing.simulate import simulate_season
from keizer.seasons.errors import KeizerError
from keizer.seasons.store.season_store import SeasonStore

PLAYED = 20
"""Rounds of the simulated season played before tonight's."""

BOTH_REPORT = 0.7
"""The share of boards whose second player reports too (the others: one player reports, the director takes it)."""

MEMORY_EVERY = 10
"""Simulated minutes between two looks at the server's memory."""

RESULTS = ("1-0", "1/2-1/2", "0-1")

TUI_CHILD = ("import sys; from keizer.tui.app.bench import hold_open; hold_open(sys.argv[1])")
"""The TUI beside the server: the app headless on the store until its stdin closes (`tui/app/bench.py`)."""


@dataclass
class ServeBench:
    """What one run measured."""

    phones: int
    boards: int
    minute: float
    hours: float
    reports_sent: int = 0
    reports_stored: int = 0
    reports_twice: int = 0
    results_entered: int = 0
    results_twice: int = 0
    latencies: list[float] = field(default_factory=list, repr=False)
    """Seconds from a report's commit to each phone's page fetched again after it."""
    missed: int = 0
    """(report, phone) pairs whose page was never fetched again after the report (should be 0)."""
    memory: list[tuple[int, int]] = field(default_factory=list)
    """(simulated minute, the server's resident memory in KiB)."""
    requests: int = 0
    seconds: float = 0.0

    def quantile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def json(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k != "latencies"}
        out.update(samples=len(self.latencies), p50=self.quantile(0.5), p99=self.quantile(0.99),
                   most=max(self.latencies, default=float("nan")))
        return out

    def report(self) -> str:
        rss = [kib for _, kib in self.memory]
        lines = [
            f"{self.phones} phones following, {self.boards} boards reporting within {self.minute:.0f} s, beside an "
            f"open TUI ({self.requests} requests in {self.seconds:.0f} s)",
            f"reports: {self.reports_sent} sent, {self.reports_stored} in the store, {self.reports_twice} twice; "
            f"results: {self.results_entered} entered, {self.results_twice} twice",
            f"commit → every phone's page fetched again: p50 {self.quantile(0.5) * 1000:.0f} ms, "
            f"p99 {self.quantile(0.99) * 1000:.0f} ms, most {max(self.latencies, default=0) * 1000:.0f} ms "
            f"({len(self.latencies)} pages; {self.missed} never updated)",
        ]
        if rss:
            lines.append(f"server memory over a simulated {self.hours:g}-hour evening: {rss[0] / 1024:.1f} MiB at "
                         f"its start, {rss[-1] / 1024:.1f} MiB at its end, {max(rss) / 1024:.1f} MiB at most "
                         f"({', '.join(f'{m} min {k / 1024:.1f}' for m, k in self.memory)})")
        return "\n".join(lines)


def run_serve_benchmark(phones: int = 60, boards: int = 30, minute: float = 60.0, hours: float = 3.0,
                        seed: int = 0, progress: Callable[[str], None] = lambda _: None) -> ServeBench:
    try:
        import httpx  # noqa: F401 — the benchmark's client, not the program's dependency
    except ImportError:
        raise KeizerError("keizer bench serve needs httpx (pip install httpx, or the test extra)") from None
    if boards > phones // 2:
        raise KeizerError(f"--boards {boards}: {phones} phones sit at {phones // 2} boards at most")
    bench = ServeBench(phones, boards, minute, hours)
    with tempfile.TemporaryDirectory(prefix="keizer-bench-serve-") as tmp:
        store = Path(tmp) / "club.keizer"
        k = club_room(store, phones, seed)
        progress(f"round {k} paired: {phones} members, {phones // 2} boards")
        server = _start([sys.executable, "-m", "keizer", "serve", str(store), "--results", "--host", "127.0.0.1",
                         "--port", "0"], "ctrl+c stops it")
        tui = _start([sys.executable, "-c", TUI_CHILD, str(store)], "open", stdin=True)
        try:
            url = next(line.split()[2].rstrip(",") for line in server.said if line.startswith("listening on "))
            with Evening.open(store) as director:
                asyncio.run(_evening(bench, url, director, k, server.proc.pid, random.Random(seed), progress))
        finally:
            tui.stop()
            server.stop()
    return bench


def club_room(store: Path, members: int, seed: int, played: int = PLAYED) -> int:
    """A store of a simulated season of `members`, `played` rounds played, the next round (returned) dated today's
    evening, every member present and paired: the benchmark's club room (and the wall's 40 boards in a test)."""
    season = simulate_season(members, 36, "keizer-classic", seed, played=played)
    SeasonStore.create(store, season, label="benchmark season").close()
    k = played + 1
    with Evening.open(store) as evening:
        evening.settings.set_round_date(k, evening_day(local_now()).isoformat())
        rnd = evening.season.round(k) if k <= len(evening.season.rounds) else None
        for player in evening.season.players:  # every member came tonight
            if rnd is not None and rnd.entry_of(player.id) is not None:
                evening.attendance.set(k, player.id, None)
        evening.desk.solve(k, alternatives=0)
        evening.desk.accept(0)
    return k


class _Child:
    """A process of the benchmark's, its first lines read up to the one that says it is ready."""

    def __init__(self, proc: subprocess.Popen[str], said: list[str]) -> None:
        self.proc = proc
        self.said = said

    def stop(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()  # the TUI child ends when its stdin does
            else:
                self.proc.send_signal(2)  # ctrl+c: `keizer serve` ends its streams and stops
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _start(argv: list[str], ready: str, stdin: bool = False) -> _Child:
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    said: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:  # bounded: the child says it is ready, or ends
        said.append(line.rstrip("\n"))
        if line.startswith(ready):
            # the rest of what it says is read away, so that it never blocks on a full pipe
            threading.Thread(target=proc.stdout.read, daemon=True).start()
            return _Child(proc, said)
    proc.wait()
    raise KeizerError(f"bench serve: {argv[2] if len(argv) > 2 else argv[0]} did not start: {' / '.join(said)}")


@dataclass
class _Phone:
    """One member's phone: the heads it was told of, and when its page was fetched again after each."""

    pages: list[tuple[int, float]] = field(default_factory=list)
    """(head told, wall-clock time the page fetched after it arrived)."""


async def _evening(bench: ServeBench, url: str, director: Evening, k: int, pid: int, rng: random.Random,
                   progress: Callable[[str], None]) -> None:
    import httpx

    members = [p.id for p in director.season.players][:bench.phones]
    phones = [_Phone() for _ in members]
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=4)
    clients = [httpx.AsyncClient(base_url=url, timeout=30, cookies={"keizer-me": m}, limits=limits)
               for m in members]
    ready = [asyncio.Event() for _ in members]
    started = time.perf_counter()
    counted = [0]
    following = [asyncio.create_task(_follow(c, p, r, stop, counted)) for c, p, r in zip(clients, phones, ready)]
    try:
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 60)
        progress(f"{bench.phones} phones follow the evening; the boards report for {bench.minute:.0f} s")
        codes = await asyncio.to_thread(director.reports.codes, k)
        games = director.season.round(k).games
        chosen = sorted(rng.sample(range(1, len(games) + 1), bench.boards))
        at = sorted(rng.uniform(0, bench.minute) for _ in chosen)
        takes: asyncio.Queue[int | None] = asyncio.Queue()
        taker = asyncio.create_task(_director(director, k, takes))
        t0 = time.perf_counter()
        sent = await asyncio.gather(*(_board(url, b, codes[b], RESULTS[rng.randrange(3)], rng.random() < BOTH_REPORT,
                                             t0 + when, takes, counted)
                                      for b, when in zip(chosen, at)))
        bench.reports_sent = sum(sent)
        await takes.put(None)
        await taker
        await asyncio.sleep(2)  # the last commit's pages fetched
        _count(bench, director, k)  # before the long evening's director takes results back and enters them again
        progress(f"a {bench.hours:g}-hour evening simulated: phones drop and come back, the director writes")
        await _long_evening(bench, clients, phones, director, pid, rng, stop, following, ready, counted)
    finally:
        stop.set()
        for task in following:
            task.cancel()
        await asyncio.gather(*following, return_exceptions=True)
        for client in clients:
            await client.aclose()
    bench.seconds = time.perf_counter() - started
    bench.requests = counted[0]
    _latencies(bench, director, k, phones)


async def _follow(client: Any, phone: _Phone, ready: asyncio.Event, stop: asyncio.Event, counted: list[int]) -> None:
    """A phone following the evening until `stop`: each event's head, then its own page fetched again."""
    while not stop.is_set():
        try:
            async with client.stream("GET", "/events") as stream:
                counted[0] += 1
                async for line in stream.aiter_lines():
                    if line.startswith("data: "):
                        head = json.loads(line[6:])["head"]
                        page = await client.get("/")
                        counted[0] += 1
                        if page.status_code == 200:
                            phone.pages.append((head, time.time()))
                        ready.set()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 — the stream dropped (the long evening drops it on purpose): again
            await asyncio.sleep(0.2)


async def _board(url: str, board: int, code: str, result: str, both: bool, when: float,
                 takes: asyncio.Queue[int | None], counted: list[int]) -> int:
    """A board's players report from their phones at `when`: the code typed, white reports, black too when
    `both`. The reports sent that the server took (a 303 each)."""
    import httpx

    await asyncio.sleep(max(0.0, when - time.perf_counter()))
    sent = 0
    for by in ("white", "black") if both else ("white",):
        async with httpx.AsyncClient(base_url=url, timeout=30, follow_redirects=False) as phone:
            form = _form((await phone.get(f"/board/{board}")).text)
            opened = await phone.post(f"/board/{board}/open", data={"form": form, "code": code})
            form = _form((await phone.get(f"/board/{board}")).text)
            done = await phone.post(f"/board/{board}/report", data={"form": form, "by": by, "result": result})
            counted[0] += 4
            if opened.status_code != 303 or done.status_code != 303:
                raise KeizerError(f"bench serve: board {board}'s report was refused ({done.status_code}): "
                                  f"{done.text[:200]}")
            sent += 1
    await takes.put(board)
    return sent


def _form(html: str) -> str:
    found = re.search(r'name="form" value="([^"]+)"', html)
    if found is None:
        raise KeizerError("bench serve: a board's page has no form")
    return found.group(1)


async def _director(director: Evening, k: int, takes: asyncio.Queue[int | None]) -> None:
    """The director takes each board's report as it comes in (the Results screen's one key)."""
    while (board := await takes.get()) is not None:
        await asyncio.to_thread(director.reports.take, k, board)


async def _long_evening(bench: ServeBench, clients: list[Any], phones: list[_Phone], director: Evening, pid: int,
                        rng: random.Random, stop: asyncio.Event, following: list[asyncio.Task[None]],
                        ready: list[asyncio.Event], counted: list[int]) -> None:
    """Three hours in a minute or so: each simulated minute a few phones drop their stream and come back, some
    pages are read, and every few minutes the director writes (a result taken back and entered again)."""
    bench.memory.append((0, _rss(pid)))
    minutes = int(bench.hours * 60)
    for minute in range(1, minutes + 1):
        for i in rng.sample(range(len(clients)), min(5, len(clients))):  # phones that slept and woke
            following[i].cancel()
            await asyncio.gather(following[i], return_exceptions=True)
            following[i] = asyncio.create_task(_follow(clients[i], phones[i], ready[i], stop, counted))
        pages = ("/pairing", "/standings", "/wall?panel=standings", "/")
        await asyncio.gather(*(clients[i].get(rng.choice(pages)) for i in rng.sample(range(len(clients)),
                                                                                     min(10, len(clients)))))
        counted[0] += min(10, len(clients))
        if minute % 3 == 0:  # the director: a write every three minutes, the pages built again
            await asyncio.to_thread(director.history.undo if minute % 6 else director.history.redo)
        if minute % MEMORY_EVERY == 0 or minute == minutes:
            await asyncio.sleep(0.3)
            bench.memory.append((minute, _rss(pid)))


def _rss(pid: int) -> int:
    """The process's resident memory in KiB (Linux's /proc; 0 where there is none)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _latencies(bench: ServeBench, director: Evening, k: int, phones: list[_Phone]) -> None:
    """From each report's commit (its action's time) to each phone's first page fetched after being told of it."""
    for made in director.reports.made(k):
        committed = dt.datetime.fromisoformat(made.at).timestamp()
        for phone in phones:
            after = [t for head, t in phone.pages if head >= made.action]
            if after:
                bench.latencies.append(max(0.0, min(after) - committed))
            else:
                bench.missed += 1


def _count(bench: ServeBench, director: Evening, k: int) -> None:
    """Reports and results in the store: each report once, each board's result entered once."""
    reports = [(m.white, m.black, m.by) for m in director.reports.made(k)]
    entered = director.reports.results_written(k)
    bench.reports_stored = len(reports)
    bench.reports_twice = len(reports) - len(set(reports))
    bench.results_entered = len(entered)
    bench.results_twice = sum(n - 1 for n in entered.values())
