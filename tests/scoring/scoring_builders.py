"""Small seasons for the scoring tests, written compactly: "a-b 1-0, c-d 1/2-1/2; e excused, f bye"."""

from __future__ import annotations

from typing import Any, Sequence

from seasons.model import Season
from seasons.season_json import season_from_json


def round_json(number: int, text: str) -> dict[str, Any]:
    """One round from "w-b result, …; player entry, …" (either part may be empty)."""
    games_text, _, entries_text = text.partition(";")
    games = []
    for item in filter(None, (s.strip() for s in games_text.split(","))):
        pair, result = item.split()
        white, black = pair.split("-")
        games.append({"white": white, "black": black, "result": result})
    entries = {}
    for item in filter(None, (s.strip() for s in entries_text.split(","))):
        pid, kind = item.split()
        entries[pid] = kind
    return {"round": number, "games": games, "entries": entries}


def season(players: Sequence[str | dict[str, Any]], rounds: Sequence[str] = (), ruleset: Any = "keizer-classic",
           withdrawals: Sequence[tuple[str, int]] = (), rounds_planned: int | None = None) -> Season:
    """A validated season: players by id (or full player objects) in starting order, rounds in the text form."""
    obj: dict[str, Any] = {
        "format": "keizer-season/1", "name": "test", "ruleset": ruleset,
        "players": [p if isinstance(p, dict) else {"id": p, "name": p.upper()} for p in players],
        "rounds": [round_json(i + 1, text) for i, text in enumerate(rounds)],
    }
    if withdrawals:
        obj["withdrawals"] = [{"player": p, "before_round": r} for p, r in withdrawals]
    if rounds_planned is not None:
        obj["rounds_planned"] = rounds_planned
    return season_from_json(obj)


def ids(n: int) -> list[str]:
    """p1 … pn: pK is #K of the starting ranking."""
    return [f"p{i}" for i in range(1, n + 1)]


def others(n: int, busy: set[int], kind: str = "unexcused") -> str:
    """Entries for every pK (1..n) not in `busy`."""
    return ", ".join(f"p{i} {kind}" for i in range(1, n + 1) if i not in busy)
