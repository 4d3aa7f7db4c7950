"""The Pairing screen's title: the round, what it waits for (with the key that moves it on), the director's marks."""

from __future__ import annotations

from keizer.evening.desk.desk import PairingDesk
from keizer.evening.ways import Way
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import complete_text
from keizer.tui.app.ways import KEYS, ON_PAIRING


def desk_title(desk: PairingDesk) -> str:
    """The Pairing screen's title: the round, then what it waits for (the first that holds, in this
    order: so each state is asked only when the ones before it do not hold), then the director's marks."""
    k = desk.round_number
    if k is None:
        return "Pairing"
    parts = [f"Round {k}"]
    if desk.proposals:
        parts.append(counted(len(desk.proposals), "proposal"))
        if desk.stale:
            parts.append(f"! the season changed since: {KEYS[Way.RESOLVE]}")
    elif desk.waiting():
        parts.append(f"{counted(len(desk.late), 'attendance change')} since the pairing was accepted: "
                     f"{ON_PAIRING[Way.REPAIR_KEEPING]}")
    elif desk.saved_view() is not None:
        parts.append(f"paired and saved (r re-pairs, {ON_PAIRING[Way.CLEAR_PAIRING]})")
    elif (planned := desk.past_the_season()) is not None:
        parts.append(f"{complete_text(planned)} ({KEYS[Way.PLAN_MORE]})")
    elif desk.failed:
        parts.append(f"✗ {desk.failed}")
    elif desk.pending_before():
        parts.append(f"! round {k - 1} has {counted(desk.pending_before(), 'game')} without a result: "
                     f"{KEYS[Way.ENTER_RESULTS]}, or {KEYS[Way.PAIR_ANYWAY]}")
    if desk.locks:
        parts.append(f"{len(desk.locks)} locked")
    if desk.forbids:
        parts.append(f"{len(desk.forbids)} forbidden")
    return " — ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")


