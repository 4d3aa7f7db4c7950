"""`run_pairing_benchmark`: time per round of both exact solvers and the greedy pairing, and its quality."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from pairing.alternatives import alternatives
from pairing.checker import Pairing, check_pairing
from pairing.greedy import greedy_pairing
from pairing.instance import RoundInstance, build_instance
from pairing.proposal import Proposal
from pairing.proposer import propose
from pairing.ranking import keizer_ranking
from pairing.simulate import simulate_season
from pairing.solvers import SolverName
from pairing.synthetic import synthetic_season

T = TypeVar("T")

HISTORY = 20
"""Rounds of history before the benchmarked round."""
CPSAT_UP_TO = 200
"""CP-SAT is timed up to this many players (beyond, it takes far longer than a club evening allows)."""
GOALS = ((80, "cpsat_s", 0.25), (80, "matching_s", 0.02), (1000, "matching_s", 0.5), (10000, "matching_s", 15.0),
         (80, "alternatives_s", 1.0))
"""(players, measure, seconds): the targets of the task, whole round including model building."""


def _repeats(n: int) -> int:
    return 7 if n <= 200 else 3


def _timed(fn: Callable[[], T], repeats: int) -> tuple[float, T]:
    """The median time of `repeats` calls (at least one), and the last call's result."""
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


SIMULATED_UP_TO = 1000
"""Up to this many players the history is a season simulated by this engine (the Keizer ranking from
scoring each round); beyond, simulating 20 rounds would take minutes, so the history is paired from the
fixed rating order instead (harder: neighbours meet again and again)."""


def _history(n: int, seed: int) -> tuple[str, Callable[[], RoundInstance]]:
    """How the history was made, and a function building round HISTORY+1 (ranking included)."""
    if n <= SIMULATED_UP_TO:
        season = simulate_season(n, HISTORY + 1, "keizer-classic", seed, played=HISTORY)
        return "simulated", lambda: build_instance(season, HISTORY + 1, *keizer_ranking(season, HISTORY + 1))
    fixed = synthetic_season(n, HISTORY, seed)
    ranking = tuple(p.id for p in fixed.players)
    values = tuple(Fraction(v) for v in range(n, 0, -1))
    return "rating order", lambda: build_instance(fixed, HISTORY + 1, ranking, values)


def _distances(inst: RoundInstance, pairing: Pairing) -> list[int]:
    fixed = set(inst.fixed)
    return [abs(inst.state(w).pos - inst.state(b).pos) for w, b in pairing.games if (w, b) not in fixed]


def run_pairing_benchmark(sizes: Sequence[int] = (20, 40, 80, 200, 1000, 10000), seed: int = 0,
                          progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """One row per field size: HISTORY rounds of history (simulated, or paired from the rating order for
    huge fields: see SIMULATED_UP_TO), then round HISTORY+1 timed (median of several) with each solver,
    the ranking and the model building included."""
    rows: list[dict[str, Any]] = []
    for n in sizes:
        say = progress or (lambda _: None)
        say(f"{n} players: generating {HISTORY} rounds of history")
        start = time.perf_counter()
        history, make = _history(n, seed)
        row: dict[str, Any] = {"players": n, "history_rounds": HISTORY, "history": history,
                               "generate_s": time.perf_counter() - start}
        rows.append(row | _measure(make, n, say))
    return rows


def _measure(make: Callable[[], RoundInstance], n: int, say: Callable[[str], None]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    reps = _repeats(n)

    def whole_round(solver: SolverName) -> tuple[RoundInstance, Proposal]:
        inst = make()
        return inst, propose(inst, solver)

    say(f"{n} players: blossom matching")
    row["matching_s"], (inst, best) = _timed(lambda: whole_round("matching"), reps)
    row["present"] = len(inst.players)
    row["real_cost"] = best.real_cost
    row["band"] = best.band.band
    row["band_proven"] = best.band.proven
    row["relaxations"] = len(best.relaxations)
    if n <= CPSAT_UP_TO:
        say(f"{n} players: CP-SAT")
        row["cpsat_s"], (_, ref) = _timed(lambda: whole_round("cpsat"), reps)
        row["same_optimum"] = ref.objective == best.objective
        row["same_pairing"] = ref.pairs() == best.pairs() and ref.bye == best.bye
        row["cpsat_stages"] = ref.solver.stages
    say(f"{n} players: greedy")
    row["greedy_s"], greedy = _timed(lambda: greedy_pairing(make()), reps)
    report = check_pairing(inst, greedy)
    optimal = check_pairing(inst, best)
    row["greedy_real_cost"] = report.real_cost
    row["greedy_objective_ratio"] = report.objective / optimal.objective if optimal.objective else None
    row["greedy_cost_ratio"] = report.real_cost / optimal.real_cost if optimal.real_cost else None
    row["greedy_violations"] = len(report.violations) + len(report.relaxed)
    g, o = _distances(inst, greedy), _distances(inst, Pairing.of(best))
    row["greedy_rank_sum"], row["greedy_rank_worst"] = sum(g), max(g, default=0)
    row["opt_rank_sum"], row["opt_rank_worst"] = sum(o), max(o, default=0)
    if n == 80:
        say(f"{n} players: 5 alternatives")
        row["alternatives_s"], alts = _timed(lambda: alternatives(inst, 5, best=best), 3)
        row["alternatives_found"] = len(alts)
    return row


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.{digits}g} s" if digits else f"{value:.2f}"
    return str(value)


def format_report(rows: Sequence[dict[str, Any]]) -> str:
    """A plain-text table of the rows, then the goals met or missed."""
    head = ("players", "history", "present", "matching", "CP-SAT", "same opt.", "band", "proven", "real cost", "greedy",
            "greedy cost", "ratio", "rank sum g/opt", "worst g/opt", "g. violations")
    lines = [" | ".join(head)]
    for r in rows:
        ratio = r.get("greedy_cost_ratio")
        lines.append(" | ".join((
            str(r["players"]), r["history"], str(r["present"]), _fmt(r["matching_s"]), _fmt(r.get("cpsat_s")),
            _fmt(r.get("same_pairing")), "all" if r["band"] is None else f"±{r['band']}", _fmt(r["band_proven"]),
            str(r["real_cost"]), _fmt(r["greedy_s"]), str(r["greedy_real_cost"]),
            "–" if ratio is None else f"{ratio:.2f}", f"{r['greedy_rank_sum']}/{r['opt_rank_sum']}",
            f"{r['greedy_rank_worst']}/{r['opt_rank_worst']}", str(r["greedy_violations"]))))
    for r in rows:
        if "alternatives_s" in r:
            lines.append(f"{r['players']} players: {r['alternatives_found']} alternatives in "
                         f"{_fmt(r['alternatives_s'])}")
    lines.append("goals (whole round, model building included):")
    by_n = {r["players"]: r for r in rows}
    for n, key, limit in GOALS:
        if n in by_n and key in by_n[n]:
            got = by_n[n][key]
            lines.append(f"  {n} players {key.removesuffix('_s')}: {_fmt(got)} < {_fmt(limit)}: "
                         f"{'met' if got < limit else 'MISSED'}")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m pairing.benchmark [sizes…]
    import sys

    sizes = tuple(int(a) for a in sys.argv[1:]) or (20, 40, 80, 200, 1000, 10000)
    print(format_report(run_pairing_benchmark(sizes, progress=lambda m: print(m, file=sys.stderr))))
