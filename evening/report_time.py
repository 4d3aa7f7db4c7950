"""The time an absence report's dialog offers: now while the round is to come, the deadline once it is past."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from keizer.seasons.absence import report_deadline, round_date
from keizer.seasons.model import Season
from keizer.seasons.ruleset.model import Ruleset


@dataclass(frozen=True, slots=True)
class ReportDefault:
    """The time offered for a report that came in, and the line saying why."""

    at: dt.datetime
    """The time offered, to the minute."""
    why: str
    """One line for the dialog: what the default is and why ("now: round 33 is on Thu 2020-04-23")."""


def _day(day: dt.date) -> str:
    return f"{day:%a} {day.isoformat()}"


def report_default(season: Season, ruleset: Ruleset, k: int, now: dt.datetime) -> ReportDefault:
    """What the report dialog for round k starts from, the clock being `now`.

    Most reports are typed in as they come in: now, while round k's evening is today or to come (or has no
    date). Once the evening is past (a season entered afterwards, the 2020 demo), now would book every
    report late; a report for it came in before it, so the default is the ruleset's deadline (D art. 16,
    "uiterlijk": at the deadline is still in time) — not the evening's day, which for D (Wednesday 20:00
    before a Thursday) is already too late. Without a deadline any time is in time: the evening's day."""
    now = now.replace(second=0, microsecond=0)
    day = round_date(season, k)
    if day is None:
        return ReportDefault(now, f"now (round {k} has no date)")
    if day >= now.date():
        when = "today" if day == now.date() else f"on {_day(day)}"
        return ReportDefault(now, f"now (round {k} is {when})")
    rule = ruleset.absence_deadline
    if rule is None:
        return ReportDefault(dt.datetime.combine(day, now.time()),
                             f"round {k}'s evening, {_day(day)} (no deadline: any time is in time)")
    deadline = report_deadline(rule, day)
    return ReportDefault(deadline, f"the deadline, {_day(deadline.date())} {deadline:%H:%M} (round {k} was on "
                                   f"{_day(day)}): type the time it came in")
