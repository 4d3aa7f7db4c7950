"""The keys and values of the keizer-season/1 JSON, held once for every reader of it (docs/format.md).

The season file (`season_json`) and the store's event payloads (`store.payload`) read the same objects
(a player, a result, an entry); both take their key tables and their checks from here, so that a key
added to the format is added to every reader at once.
"""

from __future__ import annotations

from typing import Any, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.limits import describe, key_text
from keizer.seasons.model import EntryKind, Result

FORMAT = "keizer-season/1"
"""The format's name, the season object's `format`."""
SEASON_KEYS = ("format", "name", "ruleset", "rounds_planned", "start_date", "weekday", "players", "rounds",
               "withdrawals", "suspended", "class_moves", "started_from", "championship", "log_head")
"""The keys of the season object, in the order an export writes them."""
PLAYER_KEYS = ("id", "name", "rating", "class", "group", "joined", "enters_at", "knsb_id", "fide_id")
"""The keys of one player."""
ROUND_KEYS = ("round", "date", "games", "entries", "reports")
"""The keys of one round."""
REPORT_KEYS = ("player", "at", "force_majeure")
"""The keys of one absence report."""
GAME_KEYS = ("white", "black", "result")
"""The keys of one game."""
WITHDRAWAL_KEYS = ("player", "before_round")
"""The keys of one withdrawal."""
CLASS_MOVE_KEYS = ("after_round", "moves")
"""The keys of one reading of the class tables (`class_moves[]`, D art. 5)."""
ORIGIN_KEYS = ("season", "round")
"""The keys of `started_from`: the season a season was started from."""
CLASSES = ("A", "B", "C", "D")
"""The shadow classes a player may be in (D art. 5)."""
RESULTS: dict[str, Result] = {r.value: r for r in Result}
"""A game's result as written in the file → the Result."""
ENTRIES: dict[str, EntryKind] = {k.value: k for k in EntryKind}
"""An entry as written in the file → the EntryKind."""


def reject_unknown_keys(obj: Mapping[str, Any], where: str, allowed: tuple[str, ...]) -> None:
    """InputError naming the first key of `obj` that is not in `allowed` (a typo is never dropped silently)."""
    for key in obj:
        if key not in allowed:
            shown = key_text(key)
            raise InputError(f"{where}.{shown}" if where else shown, f"unknown key (known: {', '.join(allowed)})")


def result_from_json(value: Any, where: str) -> Result:
    """A game's result from its text ("1-0", "+-", "*", …), or InputError listing the known ones."""
    if not isinstance(value, str) or value not in RESULTS:  # a list or object is not hashable: test first
        raise InputError(where, f"unknown result {describe(value)} (expected one of {', '.join(RESULTS)})")
    return RESULTS[value]


def entry_from_json(value: Any, where: str) -> EntryKind:
    """An entry from its text ("bye", "external:1/2", …), or InputError listing the known ones."""
    if not isinstance(value, str) or value not in ENTRIES:
        raise InputError(where, f"unknown entry {describe(value)} (expected one of {', '.join(ENTRIES)})")
    return ENTRIES[value]
