"""Reading a season file: strict, key by key, every error naming its JSON path (docs/format.md)."""

from __future__ import annotations

from typing import Any

from keizer.seasons.absence import parse_date
from keizer.seasons.championship import championship_from_json, final_group
from keizer.seasons.classes import class_moves_from_json, origin_from_json
from keizer.seasons.errors import InputError
from keizer.seasons.json_input import load_json
from keizer.seasons.json_keys import FORMAT, SEASON_KEYS, reject_unknown_keys
from keizer.seasons.limits import MAX_ROUNDS, bounded_int, checked_text, describe
from keizer.seasons.model import Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import WEEKDAYS
from keizer.seasons.season_json.players import expect_object, players_from_json, suspended_from_json, withdrawals_from_json
from keizer.seasons.season_json.rounds import round_from_json
from keizer.seasons.gcpause import collector_paused


def parse_season_text(text: str, source: str = "season") -> Season:
    """Parse and validate a season file's text; errors name the source and the JSON path."""
    try:
        return season_from_json(load_json(text))
    except InputError as exc:
        raise InputError(f"{source}: {exc.where}" if exc.where else source, exc.message) from None


def season_from_json(obj: Any) -> Season:
    """A validated Season from a parsed `keizer-season/1` object (Python's cyclic collector paused while its
    many small objects are made: `seasons/gcpause.py`)."""
    with collector_paused():
        return _season_from_json(obj)


def _season_from_json(obj: Any) -> Season:
    expect_object(obj, "")
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

    players = players_from_json(obj.get("players"))
    known = {p.id: p for p in players}
    withdrawals = withdrawals_from_json(obj.get("withdrawals", []), known)
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
    plain = frozenset(pid for pid, p in known.items() if p.joined == 1 and pid not in gone_from and pid not in away)
    rounds = tuple(round_from_json(r, i, known, gone_from, away, plain) for i, r in enumerate(rounds_obj))
    suspended = suspended_from_json(obj.get("suspended", []), known)
    for earlier, later in zip(rounds, rounds[1:]):
        if not earlier.is_paired and later.is_paired:
            # A listed round without games is still to be paired (that is how the file says "to be
            # paired"), so only the last listed rounds can be without games.
            raise InputError(f"rounds[{earlier.number - 1}].games",
                             f"round {earlier.number} has no games but round {later.number} has: only the "
                             f"last rounds can still be waiting to be paired")
    if obj.get("log_head") is not None:  # the store state an export came from: said, not part of the season
        checked_text(obj["log_head"], "log_head")
    class_moves = class_moves_from_json(obj.get("class_moves", []), known)
    started_from = None if obj.get("started_from") is None else origin_from_json(obj["started_from"])
    return Season(name=name, ruleset_spec=spec, players=players, rounds=rounds,
                  withdrawals=withdrawals, rounds_planned=planned, suspended=suspended, start_date=start_date,
                  weekday=weekday, class_moves=class_moves, started_from=started_from, championship=group)
