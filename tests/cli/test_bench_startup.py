"""`keizer bench startup`: every kind of command timed as a whole process, each one doing its real work."""

from __future__ import annotations

from keizer.tui.cli.startup_bench import Startup, format_report, run_startup_benchmark


def test_every_kind_of_command_runs_to_its_end_and_is_timed() -> None:
    rows = run_startup_benchmark(repeats=1)  # a mark that was refused would raise: only real work is timed
    assert [r.what for r in rows] == ["bare python -c pass", "keizer --version", "keizer attend", "keizer result",
                                      "keizer report", "keizer standings (demo)",
                                      "bare Textual app (the demo's players)", "TUI first screen (demo)",
                                      "TUI first screen, nothing kept (demo)"]
    assert all(len(r.seconds) == 1 and r.seconds[0] > 0 for r in rows)


def test_the_report_says_each_goal_met_or_missed() -> None:
    rows = (Startup("bare python -c pass", (0.02,)), Startup("keizer attend", (0.25,)),
            Startup("keizer result", (0.35,)), Startup("keizer standings (demo)", (0.6,)))
    report = format_report(rows)
    assert "keizer attend" in report and "12.5× bare   goal ≤ 15× bare: met" in report
    assert "17.5× bare   goal ≤ 15× bare: missed by 2.50×" in report
    assert "goal ≤ 0.5 s: missed by 0.10 s" in report
