"""How numbers and tables look to a person: shared by the command line and the Textual app."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def points(value: Fraction | int | float | None, decimals: int = 2) -> str:
    """Exact points for display: at most `decimals` decimals, trailing zeros dropped (426, 415.5, 406.33)."""
    if value is None:
        return ""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(10**9)
    scaled = round(Fraction(value) * 10**decimals)  # half to even, on the exact value
    text = f"{scaled / 10**decimals:.{decimals}f}" if decimals else str(scaled)
    return text.rstrip("0").rstrip(".") if "." in text else text


def exact(value: Fraction) -> str:
    """The exact fraction as FORMAT.md writes it: "p/q", or an integer string."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain aligned table; `right[i]` right-aligns column i (numbers)."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])
