"""The ruleset's scoring keys read and checked (docs/rules.md §1–§6): values, factors, what counts, ties."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_DECIMALS, describe
from keizer.seasons.ruleset.checks import (
    Default,
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
    kind = choice("linear", "ratio", "range")
    ladder = r.get("ladder", kind)
    if ladder == "linear":
        v = r.read({"ladder": kind, "top": Default("N", _top), "step": Default(1, nonneg_fraction),
                    "min": Default(1, fraction)})
        top, offset = v["top"]
        return ValueLadder(ladder="linear", top=top, top_offset=offset, step=v["step"], min=v["min"])
    if ladder == "ratio":
        v = r.read({"ladder": kind, "ratio": Default(3, _ratio),
                    "rounding": Default("half-even", choice("half-even", "down"))})
        return ValueLadder(ladder="ratio", ratio=v["ratio"],
                           ratio_rounding="down" if v["rounding"] == "down" else "half-even")
    v = r.read({"ladder": kind, "top": Default(200, nonneg_fraction), "bottom": Default(100, nonneg_fraction),
                "decimals": Default(None, optional(lambda v, w: integer(v, w, 0, MAX_DECIMALS)))})
    if v["bottom"] > v["top"]:
        raise InputError(r.at("bottom"), "must not be above top")
    return ValueLadder(ladder="range", range_top=v["top"], bottom=v["bottom"], decimals=v["decimals"])


def _ratio(value: Any, where: str) -> Fraction:
    ratio = fraction(value, where)
    if ratio <= 1:
        raise InputError(where, f"must be greater than 1, got {describe(value)}")
    return ratio


def _top(value: Any, where: str) -> tuple[int | None, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(value, where, 1), 0
    if isinstance(value, str):
        m = _TOP.match(value.replace(" ", ""))
        if m:
            return None, int(m.group(2) or 0)
    raise InputError(where, f"expected a number, \"N\" or \"N+c\", got {describe(value)}")


def factors(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    return tuple(Reader(obj, where).read({key: nonneg_fraction for key in FACTOR_KEYS}).items())


def fixed_points(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    r = Reader(obj, where)
    r.done(ENTRY_FACTOR_KEYS)
    return tuple((key, nonneg_fraction(r.obj[key], r.at(key))) for key in ENTRY_FACTOR_KEYS if key in r.obj)


def absence_limit(obj: Any, where: str) -> AbsenceLimit:
    return AbsenceLimit(**Reader(obj, where).read({"count": round_count,
                                                   "kinds": Default(["excused", "unexcused"], _entry_kinds)}))


def _entry_kinds(value: Any, where: str) -> tuple[str, ...]:
    kinds = bounded_list(value, where, "a non-empty list of entry kinds")
    if not kinds:
        raise InputError(where, "must be a non-empty list of entry kinds")
    for i, kind in enumerate(kinds):
        choice(*ENTRY_FACTOR_KEYS)(kind, f"{where}[{i}]")
    return tuple(kinds)


def aalsmeer(obj: Any, where: str) -> Aalsmeer:
    return Aalsmeer(**Reader(obj, where).read({"multiplier": nonneg_fraction, "rounds": round_number,
                                               "joiners": Default("none", choice("none", "entered"))}))


def withdrawal(obj: Any, where: str) -> WithdrawalRule:
    return WithdrawalRule(**Reader(obj, where).read({
        "removal_before_round": Default(None, optional(round_number)),
        "win": nonneg_fraction, "draw": nonneg_fraction, "loss": nonneg_fraction,
    }))


def rounding(obj: Any, where: str) -> Fraction:
    r = Reader(obj, where)
    grid: Fraction = r.read({"grid": fraction})["grid"]
    if grid <= 0:
        raise InputError(r.at("grid"), "must be positive")
    return grid


def participation(value: Any, where: str) -> tuple[Fraction | None, tuple[str, ...]]:
    """null, a share ("1/3": taking part counted as K's "Opk") or {"share", "counts"} → (share, counts)."""
    if value is None:
        return None, PARTICIPATION_COUNTS
    if isinstance(value, dict):
        v = Reader(value, where).read({"share": _share, "counts": Default(list(PARTICIPATION_COUNTS), _counts)})
        return v["share"], v["counts"]
    return _share(value, where), PARTICIPATION_COUNTS


def _counts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise InputError(where, f"must be a list from {', '.join(PARTICIPATION_COUNTS)}")
    chosen = {choice(*PARTICIPATION_COUNTS)(c, f"{where}[{i}]") for i, c in enumerate(value)}
    return tuple(c for c in PARTICIPATION_COUNTS if c in chosen)


def _share(value: Any, where: str) -> Fraction:
    f = fraction(value, where)
    if not 0 <= f <= 1:
        raise InputError(where, f"must be a fraction between 0 and 1, got {describe(value)}")
    return f


_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


def absence_deadline(obj: Any, where: str) -> AbsenceDeadline:
    v = Reader(obj, where).read({"weekday": choice(*WEEKDAYS), "time": Default(None, _clock),
                                 "late": Default("unexcused", choice("unexcused", "excused"))})
    return AbsenceDeadline(weekday=WEEKDAYS.index(v["weekday"]), time=v["time"], late=v["late"])


def _clock(value: Any, where: str) -> dt.time:
    m = _CLOCK.match(value) if isinstance(value, str) else None
    if m is None:
        raise InputError(where, f"expected a time like \"20:00\", got {value!r}")
    return dt.time(int(m.group(1)), int(m.group(2)))


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
