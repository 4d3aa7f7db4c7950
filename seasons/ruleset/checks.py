"""The checked values a ruleset is read from: exact fractions, bounded whole numbers, choices, lists."""

from __future__ import annotations

import re
from fractions import Fraction
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_FRACTION_TEXT, MAX_LIST, MAX_ROUNDS, MAX_SETTING, bounded_int, describe, key_text

_FRACTION = re.compile(r"^\s*-?\d+(\s*/\s*\d+|\.\d+)?\s*$")


Convert = Callable[[Any, str], Any]
"""A checked value's reader: (the JSON value, where it is) → the value, or InputError."""


@dataclass(frozen=True, slots=True)
class Default:
    """A key that may be left out: its value then is `value`, read by `convert` like any other."""

    value: Any
    convert: Convert


class Reader:
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

    def get(self, key: str, convert: Convert | Default) -> Any:
        if isinstance(convert, Default):
            return convert.convert(self.obj.get(key, convert.value), self.at(key))
        if key not in self.obj:
            raise InputError(self.at(key), "missing")
        return convert(self.obj[key], self.at(key))

    def read(self, fields: Mapping[str, Convert | Default]) -> dict[str, Any]:
        """Every key of `fields` read (each named once, with how it is read): an unknown key first, then each
        key in turn; a `Default` key may be left out."""
        self.done(tuple(fields))
        return {key: self.get(key, convert) for key, convert in fields.items()}


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


def round_number(value: Any, where: str) -> int:
    return integer(value, where, 1, MAX_ROUNDS)


def round_count(value: Any, where: str) -> int:
    return integer(value, where, 0, MAX_ROUNDS)


def bounded_list(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, f"must be {what}")
    if len(value) > MAX_LIST:
        raise InputError(where, f"more than {MAX_LIST} items ({len(value)})")
    return value


def optional(convert: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    return lambda v, w: None if v is None else convert(v, w)


def choice(*choices: str) -> Callable[[Any, str], str]:
    def convert(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise InputError(where, f"expected one of {', '.join(map(repr, choices))}, got {describe(value)}")
        return value
    return convert


def boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {describe(value)}")
    return value


def rounds_or_word(value: Any, where: str) -> Any:
    """`"never"`, `"always"` or a list of rounds (numbers or `"final"`): the shape of `iterate` and
    `classes.read_after`."""
    if value in ("never", "always"):
        return value
    if not isinstance(value, list):
        raise InputError(where, f"expected \"never\", \"always\" or a list of rounds, got {describe(value)}")
    rounds: list[int | str] = []
    for i, item in enumerate(bounded_list(value, where, "a list of rounds")):
        rounds.append("final" if item == "final" else round_number(item, f"{where}[{i}]"))
    return tuple(rounds)
