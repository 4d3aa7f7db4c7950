"""keizer's own lines in a TRF file: what TRF's columns cannot say (ids, accents, the kind of each absence,
withdrawals, the ruleset), written by `export --trf` as comments and read by `import`, so that the round
trip gives the season back (docs/format.md "Moving in")."""

from __future__ import annotations

import json
from typing import Any

from keizer.seasons.model import EntryKind, Season
from keizer.seasons.season_json.write import player_to_json

PREFIX = "### keizer "
"""A comment line to every TRF reader (TRF-2026: a line starting `###`); to keizer, one JSON object."""
READ_BACK = {EntryKind.BYE, EntryKind.EXCUSED}
"""The entries TRF's codes give back by themselves (`U`, `Z`); every other kind is written in a round's line."""


def keizer_lines(season: Season, upto: int, column_name: Any, log_head: str | None = None) -> list[str]:
    """The comment lines for rounds 1..upto: the season's, one per player (`column_name(player)` is what
    TRF's name column reads back as), one per round (the board order and the entries `U` and `Z` do not
    say), one per withdrawal, and the suspended. ASCII: non-ASCII characters are JSON escapes. `log_head`:
    the head of the store's log the report was made from, in the season's line (as a JSON export has it:
    `keizer validate --head` checks the store against it; `import` passes it by)."""
    head: dict[str, Any] = {"ruleset": season.ruleset_spec}
    if season.rounds_planned is not None:
        head["rounds_planned"] = season.rounds_planned
    if log_head is not None:
        head["log_head"] = log_head
    lines = [_line({"season": head | {"name": season.name}})]
    for rank, player in enumerate(season.players, start=1):
        record = player_to_json(player)
        if column_name(player) == player.name:
            del record["name"]
        record.pop("rating", None)  # TRF's rating column holds it
        lines.append(_line({"player": rank, **record}))
    for k in range(1, upto + 1):
        rnd = season.round(k)
        entries = {str(season.start_rank(p)): kind.value for p, kind in rnd.entries if kind not in READ_BACK}
        boards = [season.start_rank(g.white) for g in rnd.games]
        lines.append(_line({"round": k, "boards": boards} | ({"entries": entries} if entries else {})))
    for w in season.withdrawals:
        lines.append(_line({"withdrawal": season.start_rank(w.player), "before_round": w.before_round}))
    if season.suspended:
        lines.append(_line({"suspended": sorted(season.start_rank(p) for p in season.suspended)}))
    return lines


def _line(obj: dict[str, Any]) -> str:
    return PREFIX + json.dumps(obj, ensure_ascii=True)
