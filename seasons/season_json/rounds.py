"""Reading a season file's rounds: games, entries and absence reports, each player placed once."""

from __future__ import annotations

from typing import Any

from keizer.seasons.absence import parse_date, parse_moment
from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import (
    GAME_KEYS,
    REPORT_KEYS,
    ROUND_KEYS,
    entry_from_json,
    reject_unknown_keys,
    result_from_json,
)
from keizer.seasons.limits import checked_text, describe, key_text
from keizer.seasons.model import AbsenceReport, EntryKind, Game, Player, PlayerId, Round
from keizer.seasons.season_json.players import expect_object, player_ref


def round_from_json(obj: Any, index: int, known: dict[PlayerId, Player], gone_from: dict[PlayerId, int],
           away: dict[PlayerId, int]) -> Round:
    """Round index+1; `away`: the final group's members and the first round they play no Keizer in."""
    where = f"rounds[{index}]"
    expect_object(obj, where)
    reject_unknown_keys(obj, where, ROUND_KEYS)
    number = obj.get("round")
    if type(number) is not int or number != index + 1:  # 1.0 and true equal 1, but are not round numbers
        raise InputError(f"{where}.round", f"expected {index + 1} (rounds are listed in order from 1), "
                                           f"got {describe(number)}")
    date = obj.get("date")
    if date is not None and not isinstance(date, str):
        raise InputError(f"{where}.date", "must be a string like \"2019-09-12\"")
    if date is not None:
        date = checked_text(date, f"{where}.date")
        parse_date(date, f"{where}.date")  # what rounds are dated by and the rating report reads: 2019-09-12
    games_obj = obj.get("games", [])
    if not isinstance(games_obj, list):
        raise InputError(f"{where}.games", "must be a list")
    entries_obj = obj.get("entries", {})
    if not isinstance(entries_obj, dict):
        raise InputError(f"{where}.entries", "must be an object mapping player ids to entries")

    placed: dict[PlayerId, str] = {}

    def place(pid: PlayerId, at: str, late: bool = False, entry: bool = False) -> None:
        if pid in placed:
            raise InputError(at, f"player {pid!r} appears twice in round {number} (also at {placed[pid]})")
        player = known[pid]
        if number < player.joined and not late:  # before joining, only the entry `late` fits
            raise InputError(at, f"player {pid!r} has not joined yet (joined: round {player.joined})")
        if late and number >= player.joined:
            raise InputError(at, f"`late` is only for rounds before the player joined (round {player.joined}); "
                                 f"use excused or unexcused")
        if pid in gone_from and number >= gone_from[pid]:
            raise InputError(at, f"player {pid!r} withdrew before round {gone_from[pid]}")
        if pid in away and number >= away[pid] and not entry:  # an entry is kept, and scores nothing (§8)
            raise InputError(at, f"player {pid!r} plays in the final group from round {away[pid]} and has no "
                                 f"Keizer game in round {number} (docs/rules.md §8)")
        placed[pid] = at

    games = []
    for g, game in enumerate(games_obj):
        gw = f"{where}.games[{g}]"
        expect_object(game, gw)
        reject_unknown_keys(game, gw, GAME_KEYS)
        white = player_ref(game.get("white"), f"{gw}.white", known)
        black = player_ref(game.get("black"), f"{gw}.black", known)
        if white == black:
            raise InputError(f"{gw}.black", f"player {white!r} cannot play themselves")
        result = result_from_json(game.get("result", "*"), f"{gw}.result")
        place(white, f"{gw}.white")
        place(black, f"{gw}.black")
        games.append(Game(white=white, black=black, result=result))

    entries = []
    for pid_text, kind_text in entries_obj.items():
        ew = f"{where}.entries.{key_text(pid_text)}"
        pid = player_ref(pid_text, ew, known)
        kind = entry_from_json(kind_text, ew)
        place(pid, ew, late=kind is EntryKind.LATE, entry=True)
        entries.append((pid, kind))

    reports = _reports(obj.get("reports", []), f"{where}.reports", known)

    if games:  # a played round: everyone taking part is accounted for
        for pid, player in known.items():
            if pid in placed or number < player.joined or (pid in gone_from and number >= gone_from[pid]):
                continue
            if pid in away and number >= away[pid]:
                continue
            raise InputError(where, f"player {pid!r} has neither a game nor an entry in round {number}")
    return Round(number=number, date=date, games=tuple(games), entries=tuple(sorted(entries)), reports=reports)


def _reports(value: Any, where: str, known: dict[PlayerId, Player]) -> tuple[AbsenceReport, ...]:
    """A round's absence reports (D art. 16): one per player, each with its time and perhaps a ruling."""
    if not isinstance(value, list):
        raise InputError(where, "must be a list of absence reports")
    out: dict[PlayerId, AbsenceReport] = {}
    for i, obj in enumerate(value):
        rw = f"{where}[{i}]"
        expect_object(obj, rw)
        reject_unknown_keys(obj, rw, REPORT_KEYS)
        pid = player_ref(obj.get("player"), f"{rw}.player", known)
        if pid in out:
            raise InputError(f"{rw}.player", f"{pid!r} already reported for this round")
        at = obj.get("at")
        parse_moment(at, f"{rw}.at")
        ruling = obj.get("force_majeure")
        if ruling is not None and (not isinstance(ruling, str) or not ruling.strip()):
            raise InputError(f"{rw}.force_majeure", "must be the ruling's reason (a non-empty string)")
        out[pid] = AbsenceReport(player=pid, at=at, force_majeure=ruling)
    return tuple(out[pid] for pid in sorted(out))
