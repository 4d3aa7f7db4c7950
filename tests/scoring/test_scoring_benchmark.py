"""The benchmark runs and reports (its figures are measured by `keizer bench standings`, not asserted)."""

from __future__ import annotations

import dataclasses

from keizer.scoring.replay import replay
from keizer.scoring.benchgen import generate_season
from keizer.scoring.benchmark import format_report, run_standings_benchmark
from keizer.scoring.kernels import PolarsEngine, compare_inner_loops, replay_with
from tests.oracle.reference import reference_replay


def test_benchmark_rows_and_report() -> None:
    rows = run_standings_benchmark(sizes=((8, 4), (12, 3)), seed=1, reference_max_players=10,
                                   reference=reference_replay)
    assert [(r["players"], r["rounds"], r["mode"]) for r in rows] == [
        (8, 4, "iterate always"), (8, 4, "single pass"), (12, 3, "iterate always"), (12, 3, "single pass")]
    assert rows[0]["agrees"] is True and rows[1]["agrees"] is True
    assert rows[2]["reference_seconds"] is None and "skipped" in rows[2]["reference_note"]
    assert all(r["iterations_max"] == 1 for r in rows if r["mode"] == "single pass")
    report = format_report(rows)
    assert "8 × 4" in report and "reference skipped for 12 players" in report


def test_generator_is_seeded_and_complete() -> None:
    a, b = generate_season(20, 5, seed=7), generate_season(20, 5, seed=7)
    assert a == b and a != generate_season(20, 5, seed=8)
    assert a.last_scored_round == 5
    for rnd in a.rounds:  # everyone has exactly one game or entry
        seen = [p for g in rnd.games for p in g.players()] + [p for p, _ in rnd.entries]
        assert sorted(seen) == sorted(p.id for p in a.players)


def test_the_polars_inner_loop_gives_the_same_standings() -> None:
    """docs/performance.md times the fixed point's inner loop in polars against numpy: both must agree."""
    rows = compare_inner_loops(sizes=((10, 6),), repeats=1)
    assert [(r["mode"], r["same"]) for r in rows] == [("iterate always", True), ("single pass", True)]
    graded = dataclasses.replace(generate_season(10, 6, seed=3),
                                 ruleset_spec={"preset": "keizer-classic", "rounding": {"grid": "1/3"},
                                               "factors": {"draw": "1/3"}, "iterate": "always"})
    fast, slow = replay(graded), replay_with(graded, PolarsEngine)
    assert all(fast.standings(k) == slow.standings(k) for k in range(fast.upto + 1))


def test_without_a_reference_the_report_says_where_it_runs():
    """The oracle is not in the wheel: the installed `keizer bench standings` times the engine alone and says
    where the comparison runs."""
    rows = run_standings_benchmark(sizes=((8, 3),), seed=1)
    assert all(r["agrees"] is None and r["reference_seconds"] is None for r in rows)
    assert "python -m tests.oracle.bench standings" in format_report(rows)
