"""The ruleset's prize keys read and checked (docs/rules.md §8–§9): the championship group, classes, cups."""

from __future__ import annotations

from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_LIST, MAX_PLAYERS
from keizer.seasons.ruleset.checks import (
    Default,
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
    return ClassRules(**Reader(obj, where).read({
        "names": Default(list(CLASS_NAMES), _class_names),
        "read_after": Default([20, "final"], _read_after),
        "moves": Default(1, lambda v, w: integer(v, w, 0, MAX_PLAYERS)),
        "balance": Default(True, boolean),
    }))


def _class_names(value: Any, where: str) -> tuple[str, ...]:
    names = bounded_list(value, where, "a list of class names")
    if len(names) < 2:
        raise InputError(where, "must name at least two classes")
    for i, name in enumerate(names):
        choice(*CLASS_NAMES)(name, f"{where}[{i}]")
        if name in names[:i]:
            raise InputError(f"{where}[{i}]", f"{name!r} is listed twice")
    return tuple(names)


def _read_after(value: Any, where: str) -> tuple[int | str, ...]:
    read_after = rounds_or_word(value, where)
    if isinstance(read_after, str):
        raise InputError(where, "must be a list of rounds (numbers or \"final\")")
    return read_after


def cups(obj: Any, where: str) -> CupRules:
    """K's group cups: `{"top": 2, "participation": true}`."""
    return CupRules(**Reader(obj, where).read({
        "top": Default(2, lambda v, w: integer(v, w, 1, MAX_PLAYERS)),
        "participation": Default(True, boolean),
    }))


def championship(obj: Any, where: str) -> ChampionshipRule:
    r = Reader(obj, where)
    # Defaults (D's numbers): under keizer-classic `{"mode": "separate"}` alone is a whole setting.
    rule = r.read({
        "after_round": Default(20, round_number),
        "size": Default(6, lambda v, w: integer(v, w, 2, MAX_LIST)),
        "mode": Default("inside", choice("inside", "separate")),
        "last_round": Default(None, optional(round_number)),
        "withdrawn_member": Default("half", choice("half", "annul", "forfeit")),
        "ties": Default("decision", choice("decision", "shared")),
    })
    after, last = rule["after_round"], rule["last_round"]
    if last is not None and last <= after:
        raise InputError(r.at("last_round"), f"must be after after_round ({after}), got {last}")
    return ChampionshipRule(**rule)
