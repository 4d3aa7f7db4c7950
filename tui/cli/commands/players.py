"""`keizer players`: the season's players with the ids the other commands take, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from keizer.evening.evening import Evening
from keizer.evening.words.tables import text_table
from keizer.seasons.numbers import counted
from keizer.seasons.roster import player_rows

if TYPE_CHECKING:
    from keizer.seasons.model import Player


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "players", help="list the players with their ids, ratings and federation numbers",
        description="The players in starting-ranking order: the id every other command takes (a name or "
                    "its start works too), name, rating, the KNSB and FIDE numbers, class, group and state.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with Evening.read(args.season) as evening:
        season = evening.season
        rows = player_rows(season, evening.current_round())
    if args.json:
        out = {"players": [_row_json(r.start_rank, r.player, r.status) for r in rows]}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
        return 0
    cells = [[str(r.start_rank), r.player.id, r.player.name, _text(r.player.rating), _text(r.player.knsb_id),
              _text(r.player.fide_id), r.player.klass or "", _text(r.player.cup_group), r.status] for r in rows]
    headers = ["#", "id", "name", "rating", "knsb", "fide", "class", "group", "state"]
    right = [True, False, False, True, True, True, False, True, False]
    sys.stdout.write(f"{season.name} — {counted(len(rows), 'player')}\n\n" + text_table(headers, cells, right) + "\n")
    return 0


def _text(value: int | None) -> str:
    return "" if value is None else str(value)


def _row_json(rank: int, player: Player, status: str) -> dict[str, Any]:
    return {"rank": rank, "id": player.id, "name": player.name, "rating": player.rating,
            "knsb_id": player.knsb_id, "fide_id": player.fide_id, "class": player.klass, "group": player.cup_group,
            "joined": player.joined, "status": status}
