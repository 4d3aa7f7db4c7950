"""Build a validated Ruleset from its season-file form; every error names the offending key."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from typing import Any, Callable

from seasons.errors import InputError
from seasons.json_input import check_json
from seasons.limits import (
    MAX_DECIMALS,
    MAX_DISTANCE,
    MAX_FRACTION_TEXT,
    MAX_LIST,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SETTING,
    bounded_int,
    describe,
    key_text,
)
from seasons.ruleset.model import (
    ENTRY_FACTOR_KEYS,
    FACTOR_KEYS,
    PARTICIPATION_COUNTS,
    TIEBREAK_KEYS,
    WEEKDAYS,
    Aalsmeer,
    AbsenceDeadline,
    AbsenceLimit,
    ByePolicy,
    ClassRules,
    ChampionshipRule,
    ColourLimits,
    CupRules,
    Opening,
    PairingRules,
    Ruleset,
    ValueLadder,
    WithdrawalRule,
)
from seasons.ruleset.presets import PRESET_NAMES, merge, preset_settings

_FRACTION = re.compile(r"^\s*-?\d+(\s*/\s*\d+|\.\d+)?\s*$")
_TOP = re.compile(r"^N(\s*\+\s*(\d{1,7}))?$")
MAX_SEED = 2 ** 31 - 1
"""The solver takes a 32-bit seed."""


def parse_ruleset(spec: Any, where: str = "ruleset") -> Ruleset:
    """A preset name or `{"preset": NAME, …overrides}` → Ruleset, or InputError naming the key."""
    try:  # a spec built in code, not read by load_json, may nest deep enough to break `merge`
        check_json(spec)
    except InputError as exc:
        raise InputError(f"{where}.{exc.where}" if exc.where else where, exc.message) from None
    if isinstance(spec, str):
        preset, overrides = spec, {}
    elif isinstance(spec, dict):
        preset = spec.get("preset", "keizer-classic")
        overrides = {k: v for k, v in spec.items() if k != "preset"}
        if not isinstance(preset, str):
            raise InputError(f"{where}.preset", "must be a preset name")
    else:
        raise InputError(where, "must be a preset name or an object with overrides")
    if preset not in PRESET_NAMES:
        raise InputError(f"{where}.preset" if isinstance(spec, dict) else where,
                         f"unknown preset {describe(preset)} (known: {', '.join(PRESET_NAMES)})")
    settings = merge(preset_settings(preset), overrides)
    return _build(preset, settings, where)


def ruleset_settings(spec: Any) -> dict[str, Any]:
    """The complete settings object (preset merged with overrides), as the season file would write it."""
    if isinstance(spec, str):
        return preset_settings(spec)
    preset = spec.get("preset", "keizer-classic")
    return merge(preset_settings(preset), {k: v for k, v in spec.items() if k != "preset"})


class _Reader:
    """Reads one JSON object, remembering which keys were used so that unknown keys are errors."""

    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, dict):
            raise InputError(where, "must be an object")
        self.obj, self.where = obj, where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def done(self, allowed: tuple[str, ...]) -> None:
        for key in self.obj:
            if key not in allowed:
                raise InputError(self.at(key_text(key)), f"unknown key (known: {', '.join(allowed)})")

    def get(self, key: str, convert: Callable[[Any, str], Any]) -> Any:
        if key not in self.obj:
            raise InputError(self.at(key), "missing")
        return convert(self.obj[key], self.at(key))


def fraction(value: Any, where: str) -> Fraction:
    """An exact number: an integer, or a string like "1/3", "2" or "0.5" (never a float)."""
    if isinstance(value, bool):
        raise InputError(where, f"expected a number, got {value!r}")
    if isinstance(value, int):
        return Fraction(bounded_int(value, where, -MAX_SETTING, MAX_SETTING))
    if isinstance(value, str) and len(value) <= MAX_FRACTION_TEXT and _FRACTION.match(value):
        try:
            result = Fraction(value.replace(" ", ""))
        except ZeroDivisionError:
            raise InputError(where, f"division by zero in {value!r}") from None
        if abs(result.numerator) > _MAX_TERM or result.denominator > _MAX_TERM:
            raise InputError(where, f"{value!r} has more digits than a ruleset needs (numerator and "
                                    f"denominator at most {_MAX_TERM:_})")
        return result
    if isinstance(value, float):
        raise InputError(where, f"write fractions as strings, like \"1/3\" (got {describe(value)})")
    raise InputError(where, f"expected a fraction like \"1/3\", got {describe(value)}")


_MAX_TERM = 10 ** 9
"""The bound of a fraction's numerator and denominator: exact scoring stays fast."""


def nonneg_fraction(value: Any, where: str) -> Fraction:
    f = fraction(value, where)
    if f < 0:
        raise InputError(where, f"must not be negative, got {value!r}")
    return f


def integer(value: Any, where: str, minimum: int = 0, maximum: int = MAX_SETTING) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(where, f"expected a whole number, got {describe(value)}")
    if value < minimum:
        raise InputError(where, f"must be at least {minimum}, got {value}")
    if value > maximum:
        raise InputError(where, f"must be at most {maximum}, got {value}")
    return value


def _round_number(value: Any, where: str) -> int:
    return integer(value, where, 1, MAX_ROUNDS)


def _count(value: Any, where: str) -> int:
    return integer(value, where, 0, MAX_ROUNDS)


def _list(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, f"must be {what}")
    if len(value) > MAX_LIST:
        raise InputError(where, f"more than {MAX_LIST} items ({len(value)})")
    return value


def _optional(convert: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    return lambda v, w: None if v is None else convert(v, w)


def _choice(*choices: str) -> Callable[[Any, str], str]:
    def convert(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise InputError(where, f"expected one of {', '.join(map(repr, choices))}, got {describe(value)}")
        return value
    return convert


def _boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {describe(value)}")
    return value


def _value_ladder(obj: Any, where: str) -> ValueLadder:
    r = _Reader(obj, where)
    ladder = r.get("ladder", _choice("linear", "ratio", "range"))
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
        rounding = _choice("half-even", "down")(r.obj.get("rounding", "half-even"), r.at("rounding"))
        return ValueLadder(ladder="ratio", ratio=ratio,
                           ratio_rounding="down" if rounding == "down" else "half-even")
    r.done(("ladder", "top", "bottom", "decimals"))
    range_top = nonneg_fraction(r.obj.get("top", 200), r.at("top"))
    bottom = nonneg_fraction(r.obj.get("bottom", 100), r.at("bottom"))
    if bottom > range_top:
        raise InputError(r.at("bottom"), "must not be above top")
    decimals = _optional(lambda v, w: integer(v, w, 0, MAX_DECIMALS))(r.obj.get("decimals"), r.at("decimals"))
    return ValueLadder(ladder="range", range_top=range_top, bottom=bottom, decimals=decimals)


def _top(value: Any, where: str) -> tuple[int | None, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(value, where, 1), 0
    if isinstance(value, str):
        m = _TOP.match(value.replace(" ", ""))
        if m:
            return None, int(m.group(2) or 0)
    raise InputError(where, f"expected a number, \"N\" or \"N+c\", got {describe(value)}")


def _factors(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    r = _Reader(obj, where)
    r.done(FACTOR_KEYS)
    return tuple((key, r.get(key, nonneg_fraction)) for key in FACTOR_KEYS)


def _fixed_points(obj: Any, where: str) -> tuple[tuple[str, Fraction], ...]:
    r = _Reader(obj, where)
    r.done(ENTRY_FACTOR_KEYS)
    return tuple((key, nonneg_fraction(r.obj[key], r.at(key))) for key in ENTRY_FACTOR_KEYS if key in r.obj)


def _absence_limit(obj: Any, where: str) -> AbsenceLimit:
    r = _Reader(obj, where)
    r.done(("count", "kinds"))
    count = r.get("count", _count)
    kinds = _list(r.obj.get("kinds", ["excused", "unexcused"]), r.at("kinds"), "a non-empty list of entry kinds")
    if not kinds:
        raise InputError(r.at("kinds"), "must be a non-empty list of entry kinds")
    for i, kind in enumerate(kinds):
        _choice(*ENTRY_FACTOR_KEYS)(kind, f"{r.at('kinds')}[{i}]")
    return AbsenceLimit(count=count, kinds=tuple(kinds))


def _iterate(value: Any, where: str) -> Any:
    if value in ("never", "always"):
        return value
    if not isinstance(value, list):
        raise InputError(where, f"expected \"never\", \"always\" or a list of rounds, got {describe(value)}")
    rounds: list[int | str] = []
    for i, item in enumerate(_list(value, where, "a list of rounds")):
        rounds.append("final" if item == "final" else _round_number(item, f"{where}[{i}]"))
    return tuple(rounds)


def _aalsmeer(obj: Any, where: str) -> Aalsmeer:
    r = _Reader(obj, where)
    r.done(("multiplier", "rounds"))
    return Aalsmeer(multiplier=r.get("multiplier", nonneg_fraction),
                    rounds=r.get("rounds", _round_number))


def _withdrawal(obj: Any, where: str) -> WithdrawalRule:
    r = _Reader(obj, where)
    r.done(("removal_before_round", "win", "draw", "loss"))
    return WithdrawalRule(
        removal_before_round=_optional(_round_number)(r.obj.get("removal_before_round"),
                                                      r.at("removal_before_round")),
        win=r.get("win", nonneg_fraction), draw=r.get("draw", nonneg_fraction),
        loss=r.get("loss", nonneg_fraction))


def _rounding(obj: Any, where: str) -> Fraction:
    r = _Reader(obj, where)
    r.done(("grid",))
    grid = r.get("grid", fraction)
    if grid <= 0:
        raise InputError(r.at("grid"), "must be positive")
    return grid


def _participation(value: Any, where: str) -> tuple[Fraction | None, tuple[str, ...]]:
    """null, a share ("1/3": taking part counted as K's "Opk") or {"share", "counts"} → (share, counts)."""
    if value is None:
        return None, PARTICIPATION_COUNTS
    if isinstance(value, dict):
        r = _Reader(value, where)
        r.done(("share", "counts"))
        share = r.get("share", _share)
        counts = r.obj.get("counts", list(PARTICIPATION_COUNTS))
        if not isinstance(counts, list):
            raise InputError(r.at("counts"), f"must be a list from {', '.join(PARTICIPATION_COUNTS)}")
        chosen = {_choice(*PARTICIPATION_COUNTS)(c, f"{r.at('counts')}[{i}]") for i, c in enumerate(counts)}
        return share, tuple(c for c in PARTICIPATION_COUNTS if c in chosen)
    return _share(value, where), PARTICIPATION_COUNTS


def _share(value: Any, where: str) -> Fraction:
    f = fraction(value, where)
    if not 0 <= f <= 1:
        raise InputError(where, f"must be a fraction between 0 and 1, got {describe(value)}")
    return f


_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


def _absence_deadline(obj: Any, where: str) -> AbsenceDeadline:
    r = _Reader(obj, where)
    r.done(("weekday", "time"))
    day = r.get("weekday", _choice(*WEEKDAYS))
    clock = r.obj.get("time")
    m = _CLOCK.match(clock) if isinstance(clock, str) else None
    if m is None:
        raise InputError(r.at("time"), f"expected a time like \"20:00\", got {clock!r}")
    return AbsenceDeadline(weekday=WEEKDAYS.index(day), time=dt.time(int(m.group(1)), int(m.group(2))))


def _tiebreak(value: Any, where: str) -> tuple[str, ...]:
    keys: list[str] = []
    value = _list(value, where, "a list")
    for i, item in enumerate(value):
        key = _choice(*TIEBREAK_KEYS)(item, f"{where}[{i}]")
        if key in keys:
            raise InputError(f"{where}[{i}]", f"{key!r} is listed twice")
        keys.append(key)
    if "start_rank" not in keys:
        keys.append("start_rank")  # the starting rank always breaks what is left
    return tuple(keys)


def _pairing(obj: Any, where: str) -> PairingRules:
    r = _Reader(obj, where)
    r.done(("max_meetings", "rematch_from_round", "rematch_gap", "rematch_reverse_colours",
            "bottom_region", "opening", "bye", "colour", "seed"))
    return PairingRules(
        max_meetings=r.get("max_meetings", _round_number),
        rematch_from_round=r.get("rematch_from_round", _optional(_round_number)),
        rematch_gap=r.get("rematch_gap", _optional(_count)),
        rematch_reverse_colours=r.get("rematch_reverse_colours", _boolean),
        bottom_region=r.get("bottom_region", lambda v, w: integer(v, w, 0, MAX_PLAYERS)),
        opening=r.get("opening", _optional(_opening)),
        bye=r.get("bye", _bye),
        colour=r.get("colour", _colour),
        seed=r.get("seed", lambda v, w: integer(v, w, 0, MAX_SEED)),
    )


def _opening(obj: Any, where: str) -> Opening:
    r = _Reader(obj, where)
    r.done(("rounds", "distance"))
    rounds = _list(r.obj.get("rounds", [1, 2]), r.at("rounds"), "a list of rounds")
    return Opening(rounds=tuple(_round_number(x, f"{r.at('rounds')}[{i}]") for i, x in enumerate(rounds)),
                   distance=r.get("distance", lambda v, w: integer(v, w, 1, MAX_DISTANCE)))


def _bye(obj: Any, where: str) -> ByePolicy:
    r = _Reader(obj, where)
    r.done(("policy", "rank"))
    return ByePolicy(policy=r.get("policy", _choice("lowest", "anchor", "lottery")),
                     rank=integer(r.obj.get("rank", 25), r.at("rank"), 1, MAX_PLAYERS))


def _colour(obj: Any, where: str) -> ColourLimits:
    r = _Reader(obj, where)
    r.done(("max_run", "max_balance"))
    return ColourLimits(max_run=r.get("max_run", _round_number),
                        max_balance=r.get("max_balance", _round_number))


_TOP_KEYS = ("value", "factors", "fixed_points", "self_value", "absence_limit", "valuation", "iterate",
             "aalsmeer", "withdrawal", "rounding", "participation", "tiebreak", "pairing", "forfeit", "columns",
             "suspension", "absence_deadline", "classes", "cups",
             "championship")


def _build(preset: str, settings: dict[str, Any], where: str) -> Ruleset:
    r = _Reader(settings, where)
    r.done(_TOP_KEYS)
    share, counts = r.get("participation", _participation)
    return Ruleset(
        preset=preset,
        value=r.get("value", _value_ladder),
        factors=r.get("factors", _factors),
        fixed_points=r.get("fixed_points", _fixed_points),
        self_value=r.get("self_value", _optional(_choice("current", "initial"))),
        absence_limit=r.get("absence_limit", _optional(_absence_limit)),
        valuation=r.get("valuation", _choice("current", "frozen")),
        iterate=r.get("iterate", _iterate),
        aalsmeer=r.get("aalsmeer", _optional(_aalsmeer)),
        withdrawal=r.get("withdrawal", _withdrawal),
        rounding=r.get("rounding", _optional(_rounding)),
        participation=share,
        participation_counts=counts,
        tiebreak=r.get("tiebreak", _tiebreak),
        pairing=r.get("pairing", _pairing),
        forfeit=r.get("forfeit", _choice("factors", "bye")),
        columns=r.get("columns", _choice("d", "k")),
        suspension=r.get("suspension", _boolean),
        absence_deadline=r.get("absence_deadline", _optional(_absence_deadline)),
        # Absent from a spec written before these keys existed: no classes, no cups.
        classes=_optional(_classes)(r.obj.get("classes"), r.at("classes")),
        cups=_optional(_cups)(r.obj.get("cups"), r.at("cups")),
        championship=_optional(_championship)(settings.get("championship"), r.at("championship")),
    )


CLASS_NAMES = ("A", "B", "C", "D")
"""The class names a ruleset may use: those a player's `class` may hold (seasons/json_keys.py CLASSES)."""


def _classes(obj: Any, where: str) -> ClassRules:
    """D art. 5: `{"names": [...], "read_after": [20, "final"], "moves": 1, "balance": true}`."""
    r = _Reader(obj, where)
    r.done(("names", "read_after", "moves", "balance"))
    names = _list(r.obj.get("names", list(CLASS_NAMES)), r.at("names"), "a list of class names")
    if len(names) < 2:
        raise InputError(r.at("names"), "must name at least two classes")
    for i, name in enumerate(names):
        _choice(*CLASS_NAMES)(name, f"{r.at('names')}[{i}]")
        if name in names[:i]:
            raise InputError(f"{r.at('names')}[{i}]", f"{name!r} is listed twice")
    read_after = _iterate(r.obj.get("read_after", [20, "final"]), r.at("read_after"))
    if isinstance(read_after, str):
        raise InputError(r.at("read_after"), "must be a list of rounds (numbers or \"final\")")
    return ClassRules(names=tuple(names), read_after=read_after,
                      moves=integer(r.obj.get("moves", 1), r.at("moves"), 0, MAX_PLAYERS),
                      balance=_boolean(r.obj.get("balance", True), r.at("balance")))


def _cups(obj: Any, where: str) -> CupRules:
    """K's group cups: `{"top": 2, "participation": true}`."""
    r = _Reader(obj, where)
    r.done(("top", "participation"))
    return CupRules(top=integer(r.obj.get("top", 2), r.at("top"), 1, MAX_PLAYERS),
                    participation=_boolean(r.obj.get("participation", True), r.at("participation")))


def _championship(obj: Any, where: str) -> ChampionshipRule:
    r = _Reader(obj, where)
    r.done(("after_round", "size", "mode", "last_round"))
    # Defaults (D's numbers): under keizer-classic `{"mode": "separate"}` alone is a whole setting.
    after = _round_number(r.obj.get("after_round", 20), r.at("after_round"))
    size = integer(r.obj.get("size", 6), r.at("size"), 2, MAX_LIST)
    mode = _choice("inside", "separate")(r.obj.get("mode", "inside"), r.at("mode"))
    last = _optional(_round_number)(r.obj.get("last_round"), r.at("last_round"))
    if last is not None and last <= after:
        raise InputError(r.at("last_round"), f"must be after after_round ({after}), got {last}")
    return ChampionshipRule(after_round=after, size=size, mode="separate" if mode == "separate" else "inside",
                            last_round=last)
