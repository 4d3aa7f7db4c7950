"""The ruleset's prize keys read and checked (docs/rules.md §8–§9): the championship group, classes, cups."""

from __future__ import annotations

from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_LIST, MAX_PLAYERS
from keizer.seasons.ruleset.checks import (
    Reader,
    boolean,
    bounded_list,
    choice,
    integer,
    optional,
    round_number,
    rounds_or_word,
)
from keizer.seasons.ruleset.model import ChampionshipRule, ClassRules, CupRules

CLASS_NAMES = ("A", "B", "C", "D")
"""The class names a ruleset may use: those a player's `class` may hold (seasons/json_keys.py CLASSES)."""


def classes(obj: Any, where: str) -> ClassRules:
    """D art. 5: `{"names": [...], "read_after": [20, "final"], "moves": 1, "balance": true}`."""
    r = Reader(obj, where)
    r.done(("names", "read_after", "moves", "balance"))
    names = bounded_list(r.obj.get("names", list(CLASS_NAMES)), r.at("names"), "a list of class names")
    if len(names) < 2:
        raise InputError(r.at("names"), "must name at least two classes")
    for i, name in enumerate(names):
        choice(*CLASS_NAMES)(name, f"{r.at('names')}[{i}]")
        if name in names[:i]:
            raise InputError(f"{r.at('names')}[{i}]", f"{name!r} is listed twice")
    read_after = rounds_or_word(r.obj.get("read_after", [20, "final"]), r.at("read_after"))
    if isinstance(read_after, str):
        raise InputError(r.at("read_after"), "must be a list of rounds (numbers or \"final\")")
    return ClassRules(names=tuple(names), read_after=read_after,
                      moves=integer(r.obj.get("moves", 1), r.at("moves"), 0, MAX_PLAYERS),
                      balance=boolean(r.obj.get("balance", True), r.at("balance")))


def cups(obj: Any, where: str) -> CupRules:
    """K's group cups: `{"top": 2, "participation": true}`."""
    r = Reader(obj, where)
    r.done(("top", "participation"))
    return CupRules(top=integer(r.obj.get("top", 2), r.at("top"), 1, MAX_PLAYERS),
                    participation=boolean(r.obj.get("participation", True), r.at("participation")))


def championship(obj: Any, where: str) -> ChampionshipRule:
    r = Reader(obj, where)
    r.done(("after_round", "size", "mode", "last_round"))
    # Defaults (D's numbers): under keizer-classic `{"mode": "separate"}` alone is a whole setting.
    after = round_number(r.obj.get("after_round", 20), r.at("after_round"))
    size = integer(r.obj.get("size", 6), r.at("size"), 2, MAX_LIST)
    mode = choice("inside", "separate")(r.obj.get("mode", "inside"), r.at("mode"))
    last = optional(round_number)(r.obj.get("last_round"), r.at("last_round"))
    if last is not None and last <= after:
        raise InputError(r.at("last_round"), f"must be after after_round ({after}), got {last}")
    return ChampionshipRule(after_round=after, size=size, mode="separate" if mode == "separate" else "inside",
                            last_round=last)
