"""`keizer bench serve` on a small room: the real server, the TUI beside it and the phones and boards run, and what
it counts is the store's (every report once, every result once, every phone's page fetched again after each
report). Its figures are the README's; here only that it measures what it says, bounded in requests and time."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("httpx", reason="keizer bench serve's client: pip install -e '.[test]'")


def test_bench_serve_counts_every_report_once_and_every_page_updated() -> None:
    done = subprocess.run([sys.executable, "-m", "keizer", "bench", "serve", "--phones", "6", "--boards", "3",
                           "--minute", "2", "--hours", "0.2", "--json"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert 3 <= found["reports_sent"] <= 6 and found["reports_stored"] == found["reports_sent"]
    assert found["reports_twice"] == 0 and found["results_entered"] == 3 and found["results_twice"] == 0
    assert found["missed"] == 0 and found["samples"] == 6 * found["reports_sent"]
    assert [minute for minute, _ in found["memory"]] == [0, 10, 12] and all(kib > 0 for _, kib in found["memory"])


def test_bench_serve_refuses_a_room_that_does_not_fit() -> None:
    done = subprocess.run([sys.executable, "-m", "keizer", "bench", "serve", "--phones", "6", "--boards", "4"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--boards 4" in done.stderr
