"""Names in narrow columns keep what tells players apart: the surname."""

from __future__ import annotations

from tui.app.widgets.proposal import short


def test_short_names_keep_the_surname():
    assert short("Hans Maas", 14) == "Hans Maas"
    assert short("Wim van den Berg", 14) == "W. v.d. Berg"  # Dutch particles to their initials
    assert short("Karin van Dijk", 12) == "K. van Dijk"
    assert short("Maarten Schouten", 12) == "M. Schouten"
    assert short("Joost van der Linden", 12) == "J. v.d. Lin…"
    assert len(short("Bartholomeus Vandersteenhoven", 10)) == 10
