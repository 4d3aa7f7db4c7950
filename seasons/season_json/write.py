"""Writing a season file: the `keizer-season/1` object and its text, lossless (`season_from_json` reads it back)."""

from __future__ import annotations

import json
from typing import Any

from keizer.seasons.championship import championship_to_json
from keizer.seasons.classes import class_moves_to_json, origin_to_json
from keizer.seasons.json_keys import FORMAT
from keizer.seasons.limits import MAX_FILE_BYTES
from keizer.seasons.model import AbsenceReport, Player, Round, Season


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


def dump_season(season: Season, log_head: str | None = None) -> str:
    """The season file's text: stable key order, one trailing newline, indented — or, for a season too
    large to be read back so (over MAX_FILE_BYTES), without spaces. `log_head`: the head of the store's log
    it was exported from (`42:3f9a…`), written last; not part of the season."""
    obj = season_to_json(season)
    if log_head is not None:
        obj["log_head"] = log_head
    text = json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
    if len(text) > MAX_FILE_BYTES // 4 and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        # too large to be read back indented: without the spaces it is (an import keeps within that size)
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n"
    return text


def player_to_json(p: Player) -> dict[str, Any]:
    """One player of the file's `players` list (keys at their defaults left out)."""
    return _player_json(p)


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
