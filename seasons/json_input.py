"""Strict JSON reading for every season input: duplicate keys, deep nesting and huge numbers refused."""

from __future__ import annotations

import json
from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_DEPTH, MAX_DIGITS, MAX_NAME


class _Refused:
    """A value the JSON text holds but no season may: kept as a marker by the parser's hooks (which do
    not know where they are), then refused with its path by the walk after parsing."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


class _Object(dict[str, Any]):
    """A JSON object that had a key twice (the last one would silently win)."""

    __slots__ = ("duplicate",)
    duplicate: str


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            marked = _Object(pairs)
            marked.duplicate = key
            return marked
        out[key] = value
    return out


def _number(text: str) -> Any:
    # Python refuses to convert ints past 4,300 digits, and far smaller ones overflow later.
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        return _Refused(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _constant(text: str) -> Any:
    return _Refused(f"{text} is not a number JSON allows")


def load_json(text: str) -> Any:
    """The JSON value of `text`; InputError with a line and column, or with the path of the bad value."""
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_int=_number, parse_float=_number,
                           parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"line {exc.lineno} column {exc.colno}", f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InputError("", f"lists and objects nested more than {MAX_DEPTH} deep") from None
    check_json(value)
    return value


def check_json(value: Any) -> None:
    """InputError naming the first place in `value` that is nested too deep, has a key twice or a key
    that is not printable or too long, or holds a refused number (no recursion: a value nested a
    million deep is walked like a flat one)."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, _Refused):
            raise InputError(where, item.why)
        if isinstance(item, (dict, list)) and depth >= MAX_DEPTH:
            raise InputError(where, f"nested more than {MAX_DEPTH} deep")
        if isinstance(item, dict):
            if isinstance(item, _Object):
                raise InputError(where, f"the key {item.duplicate!r} appears twice")
            for key, child in reversed(item.items()):
                # Keys end up in error messages: never a control character there, never a page of text.
                if not isinstance(key, str) or not key.isprintable():
                    raise InputError(where, f"the key {ascii(key)[:60]} has a control character")
                if len(key) > MAX_NAME:  # every key of the format is a word or a player id
                    raise InputError(where, f"a key of {len(key)} characters (at most {MAX_NAME})")
                stack.append((child, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(item, list):
            for i in range(len(item) - 1, -1, -1):
                stack.append((item[i], f"{where}[{i}]", depth + 1))
