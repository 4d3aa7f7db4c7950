"""The ruleset's scoring keys read and checked (docs/rules.md §1–§6): values, factors, what counts, ties."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_DECIMALS, describe
from keizer.seasons.ruleset.checks import (
    Reader,
    bounded_list,
    choice,
    fraction,
    integer,
    nonneg_fraction,
    optional,
    round_count,
    round_number,
)
from keizer.seasons.ruleset.model import (
    ENTRY_FACTOR_KEYS,
    FACTOR_KEYS,
    PARTICIPATION_COUNTS,
    TIEBREAK_KEYS,
    WEEKDAYS,
    Aalsmeer,
    AbsenceDeadline,
    AbsenceLimit,
    ValueLadder,
    WithdrawalRule,
)

_TOP = re.compile(r"^N(\s*\+\s*(\d{1,7}))?$")


def value_ladder(obj: Any, where: str) -> ValueLadder:
    r = Reader(obj, where)
    ladder = r.get("ladder", choice("linear", "ratio", "range"))
    if ladder == "linear":
        r.done(("ladder", "top", "step", "min"))
        top, offset = _top(r.obj.get("top", "N"), r.at("top"))
        return ValueLadder(ladder="linear", top=top, top_offset=offset,
                           step=nonneg_fraction(r.obj.get("step", 1), r.at("step")),
                           min=fraction(r.obj.get("min", 1), r.at("min")))
    if ladder == "ratio":
        r.done(("ladder", "ratio", "rounding"))
        ratio = fraction(r.obj.get("ratio", 3), r.at("ratio"))
        if ratio <= 1:
            raise InputError(r.at("ratio"), f"must be greater than 1, got {describe(r.obj.get('ratio'))}")
        rounding = choice("half-even", "down")(r.obj.get("rounding", "half-even"), r.at("rounding"))
        return ValueLadder(ladder="ratio", ratio=ratio,
                           ratio_rounding="down" if rounding == "down" else "half-even")
    r.done(("ladder", "top", "bottom", "decimals"))
    range_top = nonneg_fraction(r.obj.get("top", 200), r.at("top"))
    bottom = nonneg_fraction(r.obj.get("bottom", 100), r.at("bottom"))
    if bottom > range_top:
        raise InputError(r.at("bottom"), "must not be above top")
    decimals = optional(lambda v, w: integer(v, w, 0, MAX_DECIMALS))(r.obj.get("decimals"), r.at("decimals"))
    return ValueLadder(ladder="range", range_top=range_top, bottom=bottom, decimals=decimals)


def _top(value: Any, where: str) -> tuple[int | None, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(value, where, 1), 0
    if isinstance(value, str):
        m = _TOP.match(value.replace(" ", ""))
        if m:
            return None, int(m.group(2) or 0)
    raise InputError(where, f"expected a number, \"N\" or \"N+c\", got {describe(value)}")


def factors(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    r = Reader(obj, where)
    r.done(FACTOR_KEYS)
    return tuple((key, r.get(key, nonneg_fraction)) for key in FACTOR_KEYS)


def fixed_points(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    r = Reader(obj, where)
    r.done(ENTRY_FACTOR_KEYS)
    return tuple((key, nonneg_fraction(r.obj[key], r.at(key))) for key in ENTRY_FACTOR_KEYS if key in r.obj)


def absence_limit(obj: Any, where: str) -> AbsenceLimit:
    r = Reader(obj, where)
    r.done(("count", "kinds"))
    count = r.get("count", round_count)
    kinds = bounded_list(r.obj.get("kinds", ["excused", "unexcused"]), r.at("kinds"),
                         "a non-empty list of entry kinds")
    if not kinds:
        raise InputError(r.at("kinds"), "must be a non-empty list of entry kinds")
    for i, kind in enumerate(kinds):
        choice(*ENTRY_FACTOR_KEYS)(kind, f"{r.at('kinds')}[{i}]")
    return AbsenceLimit(count=count, kinds=tuple(kinds))


def aalsmeer(obj: Any, where: str) -> Aalsmeer:
    r = Reader(obj, where)
    r.done(("multiplier", "rounds"))
    return Aalsmeer(multiplier=r.get("multiplier", nonneg_fraction),
                    rounds=r.get("rounds", round_number))


def withdrawal(obj: Any, where: str) -> WithdrawalRule:
    r = Reader(obj, where)
    r.done(("removal_before_round", "win", "draw", "loss"))
    return WithdrawalRule(
        removal_before_round=optional(round_number)(r.obj.get("removal_before_round"),
                                                    r.at("removal_before_round")),
        win=r.get("win", nonneg_fraction), draw=r.get("draw", nonneg_fraction),
        loss=r.get("loss", nonneg_fraction))


def rounding(obj: Any, where: str) -> Fraction:
    r = Reader(obj, where)
    r.done(("grid",))
    grid = r.get("grid", fraction)
    if grid <= 0:
        raise InputError(r.at("grid"), "must be positive")
    return grid


def participation(value: Any, where: str) -> tuple[Fraction | None, tuple[str, ...]]:
    """null, a share ("1/3": taking part counted as K's "Opk") or {"share", "counts"} → (share, counts)."""
    if value is None:
        return None, PARTICIPATION_COUNTS
    if isinstance(value, dict):
        r = Reader(value, where)
        r.done(("share", "counts"))
        share = r.get("share", _share)
        counts = r.obj.get("counts", list(PARTICIPATION_COUNTS))
        if not isinstance(counts, list):
            raise InputError(r.at("counts"), f"must be a list from {', '.join(PARTICIPATION_COUNTS)}")
        chosen = {choice(*PARTICIPATION_COUNTS)(c, f"{r.at('counts')}[{i}]") for i, c in enumerate(counts)}
        return share, tuple(c for c in PARTICIPATION_COUNTS if c in chosen)
    return _share(value, where), PARTICIPATION_COUNTS


def _share(value: Any, where: str) -> Fraction:
    f = fraction(value, where)
    if not 0 <= f <= 1:
        raise InputError(where, f"must be a fraction between 0 and 1, got {describe(value)}")
    return f


_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


def absence_deadline(obj: Any, where: str) -> AbsenceDeadline:
    r = Reader(obj, where)
    r.done(("weekday", "time"))
    day = r.get("weekday", choice(*WEEKDAYS))
    clock = r.obj.get("time")
    m = _CLOCK.match(clock) if isinstance(clock, str) else None
    if m is None:
        raise InputError(r.at("time"), f"expected a time like \"20:00\", got {clock!r}")
    return AbsenceDeadline(weekday=WEEKDAYS.index(day), time=dt.time(int(m.group(1)), int(m.group(2))))


def tiebreak(value: Any, where: str) -> tuple[str, ...]:
    keys: list[str] = []
    value = bounded_list(value, where, "a list")
    for i, item in enumerate(value):
        key = choice(*TIEBREAK_KEYS)(item, f"{where}[{i}]")
        if key in keys:
            raise InputError(f"{where}[{i}]", f"{key!r} is listed twice")
        keys.append(key)
    if "start_rank" not in keys:
        keys.append("start_rank")  # the starting rank always breaks what is left
    return tuple(keys)
