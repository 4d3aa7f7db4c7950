"""A KeizerForClubs tournament as a keizer season: players, every round's games and absences, the
withdrawals and the settings, with the report of what was carried (docs/format.md "Moving in")."""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.gcpause import collector_paused
from keizer.seasons.json_keys import FORMAT
from keizer.seasons.limits import MAX_NAME, MAX_ROUNDS, checked_text, describe
from keizer.seasons.model import PlayerId
from keizer.seasons.moving_in.ids import slug_ids
from keizer.seasons.keizerforclubs.file import KfcFile, KfcPairing, KfcPlayer, read_kfc_file, read_kfc_settings
from keizer.seasons.keizerforclubs.settings import BEFORE_2023, TableFacts, kfc_ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.moving_in.report import MoveReport, Moved, span
from keizer.seasons.season_json.read import season_from_json

STATES = {0: "unknown", 1: "available", 2: "paired", 5: "club game", 6: "excused", 7: "unexcused", 8: "bye",
          9: "retired", 10: "deleted", 11: "not yet started", 12: "pre-registered"}
"""`SqliteInterface.PlayerState`."""
RETIRED, DELETED, PRE_REGISTERED = 9, 10, 12
GAMES = {1: "1-0", 2: "1/2-1/2", 3: "0-1", 8: "+-", 9: "-+", -1: "*", 0: "*"}
"""`SqliteInterface.Results` of a board: white wins, draw, black wins, forfeits; no result yet."""
DOUBLE_FORFEIT, ADJOURNED = 10, 11
ENTRIES = {4: "bye", 5: "duty", 6: "excused", 7: "unexcused", 12: "unexcused"}
"""The results without a board (board 100 on): bye ("Freilos"), club game, excused, unexcused, and a late
start, which KeizerForClubs scores as unexcused."""
LATE_START = 12
FIRST_OFF_BOARD = 100
"""Boards from 100 on hold a player without a game (`stPairing.FirstNonPlayingBoard`)."""


def read_kfc(path: str | os.PathLike[str], settings: str | os.PathLike[str] | None = None,
             ruleset: Any = None) -> Moved:
    """The season in a KeizerForClubs tournament file; KeizerError naming the file and what keizer cannot
    take, nothing written anywhere. Its settings are its own `ConfigTab`; a tournament saved before
    KeizerForClubs kept them there (March 2023) takes them from `settings` (the program's own
    `KeizerForClubs.config.s3db`), else the program's defaults of that time (said). `ruleset`, the spec given
    with `--ruleset`, replaces the settings."""
    with collector_paused():  # up to 200,000 pairings, each a small object (`seasons/gcpause.py`)
        return _read_kfc(Path(path), settings, ruleset)


def _read_kfc(file: Path, settings: str | os.PathLike[str] | None, ruleset: Any) -> Moved:
    where = str(file)
    tables = read_kfc_file(file)
    report = MoveReport("KeizerForClubs")
    if settings is not None and tables.settings is not None:
        raise KeizerError(f"--settings {settings}: {file.name} keeps its own settings (its ConfigTab), which "
                          f"KeizerForClubs reads instead")
    players = _players(tables, report, where)
    deleted = {p.id for p in tables.players if p.state == DELETED}
    rounds = _rounds(tables.pairings, {p.id: p for p in players}, deleted, where)
    present = _rounds_of(players, rounds, where)
    kept = [p for p in players if p.state != RETIRED or present[p.id]]
    for p in players:
        if p.state == RETIRED and not present[p.id]:
            report.drop(f"{p.name}: retired before playing a round (KeizerForClubs lists them nowhere)")
    absent = Counter(row.white for rows in rounds for row in rows if row.result in (6, 7))
    twice = next((p.name for p in kept if absent[p.id] > 1), None)
    facts = TableFacts(rounds=len(rounds), ranked=sum(1 for p in kept if p.state != RETIRED), absent_twice=twice,
                       retired=any(p.state == RETIRED for p in kept))
    spec = _ruleset(tables, facts, settings, ruleset, report, where)
    report.ruleset = spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)
    order = sorted(kept, key=lambda p: (-p.rating, p.id))  # KeizerForClubs' first ranking: by rating
    ids = dict(zip((p.id for p in order), slug_ids([p.name for p in order])))
    unexcused_zero = parse_ruleset(spec).factor("unexcused") == 0
    obj = {
        "format": FORMAT, "name": checked_text(file.stem[:MAX_NAME], "the file's name"), "ruleset": spec,
        "players": [_player_json(p, ids[p.id]) for p in order],
        "rounds": [_round_json(k, rows, ids, unexcused_zero, report, where) for k, rows in enumerate(rounds, start=1)],
        "withdrawals": [{"player": ids[p.id], "before_round": max(present[p.id]) + 1}
                        for p in order if p.state == RETIRED],
    }
    _say_what_else(tables, order, present, len(rounds), report)
    try:
        season = season_from_json(obj)
    except InputError as exc:  # what the checks above let through and the season format does not
        raise KeizerError(f"{where}: the season read from it does not hold: {exc}") from None
    totals = tuple((PlayerId(ids[p.id]), p.stored_total) for p in order
                   if p.state != RETIRED and p.stored_total is not None)
    source = ("ruleset" if ruleset is not None else "own" if tables.settings is not None
              else "config" if settings is not None else "defaults")
    return Moved(season=season, report=report, stored_totals=totals, settings_from=source)


def _ruleset(tables: KfcFile, facts: TableFacts, settings: str | os.PathLike[str] | None, ruleset: Any,
             report: MoveReport, where: str) -> Any:
    """The season's ruleset: `ruleset` as given, else the tournament's settings translated (its own, those
    of the settings file given, or the program's defaults of the time it kept none)."""
    if ruleset is not None:
        report.drop("the tournament's settings: the ruleset given with --ruleset scores it instead")
        return ruleset
    own = tables.settings
    if own is None and settings is not None:
        own = read_kfc_settings(settings)
        report.guess_file(f"the settings of {Path(settings).name} (KeizerForClubs' own settings file, where it kept "
                     f"them until March 2023; the tournament keeps none)")
    elif own is None:
        own = BEFORE_2023
        shown = ", ".join(f"{key} {value:g}" for key, _, value in BEFORE_2023 if value is not None)
        report.guess_file(f"the tournament keeps no settings (KeizerForClubs kept them in its own "
                     f"KeizerForClubs.config.s3db until March 2023): the program's defaults of that time taken "
                     f"({shown}; a bye half the own value) — give that file with --settings for the club's own")
    return kfc_ruleset(own, facts, report, where)


def _players(tables: KfcFile, report: MoveReport, where: str) -> list[KfcPlayer]:
    """The players keizer takes, names checked as in a season file; a deleted player left out."""
    out: list[KfcPlayer] = []
    names: dict[str, str] = {}
    boards = {n for row in tables.pairings if row.board < FIRST_OFF_BOARD for n in (row.white, row.black)}
    for p in tables.players:
        name = checked_text(" ".join(p.name.split()), f"{where}: player {p.id}'s name", MAX_NAME, empty=False)
        if p.state == DELETED:
            if p.id in boards:
                raise KeizerError(f"{where}: {name} is marked deleted but played games: set another state in "
                                  f"KeizerForClubs")
            report.drop(f"{name}: marked deleted (KeizerForClubs removes them at the next pairing)")
            continue
        if name.casefold() in names:
            raise KeizerError(f"{where}: two players are called {name} (players {names[name.casefold()]} and {p.id}): "
                              f"rename one in KeizerForClubs")
        names[name.casefold()] = str(p.id)
        if not 0 <= p.rating <= 4000:
            raise KeizerError(f"{where}: {name}'s rating {p.rating} is not one keizer takes (0 to 4000)")
        out.append(KfcPlayer(id=p.id, name=name, rating=p.rating, state=p.state, stored_total=p.stored_total))
    return out


def _rounds(pairings: tuple[KfcPairing, ...], players: dict[int, KfcPlayer], deleted: set[int],
            where: str) -> list[list[KfcPairing]]:
    """The pairings by round, rounds 1..R each with one row per player at most; every row checked (a deleted
    player's rows left out)."""
    by_round: dict[int, list[KfcPairing]] = defaultdict(list)
    for row in pairings:
        at = Where(where, row)
        if not 1 <= row.round <= MAX_ROUNDS:
            raise KeizerError(f"{where}: a pairing of round {row.round} (rounds are 1 to {MAX_ROUNDS})")
        if row.board < FIRST_OFF_BOARD:
            if row.white not in players or row.black not in players or row.white == row.black:
                raise KeizerError(f"{at}: players {row.white} and {row.black} are not two players of the file")
            if row.result not in GAMES and row.result not in (DOUBLE_FORFEIT, ADJOURNED):
                raise KeizerError(f"{at}: result code {row.result} is not a game's")
        elif row.white in deleted:
            continue
        elif row.white not in players:
            raise KeizerError(f"{at}: player {row.white} is not in the file's player list")
        elif row.result not in ENTRIES:
            raise KeizerError(f"{at}: result code {row.result} is not one for a player without a game")
        by_round[row.round].append(row)
    if not by_round:
        return []
    last = max(by_round)
    missing = next((k for k in range(1, last + 1) if k not in by_round), None)
    if missing is not None:
        raise KeizerError(f"{where}: round {missing} has no pairing, but round {last} has")
    rounds = [sorted(by_round[k], key=lambda r: r.board) for k in range(1, last + 1)]
    for k, rows in enumerate(rounds, start=1):
        seen: set[int] = set()
        for row in rows:
            for pid in (row.white, row.black) if row.board < FIRST_OFF_BOARD else (row.white,):
                if pid in seen:
                    raise KeizerError(f"{where}: {players[pid].name} has two pairings in round {k}")
                seen.add(pid)
    return rounds


class Where:
    """A pairing's place, "FILE: round 3, board 2", spelled out only when an error names it."""

    __slots__ = ("file", "row")

    def __init__(self, file: str, row: KfcPairing) -> None:
        self.file, self.row = file, row

    def __format__(self, spec: str) -> str:
        return f"{self.file}: round {self.row.round}, board {self.row.board}"


def _rounds_of(players: list[KfcPlayer], rounds: list[list[KfcPairing]], where: str) -> dict[int, list[int]]:
    """Each player's rounds with a pairing: all of them, or for a retired player 1..L. One pass over the
    pairings (a player looked up in a set, not found by scanning every row of every round)."""
    mine: dict[int, list[int]] = {p.id: [] for p in players}
    for k, rows in enumerate(rounds, start=1):
        for r in rows:
            for pid in (r.white, r.black) if r.board < FIRST_OFF_BOARD else (r.white,):
                if pid in mine:
                    mine[pid].append(k)
    for player in players:
        have = mine[player.id]
        last = max(have, default=0) if player.state == RETIRED else len(rounds)
        if len(have) < last:
            seen = set(have)
            gap = next(k for k in range(1, last + 1) if k not in seen)
            raise KeizerError(f"{where}: {player.name} has no pairing in round {gap}: KeizerForClubs ranks them "
                              f"there without points, which keizer cannot say; give them an absence in that "
                              f"round in KeizerForClubs first")
    return mine


def _player_json(p: KfcPlayer, pid: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": pid, "name": p.name}
    if p.rating:  # 0 is KeizerForClubs' "no rating"
        out["rating"] = p.rating
    return out


def _round_json(k: int, rows: list[KfcPairing], ids: dict[int, str], unexcused_zero: bool, report: MoveReport,
                where: str) -> dict[str, Any]:
    games, entries = [], {}
    for row in rows:
        at = f"{where}: round {k}, board {row.board}"
        if row.board >= FIRST_OFF_BOARD:
            entries[ids[row.white]] = ENTRIES[row.result]
        elif row.result == ADJOURNED:
            raise KeizerError(f"{at}: an adjourned game, which KeizerForClubs scores as a draw and keizer as a "
                              f"game still to be played: enter its result in KeizerForClubs first")
        elif row.result == DOUBLE_FORFEIT:
            if not unexcused_zero:
                raise KeizerError(f"{at}: lost by both players, which KeizerForClubs scores 0 and keizer has no "
                                  f"result for (booked unexcused, each would score BONUS.Unexcused): enter it as "
                                  f"two unexcused absences in KeizerForClubs first")
            entries[ids[row.white]] = entries[ids[row.black]] = "unexcused"
            report.guess(f"round {k}: a game lost by both players, booked unexcused for both (0 points, as in "
                         f"KeizerForClubs)")
        else:
            games.append({"white": ids[row.white], "black": ids[row.black], "result": GAMES[row.result]})
    return {"round": k, "games": games, "entries": entries}


def _say_what_else(tables: KfcFile, order: list[KfcPlayer], present: dict[int, list[int]], last: int,
                   report: MoveReport) -> None:
    """The report's items about the players and what the file keeps besides its games."""
    late: dict[str, list[int]] = defaultdict(list)
    names = {p.id: p.name for p in order}
    for row in tables.pairings:
        if row.result == LATE_START and row.board >= FIRST_OFF_BOARD and row.white in names:
            late[names[row.white]].append(row.round)
    for name, ks in late.items():
        report.guess(f"{name}: {span(ks)} before starting (KeizerForClubs' late start) booked unexcused, as "
                     f"KeizerForClubs scores them")
    last_rows = {row.white: row.result for row in tables.pairings if row.round == last and row.board >= FIRST_OFF_BOARD}
    for p in order:
        if p.state == RETIRED and present[p.id] and max(present[p.id]) == last:
            report.drop(f"{p.name}: retired after round {last}; keizer removes them from round {last + 1} on, so "
                        f"its table after round {last} still has them (KeizerForClubs' has not)")
        elif p.state in (5, 6, 7) and last_rows.get(p.id) != p.state:
            report.drop(f"{p.name}: marked {STATES[p.state]} for the next round in KeizerForClubs; mark it again "
                        f"when keizer prepares round {last + 1}")
        elif p.state == PRE_REGISTERED:
            report.guess(f"{p.name}: pre-registered in KeizerForClubs, taken as a player")
        elif p.state not in STATES:
            report.guess(f"{p.name}: state {p.state}, which keizer does not know, taken as taking part")
    unrated = [p.name for p in order if not p.rating]
    if unrated:
        report.guess(f"rating 0 read as no rating: {', '.join(unrated)}")
    ratings = Counter(p.rating for p in order)
    tied = [p.name for p in order if ratings[p.rating] > 1]
    if tied:
        report.guess(f"equal ratings in the starting ranking (by rating) put in KeizerForClubs' player order: "
                     f"{', '.join(tied)}")
    if last:
        report.drop("round dates (KeizerForClubs keeps none): `keizer dates` sets them")
    if tables.stored_tables:
        report.drop(f"the lists KeizerForClubs kept ({', '.join(tables.stored_tables[:4])}"
                    f"{', …' if len(tables.stored_tables) > 4 else ''}): keizer computes every table from the games")
    for column in tables.unknown_columns:
        report.drop(f"the column {describe(column)}: one keizer does not know")
