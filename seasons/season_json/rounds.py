"""Reading a season file's rounds: games, entries and absence reports, each player placed once."""

from __future__ import annotations

from typing import Any

from keizer.seasons.absence import parse_date, parse_moment
from keizer.seasons.errors import InputError
from keizer.seasons.json_keys import (
    ENTRIES,
    GAME_KEYS,
    RESULTS,
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
                    away: dict[PlayerId, int], plain: frozenset[PlayerId] | None = None) -> Round:
    """Round index+1; `away`: the final group's members and the first round they play no Keizer in;
    `plain`: the players who take part in every round (joined in round 1, no withdrawal, not away), whose
    game needs no look at when they joined or left."""
    if plain is None:
        plain = frozenset(pid for pid, p in known.items() if p.joined == 1 and pid not in gone_from
                          and pid not in away)
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

    # A round of a large season holds thousands of games: each place is spelled out (`rounds[3].games[7].white`)
    # only when it is named in an error, and a sound value is taken by one look-up before any check that words
    # what is wrong with it.
    placed: dict[PlayerId, tuple[int | str, str]] = {}

    def spelled(loc: tuple[int | str, str]) -> str:
        at, side = loc
        return f"{where}.games[{at}].{side}" if isinstance(at, int) else f"{where}.entries.{key_text(at)}"

    def place(pid: PlayerId, loc: tuple[int | str, str], late: bool = False, entry: bool = False) -> None:
        if pid in placed:
            raise InputError(spelled(loc), f"player {pid!r} appears twice in round {number} (also at "
                                           f"{spelled(placed[pid])})")
        player = known[pid]
        if (number < player.joined) is not late or pid in gone_from or pid in away:
            at = spelled(loc)
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
        placed[pid] = loc

    games = []
    for g, game in enumerate(games_obj):
        if type(game) is not dict or len(game) != ("white" in game) + ("black" in game) + ("result" in game):
            gw = f"{where}.games[{g}]"
            expect_object(game, gw)
            reject_unknown_keys(game, gw, GAME_KEYS)
        white, black, result = game.get("white"), game.get("black"), game.get("result", "*")
        if type(white) is not str or white not in known:
            player_ref(white, f"{where}.games[{g}].white", known)
        if type(black) is not str or black not in known:
            player_ref(black, f"{where}.games[{g}].black", known)
        if white == black:
            raise InputError(f"{where}.games[{g}].black", f"player {white!r} cannot play themselves")
        if type(result) is not str or result not in RESULTS:
            result_from_json(result, f"{where}.games[{g}].result")
        if white in plain and black in plain and white not in placed and black not in placed:
            placed[white] = (g, "white")  # the common case, placed at once; the rest say what is wrong
            placed[black] = (g, "black")
        else:
            place(PlayerId(white), (g, "white"))
            place(PlayerId(black), (g, "black"))
        games.append(Game(white=white, black=black, result=RESULTS[result]))

    entries = []
    for pid_text, kind_text in entries_obj.items():
        if type(pid_text) is not str or pid_text not in known or type(kind_text) is not str or kind_text not in ENTRIES:
            ew = f"{where}.entries.{key_text(pid_text)}"
            player_ref(pid_text, ew, known)
            entry_from_json(kind_text, ew)
        pid, kind = PlayerId(pid_text), ENTRIES[kind_text]
        place(pid, (pid_text, ""), late=kind is EntryKind.LATE, entry=True)
        entries.append((pid, kind))

    reports = _reports(obj.get("reports", []), f"{where}.reports", known)

    if games:  # a played round: everyone taking part is accounted for (a set difference first: most are)
        unplaced = [pid for pid in known.keys() - placed.keys()
                    if number >= known[pid].joined and not (pid in gone_from and number >= gone_from[pid])
                    and not (pid in away and number >= away[pid])]
        if unplaced:  # the first in the season's order, whatever order the set gave
            pid = next(p for p in known if p in set(unplaced))
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
