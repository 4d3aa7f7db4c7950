"""`keizer check-pairing`: validate any pairing (by hand, another program's) and price it like ours."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keizer.evening.evening import Evening
from keizer.seasons.errors import InputError
from keizer.seasons.json_input import load_json
from keizer.seasons.limits import describe
from keizer.seasons.load import read_text
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.names import with_names
from keizer.seasons.rounds import round_to_pair

if TYPE_CHECKING:
    from keizer.evening.desk.check import CheckedPairing

EXIT_INVALID = 1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check-pairing", help="check a pairing against the rules and print its cost per criterion",
        description="Validate a pairing of round K and price it under keizer's objective. FILE is JSON "
                    "({\"pairings\": [{\"white\", \"black\"}], \"bye\": id}, as `keizer pair --json` writes) or "
                    "text: one game per line `WHITE BLACK` (or `WHITE - BLACK` for names with spaces), and `bye PLAYER`; "
                    "a player is an id or a name (or its start, any case and accents). Exit code 0: valid; 1: it breaks a "
                    "rule; 2: the input is wrong.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K", help="the round (default: the round to be paired)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with Evening.read(args.season) as evening:
        season = evening.season
        k = args.round if args.round is not None else round_to_pair(season)
        games, bye = read_pairing(Path(args.file), season)
        checked = evening.desk.check(k, games, bye)
    if args.json:
        sys.stdout.write(json.dumps(checked.json(), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(_text(season, checked))
    return 0 if checked.valid else EXIT_INVALID


def _text(season: Season, checked: CheckedPairing) -> str:
    out = checked.json()
    verdict = "valid" if out["valid"] else "breaks the rules"
    lines = [f"Pairing of round {out['round']}: {verdict}"]
    lines += [f"  ✗ {m}" for m in with_names(season, [v["message"] for v in out["violations"]])]
    lines += [f"  ! gave way: {m}" for m in with_names(season, [v["message"] for v in out["relaxed"]])]
    lines.append(checked.cost_words())
    if out["valid"]:
        # How the pairing compares with the optimal one, tier by tier (the order the solver decides in).
        who = season.player(out["optimal_bye"]).name if out["optimal_bye"] else None
        lines.append(f"Optimal cost: {out['optimal_real_cost']} — {checked.against_the_optimum(who)}")
    return "\n".join(lines) + "\n"


def read_pairing(path: Path, season: Season) -> tuple[tuple[tuple[PlayerId, PlayerId], ...], PlayerId | None]:
    """Games and bye from a JSON or text pairing file; errors name the file and the place."""
    text = read_text(path, "a pairing file")
    games_and_bye = _from_json(text, path, season) if text.lstrip().startswith("{") else _from_text(text, path, season)
    if not games_and_bye[0] and games_and_bye[1] is None:  # an empty file, or the wrong one: not "breaks the rules"
        raise InputError(str(path), "no games in it (one game a line: `WHITE BLACK`, `WHITE - BLACK` or `bye PLAYER`)")
    return games_and_bye


def _from_text(text: str, path: Path, season: Season) -> tuple[tuple[tuple[PlayerId, PlayerId], ...], PlayerId | None]:
    games: list[tuple[PlayerId, PlayerId]] = []
    bye: PlayerId | None = None
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        where = f"{path}: line {number}"
        first, _, rest = body.partition(" ")
        if first.lower() == "bye" and rest.strip():
            if bye is not None:
                raise InputError(where, f"a second bye (already {bye!r}): one player has the bye")
            bye = _known(season, rest.strip(), where)
            continue
        sides = _two_sides(body)
        if sides is None:
            raise InputError(where, f"expected `WHITE BLACK`, `WHITE - BLACK` or `bye PLAYER`, "
                                    f"got {describe(line.strip())}")
        white, black = _known(season, sides[0], where), _known(season, sides[1], where)
        if white == black:  # most often one name on a line, read as two words: "Quinten Koster"
            raise InputError(where, f"{describe(line.strip())} names {season.player(white).name} twice: a game "
                                    f"is two players, `WHITE - BLACK`")
        games.append((white, black))
    return tuple(games), bye


def _two_sides(body: str) -> tuple[str, str] | None:
    """White and black of one text line: two words (ids, or one-word names), or two names with spaces
    split by a tab, ` - ` or `;` (`Jan de Vries - Piet Bakker`); None when the line is neither."""
    for sep in ("\t", " - ", ";"):
        if sep in body:
            parts = [part.strip() for part in body.split(sep)]
            return (parts[0], parts[1]) if len(parts) == 2 and all(parts) else None
    words = body.split()
    return (words[0], words[1]) if len(words) == 2 else None


def _from_json(text: str, path: Path, season: Season) -> tuple[tuple[tuple[PlayerId, PlayerId], ...], PlayerId | None]:
    try:
        obj = load_json(text)
    except InputError as exc:
        raise InputError(f"{path}: {exc.where}" if exc.where else str(path), exc.message) from None
    if not isinstance(obj, dict):
        raise InputError(str(path), "must be a JSON object with \"pairings\" (as `keizer pair --json` writes)")
    pairings = obj.get("pairings")
    if not isinstance(pairings, list):
        raise InputError(f"{path}: pairings", "must be a list of {\"white\", \"black\"}")
    games = []
    for i, game in enumerate(pairings):
        where = f"{path}: pairings[{i}]"
        if not isinstance(game, dict):
            raise InputError(where, "must be an object with white and black")
        games.append((_known(season, game.get("white"), f"{where}.white"),
                      _known(season, game.get("black"), f"{where}.black")))
    bye = obj.get("bye")
    return tuple(games), _known(season, bye, f"{path}: bye") if bye is not None else None


def _known(season: Season, text: Any, where: str) -> PlayerId:
    """The player a pairing file names: an id, or a name or prefix of one (seasons.lookup)."""
    return resolve_player(season, text, where)
