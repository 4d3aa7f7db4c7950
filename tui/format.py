"""How numbers and tables look to a person: shared by the evening layer and both shells."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from seasons.model import PlayerId, Season

if TYPE_CHECKING:
    from scoring import Replay


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
    """The exact fraction as the season format writes it: "p/q", or an integer string."""
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


# (header, table column, how to show it, right-aligned): the two clubs' published columns (docs/rules.md §10).
Column = tuple[str, str, Callable[[Any], str], bool]


def _int(v: Any) -> str:
    return "" if v is None else str(v)


def _signed(v: Any) -> str:
    return "" if v is None else f"{v:+d}" if v else "0"


def _pct(v: Any) -> str:
    return "" if v is None else f"{v:.0f}%"


def _flag(v: Any) -> str:
    return "" if v is None else ("ja" if v else "nee")


COLUMNS: dict[str, tuple[Column, ...]] = {
    "d": (
        ("#", "rank", _int, True), ("Name", "name", str, False), ("Points", "score", points, True),
        ("Value", "value", points, True), ("GSP", "games", _int, True), ("GW", "won", _int, True),
        ("RM", "drawn", _int, True), ("VL", "lost", _int, True), ("AF", "pending", _int, True),
        ("%", "score_pct", _pct, True), ("KL", "colour_balance", _signed, True),
        ("AL", "colour_run", str, False), ("ON", "byes", _int, True), ("NG", "excused", _int, True),
        ("ZK", "unexcused", _int, True),
    ),
    "k": (
        ("Pl", "rank", _int, True), ("Wrd", "value", points, True), ("Naam", "name", str, False),
        ("Lot", "lot", _int, True), ("Keizer", "score", lambda v: points(v, 1), True),
        ("Groep", "group", _int, True), ("Bordpt", "board_points", lambda v: points(v, 1), True),
        ("Gesp", "games", _int, True), ("Opk", "attended", _int, True),
        ("Kleur", "colour_balance", _signed, True), ("33%?", "eligible", _flag, False),
    ),
}


def iteration_summary(rep: Replay) -> str:
    """One line on how the standings after the replay's last round were found (docs/rules.md §3)."""
    it = rep.standings().iteration
    if rep.upto == 0:
        return "the starting ranking"
    if not rep.ruleset.iterates_at(rep.upto, rep.season.rounds_planned):
        return "single pass"
    if it.capped:
        return f"iteration stopped at the cap of {it.iterations} steps"
    if it.cycled:
        return f"cycled (length {it.cycle_length}) after {it.iterations} iterations: mean of the cycle"
    return f"converged in {it.iterations} iteration{'s' if it.iterations != 1 else ''}"


def with_names(season: Season, lines: Sequence[str]) -> tuple[str, ...]:
    """The pairing module's lines name players by id; a person reads names."""
    ids = sorted((p.id for p in season.players), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
    return tuple(pattern.sub(lambda m: season.player(PlayerId(m.group(1))).name, line) for line in lines)
