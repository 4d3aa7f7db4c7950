"""Numbers on the site: written without Babel's per-number cost, exactly as Babel's `format_decimal` writes them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from babel.numbers import format_decimal

from keizer.seasons.numbers import points_text
from keizer.evening.words.localised import LOCALES, number, points

SAMPLES = ("0", "7", "-2", "+3", "12.5", "406.33", "-0.67", "1654.5", "2999", "100%", "62%", "-1.05", "0.01")


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_a_number_is_written_as_babel_writes_it(lang: str) -> None:
    for text in SAMPLES + tuple(points_text(Fraction(n, 7)) for n in range(-40, 12000, 13)):
        core = text.removesuffix("%")
        babel = format_decimal(Decimal(core), locale=LOCALES[lang], decimal_quantization=False,
                               group_separator=False)
        expected = ("+" if core.startswith("+") else "") + babel + ("%" if text.endswith("%") else "")
        assert number(text, lang) == expected, text


def test_what_is_no_number_stays_as_it_is() -> None:
    assert [number(t, "nl") for t in ("", "ja", "3W", "1Z", "12.5.1", "–")] == ["", "ja", "3W", "1Z", "12.5.1", "–"]
    assert points(Fraction(1219, 3), "nl") == "406,33" and points(Fraction(-1, 2), "en") == "-0.5"
