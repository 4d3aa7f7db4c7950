"""Strict JSON reading for every season input: duplicate keys, deep nesting and huge numbers refused."""

from __future__ import annotations

import json
from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.gcpause import collector_paused
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
    out = dict(pairs)  # in one go; a key given twice shows as fewer keys than pairs
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    duplicate = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
    marked = _Object(pairs)
    marked.duplicate = duplicate
    return marked


def _number(text: str) -> Any:
    # Python refuses to convert ints past 4,300 digits, and far smaller ones overflow later.
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        return _Refused(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _constant(text: str) -> Any:
    return _Refused(f"{text} is not a number JSON allows")


class _Parse:
    """What the parser's hooks saw while they built the value: every key (a season repeats a few hundred keys
    over hundreds of thousands of objects: each is checked once, not once per object) and whether any object
    had a key twice or any number was refused."""

    __slots__ = ("keys", "odd")

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.odd = False

    def pairs(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = _pairs(pairs)
        self.keys.update(out)
        self.odd = self.odd or type(out) is _Object
        return out

    def number(self, text: str) -> Any:
        value = _number(text)
        self.odd = self.odd or type(value) is _Refused
        return value

    def constant(self, text: str) -> Any:
        self.odd = True
        return _constant(text)

    def sound_keys(self) -> bool:
        return all(key.isprintable() and len(key) <= MAX_NAME for key in self.keys)


def load_json(text: str) -> Any:
    """The JSON value of `text`; InputError with a line and column, or with the path of the bad value. When
    the hooks saw nothing wrong, only the nesting is walked (objects and lists, not their texts and numbers);
    else the whole value, which names the first place that is wrong."""
    parse = _Parse()
    try:
        with collector_paused():  # a large season's text is hundreds of thousands of small objects
                value = json.loads(text, object_pairs_hook=parse.pairs, parse_int=parse.number,
                               parse_float=parse.number, parse_constant=parse.constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"line {exc.lineno} column {exc.colno}", f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InputError("", f"lists and objects nested more than {MAX_DEPTH} deep") from None
    if parse.odd or not parse.sound_keys():
        check_json(value)
    else:
        _check_depth(value)
    return value


def _check_depth(value: Any) -> None:
    """InputError naming the first place nested more than MAX_DEPTH deep (objects and lists walked only)."""
    containers = (dict, list, _Object)
    stack: list[tuple[Any, Any, int]] = [(value, None, 0)] if type(value) in containers else []
    while stack:
        item, place, depth = stack.pop()
        if depth >= MAX_DEPTH:
            raise InputError(_where(place), f"nested more than {MAX_DEPTH} deep")
        if type(item) is list:
            children = enumerate(item)
        else:
            children = item.items()
        for key, child in children:
            if type(child) in containers:
                stack.append((child, (place, key), depth + 1))


def check_json(value: Any) -> None:
    """InputError naming the first place in `value` that is nested too deep, has a key twice or a key
    that is not printable or too long, or holds a refused number (no recursion: a value nested a
    million deep is walked like a flat one). Linear, and cheap per item: only lists, objects and refused
    numbers are walked into (a text or a number needs no look), and a place's path is spelled out only
    for the error (each item carries its parent and its key)."""
    stack: list[tuple[Any, Any, int]] = [(value, None, 0)]
    while stack:
        item, place, depth = stack.pop()
        if isinstance(item, _Refused):
            raise InputError(_where(place), item.why)
        if depth >= MAX_DEPTH:
            raise InputError(_where(place), f"nested more than {MAX_DEPTH} deep")
        if isinstance(item, dict):
            if isinstance(item, _Object):
                raise InputError(_where(place), f"the key {item.duplicate!r} appears twice")
            for key, child in reversed(item.items()):
                # Keys end up in error messages: never a control character there, never a page of text.
                if not isinstance(key, str) or not key.isprintable():
                    raise InputError(_where(place), f"the key {ascii(key)[:60]} has a control character")
                if len(key) > MAX_NAME:  # every key of the format is a word or a player id
                    raise InputError(_where(place), f"a key of {len(key)} characters (at most {MAX_NAME})")
                if isinstance(child, (dict, list, _Refused)):
                    stack.append((child, (place, key), depth + 1))
        elif isinstance(item, list):
            for i in range(len(item) - 1, -1, -1):
                child = item[i]
                if isinstance(child, (dict, list, _Refused)):
                    stack.append((child, (place, i), depth + 1))


def _where(place: Any) -> str:
    """The path of a place as `rounds[3].games[0].white`: (parent, key) pairs walked back to the top."""
    parts: list[str] = []
    while place is not None:
        place, key = place
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).removeprefix(".")
