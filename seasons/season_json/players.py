"""Reading a season file's players, withdrawals and suspensions, and the player ids the rounds refer to."""

from __future__ import annotations

from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import CLASSES, PLAYER_KEYS, WITHDRAWAL_KEYS, reject_unknown_keys
from keizer.seasons.limits import (
    MAX_GROUP,
    MAX_MEMBER_ID,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RATING,
    MAX_ROUNDS,
    bounded_int,
    checked_text,
    describe,
)
from keizer.seasons.model import Player, PlayerId, Withdrawal


def expect_object(obj: Any, where: str) -> None:
    """An object (a dict) at `where`, or InputError."""
    if not isinstance(obj, dict):
        raise InputError(where, "must be an object")


def players_from_json(value: Any) -> tuple[Player, ...]:
    """`players`, in starting-ranking order: ids and member numbers each one player's."""
    if not isinstance(value, list):  # empty is fine: a new season before its players are entered
        raise InputError("players", "must be a list")
    if len(value) > MAX_PLAYERS:
        raise InputError("players", f"more than {MAX_PLAYERS} players ({len(value)})")
    seen: dict[str, int] = {}
    members: dict[tuple[str, int], int] = {}
    players = []
    for i, obj in enumerate(value):
        where = f"players[{i}]"
        expect_object(obj, where)
        reject_unknown_keys(obj, where, PLAYER_KEYS)
        pid = player_id(obj.get("id"), f"{where}.id")
        if pid in seen:
            raise InputError(f"{where}.id", f"duplicate id {pid!r} (also players[{seen[pid]}])")
        seen[pid] = i
        name = checked_text(obj.get("name", pid), f"{where}.name", MAX_NAME, empty=False)
        rating = obj.get("rating")
        if rating is not None:
            bounded_int(rating, f"{where}.rating", 0, MAX_RATING)
        klass = obj.get("class")
        if klass is not None and (not isinstance(klass, str) or klass not in CLASSES):
            raise InputError(f"{where}.class", f"expected one of A, B, C, D, got {describe(klass)}")
        group = obj.get("group")
        if group is not None:
            bounded_int(group, f"{where}.group", 1, MAX_GROUP)
        joined = bounded_int(obj.get("joined", 1), f"{where}.joined", 1, MAX_ROUNDS, "a round number")
        enters_at = obj.get("enters_at", "rating")
        if enters_at != "rating":
            bounded_int(enters_at, f"{where}.enters_at", 1, MAX_PLAYERS, '"rating" or a place')
        numbers = {key: _member_number(obj, key, where, i, members) for key in ("knsb_id", "fide_id")}
        players.append(Player(id=PlayerId(pid), name=name, rating=rating, klass=klass, cup_group=group,
                              joined=joined, enters_at=None if enters_at == "rating" else enters_at, **numbers))
    return tuple(players)


def _member_number(obj: dict[str, Any], key: str, where: str, i: int, seen: dict[tuple[str, int], int]) -> int | None:
    """A federation's member number (`knsb_id`, `fide_id`): a whole number, one player's only (two players
    with one number would be one person twice in a rating report)."""
    number = obj.get(key)
    if number is None:
        return None
    bounded_int(number, f"{where}.{key}", 1, MAX_MEMBER_ID, "a member number")
    if (key, number) in seen:
        raise InputError(f"{where}.{key}", f"{number} is also players[{seen[key, number]}].{key}")
    seen[key, number] = i
    return int(number)


def withdrawals_from_json(value: Any, known: dict[PlayerId, Player]) -> tuple[Withdrawal, ...]:
    """`withdrawals`: known players, each once."""
    if not isinstance(value, list):
        raise InputError("withdrawals", "must be a list")
    out: list[Withdrawal] = []
    seen: set[PlayerId] = set()  # a set, not a scan of `out`: 100,000 withdrawals stay linear
    for i, obj in enumerate(value):
        where = f"withdrawals[{i}]"
        expect_object(obj, where)
        reject_unknown_keys(obj, where, WITHDRAWAL_KEYS)
        pid = player_ref(obj.get("player"), f"{where}.player", known)
        if pid in seen:
            raise InputError(f"{where}.player", f"{pid!r} already withdrew")
        seen.add(pid)
        before = bounded_int(obj.get("before_round"), f"{where}.before_round", 1, MAX_ROUNDS, "a round number")
        out.append(Withdrawal(player=pid, before_round=before))
    return tuple(out)


def player_id(value: Any, where: str) -> PlayerId:
    """A player's id as written: a non-empty string of at most MAX_NAME characters, no control characters
    (not normalised: an id is compared byte for byte)."""
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"must be a non-empty string, got {describe(value)}")
    if checked_text(value, where, MAX_NAME) != value:
        raise InputError(where, f"{value!r} is not in Unicode's composed form (NFC); write it composed")
    return PlayerId(value)


def suspended_from_json(value: Any, known: dict[PlayerId, Player]) -> tuple[PlayerId, ...]:
    """D art. 12's suspended players: ids, each once; kept sorted like `Season.suspended`."""
    if not isinstance(value, list):
        raise InputError("suspended", "must be a list of player ids")
    seen: set[PlayerId] = set()
    for i, item in enumerate(value):
        pid = player_ref(item, f"suspended[{i}]", known)
        if pid in seen:
            raise InputError(f"suspended[{i}]", f"{pid!r} is listed twice")
        seen.add(pid)
    return tuple(sorted(seen))


def player_ref(value: Any, where: str, known: dict[PlayerId, Player]) -> PlayerId:
    """The id of a player the season has, or InputError."""
    if not isinstance(value, str):
        raise InputError(where, f"expected a player id, got {describe(value)}")
    if value not in known:
        raise InputError(where, f"unknown player {describe(value)}")
    return PlayerId(value)
