"""`keizer bench standings`: time full replays of generated seasons, the engine beside an optional reference
(the plain-Fraction oracle lives with the tests: `python -m tests.oracle.bench standings` passes it)."""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from keizer.scoring.benchgen import generate_season
from keizer.scoring.replay import Replay, replay
from keizer.seasons.model import Season

MODES = (("iterate always", {"preset": "keizer-classic", "iterate": "always"}),
         ("single pass", {"preset": "keizer-classic", "iterate": "never"}))
"""The two timed rulesets: keizer-classic (top N, current valuation) iterated every round, and single pass."""
REFERENCE_MAX_PLAYERS = 1000
"""The plain-Fraction reference is timed up to this many players; above it, it would take hours."""


def _timed(season: Season, repeats: int) -> tuple[float, Replay]:
    best, result = float("inf"), None
    for _ in range(repeats):
        t = time.perf_counter()
        result = replay(season, bounded=False)  # beyond what a command scores in time, on purpose
        best = min(best, time.perf_counter() - t)
    assert result is not None
    return best, result


def _agrees(fast: Replay, ref: Any) -> bool:
    """The fast engine's standings equal the reference's in every round (order, exact scores, report)."""
    for k, r in enumerate(ref):
        st = fast.standings(k)
        if (tuple(x.player for x in st.rows), tuple(x.score for x in st.rows), st.iteration.iterations,
                st.iteration.cycle_length) != (r.order, r.scores, r.iterations, r.cycle_length):
            return False
    return True


Source = Callable[[int, int, int], tuple[str, Season]]
"""(players, rounds, seed) → (how the season was made, the season)."""
Reference = Callable[[Season], Sequence[Any]]
"""A second implementation of the same rules: each round's order, scores, iterations and cycle length."""
NO_REFERENCE = "no reference given (the plain-Fraction oracle runs from a checkout: python -m tests.oracle.bench standings)"


def top_down_source(players: int, rounds: int, seed: int) -> tuple[str, Season]:
    """The built-in generator (scoring/benchgen.py): paired top-down by the single-pass ranking."""
    return "top-down", generate_season(players, rounds, seed=seed)


def run_standings_benchmark(sizes: tuple[tuple[int, int], ...] = ((40, 36), (80, 36), (1000, 50), (10000, 50)),
                            seed: int = 0, reference_max_players: int = REFERENCE_MAX_PLAYERS,
                            source: Source = top_down_source, reference: Reference | None = None
                            ) -> list[dict[str, Any]]:
    """One row per size and mode: seconds of a full replay, iterations per round, cycles, and with a `reference`
    its time and whether it agrees in every round. `source` makes the seasons (the command line passes the
    pairing engine's simulator)."""
    rows = []
    for players, rounds in sizes:
        t = time.perf_counter()
        made_by, base = source(players, rounds, seed)
        generated = time.perf_counter() - t
        for mode, spec in MODES:
            season = dataclasses.replace(base, ruleset_spec=spec)
            seconds, fast = _timed(season, repeats=5 if players * rounds <= 5_000 else 1)
            shown = [fast.at(k).states[k] for k in range(1, fast.upto + 1)]  # each round's published state
            its = [st.iterations for st in shown]
            row: dict[str, Any] = {
                "players": players, "rounds": rounds, "season": made_by, "mode": mode, "seconds": seconds,
                "iterations_median": statistics.median(its) if its else 0, "iterations_max": max(its, default=0),
                "rounds_cycled": sum(st.cycled for st in shown),
                "longest_cycle": max((st.cycle_length for st in shown), default=0),
                "rounds_capped": sum(st.capped for st in shown),
                "generate_seconds": generated, "reference_seconds": None, "agrees": None,
                "reference_note": (NO_REFERENCE if reference is None
                                   else f"skipped: more than {reference_max_players} players"),
            }
            if reference is not None and players <= reference_max_players:
                t = time.perf_counter()
                ref = reference(season)
                row["reference_seconds"] = time.perf_counter() - t
                row["agrees"] = _agrees(fast, ref)
                row["reference_note"] = ""
            rows.append(row)
    return rows


def format_report(rows: list[dict[str, Any]]) -> str:
    """The rows as a text table, with the notes that say what was measured."""
    head = ("players × rounds", "season", "mode", "seconds", "iter median", "iter max", "cycled", "capped", "reference s",
            "same")
    lines = [head]
    for r in rows:
        ref = f"{r['reference_seconds']:.2f}" if r["reference_seconds"] is not None else "skipped"
        same = "" if r["agrees"] is None else ("yes" if r["agrees"] else "NO")
        lines.append((f"{r['players']} × {r['rounds']}", r.get("season", ""), r["mode"], f"{r['seconds']:.3f}",
                      f"{r['iterations_median']:g}", str(r["iterations_max"]),
                      f"{r['rounds_cycled']}/{r['rounds']}", str(r["rounds_capped"]), ref, same))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
    skipped = sorted({r["players"] for r in rows
                      if r["reference_seconds"] is None and r["reference_note"] != NO_REFERENCE})
    text.append("")
    text.append("seconds: one full replay (rounds 0..K) of a generated season, best of 5 for small sizes; "
                "ruleset keizer-classic.")
    text.append("season: 'simulated' = played by keizer's own pairing engine from the Keizer ranking of each "
                "round; 'top-down' = ratings ~ normal, Elo results with draws, ~10% absent, paired top-down by "
                "the single-pass ranking (for fields too large to simulate quickly).")
    text.append("same: the fast engine equals the plain-Fraction reference in every round."
                if any(r["reference_note"] != NO_REFERENCE for r in rows) else f"reference: {NO_REFERENCE}.")
    if skipped:
        text.append("reference skipped for " + ", ".join(map(str, skipped)) + " players (too slow in plain Fractions).")
    return "\n".join(text)


__all__ = ["format_report", "run_standings_benchmark"]
