"""`w` (Why) on a pairing the solver did not make says why there is no explanation, and where to look."""

from __future__ import annotations

from keizer.evening.evening import Evening


def test_why_on_the_saved_pairing_or_a_hand_swap_says_why_there_is_no_explanation(evening: Evening) -> None:
    views = evening.desk.solve(33, alternatives=0)
    assert views[0].why(1) and "no explanation" not in " ".join(views[0].why(1))  # the solver's own lines
    evening.desk.accept(0)
    saved = evening.desk.views()[0]
    assert saved.kind == "saved" and "keeps no explanation" in saved.why(1)[0] and "r pairs" in saved.why(1)[0]
    a, b = saved.games[0][0], saved.games[1][0]
    evening.desk.swap(0, a, b)
    assert "not explained board by board" in evening.desk.views()[0].why(1)[0]
