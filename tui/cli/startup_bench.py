"""`keizer bench startup`: whole processes timed from outside — each kind of command beside a bare Python, and
the TUI until its first screen is drawn — on a copy of the tests' club evening and the demo season."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

GOALS: dict[str, tuple[str, float]] = {
    "keizer attend": ("×", 15), "keizer result": ("×", 15), "keizer report": ("×", 15),
    "keizer standings (demo)": ("s", 0.5), "TUI first screen (demo)": ("s", 0.5),
}
"""Issue 18's goals: a mark within 15 times a bare `python -c pass`; the standings and the TUI's first screen
on the demo season within half a second."""

FIRST_SCREEN = ("import sys\n"
                "from keizer.tui.app.first_screen import first_screen\n"
                "first_screen(sys.argv[1])\n")
"""The child that opens the TUI headless on a store and says `drawn` once its first screen shows the round."""


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
    all of them alike). Each mark writes: it alternates between two values."""
    from keizer.seasons.load import load_season
    from keizer.seasons.store.season_store import SeasonStore

    root = Path(__file__).resolve().parents[2]
    demo, evening = root / "seasons" / "samples" / "demo.json", root / "tests" / "data" / "evening.json"
    if not evening.is_file():  # an installed keizer has no tests: the demo plays the club evening too
        evening = demo
    with tempfile.TemporaryDirectory(prefix="keizer-startup-") as tmp:
        store = Path(tmp) / "club.keizer"
        season = load_season(evening)
        SeasonStore.create(store, season).close()
        played, player = season.last_scored_round, season.players[-1].id
        keizer = [sys.executable, "-m", "keizer"]
        commands: dict[str, Callable[[int], list[str]]] = {
            "bare python -c pass": lambda n: [sys.executable, "-c", "pass"],
            "keizer --version": lambda n: keizer + ["--version"],
            "keizer attend": lambda n: keizer + ["attend", str(store), player, ("excused", "present")[n % 2],
                                                 "--round", str(played + 1)],
            "keizer result": lambda n: keizer + ["result", str(store), "1", ("1-0", "0-1")[n % 2], "--round",
                                                 str(played), "--change"],
            "keizer report": lambda n: keizer + ["report", str(store), player, f"2020-06-0{1 + n % 2}T10:00",
                                                 "--round", str(played + 1)],
            "keizer standings (demo)": lambda n: keizer + ["standings", str(demo)],
        }
        timed: dict[str, list[float]] = {name: [] for name in [*commands, "TUI first screen (demo)"]}
        for run in range(repeats + 1):
            for name, argv in commands.items():
                seconds = _whole(argv(run))
                if run:
                    timed[name].append(seconds)
            seconds = _first_screen(store)
            if run:
                timed["TUI first screen (demo)"].append(seconds)
        return tuple(Startup(name, tuple(s)) for name, s in timed.items())


def _whole(argv: Sequence[str]) -> float:
    """The wall seconds of one run; a command that refuses is not timed (its refusal is not its work)."""
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
                          timeout=120)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[2:])}: exit {done.returncode}: {done.stderr.strip()[:300]}")
    return seconds


def _first_screen(store: Path) -> float:
    """From the process's start to its `drawn` line."""
    start = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", FIRST_SCREEN, str(store)], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        seconds = time.perf_counter() - start
        child.wait(timeout=120)
    if line.strip() != "drawn":
        raise RuntimeError("the TUI did not draw its first screen")
    return seconds


def format_report(rows: tuple[Startup, ...]) -> str:
    """A table: each kind of command's median (min–max), its ratio to a bare Python, and its goal."""
    bare = next(r.median for r in rows if r.what.startswith("bare"))
    lines = [f"Start-up, whole processes, median of {len(rows[0].seconds)} runs after a warm-up:"]
    for r in rows:
        goal = GOALS.get(r.what)
        verdict = ""
        if goal is not None:
            unit, limit = goal
            value = r.median / bare if unit == "×" else r.median
            met = value <= limit
            verdict = f"   goal ≤ {limit:g}{' s' if unit == 's' else '× bare'}: {'met' if met else 'missed'}"
        lines.append(f"  {r.what:<26} {r.median:6.3f} s ({min(r.seconds):.3f}–{max(r.seconds):.3f})  "
                     f"{r.median / bare:5.1f}× bare{verdict}")
    return "\n".join(lines)
