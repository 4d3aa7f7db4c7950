"""The championship group in the season file (D art. 2–4, K "finalegroep"): read and written as JSON, and who
it takes out of the Keizer rounds. Its values (`ChampionshipGroup`, `GroupGame`, `DecisionGame`) are part of
the season model (`seasons/model.py`)."""

from __future__ import annotations

from typing import Any, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import reject_unknown_keys, result_from_json
from keizer.seasons.limits import MAX_LIST, MAX_ROUNDS, bounded_int, describe
from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame, PlayerId, Result

CHAMPIONSHIP_KEYS = ("formed_after", "members", "declined", "unavailable", "schedule", "decision")
"""The keys of the season file's `championship` object, in the order an export writes them."""
GROUP_GAME_KEYS = ("round", "white", "black", "result")
"""The keys of one scheduled group game."""
DECISION_GAME_KEYS = ("white", "black", "result")
"""The keys of one decision game."""


FINAL_GROUP = "final group"
"""What a member of K's final group is in a Keizer round after it formed: not paired, not absent (§8)."""


def final_group(group: ChampionshipGroup | None, mode: str | None) -> ChampionshipGroup | None:
    """The group when its members leave the Keizer (a "separate" group, K's final group), else None;
    `mode` is the ruleset's `championship.mode` (None: no group in the ruleset)."""
    return group if group is not None and mode == "separate" else None


def out_of_keizer(group: ChampionshipGroup | None, mode: str | None, k: int) -> tuple[PlayerId, ...]:
    """The members who play no Keizer in round k (docs/rules.md §8): a "separate" group's, in their order,
    from the round after it formed; () otherwise."""
    left = final_group(group, mode)
    return left.members if left is not None and k > left.formed_after else ()


def sorted_schedule(games: tuple[GroupGame, ...] | list[GroupGame]) -> tuple[GroupGame, ...]:
    """A schedule in its one order: by round, then as given (sorted() is stable)."""
    return tuple(sorted(games, key=lambda g: g.round))


def championship_to_json(group: ChampionshipGroup) -> dict[str, Any]:
    """The season file's `championship` object; empty lists are left out."""
    out: dict[str, Any] = {"formed_after": group.formed_after, "members": list(group.members)}
    if group.declined:
        out["declined"] = list(group.declined)
    if group.unavailable:
        out["unavailable"] = {pid: list(rounds) for pid, rounds in group.unavailable}
    if group.schedule:
        out["schedule"] = [_game_json(g) for g in group.schedule]
    if group.decision:
        out["decision"] = [{"white": g.white, "black": g.black, "result": g.result.value} for g in group.decision]
    return out


def _game_json(g: GroupGame) -> dict[str, Any]:
    out: dict[str, Any] = {"round": g.round, "white": g.white, "black": g.black}
    if g.result is not Result.PENDING:  # an "inside" group's game never writes one
        out["result"] = g.result.value
    return out


def championship_from_json(obj: Any, where: str, known: Mapping[PlayerId, object], mode: str | None,
                           ) -> ChampionshipGroup:
    """A validated group; `known` the season's player ids, `mode` the ruleset's (None: the ruleset has no
    group, which makes any group an error)."""
    if not isinstance(obj, dict):
        raise InputError(where, "must be an object")
    if mode is None:
        raise InputError(where, "the ruleset has no championship group (ruleset key `championship`)")
    reject_unknown_keys(obj, where, CHAMPIONSHIP_KEYS)
    formed = bounded_int(obj.get("formed_after"), f"{where}.formed_after", 1, MAX_ROUNDS, "a round number")
    members = _ids(obj.get("members"), f"{where}.members", known)
    if len(members) < 2:
        raise InputError(f"{where}.members", f"a group needs at least 2 members, got {len(members)}")
    declined = _ids(obj.get("declined", []), f"{where}.declined", known)
    for i, pid in enumerate(declined):
        if pid in members:
            raise InputError(f"{where}.declined[{i}]", f"{pid!r} is a member and cannot have declined")
    unavailable = _unavailable(obj.get("unavailable", {}), f"{where}.unavailable", members, formed)
    schedule = _schedule(obj.get("schedule", []), f"{where}.schedule", members, formed, mode)
    decision = _decision(obj.get("decision", []), f"{where}.decision", members)
    return ChampionshipGroup(formed_after=formed, members=members, declined=declined, unavailable=unavailable,
                             schedule=schedule, decision=decision)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, "must be a list")
    if len(value) > MAX_LIST:
        raise InputError(where, f"more than {MAX_LIST} items ({len(value)})")
    return value


def _ids(value: Any, where: str, known: Mapping[PlayerId, object]) -> tuple[PlayerId, ...]:
    out: list[PlayerId] = []
    for i, item in enumerate(_list(value, where)):
        out.append(_member(item, f"{where}[{i}]", known))
        if out[-1] in out[:-1]:
            raise InputError(f"{where}[{i}]", f"{item!r} is listed twice")
    return tuple(out)


def _member(value: Any, where: str, known: Mapping[PlayerId, object] | tuple[PlayerId, ...]) -> PlayerId:
    if not isinstance(value, str) or value not in known:
        what = "player" if isinstance(known, Mapping) else "group member"
        raise InputError(where, f"unknown {what} {describe(value)}")
    return PlayerId(value)


def _unavailable(value: Any, where: str, members: tuple[PlayerId, ...], formed: int,
                 ) -> tuple[tuple[PlayerId, tuple[int, ...]], ...]:
    if not isinstance(value, dict):
        raise InputError(where, "must be an object mapping members to lists of rounds")
    out = []
    for pid, rounds in value.items():
        at = f"{where}.{pid}"
        member = _member(pid, at, members)
        numbers = [bounded_int(r, f"{at}[{i}]", formed + 1, MAX_ROUNDS, f"a round after {formed}")
                   for i, r in enumerate(_list(rounds, at))]
        if numbers:
            out.append((member, tuple(sorted(set(numbers)))))
    return tuple(sorted(out))


def _schedule(value: Any, where: str, members: tuple[PlayerId, ...], formed: int, mode: str,
              ) -> tuple[GroupGame, ...]:
    games: list[GroupGame] = []
    busy: dict[tuple[int, PlayerId], int] = {}
    for i, obj in enumerate(_list(value, where)):
        gw = f"{where}[{i}]"
        if not isinstance(obj, dict):
            raise InputError(gw, "must be an object")
        reject_unknown_keys(obj, gw, GROUP_GAME_KEYS)
        rnd = bounded_int(obj.get("round"), f"{gw}.round", formed + 1, MAX_ROUNDS, f"a round after {formed}")
        white = _member(obj.get("white"), f"{gw}.white", members)
        black = _member(obj.get("black"), f"{gw}.black", members)
        if white == black:
            raise InputError(f"{gw}.black", f"{white!r} cannot play themselves")
        result = result_from_json(obj.get("result", "*"), f"{gw}.result")
        if mode == "inside" and result is not Result.PENDING:
            raise InputError(f"{gw}.result", "an \"inside\" group's game takes its result from the Keizer round")
        for pid in (white, black):
            if (rnd, pid) in busy:
                raise InputError(gw, f"{pid!r} already has a group game in round {rnd} "
                                     f"({where}[{busy[rnd, pid]}])")
            busy[rnd, pid] = i
        games.append(GroupGame(round=rnd, white=white, black=black, result=result))
    return sorted_schedule(games)


def _decision(value: Any, where: str, members: tuple[PlayerId, ...]) -> tuple[DecisionGame, ...]:
    games = []
    for i, obj in enumerate(_list(value, where)):
        gw = f"{where}[{i}]"
        if not isinstance(obj, dict):
            raise InputError(gw, "must be an object")
        reject_unknown_keys(obj, gw, DECISION_GAME_KEYS)
        white = _member(obj.get("white"), f"{gw}.white", members)
        black = _member(obj.get("black"), f"{gw}.black", members)
        if white == black:
            raise InputError(f"{gw}.black", f"{white!r} cannot play themselves")
        games.append(DecisionGame(white=white, black=black, result=result_from_json(obj.get("result", "*"),
                                                                                  f"{gw}.result")))
    return tuple(games)
