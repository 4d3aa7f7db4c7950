"""A count with its noun: singular for one, on every screen and in every message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.pairing.compare import cost_words
from keizer.seasons.numbers import counted


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [counted(n, "board") for n in (0, 1, 2)] == ["0 boards", "1 board", "2 boards"]
    assert counted(3, "early rematch", "early rematches") == "3 early rematches"


def test_a_negative_count_is_the_callers_bug_not_a_word() -> None:
    """"-1 board" read as one board less or more; the caller, who knows which, says it ("1 more", "keeps
    1", as `pairing.compare` does with the count's absolute value)."""
    with pytest.raises(ValueError, match="never negative"):
        counted(-1, "board")
    with pytest.raises(ValueError, match="never negative"):
        counted(-3, "early rematch", "early rematches")


def test_the_tiers_counts_read_as_english() -> None:
    assert cost_words(10, (("relax_rematch_round", 1), ("bye_order", 1))) == (
        "cost 10 = nothing; 1 early rematch!; bye 1 place down the policy's order")
    assert cost_words(10, (("relax_rematch_round", 2),)) == "cost 10 = nothing; 2 early rematches!"


def test_the_command_lines_counts_of_one_are_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`keizer validate`, `import` and `players` on a season of one player said "1 players"."""
    from keizer.tui.cli.main import main

    path = tmp_path / "one.json"
    path.write_text(json.dumps({"format": "keizer-season/1", "name": "x", "ruleset": "keizer-classic",
                                "players": [{"id": "a", "name": "A"}], "rounds": []}), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert "valid — 1 player, 0 paired rounds (0 with results)" in capsys.readouterr().out
    assert main(["import", str(path), str(tmp_path / "one.keizer")]) == 0
    assert capsys.readouterr().out.startswith("imported 1 player and 0 rounds into ")
    assert main(["players", str(path)]) == 0
    assert capsys.readouterr().out.startswith("x — 1 player\n")


def test_a_pairing_of_one_board_is_labelled_so() -> None:
    from keizer.seasons.model import PlayerId
    from keizer.seasons.season_json.read import season_from_json
    from keizer.evening.listing import saved_pairing

    season = season_from_json({"format": "keizer-season/1", "name": "x", "ruleset": "keizer-classic",
                               "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "rounds": []})
    change = saved_pairing(season, 1, ((PlayerId("a"), PlayerId("b")),), None, meta={})
    assert change.label == "pairing of round 1 (1 board)"
