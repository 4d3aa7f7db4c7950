"""Reading and writing the JSON payloads of events: typed fields, errors that name the field."""

from __future__ import annotations

import json
from typing import Any, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import PLAYER_KEYS, entry_from_json, reject_unknown_keys, result_from_json
from keizer.seasons.limits import key_text
from keizer.seasons.model import EntryKind, Player, PlayerId, Result, Season
from keizer.seasons.season_json.write import season_to_json


def canonical_json(value: Any) -> str:
    """The one text form of a payload: sorted keys, no spaces, no NaN — same value, same bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def frozen_copy(value: Any, where: str) -> Any:
    """A private copy of a JSON value (ruleset spec, pairing meta), so that a caller's later changes to
    the object it passed cannot change an event after the fact; InputError if it is not JSON."""
    try:
        return json.loads(canonical_json(value))
    except (TypeError, ValueError) as exc:
        raise InputError(where, f"must be plain JSON data ({exc})") from None


class PayloadReader:
    """Reads one event payload; every key must be known and every error names `kind.key`."""

    def __init__(self, payload: Any, kind: str, required: tuple[str, ...], optional: tuple[str, ...] = ()):
        if not isinstance(payload, Mapping):
            raise InputError(kind, "the payload must be an object")
        for key in payload:
            if key not in required and key not in optional:
                raise InputError(f"{kind}.{key_text(key)}", f"unknown key (known: {', '.join(required + optional)})")
        for key in required:
            if key not in payload:
                raise InputError(f"{kind}.{key}", "missing")
        self.payload = payload
        self.kind = kind

    def where(self, key: str) -> str:
        return f"{self.kind}.{key}"

    def has(self, key: str) -> bool:
        return key in self.payload

    def raw(self, key: str) -> Any:
        return self.payload.get(key)

    def integer(self, key: str, minimum: int = 1) -> int:
        value = self.payload.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InputError(self.where(key), f"expected a whole number of at least {minimum}, got {value!r}")
        return value

    def optional_integer(self, key: str, minimum: int = 1) -> int | None:
        return None if self.payload.get(key) is None else self.integer(key, minimum)

    def boolean(self, key: str) -> bool:
        value = self.payload.get(key)
        if not isinstance(value, bool):
            raise InputError(self.where(key), f"expected true or false, got {value!r}")
        return value

    def text(self, key: str) -> str:
        value = self.payload.get(key)
        if not isinstance(value, str):
            raise InputError(self.where(key), f"expected a string, got {value!r}")
        return value

    def optional_text(self, key: str) -> str | None:
        return None if self.payload.get(key) is None else self.text(key)

    def player_id(self, key: str) -> PlayerId:
        return player_id(self.payload.get(key), self.where(key))

    def optional_player_id(self, key: str) -> PlayerId | None:
        return None if self.payload.get(key) is None else self.player_id(key)

    def entry_kind(self, key: str) -> EntryKind | None:
        value = self.payload.get(key)
        return None if value is None else entry_kind(value, self.where(key))

    def result(self, key: str) -> Result:
        return result_from_json(self.payload.get(key), self.where(key))

    def object(self, key: str) -> dict[str, Any]:
        value = self.payload.get(key)
        if not isinstance(value, dict):
            raise InputError(self.where(key), "must be an object")
        return value


GAME_RESULT_KEYS = ("round", "white", "black", "result")
"""The payload of an event that sets one game's result: a Keizer round's (`result-set`) or a separate
championship group's (`group-result-set`)."""


def game_result_to_json(round_number: int, white: PlayerId, black: PlayerId, result: Result) -> dict[str, Any]:
    return {"round": round_number, "white": white, "black": black, "result": result.value}


def game_result_from_json(payload: Any, kind: str) -> tuple[int, PlayerId, PlayerId, Result]:
    """(round, white, black, result) of a `GAME_RESULT_KEYS` payload, in the events' field order."""
    r = PayloadReader(payload, kind, GAME_RESULT_KEYS)
    return r.integer("round"), r.player_id("white"), r.player_id("black"), r.result("result")


def player_id(value: Any, where: str) -> PlayerId:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"expected a player id, got {value!r}")
    return PlayerId(value)


def entry_kind(value: Any, where: str) -> EntryKind:
    """An entry in an event payload, checked exactly as the season file checks it."""
    return entry_from_json(value, where)


def player_to_json(player: Player) -> dict[str, Any]:
    """The player's object exactly as the season file has it, written by season_json itself (a
    one-player season around it), so that the two forms cannot drift apart."""
    carrier = Season(name="", ruleset_spec="keizer-classic", players=(player,))
    out: dict[str, Any] = season_to_json(carrier)["players"][0]
    return out


def player_from_json(value: Any, where: str) -> Player:
    """A player from its season-file object, with the field types checked. Whether the player fits the
    season (classes A–D, a sensible `joined`) is for `Event.apply`, which validates the whole season
    with season_json; reading the log must stay fast (a season has hundreds of player events)."""
    if not isinstance(value, dict):
        raise InputError(where, "must be an object")
    reject_unknown_keys(value, where, PLAYER_KEYS)
    pid = player_id(value.get("id"), f"{where}.id")
    name = value.get("name", pid)
    if not isinstance(name, str):
        raise InputError(f"{where}.name", "must be a string")
    for key in ("rating", "group", "joined", "knsb_id", "fide_id"):
        item = value.get(key, 1 if key == "joined" else None)
        if (item is not None or key == "joined") and (isinstance(item, bool) or not isinstance(item, int)):
            raise InputError(f"{where}.{key}", f"expected a whole number, got {item!r}")
    klass = value.get("class")
    if klass is not None and not isinstance(klass, str):
        raise InputError(f"{where}.class", f"expected a class letter, got {klass!r}")
    enters_at = value.get("enters_at", "rating")
    if enters_at != "rating" and (isinstance(enters_at, bool) or not isinstance(enters_at, int)):
        raise InputError(f"{where}.enters_at", f"expected \"rating\" or a place, got {enters_at!r}")
    return Player(id=pid, name=name, rating=value.get("rating"), klass=klass, cup_group=value.get("group"),
                  joined=value.get("joined", 1), enters_at=None if enters_at == "rating" else enters_at,
                  knsb_id=value.get("knsb_id"), fide_id=value.get("fide_id"))
