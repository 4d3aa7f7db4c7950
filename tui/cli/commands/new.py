"""`keizer new`: start a season store from scratch, optionally with a list of players."""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from seasons.errors import InputError, KeizerError
from seasons.ruleset import PRESET_NAMES

if TYPE_CHECKING:
    from seasons.model import Season


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help="start a new season store (optionally with its players)",
        description="Create a season store. --players reads one player per line: a name, optionally followed "
                    "by a rating after a comma, semicolon or tab (`Jan de Vries; 1850`). The list order is the "
                    "starting ranking (last season's final ranking, docs/rules.md §1) unless --by-rating.")
    p.add_argument("store", metavar="SEASON.keizer")
    p.add_argument("--name", default="", help="the season's name (default: the file name)")
    p.add_argument("--ruleset", default="keizer-classic", choices=PRESET_NAMES)
    p.add_argument("--rounds", type=int, metavar="N", help="rounds planned (e.g. 36)")
    p.add_argument("--players", metavar="FILE", help="the players, one per line")
    p.add_argument("--by-rating", action="store_true",
                   help="order the starting ranking by rating (strongest first; unrated last, in list order)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from seasons.model import Season
    from seasons.store import SeasonStore

    target = Path(args.store)
    if target.exists():
        raise KeizerError(f"{target}: already exists; choose a new file name (nothing was written)")
    if args.rounds is not None and args.rounds < 1:
        raise KeizerError("--rounds must be 1 or more")
    season = Season(name=args.name or target.stem, ruleset_spec=args.ruleset, players=(),
                    rounds_planned=args.rounds)
    if args.players:
        season = with_players(season, read_players(Path(args.players)), by_rating=args.by_rating)
    SeasonStore.create(target, season, label="new season").close()
    print(f"created {target}: {len(season.players)} players, ruleset {args.ruleset}; "
          f"`keizer open {target}` to start")
    return 0


_RATING_AT_END = re.compile(r"^(?P<name>.*?)\s*[,;\t]\s*(?P<rating>\d{3,4})\s*$")


def read_players(path: Path) -> list[tuple[str, int | None, str]]:
    """(name, rating, where) per non-empty line; `#` starts a comment."""
    from seasons.load import read_text

    text = read_text(path, "a player list")
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = _RATING_AT_END.match(line)
        name, rating = (m.group("name"), int(m.group("rating"))) if m else (line, None)
        out.append((name, rating, f"{path}: line {number}"))
    return out


def with_players(season: Season, rows: list[tuple[str, int | None, str]], by_rating: bool) -> Season:
    """The season with these players added in order (or slotted by rating), every name checked."""
    from seasons.model import Player
    from seasons.roster import check_name, new_id, slot_by_rating

    for name, rating, where in rows:
        try:
            name = check_name(season, name)
        except KeizerError as exc:
            raise InputError(where, str(exc)) from None
        player = Player(id=new_id(season, name), name=name, rating=rating)
        at = slot_by_rating(season, rating) if by_rating else len(season.players) + 1
        players = season.players[: at - 1] + (player,) + season.players[at - 1:]
        season = replace(season, players=players)
    return season
