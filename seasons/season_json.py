"""The `keizer-season/1` JSON format (docs/format.md): strict import with JSON-path errors, lossless export."""

from __future__ import annotations

import json
from typing import Any

from seasons.championship import championship_from_json, championship_to_json, final_group
from seasons.errors import InputError
from seasons.json_input import load_json
from seasons.json_keys import (
    CLASSES,
    GAME_KEYS,
    PLAYER_KEYS,
    REPORT_KEYS,
    ROUND_KEYS,
    SEASON_KEYS,
    WITHDRAWAL_KEYS,
    entry_from_json,
    reject_unknown_keys,
    result_from_json,
)
from seasons.absence import parse_date, parse_moment
from seasons.classes import class_moves_from_json, class_moves_to_json, origin_from_json, origin_to_json
from seasons.limits import (
    MAX_GROUP,
    MAX_MEMBER_ID,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RATING,
    MAX_ROUNDS,
    bounded_int,
    checked_text,
    describe,
    key_text,
)
from seasons.model import AbsenceReport, EntryKind, Game, Player, PlayerId, Round, Season, Withdrawal
from seasons.ruleset import parse_ruleset
from seasons.ruleset.model import WEEKDAYS

FORMAT = "keizer-season/1"


def parse_season_text(text: str, source: str = "season") -> Season:
    """Parse and validate a season file's text; errors name the source and the JSON path."""
    try:
        return season_from_json(load_json(text))
    except InputError as exc:
        raise InputError(f"{source}: {exc.where}" if exc.where else source, exc.message) from None


def season_from_json(obj: Any) -> Season:
    """A validated Season from a parsed `keizer-season/1` object."""
    _expect_object(obj, "")
    reject_unknown_keys(obj, "", SEASON_KEYS)
    if obj.get("format") != FORMAT:
        raise InputError("format", f"expected \"{FORMAT}\", got {describe(obj.get('format'))}")
    name = checked_text(obj.get("name", ""), "name")
    spec = obj.get("ruleset", "keizer-classic")
    ruleset = parse_ruleset(spec)  # validate now, with paths under `ruleset`
    planned = obj.get("rounds_planned")
    if planned is not None:
        bounded_int(planned, "rounds_planned", 1, MAX_ROUNDS, "a positive whole number")

    start_date = obj.get("start_date")
    if start_date is not None:
        if not isinstance(start_date, str):
            raise InputError("start_date", "must be a string like \"2019-09-05\"")
        parse_date(start_date, "start_date")
    weekday = obj.get("weekday")
    if weekday is not None and weekday not in WEEKDAYS:
        raise InputError("weekday", f"expected one of {', '.join(WEEKDAYS)}, got {weekday!r}")

    players = _players(obj.get("players"))
    known = {p.id: p for p in players}
    withdrawals = _withdrawals(obj.get("withdrawals", []), known)
    gone_from = {w.player: w.before_round for w in withdrawals}
    rounds_obj = obj.get("rounds", [])
    if not isinstance(rounds_obj, list):
        raise InputError("rounds", "must be a list")
    if len(rounds_obj) > MAX_ROUNDS:
        raise InputError("rounds", f"more than {MAX_ROUNDS} rounds ({len(rounds_obj)})")
    group = None
    if "championship" in obj:  # keizer's own key: absent (or null) is no group, as in every older file
        if obj["championship"] is not None:
            group = championship_from_json(obj["championship"], "championship", known,
                                           ruleset.championship.mode if ruleset.championship else None)
    # docs/rules.md §8: a "separate" group's members have no Keizer game or entry after it formed
    left = final_group(group, ruleset.championship.mode if ruleset.championship else None)
    away = {} if left is None else {p: left.formed_after + 1 for p in left.members}
    rounds = tuple(_round(r, i, known, gone_from, away) for i, r in enumerate(rounds_obj))
    suspended = _suspended(obj.get("suspended", []), known)
    for earlier, later in zip(rounds, rounds[1:]):
        if not earlier.is_paired and later.is_paired:
            # A listed round without games is still to be paired (that is how the file says "to be
            # paired"), so only the last listed rounds can be without games.
            raise InputError(f"rounds[{earlier.number - 1}].games",
                             f"round {earlier.number} has no games but round {later.number} has: only the "
                             f"last rounds can still be waiting to be paired")
    class_moves = class_moves_from_json(obj.get("class_moves", []), known)
    started_from = None if obj.get("started_from") is None else origin_from_json(obj["started_from"])
    return Season(name=name, ruleset_spec=spec, players=players, rounds=rounds,
                  withdrawals=withdrawals, rounds_planned=planned, suspended=suspended, start_date=start_date,
                  weekday=weekday, class_moves=class_moves, started_from=started_from, championship=group)


def season_to_json(season: Season) -> dict[str, Any]:
    """The season file object; `season_from_json(season_to_json(s)) == s`."""
    out: dict[str, Any] = {"format": FORMAT, "name": season.name, "ruleset": season.ruleset_spec}
    if season.rounds_planned is not None:
        out["rounds_planned"] = season.rounds_planned
    if season.start_date is not None:  # keys keizer adds to the format: written only when set
        out["start_date"] = season.start_date
    if season.weekday is not None:
        out["weekday"] = season.weekday
    out["players"] = [_player_json(p) for p in season.players]
    out["rounds"] = [_round_json(r) for r in season.rounds]
    if season.withdrawals:
        out["withdrawals"] = [{"player": w.player, "before_round": w.before_round} for w in season.withdrawals]
    if season.suspended:  # written only when someone is: files without suspensions stay as they were
        out["suspended"] = list(season.suspended)
    if season.class_moves:  # D art. 5's accepted moves, and where the season came from: only when there
        out["class_moves"] = class_moves_to_json(season.class_moves)
    if season.started_from is not None:
        out["started_from"] = origin_to_json(season.started_from)
    if season.championship is not None:
        out["championship"] = championship_to_json(season.championship)
    return out


def dump_season(season: Season) -> str:
    """The season file's text: stable key order, one trailing newline."""
    return json.dumps(season_to_json(season), indent=2, ensure_ascii=False) + "\n"


def _player_json(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "name": p.name}
    if p.rating is not None:
        out["rating"] = p.rating
    if p.klass is not None:
        out["class"] = p.klass
    if p.group is not None:
        out["group"] = p.group
    if p.joined != 1:
        out["joined"] = p.joined
    if p.enters_at is not None:  # "rating", the default, is not written
        out["enters_at"] = p.enters_at
    for key, number in (("knsb_id", p.knsb_id), ("fide_id", p.fide_id)):
        if number is not None:  # absent when unknown: a file without them is written as before
            out[key] = number
    return out


def _round_json(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {"round": r.number}
    if r.date is not None:
        out["date"] = r.date
    out["games"] = [{"white": g.white, "black": g.black, "result": g.result.value} for g in r.games]
    out["entries"] = {pid: kind.value for pid, kind in r.entries}
    if r.reports:
        out["reports"] = [_report_json(report) for report in r.reports]
    return out


def _report_json(report: AbsenceReport) -> dict[str, Any]:
    out: dict[str, Any] = {"player": report.player, "at": report.at}
    if report.force_majeure is not None:
        out["force_majeure"] = report.force_majeure
    return out


def _expect_object(obj: Any, where: str) -> None:
    if not isinstance(obj, dict):
        raise InputError(where, "must be an object")


def _players(value: Any) -> tuple[Player, ...]:
    if not isinstance(value, list):  # empty is fine: a new season before its players are entered
        raise InputError("players", "must be a list")
    if len(value) > MAX_PLAYERS:
        raise InputError("players", f"more than {MAX_PLAYERS} players ({len(value)})")
    seen: dict[str, int] = {}
    members: dict[tuple[str, int], int] = {}
    players = []
    for i, obj in enumerate(value):
        where = f"players[{i}]"
        _expect_object(obj, where)
        reject_unknown_keys(obj, where, PLAYER_KEYS)
        pid = player_id(obj.get("id"), f"{where}.id")
        if pid in seen:
            raise InputError(f"{where}.id", f"duplicate id {pid!r} (also players[{seen[pid]}])")
        seen[pid] = i
        name = checked_text(obj.get("name", pid), f"{where}.name", MAX_NAME, empty=False)
        rating = obj.get("rating")
        if rating is not None:
            bounded_int(rating, f"{where}.rating", 0, MAX_RATING)
        klass = obj.get("class")
        if klass is not None and (not isinstance(klass, str) or klass not in CLASSES):
            raise InputError(f"{where}.class", f"expected one of A, B, C, D, got {describe(klass)}")
        group = obj.get("group")
        if group is not None:
            bounded_int(group, f"{where}.group", 1, MAX_GROUP)
        joined = bounded_int(obj.get("joined", 1), f"{where}.joined", 1, MAX_ROUNDS, "a round number")
        enters_at = obj.get("enters_at", "rating")
        if enters_at != "rating":
            bounded_int(enters_at, f"{where}.enters_at", 1, MAX_PLAYERS, '"rating" or a place')
        numbers = {key: _member_number(obj, key, where, i, members) for key in ("knsb_id", "fide_id")}
        players.append(Player(id=PlayerId(pid), name=name, rating=rating, klass=klass, group=group,
                              joined=joined, enters_at=None if enters_at == "rating" else enters_at, **numbers))
    return tuple(players)


def _member_number(obj: dict[str, Any], key: str, where: str, i: int, seen: dict[tuple[str, int], int]) -> int | None:
    """A federation's member number (`knsb_id`, `fide_id`): a whole number, one player's only (two players
    with one number would be one person twice in a rating report)."""
    number = obj.get(key)
    if number is None:
        return None
    bounded_int(number, f"{where}.{key}", 1, MAX_MEMBER_ID, "a member number")
    if (key, number) in seen:
        raise InputError(f"{where}.{key}", f"{number} is also players[{seen[key, number]}].{key}")
    seen[key, number] = i
    return int(number)


def _withdrawals(value: Any, known: dict[PlayerId, Player]) -> tuple[Withdrawal, ...]:
    if not isinstance(value, list):
        raise InputError("withdrawals", "must be a list")
    out: list[Withdrawal] = []
    seen: set[PlayerId] = set()  # a set, not a scan of `out`: 100,000 withdrawals stay linear
    for i, obj in enumerate(value):
        where = f"withdrawals[{i}]"
        _expect_object(obj, where)
        reject_unknown_keys(obj, where, WITHDRAWAL_KEYS)
        pid = _player_ref(obj.get("player"), f"{where}.player", known)
        if pid in seen:
            raise InputError(f"{where}.player", f"{pid!r} already withdrew")
        seen.add(pid)
        before = bounded_int(obj.get("before_round"), f"{where}.before_round", 1, MAX_ROUNDS, "a round number")
        out.append(Withdrawal(player=pid, before_round=before))
    return tuple(out)


def player_id(value: Any, where: str) -> PlayerId:
    """A player's id as written: a non-empty string of at most MAX_NAME characters, no control characters
    (not normalised: an id is compared byte for byte)."""
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, f"must be a non-empty string, got {describe(value)}")
    if checked_text(value, where, MAX_NAME) != value:
        raise InputError(where, f"{value!r} is not in Unicode's composed form (NFC); write it composed")
    return PlayerId(value)


def _suspended(value: Any, known: dict[PlayerId, Player]) -> tuple[PlayerId, ...]:
    """D art. 12's suspended players: ids, each once; kept sorted like `Season.suspended`."""
    if not isinstance(value, list):
        raise InputError("suspended", "must be a list of player ids")
    seen: set[PlayerId] = set()
    for i, item in enumerate(value):
        pid = _player_ref(item, f"suspended[{i}]", known)
        if pid in seen:
            raise InputError(f"suspended[{i}]", f"{pid!r} is listed twice")
        seen.add(pid)
    return tuple(sorted(seen))


def _player_ref(value: Any, where: str, known: dict[PlayerId, Player]) -> PlayerId:
    if not isinstance(value, str):
        raise InputError(where, f"expected a player id, got {describe(value)}")
    if value not in known:
        raise InputError(where, f"unknown player {describe(value)}")
    return PlayerId(value)


def _round(obj: Any, index: int, known: dict[PlayerId, Player], gone_from: dict[PlayerId, int],
           away: dict[PlayerId, int]) -> Round:
    """Round index+1; `away`: the final group's members and the first round they play no Keizer in."""
    where = f"rounds[{index}]"
    _expect_object(obj, where)
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
        _expect_object(game, gw)
        reject_unknown_keys(game, gw, GAME_KEYS)
        white = _player_ref(game.get("white"), f"{gw}.white", known)
        black = _player_ref(game.get("black"), f"{gw}.black", known)
        if white == black:
            raise InputError(f"{gw}.black", f"player {white!r} cannot play themselves")
        result = result_from_json(game.get("result", "*"), f"{gw}.result")
        place(white, f"{gw}.white")
        place(black, f"{gw}.black")
        games.append(Game(white=white, black=black, result=result))

    entries = []
    for pid_text, kind_text in entries_obj.items():
        ew = f"{where}.entries.{key_text(pid_text)}"
        pid = _player_ref(pid_text, ew, known)
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
        _expect_object(obj, rw)
        reject_unknown_keys(obj, rw, REPORT_KEYS)
        pid = _player_ref(obj.get("player"), f"{rw}.player", known)
        if pid in out:
            raise InputError(f"{rw}.player", f"{pid!r} already reported for this round")
        at = obj.get("at")
        parse_moment(at, f"{rw}.at")
        ruling = obj.get("force_majeure")
        if ruling is not None and (not isinstance(ruling, str) or not ruling.strip()):
            raise InputError(f"{rw}.force_majeure", "must be the ruling's reason (a non-empty string)")
        out[pid] = AbsenceReport(player=pid, at=at, force_majeure=ruling)
    return tuple(out[pid] for pid in sorted(out))
