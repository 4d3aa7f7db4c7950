"""Numbers and dates as the reader's language writes them ("406,33", "12 september 2019"), with Babel."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

from babel.dates import format_date
from babel.numbers import format_decimal

from keizer.seasons.numbers import points_text

LOCALES = {"nl": "nl_NL", "en": "en_GB"}
"""The Babel locale of each published language."""


def number(text: str, lang: str) -> str:
    """A number already rounded for people ("406.33", "-2", "75%") in `lang`'s notation ("406,33"); digits
    are kept as they are (no rounding here), and no thousands separator (a score of "1.654" would be read
    as a fraction by half the club)."""
    suffix = "%" if text.endswith("%") else ""
    core = text.removesuffix("%")
    try:
        value = Decimal(core)
    except ArithmeticError:
        return text
    if not core or core[-1:].isalpha():
        return text
    shown = format_decimal(value, locale=LOCALES[lang], decimal_quantization=False, group_separator=False)
    if core.startswith("+"):
        shown = "+" + shown
    return shown + suffix


def points(value: Fraction | int, lang: str, decimals: int = 2) -> str:
    """Exact points rounded half to even to at most `decimals` decimals, in `lang`'s notation."""
    return number(points_text(value, decimals), lang)


def date(iso: str | None, lang: str) -> str:
    """"2019-09-12" as `lang` writes a date in full ("12 september 2019"); "" for no date."""
    if not iso:
        return ""
    try:
        day = dt.date.fromisoformat(iso)
    except ValueError:  # a date the season file has in another form is shown as written
        return iso
    return format_date(day, format="long", locale=LOCALES[lang])
