"""`keizer new`: start a season store from scratch, optionally with a list of players."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from keizer.evening.evening import Evening
from keizer.evening.next_season import next_season
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.limits import MAX_ROUNDS
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.player_list import Listed, parse_players
from keizer.seasons.rating_list import looks_like_rating_list, read_picks, read_rating_list
from keizer.seasons.roster import id_base
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.presets import PRESET_NAMES
from keizer.seasons.store.season_store import SeasonStore


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help="start a new season store (optionally with its players)",
        description="Create a season store. --players reads one player per line: a name, optionally followed "
                    "by a rating after a comma, semicolon or tab (`Jan de Vries; 1850`) or after a space "
                    "(`Jan Jansen 1990`: 100 to 3000); or the national rating "
                    "list (told by its header), from which --pick or --pick-file choose the members. The list "
                    "order (the picks' order) is the starting ranking (last season's final ranking, "
                    "docs/rules.md §1) unless --by-rating.")
    p.add_argument("store", metavar="SEASON.keizer")
    p.add_argument("--name", default="", help="the season's name (default: the file name)")
    p.add_argument("--ruleset", choices=PRESET_NAMES,
                   help="the ruleset preset (default: keizer-classic; with --from, the last season's ruleset)")
    p.add_argument("--rounds", type=int, metavar="N",
                   help="rounds planned (default: the ruleset's, 36 for doorn-driebergen-2019; with --from, as "
                        "last season)")
    p.add_argument("--players", metavar="FILE",
                   help="the players, one per line, or the national rating list (semicolon-separated, Latin-1); "
                        "with --from: the newcomers, slotted in by rating")
    p.add_argument("--pick", action="append", default=[], metavar="NAME|NUMBER",
                   help="with a rating list: take this member (a relatienummer, or a name or its start in any "
                        "order, case and accents; repeatable); `--pick all` takes every member")
    p.add_argument("--pick-file", metavar="FILE", help="with a rating list: the members to take, one a line")
    p.add_argument("--from", dest="last", metavar="LAST_SEASON",
                   help="start from this season's final ranking: withdrawn players left out, classes as its last "
                        "moves left them, newcomers (--players) slotted in by rating (docs/rules.md §1, §9)")
    p.add_argument("--by-rating", action="store_true",
                   help="order the starting ranking by rating (strongest first; unrated last, in list order)")
    p.set_defaults(run=run)


def store_path(text: str) -> Path:
    """Where the new store goes: `club` (or `club-2026.27`) becomes `club.keizer` (`club-2026.27.keizer`);
    a `.json` name is refused, since a store under it would look like a season file."""
    path = Path(text)
    if path.suffix == ".keizer":
        return path
    if path.suffix.lower() == ".json":
        raise KeizerError(f"{path}: a season store is a .keizer file (`keizer new {path.with_suffix('.keizer')}`); "
                          f"a JSON season is made a store with `keizer import`")
    return path.with_name(path.name + ".keizer")


def run(args: argparse.Namespace) -> int:
    target = store_path(args.store)  # an existing file is refused by create, after it removed what a killed run left
    if args.rounds is not None and not 1 <= args.rounds <= MAX_ROUNDS:  # named as the option, not a JSON key
        raise KeizerError(f"--rounds {args.rounds}: a season plans 1 to {MAX_ROUNDS} rounds")
    if args.last is not None:
        return _from_last(args, target)
    spec = args.ruleset or "keizer-classic"
    # docs/rules.md §3: the ruleset's own length where --rounds gives none (D art. 3: 36 rounds), written down
    rounds = args.rounds if args.rounds is not None else parse_ruleset(spec).rounds_planned
    season = Season(name=args.name or target.stem, ruleset_spec=spec, players=(), rounds_planned=rounds)
    if args.players:
        season = with_players(season, listed_players(args), by_rating=args.by_rating)
    elif args.pick or args.pick_file:
        raise KeizerError("--pick and --pick-file choose members of a rating list: give it with --players")
    SeasonStore.create(target, season, label="new season").close()
    count = len(season.players)
    print(f"created {target}: {count} player{'' if count == 1 else 's'}, ruleset {season.ruleset_spec}, "
          f"{length_said(season.rounds_planned, args.rounds is None)}; `keizer open {target}` to start")
    return 0


def length_said(rounds: int | None, the_rulesets: bool) -> str:
    """"36 rounds planned (the ruleset's)", "30 rounds planned" or "no rounds planned (--rounds N sets them)"."""
    if rounds is None:
        return "no rounds planned (--rounds N sets them)"
    return f"{counted(rounds, 'round')} planned" + (" (the ruleset's)" if the_rulesets else "")


def listed_players(args: argparse.Namespace) -> tuple[Listed, ...]:
    """The players of --players: a plain list, or the members picked from a rating list."""

    path = Path(args.players)
    data = read_bytes(path, "a player list")
    if looks_like_rating_list(data):
        return picked_members(args, path)
    if args.pick or args.pick_file:
        raise KeizerError(f"{path}: --pick chooses from a rating list, and this is a plain player list (its first "
                          f"line is not the rating list's header)")
    _not_a_season(data, path)
    listed = parse_players(_text(data, path), str(path))
    if not listed:  # the wrong file, most likely: an empty season is `keizer new` without --players
        raise KeizerError(f"{path}: no players in it (one player a line: a name, then optionally a rating)")
    return listed


def picked_members(args: argparse.Namespace, path: Path) -> tuple[Listed, ...]:
    """The members named by --pick (in order) and --pick-file (after them): name, number and rating each;
    a member picked twice is refused naming both picks."""

    members = read_rating_list(path)
    picks = tuple((text, f"--pick {text}") for text in args.pick)
    if args.pick_file:
        picks += read_picks(args.pick_file)
    if not picks:
        raise KeizerError(f"{path}: a rating list of {counted(len(members.members), 'member')}: say whom to take with "
                          f"--pick NAME|NUMBER (repeatable), --pick-file FILE or --pick all")
    if [text for text, _ in picks] == ["all"]:
        chosen = [(m, f"{path}: line {m.line}") for m in members.members]
    elif "all" in args.pick:  # not a member's name: "every member", which no other pick can add to
        raise KeizerError("--pick all takes every member of the list: give it alone, or pick members by name "
                          "or number")
    else:
        chosen = [(members.pick(text, where), where) for text, where in picks]
    rows: list[Listed] = []
    taken: dict[int, str] = {}
    names: dict[str, str] = {}
    for member, where in chosen:
        if member.knsb_id in taken:
            raise InputError(where, f"{member.shown()} is already picked ({taken[member.knsb_id]})")
        key = member.name.casefold()
        if key in names:  # two members of one name: the season tells its players apart by name
            raise InputError(where, f"there already is a player called {member.name} ({names[key]}); rename one "
                                    f"in the TUI after adding the other")
        taken[member.knsb_id] = names[key] = where
        rows.append(Listed(member.name, member.rating, member.line, knsb_id=member.knsb_id))
    return tuple(rows)


def _not_a_season(data: bytes, path: Path) -> None:
    """KeizerError for a season given as a player list (`--players last.keizer` for `--from last.keizer`):
    read as lines it made players of SQLite's bytes or named "{" twice."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:16]
    what = ("a season store" if head.startswith(b"SQLite format 3\x00")
            else "a JSON file" if head.startswith((b"{", b"[")) else None)
    if what is not None:
        raise KeizerError(f"{path}: {what}, not a player list (one player a line: a name, then optionally a "
                          f"rating); last season's players carry over with --from")


def _text(data: bytes, path: Path) -> str:
    """A plain list's text: UTF-8 (a byte order mark dropped); else refused naming the line, since a guess
    at another encoding would put wrong letters in names."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError(f"{path}: line {line}", "not UTF-8 text: save the list as UTF-8") from None


def _from_last(args: argparse.Namespace, target: Path) -> int:
    """`keizer new --from LAST NEW`: the next season from the last one's final ranking."""

    if args.by_rating:
        raise KeizerError("--by-rating orders a new list; with --from the ranking is last season's and the "
                          "newcomers are slotted in by rating")
    with Evening.read(args.last) as reading:
        last = reading.season
    newcomers = tuple((row.name, row.rating, row.knsb_id) for row in listed_players(args)) if args.players else ()
    season = next_season(last, args.name or target.stem, newcomers, args.rounds)
    if args.ruleset is not None:
        season = replace(season, ruleset_spec=args.ruleset)
    SeasonStore.create(target, season, label=f"new season from {last.name}").close()
    planned, done = last.rounds_planned, last.last_scored_round
    if planned is not None and done < planned:  # allowed (a season cut short), but rarely meant
        print(f"keizer: note: {last.name!r} is not finished: its ranking after round {done} of {planned} "
              f"is the starting ranking", file=sys.stderr)
    print(f"created {target} from {last.name!r} after round {last.last_scored_round}: {len(season.players)} "
          f"players ({len(newcomers)} new); reorder them in `keizer open {target}` before round 1")
    return 0


def with_players(season: Season, rows: tuple[Listed, ...], by_rating: bool) -> Season:
    """A new season with these players, in list order or (by_rating) strongest first with the unrated
    last in list order; built once (a list of 100,000 is as quick to take as it is to read)."""

    if season.players:
        raise KeizerError("a player list starts a new season (add players to one in the TUI)")
    if by_rating:  # a stable sort: equal ratings keep their list order (docs/rules.md §1)
        rows = tuple(sorted(rows, key=lambda r: (r.rating is None, -(r.rating or 0))))
    taken: set[str] = set()
    numbered: dict[str, int] = {}
    players = []
    for row in rows:
        base = id_base(row.name)
        n = numbered.get(base, 1)
        pid = base if n == 1 else f"{base}{n}"
        while pid in taken:  # `dijk`, `dijk2`, … as `seasons.roster.new_id` numbers them
            n += 1
            pid = f"{base}{n}"
        numbered[base] = n
        taken.add(pid)
        players.append(Player(id=PlayerId(pid), name=row.name, rating=row.rating, knsb_id=row.knsb_id))
    return replace(season, players=tuple(players))
