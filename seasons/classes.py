"""D art. 5's classes in the season: who is in which class when, and the file's `class_moves`, `started_from`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import CLASS_MOVE_KEYS, CLASSES, ORIGIN_KEYS, reject_unknown_keys
from keizer.seasons.limits import MAX_ROUNDS, bounded_int, checked_text, describe, key_text
from keizer.seasons.model import ClassMoves, Player, PlayerId, Season, SeasonOrigin


def class_in_round(season: Season, pid: PlayerId, k: int) -> str | None:
    """The class `pid` plays round k in: the starting class (`class`), changed by every reading before k."""
    klass = season.player(pid).klass
    for reading in season.class_moves:
        if reading.after_round < k:
            klass = dict(reading.moves).get(pid, klass)
    return klass


def classes_in_round(season: Season, k: int) -> dict[PlayerId, str]:
    """Every classed player's class in round k (players without a class left out)."""
    out = {p.id: p.klass for p in season.players if p.klass is not None}
    for reading in season.class_moves:
        if reading.after_round < k:
            out.update(reading.moves)
    return {pid: klass for pid, klass in out.items() if klass is not None}


def reading_after(season: Season, after_round: int) -> ClassMoves | None:
    """The moves accepted at the reading after `after_round`, if any."""
    return next((m for m in season.class_moves if m.after_round == after_round), None)


def with_class_moves(season: Season, after_round: int, moves: tuple[tuple[PlayerId, str], ...] | None) -> Season:
    """This season with the reading after `after_round` set to `moves` (None: taken back)."""
    rest = [m for m in season.class_moves if m.after_round != after_round]
    if moves is not None:
        rest.append(ClassMoves(after_round=after_round, moves=tuple(sorted(moves))))
    return replace(season, class_moves=tuple(sorted(rest, key=lambda m: m.after_round)))


def class_moves_to_json(readings: tuple[ClassMoves, ...]) -> list[dict[str, Any]]:
    return [{"after_round": m.after_round, "moves": {pid: klass for pid, klass in m.moves}} for m in readings]


def moves_from_json(value: Any, where: str,
                    known: Mapping[PlayerId, Player] | None) -> tuple[tuple[PlayerId, str], ...]:
    """`{"jan": "A", …}` → (player, class) sorted by player id; each class A–D, each player known (`known`
    None: any id, checked later against the season, as a store event's replay does)."""
    if not isinstance(value, dict):
        raise InputError(where, "must be an object mapping player ids to classes")
    out = []
    for pid, klass in value.items():
        at = f"{where}.{key_text(pid)}"
        if not isinstance(pid, str) or (known is not None and pid not in known):
            raise InputError(at, f"unknown player {describe(pid)}")
        if not isinstance(klass, str) or klass not in CLASSES:
            raise InputError(at, f"expected one of {', '.join(CLASSES)}, got {describe(klass)}")
        out.append((PlayerId(pid), klass))
    return tuple(sorted(out))


def class_moves_from_json(value: Any, known: Mapping[PlayerId, Player]) -> tuple[ClassMoves, ...]:
    """The file's `class_moves`: one reading per round, listed by `after_round` ascending."""
    if not isinstance(value, list):
        raise InputError("class_moves", "must be a list")
    out: list[ClassMoves] = []
    for i, obj in enumerate(value):
        where = f"class_moves[{i}]"
        if not isinstance(obj, dict):
            raise InputError(where, "must be an object")
        reject_unknown_keys(obj, where, CLASS_MOVE_KEYS)
        after = bounded_int(obj.get("after_round"), f"{where}.after_round", 1, MAX_ROUNDS, "a round number")
        if out and after <= out[-1].after_round:
            raise InputError(f"{where}.after_round", f"readings are listed by round, once each "
                                                     f"(round {after} after round {out[-1].after_round})")
        out.append(ClassMoves(after_round=after, moves=moves_from_json(obj.get("moves", {}), f"{where}.moves", known)))
    return tuple(out)


def origin_to_json(origin: SeasonOrigin) -> dict[str, Any]:
    return {"season": origin.season, "round": origin.round}


def origin_from_json(value: Any) -> SeasonOrigin:
    """The file's `started_from`: `{"season": name, "round": k}`."""
    if not isinstance(value, dict):
        raise InputError("started_from", "must be an object")
    reject_unknown_keys(value, "started_from", ORIGIN_KEYS)
    name = checked_text(value.get("season", ""), "started_from.season")
    k = bounded_int(value.get("round"), "started_from.round", 0, MAX_ROUNDS, "a round number")
    return SeasonOrigin(season=name, round=k)
