"""`keizer bench startup`: whole processes timed from outside — each kind of command beside a bare Python, and
`keizer open` in a terminal until its first screen shows the round's players — on copies of the tests' club
evening and the demo season."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

GOALS: dict[str, tuple[str, float]] = {
    "keizer attend": ("×", 15), "keizer result": ("×", 15), "keizer report": ("×", 15),
    "keizer standings (demo)": ("s", 0.5), "TUI first screen (demo)": ("s", 0.5),
}
"""Issue 18's goals: a mark within 15 times a bare `python -c pass`; the standings and the TUI's first screen
on the demo season within half a second."""

TERMINAL = (120, 40)
"""The terminal the TUI is timed in: columns, lines."""

BARE_TEXTUAL = """
import json, sys
from textual.app import App
from textual.widgets import DataTable, Footer, Static

class Bare(App):
    def compose(self):
        yield Static("a round")
        yield DataTable()
        yield Footer()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("#", "Name", "Tonight", "Note")
        for rank, name in enumerate(json.loads(sys.argv[1]), 1):
            table.add_row(str(rank), name, "present", "")

Bare().run()
"""
"""The least a Textual program does to show the same players in a table: the floor keizer's first screen
stands on (Python, Textual's import and its first frame), timed the same way."""


@dataclass(frozen=True, slots=True)
class Startup:
    """One kind of command: each run's wall seconds."""

    what: str
    seconds: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def run_startup_benchmark(repeats: int = 7) -> tuple[Startup, ...]:
    """Every kind of command `repeats` times after one warm-up, in turn (so that a machine's drift falls on
    all of them alike). Each mark writes: it alternates between two values. The TUI runs on the demo twice:
    as a director opens the season again (the ranking its round is paired from kept by the session before),
    and on a store never opened (nothing kept: the ranking is replayed)."""
    from keizer.seasons.load import load_season
    from keizer.seasons.store.season_store import SeasonStore

    root = Path(__file__).resolve().parents[2]
    demo, evening = root / "seasons" / "samples" / "demo.json", root / "tests" / "data" / "evening.json"
    if not evening.is_file():  # an installed keizer has no tests: the demo plays the club evening too
        evening = demo
    env = as_installed(os.environ)
    with tempfile.TemporaryDirectory(prefix="keizer-startup-") as tmp:
        store, opened = Path(tmp) / "club.keizer", Path(tmp) / "demo.keizer"
        season, demo_season = load_season(evening), load_season(demo)
        SeasonStore.create(store, season).close()
        SeasonStore.create(opened, demo_season).close()
        names = [p.name for p in demo_season.players]
        played, player = season.last_scored_round, season.players[-1].id
        keizer = [sys.executable, "-m", "keizer"]

        def never_opened(n: int) -> Path:
            fresh = Path(tmp) / f"fresh-{n}.keizer"
            SeasonStore.create(fresh, demo_season).close()
            return fresh

        commands: dict[str, Callable[[int], float]] = {
            "bare python -c pass": lambda n: _whole([sys.executable, "-c", "pass"], env),
            "keizer --version": lambda n: _whole(keizer + ["--version"], env),
            "keizer attend": lambda n: _whole(keizer + ["attend", str(store), player, ("excused", "present")[n % 2],
                                                        "--round", str(played + 1)], env),
            "keizer result": lambda n: _whole(keizer + ["result", str(store), "1", ("1-0", "0-1")[n % 2],
                                                        "--round", str(played), "--change"], env),
            "keizer report": lambda n: _whole(keizer + ["report", str(store), player,
                                                        f"2020-06-0{1 + n % 2}T10:00", "--round", str(played + 1)],
                                              env),
            "keizer standings (demo)": lambda n: _whole(keizer + ["standings", str(demo)], env),
            "bare Textual app (the demo's players)": lambda n: _in_terminal(
                [sys.executable, "-c", BARE_TEXTUAL, json.dumps(names)], names, env),
            "TUI first screen (demo)": lambda n: _in_terminal(keizer + ["open", str(opened)], names, env),
            "TUI first screen, nothing kept (demo)": lambda n: _in_terminal(
                keizer + ["open", str(never_opened(n))], names, env),
        }
        timed: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(repeats + 1):
            for name, timed_run in commands.items():
                seconds = timed_run(run)
                if run:
                    timed[name].append(seconds)
        return tuple(Startup(name, tuple(s)) for name, s in timed.items())


def as_installed(environ: Mapping[str, str]) -> dict[str, str]:
    """The children's environment: as a user's, whose installed keizer has its bytecode cached (pip compiles it
    when it installs; an editable install writes it on the first run, here the warm-up). A developer's
    PYTHONDONTWRITEBYTECODE would time compiling keizer's sources at every run instead."""
    env = {key: value for key, value in environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["TERM"] = "xterm-256color"  # the terminal the TUI is timed in (`_in_terminal`) is one
    return env


def _whole(argv: Sequence[str], env: Mapping[str, str]) -> float:
    """The wall seconds of one run; a command that refuses is not timed (its refusal is not its work)."""
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
                          timeout=120, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[2:])}: exit {done.returncode}: {done.stderr.strip()[:300]}")
    return seconds


def _in_terminal(argv: Sequence[str], names: Sequence[str], env: Mapping[str, str]) -> float:
    """From the process's start to the first output on its terminal (a pseudo-terminal of `TERMINAL`'s size)
    that shows one of `names`: the frame with the round's players, as the director's terminal receives it.
    The process is then stopped (its store is a copy)."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    wanted = [name.encode() for name in names]
    main, child_end = pty.openpty()
    fcntl.ioctl(child_end, termios.TIOCSWINSZ, struct.pack("HHHH", TERMINAL[1], TERMINAL[0], 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdin=child_end, stdout=child_end, stderr=child_end, env=env,
                             start_new_session=True)
    os.close(child_end)
    seen = b""
    try:
        while time.perf_counter() - start < 120:
            ready, _, _ = select.select([main], [], [], 1.0)
            if not ready:
                if child.poll() is not None:
                    break
                continue
            try:
                seen += os.read(main, 1 << 16)
            except OSError:  # the child ended and closed its terminal
                break
            if any(name in seen for name in wanted):
                return time.perf_counter() - start
        shown = seen[-300:].decode("utf-8", "replace")
        raise RuntimeError(f"{' '.join(argv[2:3])}: the round's players never showed; the terminal's last "
                           f"output: {shown!r}")
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        os.close(main)


def format_report(rows: tuple[Startup, ...]) -> str:
    """A table: each kind of command's median (min–max), its ratio to a bare Python, and its goal."""
    bare = next(r.median for r in rows if r.what.startswith("bare python"))
    lines = [f"Start-up, whole processes, median of {len(rows[0].seconds)} runs after a warm-up:"]
    for r in rows:
        goal = GOALS.get(r.what)
        verdict = ""
        if goal is not None:
            unit, limit = goal
            value = r.median / bare if unit == "×" else r.median
            verdict = f"   goal ≤ {limit:g}{' s' if unit == 's' else '× bare'}: "
            verdict += "met" if value <= limit else f"missed by {value - limit:.2f}{' s' if unit == 's' else '×'}"
        lines.append(f"  {r.what:<38} {r.median:6.3f} s ({min(r.seconds):.3f}–{max(r.seconds):.3f})  "
                     f"{r.median / bare:5.1f}× bare{verdict}")
    return "\n".join(lines)
