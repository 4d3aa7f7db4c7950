"""Round dates from the season's start and weekday, and absence reports booked by the ruleset's deadline."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from keizer.seasons.errors import InputError
from keizer.seasons.model import AbsenceReport, EntryKind, Season
from keizer.seasons.ruleset.model import WEEKDAYS, AbsenceDeadline, Ruleset


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
"""A date as the messages say it, 2019-09-12: Python's ISO reader also takes 2019-W37-4 and 20190912."""
_MOMENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?")


def parse_date(text: str, where: str) -> dt.date:
    """"2019-09-12" → date; InputError naming `where` otherwise (also for the other ISO forms of a date)."""
    try:
        if not isinstance(text, str) or _DATE.fullmatch(text) is None:
            raise ValueError(text)
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise InputError(where, f"expected a date like \"2019-09-12\", got {text!r}") from None


def parse_moment(text: str, where: str) -> dt.datetime:
    """"2019-09-11T19:30" (local time, to the minute) → datetime; InputError naming `where` otherwise."""
    try:
        moment = dt.datetime.fromisoformat(text) if isinstance(text, str) and _MOMENT.fullmatch(text) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is not None or moment.second or moment.microsecond:
        raise InputError(where, f"expected a local time like \"2019-09-11T19:30\", got {text!r}")
    return moment


def typed_moment(text: str, where: str) -> str:
    """A time the director typed, "2019-09-11 19:30" or "2019-09-11T19:30" (local time, to the minute), as the
    season file writes it ("2019-09-11T19:30"); InputError naming `where` otherwise."""
    words = text.split() if isinstance(text, str) else []
    joined = "T".join(words) if len(words) == 2 and "T" not in text else " ".join(words)
    try:
        moment = parse_moment(joined, where)
    except InputError:
        raise InputError(where, f"expected a local time like \"2019-09-11 19:30\" (or 2019-09-11T19:30), "
                                f"got {text!r}") from None
    return moment.isoformat(timespec="minutes")  # not strftime: %Y writes year 1 as "1"


def first_evening(season: Season) -> dt.date | None:
    """The first club evening: the first `weekday` on or after `start_date` (None without a start date)."""
    if season.start_date is None:
        return None
    start = parse_date(season.start_date, "start_date")
    day = start.weekday() if season.weekday is None else WEEKDAYS.index(season.weekday)
    return _later(start, dt.timedelta(days=(day - start.weekday()) % 7))


def round_date(season: Season, k: int) -> dt.date | None:
    """The evening of round k (also a round not listed yet): its own `date` if it has one; else a week per
    round after the last earlier round with a date (a round moved for a holiday moves those after it), or
    after the first evening. None when nothing fixes it."""
    for j in range(min(k, len(season.rounds)), 0, -1):
        text = season.rounds[j - 1].date
        if text is not None:
            return _later(parse_date(text, f"rounds[{j - 1}].date"), dt.timedelta(weeks=k - j))
    first = first_evening(season)
    return None if first is None else _later(first, dt.timedelta(weeks=k - 1))


def _later(day: dt.date, step: dt.timedelta) -> dt.date | None:
    """`day + step`, or None past the calendar's end (9999-12-31): a date typed as 9999-12-30 is valid,
    and the week after it was a traceback in every command that lists the dates."""
    try:
        return day + step
    except OverflowError:
        return None


def report_deadline(rule: AbsenceDeadline, evening: dt.date) -> dt.datetime:
    """The last moment to report an absence for the evening: the rule's weekday and time, on the evening's
    day or the last such weekday before it (D: Wednesday 20:00; K: Thursday 20:00 before a Friday)."""
    back = dt.timedelta(days=(evening.weekday() - rule.weekday) % 7)
    day = evening - back if evening - dt.date.min >= back else dt.date.min  # an evening typed as 0001-01-01
    return dt.datetime.combine(day, rule.time)


@dataclass(frozen=True, slots=True)
class Booking:
    """How an absence report is booked (D art. 16, K "Afmelden")."""

    entry: EntryKind
    """EXCUSED (in time, or force majeure) or UNEXCUSED (too late)."""
    deadline: dt.datetime | None
    """The deadline it was measured against (None: no deadline in the ruleset, or no date for the round)."""
    reason: str
    """In words, for the director: "in time (before Wed 2019-09-11 20:00)", "too late (…)", "force majeure: …"."""
    late: bool = False
    """After the deadline and not ruled force majeure: booked as the ruleset's `absence_deadline.late` says."""


def book_report(report: AbsenceReport, ruleset: Ruleset, evening: dt.date | None) -> Booking:
    """The entry a report earns: excused before the ruleset's deadline, after it as `absence_deadline.late`
    says (unexcused by default) unless the director ruled force majeure. Without a deadline (or a date to measure it from) every report is in time: the
    director decides by recording the entry."""
    at = parse_moment(report.at, "at")
    rule = ruleset.absence_deadline
    deadline = None if rule is None or evening is None else report_deadline(rule, evening)
    if report.force_majeure:
        return Booking(EntryKind.EXCUSED, deadline, f"force majeure: {report.force_majeure}")
    if deadline is None:
        return Booking(EntryKind.EXCUSED, None, "reported (no deadline to measure)")
    when = f"{WEEKDAYS[deadline.weekday()][:3].capitalize()} {deadline:%Y-%m-%d %H:%M}"
    if at <= deadline:  # "uiterlijk": at the deadline itself is still in time
        return Booking(EntryKind.EXCUSED, deadline, f"in time (by {when})")
    late = EntryKind.EXCUSED if rule is not None and rule.late == "excused" else EntryKind.UNEXCUSED
    return Booking(late, deadline, f"too late (after {when})", late=True)


__all__ = ["WEEKDAYS", "Booking", "book_report", "first_evening", "parse_date", "parse_moment", "report_deadline",
           "round_date", "typed_moment"]
