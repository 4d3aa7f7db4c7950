"""A count with its noun: singular for one, on every screen and in every message."""

from __future__ import annotations

from pairing.compare import cost_words
from seasons.numbers import counted


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [counted(n, "board") for n in (0, 1, 2, -1)] == ["0 boards", "1 board", "2 boards", "-1 board"]
    assert counted(3, "early rematch", "early rematches") == "3 early rematches"


def test_the_tiers_counts_read_as_english() -> None:
    assert cost_words(10, (("relax_rematch_round", 1), ("bye_order", 1))) == (
        "cost 10 = nothing; 1 early rematch!; bye 1 place down the policy's order")
    assert cost_words(10, (("relax_rematch_round", 2),)) == "cost 10 = nothing; 2 early rematches!"
