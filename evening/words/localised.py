"""Numbers and dates as the reader's language writes them ("406,33", "12 september 2019"), with Babel."""

from __future__ import annotations

import datetime as dt
import functools
import re
from fractions import Fraction

from babel.dates import format_date
from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

from keizer.seasons.numbers import points_text

LOCALES = {"nl": "nl_NL", "en": "en_GB"}
"""The Babel locale of each published language."""


_PLAIN = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
"""A number as `seasons.numbers` writes it for people: a sign, digits, a decimal point."""


def number(text: str, lang: str) -> str:
    """A number already rounded for people ("406.33", "-2", "75%") in `lang`'s notation ("406,33"); digits
    are kept as they are (no rounding here), and no thousands separator (a score of "1.654" would be read
    as a fraction by half the club). Anything else (a word, "") is left as it is."""
    suffix = "%" if text.endswith("%") else ""
    core = text.removesuffix("%")
    if not _PLAIN.fullmatch(core):
        return text
    decimal, minus = _symbols(lang)
    return core.replace(".", decimal).replace("-", minus) + suffix


@functools.cache
def _symbols(lang: str) -> tuple[str, str]:
    """`lang`'s decimal separator and minus sign, as Babel's locale data has them: what Babel's
    `format_decimal` would write for such a number, at a site's thousands of numbers without its cost."""
    return get_decimal_symbol(LOCALES[lang]), get_minus_sign_symbol(LOCALES[lang])


@functools.lru_cache(maxsize=4096)  # the value ladder's values stand in every table of the site
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
