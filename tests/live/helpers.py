"""The live evening's tests share: the tests' club evening (round 33, dated Thursday 2020-04-23) at a moment of
that evening, paired through the evening layer, and the codes a tablet and a phone use."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from keizer.evening.evening import Evening
from keizer.seasons.model import PlayerId

TONIGHT = 33
"""The tests' club evening's round: listed, dated, not paired."""

EVENING = dt.datetime(2020, 4, 23, 19, 30).astimezone()
"""Half past seven on round 33's evening, local time."""


def at(evening: Evening, moment: dt.datetime = EVENING) -> Evening:
    """The evening's live clock set to `moment` (the store's own action times stay the machine's)."""
    evening.tonight.clock = lambda: moment
    return evening


def opened(store: Path, moment: dt.datetime = EVENING) -> Evening:
    """The store opened to be written, its live clock at `moment`."""
    return at(Evening.open(store), moment)


def pair(evening: Evening, k: int = TONIGHT) -> None:
    """Round k paired and saved through the evening layer (the desk's best proposal), as the director does."""
    evening.desk.solve(k, alternatives=0)
    evening.desk.accept(0)


def tablet(evening: Evening) -> str:
    """A tablet paired with the kiosk tonight: the director's code typed in once."""
    return evening.door.pair_tablet(evening.door.kiosk_code())


def present_ids(evening: Evening, k: int = TONIGHT) -> list[PlayerId]:
    """The members present by default in round k (no entry), by id."""
    rnd = evening.season.round(k)
    return sorted(p.id for p in evening.door.members() if rnd.entry_of(p.id) is None)
