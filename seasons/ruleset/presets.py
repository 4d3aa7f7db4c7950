"""The three ruleset presets, written as the season file would write them (docs/format.md)."""

from __future__ import annotations

import copy
from typing import Any

CLASSIC: dict[str, Any] = {
    "value": {"ladder": "linear", "top": "N", "step": 1, "min": 1},
    "factors": {
        "win": "1", "draw": "1/2", "loss": "0", "forfeit_win": "1", "forfeit_loss": "0",
        "external_win": "1", "external_draw": "1/2", "external_loss": "0", "external_pending": "0",
        "bye": "1", "excused": "1/3", "unexcused": "0", "duty": "1", "late": "0",
    },
    "fixed_points": {},
    "self_value": None,
    "absence_limit": None,
    "valuation": "current",
    "iterate": "always",
    "aalsmeer": None,
    "withdrawal": {"removal_before_round": 21, "win": "1", "draw": "1/2", "loss": "0"},
    "rounding": None,
    "participation": None,
    "tiebreak": ["previous_rank", "start_rank"],
    "pairing": {
        "max_meetings": 2,
        "rematch_from_round": None,
        "rematch_gap": 10,
        "rematch_reverse_colours": True,
        "bottom_region": 0,
        "opening": None,
        "bye": {"policy": "lowest"},
        "colour": {"max_run": 2, "max_balance": 2},
        "seed": 0,
    },
    "forfeit": "factors",
    "columns": "d",
    "suspension": False,
    "absence_deadline": None,
    "classes": None,
    "cups": None,
    "championship": None,
    "rounds_planned": None,
    "regulations": None,
    "language": "nl",
}

# Only what differs from CLASSIC; merged key by key like a user's overrides.
_DIFFERENCES: dict[str, dict[str, Any]] = {
    "keizer-classic": {},
    "doorn-driebergen-2019": {
        "value": {"top": 80},
        # Factors "in sixths" (seed 000, Toelichting): 6, 3, 0 internal; 4, 4, 4 external; 6 bye; 2 mgr; 0 zgr.
        "factors": {
            "external_win": "2/3", "external_draw": "2/3", "external_loss": "2/3",
            "external_pending": "2/3",  # art. 18: whatever the result, so known before it is
            "bye": "1", "excused": "1/3", "unexcused": "0",
            # The regulations have no duty entry: treated as excused (docs/rules.md §2).
            "duty": "1/3",
        },
        "valuation": "frozen",
        # D art. 23: recalculated after round 20 and after the final round ("final" = rounds_planned)
        "iterate": [20, "final"],
        "pairing": {
            "rematch_from_round": 21,  # D art. 8
            "rematch_gap": None,
            "opening": {"rounds": [1, 2], "distance": 10},  # D art. 7
            "bye": {"policy": "anchor", "rank": 25},  # D art. 10
        },
        "suspension": True,  # D art. 12: absent without notice, not paired until reporting back
        "absence_deadline": {"weekday": "wednesday", "time": "20:00", "late": "unexcused"},  # D art. 16
        "forfeit": "bye",  # D art. 11: a player who does not come is unexcused, the opponent has a bye
        # D art. 5: classes A-D read after rounds 20 and 36, one up and one down between neighbours,
        # extra moves "to keep the groups about equal in size" proposed to the director.
        "classes": {"names": ["A", "B", "C", "D"], "read_after": [20, "final"], "moves": 1, "balance": True},
        # D art. 2-4: the top six after round 20 play a double round robin inside the Keizer (rounds 21-36)
        # a member who withdraws (both texts silent): FIDE's round-robin rule; ties: art. 2's decision games
        "championship": {"after_round": 20, "size": 6, "mode": "inside", "last_round": None,
                         "withdrawn_member": "half", "ties": "decision"},
        # D art. 3: "De keizercompetitie 2019-2020 omvat 36 ronden" (art. 23's final round, art. 5's second
        # class reading and art. 4's second half are its rounds), unless the season says otherwise
        "rounds_planned": 36,
        "regulations": "D",  # the articles cited, and where they are silent the club's choice said (§14)
    },
    "kijk-uit": {
        "value": {"top": 100},
        "factors": {
            "external_win": "1", "external_draw": "1/2", "external_loss": "0",
            # Not stated in the text: a "lost evening" (reserve, bar duty) scores as a full evening.
            "bye": "1", "duty": "1", "excused": "1/3", "unexcused": "0",
        },
        # a joiner is not on the "beginranglijst": no bonus (K is silent on joiners, docs/rules.md §14)
        "aalsmeer": {"multiplier": 5, "rounds": 5, "joiners": "none"},
        "iterate": "always",  # K's worked example is only consistent with iteration after round 1
        "participation": "1/3",
        # K "Afmelden": by Thursday 20:00 (the Friday 19:00 exception is the director's ruling)
        # a later report is booked unexcused (K gives 0 only "zonder afbericht"; docs/rules.md §14)
        "absence_deadline": {"weekday": "thursday", "time": "20:00", "late": "unexcused"},
        "pairing": {"bye": {"policy": "lottery"}},
        "columns": "k",
        # "voor de nummers één en twee van een groep is aan het eind van het seizoen een beker"; the 33%
        # rule decides "een notering op de ranglijst", so the cups' list applies it too.
        "cups": {"top": 2, "participation": True},
        # K "finalegroep": after round 20 the top six leave the Keizer for a double round robin (10 rounds)
        # the texts are silent on a finalist who withdraws and on ties: D's choices (docs/rules.md §14)
        "championship": {"after_round": 20, "size": 6, "mode": "separate", "last_round": None,
                         "withdrawn_member": "half", "ties": "decision"},
        "regulations": "K",
    },
}

PRESET_NAMES: tuple[str, ...] = tuple(_DIFFERENCES)


def merge(base: Any, override: Any) -> Any:
    """Nested objects merge key by key; anything else in `override` replaces what `base` had."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            # A different value ladder shares no keys with the old one: replace, don't mix.
            if key == "value" and isinstance(value, dict) and "ladder" in value \
                    and isinstance(base.get("value"), dict) and value["ladder"] != base["value"].get("ladder"):
                merged[key] = copy.deepcopy(value)
            else:
                merged[key] = merge(base.get(key), value)
        return merged
    return copy.deepcopy(override)


def preset_settings(name: str) -> dict[str, Any]:
    """The full settings object of a preset (a fresh copy)."""
    return copy.deepcopy(merge(CLASSIC, _DIFFERENCES[name]))  # merge shares what the override leaves alone
