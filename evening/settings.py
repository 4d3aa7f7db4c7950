"""Settings: the season's name, ruleset (a preset plus overrides, with a summary line), rounds planned, dates."""

from __future__ import annotations

from typing import Any

from keizer.seasons.absence import parse_date, round_date
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.json_input import load_json
from keizer.seasons.model import Season
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import checked_rounds_planned, checked_season_name
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import WEEKDAYS
from keizer.seasons.season_length import require_length
from keizer.seasons.store.events import UNCHANGED, Event, RoundDateSet, SeasonDatesSet, SettingsChanged, Unchanged
from keizer.evening.listing import listing_events, round_or_next
from keizer.evening.session import EveningSession
from keizer.seasons.numbers import points_text as points


def spec_parts(spec: object) -> tuple[str, dict[str, Any]]:
    """(preset, overrides) of a ruleset spec as the season file writes it."""
    if isinstance(spec, str):
        return spec, {}
    if isinstance(spec, dict):
        return str(spec.get("preset", "keizer-classic")), {k: v for k, v in spec.items() if k != "preset"}
    return "keizer-classic", {}


def spec_from_parts(preset: str, overrides_text: str) -> object:
    """The spec to save: the preset name alone, or `{"preset": …, …overrides}`; InputError if not JSON."""
    text = overrides_text.strip()
    try:
        overrides = load_json(text) if text else {}
    except InputError as exc:
        raise InputError(f"overrides: {exc.where}" if exc.where else "overrides", exc.message) from None
    if not isinstance(overrides, dict):
        raise InputError("overrides", "must be a JSON object like {\"factors\": {\"bye\": \"2/3\"}}")
    if "preset" in overrides and overrides["preset"] != preset:
        raise InputError("overrides.preset", "choose the preset in the preset field, not in the overrides")
    overrides.pop("preset", None)
    return {"preset": preset, **overrides} if overrides else preset


def ruleset_summary(rs: Ruleset, rounds_planned: int | None = None) -> str:
    """The settings a director checks first, in one line ("final" in `iterate` said as its round when known:
    the season's `rounds_planned`, else the ruleset's)."""
    rounds_planned = rs.final_round(rounds_planned)
    v = rs.value
    if v.ladder == "linear":
        top = str(v.top) if v.top is not None else ("N" if not v.top_offset else f"N+{v.top_offset}")
        value = f"values {top} down by {points(v.step)}"
    else:
        value = f"values: {v.ladder} ladder"
    iterate = rs.iterate if isinstance(rs.iterate, str) else "at " + ", ".join(
        str(rounds_planned) if r == "final" and rounds_planned is not None else str(r) for r in rs.iterate)
    factors = " ".join(f"{k} {points(f)}" for k, f in rs.factors if k in ("win", "draw", "bye", "excused"))
    parts = [f"{rs.preset}: {value}", f"{rs.valuation} valuation", f"iterate {iterate}", factors]
    if rs.aalsmeer is not None:
        parts.append(f"Aalsmeer bonus {points(rs.aalsmeer.multiplier)}× over {counted(rs.aalsmeer.rounds, 'round')}")
    if rs.participation is not None:
        parts.append(f"participation {rs.participation}")
    return " · ".join(parts)


def prize_lines(rs: Ruleset, rounds_planned: int | None = None) -> tuple[str, ...]:
    """A short line each for the classes, the group cups and the championship group, where the ruleset has
    them (docs/rules.md §8, §9): what the director checks before the rounds they decide come."""
    rounds_planned = rs.final_round(rounds_planned)
    lines = []
    if (c := rs.classes) is not None:
        rounds = " and ".join(str(rounds_planned) if r == "final" and rounds_planned is not None
                              else "the final round" if r == "final" else str(r) for r in c.read_after)
        lines.append(f"classes {', '.join(c.names)} read after round{'s' if len(c.read_after) > 1 else ''} "
                     f"{rounds}: {c.moves} up, {c.moves} down"
                     + (", sizes kept even" if c.balance else ""))
    if (cups := rs.cups) is not None:
        lines.append(f"group cups for the first {cups.top} of each group"
                     + (" (participation rule)" if cups.participation else ""))
    if (g := rs.championship) is not None:
        where = "inside the Keizer" if g.mode == "inside" else "outside the Keizer"
        end = "the final round (the season's length is not set)" if g.needs_length and rounds_planned is None \
            else g.schedule_end(rounds_planned)
        lines.append(f"championship group of {g.size} after round {g.after_round}, {where}, up to round {end}")
    return tuple(lines)


def rounds_planned_from(text: str) -> int | None:
    """The Season form's rounds field: empty is "not planned"; InputError naming the field otherwise."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError("rounds planned", f"expected a whole number (or nothing), got {text!r}") from None


class Settings:
    """The Season screen's service: the season's own settings, validated before anything is written."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def summary(self) -> str:
        return ruleset_summary(self.session.ruleset, self.session.season.rounds_planned)

    def summary_lines(self) -> tuple[str, ...]:
        """The summary line, then a line each for the classes, cups and championship group the ruleset has."""
        rs, planned = self.session.ruleset, self.session.season.rounds_planned
        return (ruleset_summary(rs, planned), *prize_lines(rs, planned))

    def change(self, name: str | Unchanged = UNCHANGED, ruleset_spec: object = UNCHANGED,
               rounds_planned: int | None | Unchanged = UNCHANGED,
               dates: tuple[str | None, str | None] | Unchanged = UNCHANGED) -> str:
        """Name, ruleset (a preset name or `{"preset": …, …overrides}`, validated before anything is
        written), rounds planned and the dates (start date, weekday); fields left UNCHANGED, or as they are,
        stay out of the action. One action, one undo step."""
        season = self.session.season
        event = SettingsChanged(name=_new_name(season, name), ruleset_spec=_new_spec(season, ruleset_spec),
                                rounds_planned=_new_rounds(season, rounds_planned))
        changed = [label for label, value in (("name", event.name), ("ruleset", event.ruleset_spec),
                                              ("rounds planned", event.rounds_planned))
                   if not isinstance(value, Unchanged)]
        events: list[Event] = [event] if changed else []
        if changed:  # docs/rules.md §3: a ruleset that needs the season's length keeps one
            after = event.replay(season)
            require_length(parse_ruleset(after.ruleset_spec), after.rounds_planned, "rounds planned")
        if not isinstance(dates, Unchanged) and dates != (season.start_date, season.weekday):
            events.append(_dates_event(*dates))
            changed.append("dates")
        if not changed:
            raise KeizerError("the settings are unchanged: nothing to save")
        return self.session.commit(f"settings: {', '.join(changed)}", *events)

    def set_dates(self, start_date: str | None, weekday: str | None = None) -> str:
        """The season's start ("2026-09-03") and club evening weekday ("thursday"; None: the start date's):
        every round without a date of its own is dated from them, a week apart."""
        season = self.session.season
        event = _dates_event(start_date, weekday)
        if (season.start_date, season.weekday) == (start_date, weekday):
            raise KeizerError("the dates are unchanged: nothing to save")
        label = f"season starts {start_date}" + (f", on {weekday}s" if weekday else "") if start_date \
            else "season without a start date"
        return self.session.commit(label, event)

    def set_round_date(self, k: int, date: str | None) -> str:
        """Round k's own date (a round moved for a holiday moves the ones after it); None: dated from the
        season's start again."""
        season = self.session.season
        if date is not None:
            parse_date(date, f"round {k} date")
        rnd = round_or_next(season, k)
        if rnd.date == date:
            raise KeizerError(f"round {k} already has that date: nothing to save")
        events = listing_events(season, k) + (RoundDateSet(number=k, date=date),)
        return self.session.commit(f"round {k} on {date}" if date else f"round {k} dated from the start", *events)

    def date_of(self, k: int) -> str | None:
        """Round k's evening as an ISO date, None when nothing fixes it."""
        day = round_date(self.session.season, k)
        return day.isoformat() if day is not None else None


def _dates_event(start_date: str | None, weekday: str | None) -> SeasonDatesSet:
    """The season's start and weekday, checked (InputError naming the field; nothing written)."""
    if start_date is not None:
        parse_date(start_date, "start date")
    if weekday is not None and weekday not in WEEKDAYS:
        raise InputError("weekday", f"expected one of {', '.join(WEEKDAYS)}, got {weekday!r}")
    return SeasonDatesSet(start_date=start_date, weekday=weekday)


def _new_name(season: Season, name: str | Unchanged) -> str | Unchanged:
    """The name trimmed if it changes; a season needs one."""
    if isinstance(name, Unchanged):
        return UNCHANGED
    text = checked_season_name(name)
    return text if text != season.name else UNCHANGED


def _new_spec(season: Season, spec: object) -> object:
    """The ruleset spec if it changes, validated first (InputError naming the key; nothing written)."""
    if isinstance(spec, Unchanged) or spec == season.ruleset_spec:
        return UNCHANGED
    parse_ruleset(spec)
    return spec


def _new_rounds(season: Season, rounds: int | None | Unchanged) -> int | None | Unchanged:
    """Rounds planned if they change: never fewer than the rounds listed (None: not planned)."""
    if isinstance(rounds, Unchanged) or rounds == season.rounds_planned:
        return UNCHANGED
    return checked_rounds_planned(season, rounds)
