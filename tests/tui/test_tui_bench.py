"""`keizer bench tui`: the pair key to the proposals on screen, measured headless (figures, not a timed test)."""

from __future__ import annotations

import json

from keizer.tui.cli.main import main


def test_the_tui_benchmark_measures_the_pairing_screen(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "tui", "--sizes", "12", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["players"] == 12 and 2 <= row["present"] <= 12
    assert row["first"] > 0 and len(row["again"]) == 5 and all(t > 0 for t in row["again"])
    assert main(["bench", "tui", "--sizes", "12"]) == 0
    text = capsys.readouterr().out
    assert "pair key (F3) to best + 2 alternatives on screen:" in text and "goal < 500 ms:" in text
