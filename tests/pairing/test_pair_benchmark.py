"""The pairing benchmark runs end to end on small fields and reports what the README quotes."""

from __future__ import annotations

from keizer.pairing.benchmark import format_report, run_pairing_benchmark


def test_small_benchmark_rows_and_report():
    rows = run_pairing_benchmark(sizes=(12, 24))
    assert [r["players"] for r in rows] == [12, 24]
    for row in rows:
        assert row["history"] == "simulated" and row["same_optimum"] and row["same_pairing"]
        assert row["greedy_real_cost"] >= 0 and row["matching_s"] > 0 and row["cpsat_s"] > 0
        assert row["opt_rank_worst"] <= row["opt_rank_sum"]
        assert 0 < row["rustworkx_s"] and 0 < row["round_s"] <= row["matching_s"] * 10
        assert row["round_per_rustworkx"] == row["round_s"] / row["rustworkx_s"]
        assert row["networkx"] in ("not installed", "timed") and row["cores"] >= 1
    report = format_report(rows)
    assert report.splitlines()[0].startswith("players | history")
    assert "12 | simulated" in report and "cores:" in report and "goals:" in report
