"""`run_pairing_benchmark`: per field size, the whole round against the bare solve of its compiled costs."""

from __future__ import annotations

import importlib
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from keizer.pairing.alternatives import alternatives
from keizer.pairing.checker import Pairing, check_pairing
from keizer.pairing.costs import CompiledCosts
from keizer.pairing.greedy import greedy_pairing
from keizer.pairing.instance import RoundInstance, build_instance
from keizer.pairing.proposal import Proposal
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import Ranked, keizer_ranked
from keizer.pairing.simulate import simulate_season
from keizer.pairing.solvers.solve import SolverName
from keizer.pairing.synthetic import synthetic_season
from keizer.seasons.model import Season

T = TypeVar("T")

SIZES = (20, 40, 80, 200, 1000, 10000)
HISTORY = 20
"""Rounds of history before the benchmarked round."""
CPSAT_UP_TO = 200
"""CP-SAT is timed up to this many players (beyond, it takes far longer than a club evening allows)."""
NETWORKX_UP_TO = 1000
"""networkx (pure Python) is timed up to this many players: at 10,000 it would take hours."""
ALTERNATIVES = 5
GOALS: tuple[tuple[int, str, float, str], ...] = (
    (80, "round_per_rustworkx", 3.0, "whole round (ranking given) / bare rustworkx solve"),
    (1000, "round_per_rustworkx", 3.0, "whole round (ranking given) / bare rustworkx solve"),
    (80, "alternatives_s", 0.15, f"best + {ALTERNATIVES} alternatives (ranking given)"),
    (1000, "matching_s", 0.3, "whole round, ranking included"),
    (10000, "proven_s", 10.0, "whole round, proven optimal"),
)
"""(players, measure, limit, what): the targets of the issue (benchmarks, not timed tests)."""


def _repeats(n: int) -> int:
    return 7 if n <= 200 else 5 if n <= 1000 else 1


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


@dataclass(frozen=True, slots=True)
class _Field:
    """A benchmarked round: the season, and how its ranking is made."""

    history: str
    """`simulated` or `rating order`."""
    season: Season
    rank: Callable[[], Ranked | None]
    """The Keizer ranking by scoring's replay (None: the rating order below is given)."""
    ranking: tuple[Any, ...]
    values: tuple[Fraction, ...]


def _field(n: int, seed: int) -> _Field:
    if n <= SIMULATED_UP_TO:
        season = simulate_season(n, HISTORY + 1, "keizer-classic", seed, played=HISTORY)
        return _Field("simulated", season, lambda: keizer_ranked(season, HISTORY + 1, bounded=False), (), ())
    fixed = synthetic_season(n, HISTORY, seed)
    return _Field("rating order", fixed, lambda: None, tuple(p.id for p in fixed.players),
                  tuple(Fraction(v) for v in range(n, 0, -1)))


def _instance(f: _Field, ranked: Ranked | None) -> RoundInstance:
    if ranked is None:
        return build_instance(f.season, HISTORY + 1, f.ranking, f.values)
    return build_instance(f.season, HISTORY + 1, ranked.ranking, ranked.values, slots=ranked.slots)


def _distances(inst: RoundInstance, pairing: Pairing) -> list[int]:
    fixed = set(inst.fixed)
    return [abs(inst.state(w).pos - inst.state(b).pos) for w, b in pairing.games if (w, b) not in fixed]


def run_pairing_benchmark(sizes: Sequence[int] = SIZES, seed: int = 0,
                          progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """One row per field size: HISTORY rounds of history (simulated, or paired from the rating order for
    huge fields: see SIMULATED_UP_TO), then round HISTORY+1 timed (median of several) whole and bare."""
    rows: list[dict[str, Any]] = []
    for n in sizes:
        say = progress or (lambda _: None)
        say(f"{n} players: generating {HISTORY} rounds of history")
        start = time.perf_counter()
        f = _field(n, seed)
        row: dict[str, Any] = {"players": n, "history_rounds": HISTORY, "history": f.history,
                               "generate_s": time.perf_counter() - start, "cores": os.cpu_count()}
        rows.append(row | _measure(f, n, say))
    return rows


def _measure(f: _Field, n: int, say: Callable[[str], None]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    reps = _repeats(n)
    ranked = f.rank()

    def whole_round(solver: SolverName, with_ranking: bool) -> tuple[RoundInstance, Proposal]:
        inst = _instance(f, f.rank() if with_ranking else ranked)
        return inst, propose(inst, solver)

    say(f"{n} players: the whole round by blossom")
    row["ranking_s"], _ = _timed(f.rank, reps)
    row["round_s"], (inst, best) = _timed(lambda: whole_round("matching", False), reps)
    row["matching_s"], _ = _timed(lambda: whole_round("matching", True), reps)
    row["present"] = len(inst.players)
    row["real_cost"] = best.real_cost
    row["band"] = best.band.band
    row["band_proven"] = best.band.proven
    row["proven_s"] = row["matching_s"] if best.band.proven else None
    row["relaxations"] = len(best.relaxations)
    say(f"{n} players: the bare solves of the compiled costs")
    row["rustworkx_s"] = _timed(_bare_rustworkx(best.costs), reps)[0]
    row["round_per_rustworkx"] = row["round_s"] / row["rustworkx_s"]
    bare_nx = _bare_networkx(best.costs) if n <= NETWORKX_UP_TO else None
    row["networkx"] = ("not installed" if bare_nx == "not installed"
                       else "skipped" if bare_nx is None else "timed")
    if callable(bare_nx):
        row["networkx_s"] = _timed(bare_nx, 1 if n > 200 else 3)[0]
        row["networkx_per_rustworkx"] = row["networkx_s"] / row["rustworkx_s"]
    if n <= CPSAT_UP_TO:
        say(f"{n} players: CP-SAT proving the matching's optimum")
        row["cpsat_s"], (_, ref) = _timed(lambda: whole_round("cpsat", False), reps)
        row["same_optimum"] = ref.objective == best.objective
        row["same_pairing"] = ref.pairs() == best.pairs() and ref.bye == best.bye
        row["cpsat_stages"] = ref.solver.stages
    say(f"{n} players: greedy")
    row["greedy_s"], greedy = _timed(lambda: greedy_pairing(_instance(f, ranked)), reps)
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
        say(f"{n} players: best + {ALTERNATIVES} alternatives")

        def best_and_alternatives(solver: SolverName) -> int:
            inst = _instance(f, ranked)
            return len(alternatives(inst, ALTERNATIVES, best=propose(inst, solver)))

        row["alternatives_s"], row["alternatives_found"] = _timed(lambda: best_and_alternatives("matching"), reps)
        row["alternatives_auto_s"], _ = _timed(lambda: best_and_alternatives("auto"), reps)
    return row


def _bare_rustworkx(costs: CompiledCosts) -> Callable[[], object]:
    """rustworkx's blossom alone on the round's compiled costs (the graph built beforehand, as our solver
    builds it: weights C − cost, a bye node when the count is odd)."""
    import rustworkx as rx

    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(costs.n + costs.n % 2))
    graph.add_edges_from(_weighted_edges(costs))
    return lambda: rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)


def _bare_networkx(costs: CompiledCosts) -> Callable[[], object] | str:
    """networkx's blossom (pure Python) on the same weights, or "not installed" (not a dependency)."""
    try:
        nx = importlib.import_module("networkx")  # not a dependency: timed when it happens to be installed
    except ImportError:
        return "not installed"
    graph = nx.Graph()
    graph.add_nodes_from(range(costs.n + costs.n % 2))
    graph.add_weighted_edges_from(_weighted_edges(costs))
    return lambda: nx.max_weight_matching(graph, maxcardinality=True)


def _weighted_edges(costs: CompiledCosts) -> list[tuple[int, int, int]]:
    bye = [(i, c) for i in range(costs.n) if (c := costs.bye_cost(i)) is not None] if costs.n % 2 else []
    top = max(list(costs.edge_costs) + [c for _, c in bye], default=0) + 1
    return ([(u, v, top - c) for u, v, c in zip(costs.edge_u, costs.edge_v, costs.edge_costs)]
            + [(i, costs.n, top - c) for i, c in bye])


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        if value < 0.001:
            return f"{value * 1000:.2f} ms"  # a bare solve of a small field: a tenth of a millisecond matters
        return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.{digits}g} s" if digits else f"{value:.2f}"
    return str(value)


def _ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}×"


def format_report(rows: Sequence[dict[str, Any]]) -> str:
    """A plain-text table of the rows, then the goals met or missed."""
    head = ("players", "history", "present", "band", "proven", "round", "rustworkx", "round/rx", "networkx",
            "nx/rx", "CP-SAT round", "same opt.", "with ranking", "real cost", "greedy", "greedy cost",
            "greedy/opt", "rank sum g/opt", "g. violations")
    lines = [" | ".join(head)]
    for r in rows:
        ratio = r.get("greedy_cost_ratio")
        nx_text = _fmt(r["networkx_s"]) if "networkx_s" in r else r["networkx"]
        lines.append(" | ".join((
            str(r["players"]), r["history"], str(r["present"]), "all" if r["band"] is None else f"±{r['band']}",
            _fmt(r["band_proven"]), _fmt(r["round_s"]), _fmt(r["rustworkx_s"]), _ratio(r["round_per_rustworkx"]),
            nx_text, _ratio(r.get("networkx_per_rustworkx")), _fmt(r.get("cpsat_s")), _fmt(r.get("same_pairing")),
            _fmt(r["matching_s"]), str(r["real_cost"]), _fmt(r["greedy_s"]), str(r["greedy_real_cost"]),
            "–" if ratio is None else f"{ratio:.2f}", f"{r['greedy_rank_sum']}/{r['opt_rank_sum']}",
            str(r["greedy_violations"]))))
    for r in rows:
        if "alternatives_s" in r:
            lines.append(f"{r['players']} players: best + {r['alternatives_found']} alternatives in "
                         f"{_fmt(r['alternatives_s'])} (blossom), {_fmt(r['alternatives_auto_s'])} (best by CP-SAT)")
    cores = {r["cores"] for r in rows}
    lines.append(f"cores: {', '.join(str(c) for c in sorted(cores, key=str))}")
    lines.append("goals:")
    by_n = {r["players"]: r for r in rows}
    for n, key, limit, what in GOALS:
        if n not in by_n:
            continue
        got = by_n[n].get(key)
        shown = _ratio(got) if key.endswith("rustworkx") else _fmt(got)
        bound = _ratio(limit) if key.endswith("rustworkx") else _fmt(limit)
        verdict = "MISSED (not proven)" if got is None else "met" if got < limit else f"MISSED ({got / limit:.1f}× the goal)"
        lines.append(f"  {n} players, {what}: {shown} < {bound}: {verdict}")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m pairing.benchmark [sizes…]
    import sys

    sizes = tuple(int(a) for a in sys.argv[1:]) or SIZES
    print(format_report(run_pairing_benchmark(sizes, progress=lambda m: print(m, file=sys.stderr))))
