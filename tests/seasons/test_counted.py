"""A count with its noun: singular for one, on every screen and in every message."""

from __future__ import annotations

import pytest

from pairing.compare import cost_words
from seasons.numbers import counted


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
