"""The charts of a player's page at any scale the limits allow: a season whose points pass 10⁹ drew no site
(issue 22: StopIteration in the ticks, and in the TUI "publishing round 8…" for ever)."""

from __future__ import annotations

import pytest

from keizer.web.site.chart import Series, _ticks, line_chart


@pytest.mark.parametrize("high", [3.0, 80.0, 4_000.0, 45_000.0, 4.3e9, 1e15, 1e300])
def test_three_to_five_ticks_whatever_the_scale(high: float) -> None:
    ticks = _ticks(0.0, high, False)
    assert 2 <= len(ticks) <= 5 and ticks[0] == 0 and ticks[-1] <= high
    assert all(b > a for a, b in zip(ticks, ticks[1:]))


def test_a_chart_of_points_past_four_billion() -> None:
    svg = line_chart(Series("points", ((1, 1.5e9), (2, 4.3e9), (3, 8.6e9))), "points", lambda v: f"{v:.0f}")
    assert svg.startswith("<svg") and svg.count('class="grid"') >= 2
