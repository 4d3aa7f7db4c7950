"""Small seasons for the scoring tests, written compactly: "a-b 1-0, c-d 1/2-1/2; e excused, f bye"."""

from __future__ import annotations

from typing import Any, Sequence

from keizer.seasons.model import Season
from keizer.seasons.season_json.read import season_from_json


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


def aalsmeer_field() -> list[str]:
    """K's Aalsmeer example (seed 001): #6 draws #9, #7 and #8 excused, in a field of 45 built so that the
    iterated ranking after round 1 puts #10 and #11 (who beat low players) 7th and 8th, #7/#8 10th/11th."""
    games = "p1-p45 1-0, p2-p44 1-0, p3-p43 1-0, p4-p42 1-0, p5-p41 1-0, p10-p40 1-0, p11-p39 1-0, p6-p9 1/2-1/2"
    entries = ", ".join(["p7 excused", "p8 excused"] + [f"p{i} excused" for i in range(12, 36)]
                        + [f"p{i} unexcused" for i in (36, 37, 38)])
    return [f"{games}; {entries}"]
