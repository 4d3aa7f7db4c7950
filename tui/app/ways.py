"""How the TUI says a way forward the evening layer names (`evening.ways.Way`): the key that takes it, and on
which screen where it is not the one in sight."""

from __future__ import annotations

from keizer.evening.ways import Said, Way, WayOut

KEYS: dict[Way, str] = {
    Way.RESOLVE: "r re-solves",
    Way.REPAIR_KEEPING: "r on Pairing (F3) re-pairs keeping the accepted boards",
    Way.ACCEPT: "a accepts",
    Way.CLEAR_PAIRING: "c on Pairing (F3) clears the pairing to pair it again",
    Way.PAIR: "pair it on F3",
    Way.PAIR_ANYWAY: "r pairs anyway",
    Way.ENTER_RESULTS: "enter them on F4",
    Way.CORRECT_RESULT: "correct that game's result on Results (F4)",
    Way.NO_SHOW: "n on Results (F4) records a no-show",
    Way.PLAN_MORE: "F7 plans more",
    Way.ADD_PLAYERS: "add the players on F6 (a)",
    Way.GROUP_GAMES: "their games are on the Groups screen (F8)",
    Way.REPLACE_RESULT: "press the key again to replace it",
    Way.FILL_GROUP: "n on Groups (F8) takes them in",
}
"""Every way, as the TUI's keys take it (a test holds that none is missing)."""

ON_PAIRING: dict[Way, str] = {
    Way.REPAIR_KEEPING: "r re-pairs keeping the accepted boards",
    Way.CLEAR_PAIRING: "c clears",
}
"""The same ways said on the Pairing screen itself, where its keys need no screen named."""


def keyed(refusal: WayOut, here: dict[Way, str] | None = None) -> str:
    """A refusal as the TUI says it: the fact, then each way as a key (`here`: the screen's own words)."""
    words = [(here or {}).get(way, KEYS[way]) for way in refusal.ways]
    return f"{refusal.fact}: {'; '.join(words)}" if words else refusal.fact


def hint(*ways: Way, here: dict[Way, str] | None = None) -> str:
    """" (r re-solves)": the ways after a line the TUI says, in brackets."""
    return f" ({', '.join((here or {}).get(w, KEYS[w]) for w in ways)})" if ways else ""


def keyed_said(said: Said) -> str:
    """A line of the evening layer with its ways as keys: "Round 37: the season is complete … (F7 plans more)"."""
    return said.text + hint(*said.ways)
