"""The roster's rules: names, ids, where a new player goes, who takes part, and when a withdrawal fits."""

from __future__ import annotations

import re
from dataclasses import dataclass

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_GROUP, MAX_NAME, checked_text
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.names import latin, person_name
from keizer.seasons.numbers import counted
from keizer.seasons.season_length import season_length


def taking_part(season: Season, pid: PlayerId, k: int) -> bool:
    """Not withdrawn by round k (D art. 22: from `before_round` on, the player is gone)."""
    w = season.withdrawal_of(pid)
    return w is None or k < w.before_round


def suspended(season: Season, k: int) -> frozenset[PlayerId]:
    """The players the director suspended (D art. 12) who still take part in round k."""
    return frozenset(p for p in season.suspended if taking_part(season, p, k))


def check_name(season: Season, name: str, except_id: PlayerId | None = None) -> str:
    """The name trimmed, NFC-normalised; refused when empty, longer than a name may be, holding a control
    character (it would act on a terminal) or already someone else's (compared without case)."""
    name = " ".join(name.split())
    if not name:
        raise KeizerError("a player needs a name")
    name = checked_text(name, "name", MAX_NAME, empty=False)
    for p in season.players:
        if p.id != except_id and p.name.casefold() == name.casefold():
            raise KeizerError(f"there already is a player called {p.name} (#{season.start_rank(p.id)})")
    return name


def id_base(name: str) -> str:
    """The slug a player's id starts from: the last word of the surname, transliterated as every plain form
    of a name is (`seasons.names.latin`: "Aydın" → `aydin`, the id `attend … aydin` finds), ASCII letters
    and digits only."""
    words = re.findall(r"[a-z0-9]+", latin(person_name(name).surname or name).lower())
    return words[-1] if words else "player"


def new_id(season: Season, name: str) -> PlayerId:
    """A stable slug from the surname-ish last word of the name, numbered when taken (`dijk`, `dijk2`)."""
    base = id_base(name)
    candidate, n = base, 1
    while season.has_player(PlayerId(candidate)):
        n += 1
        candidate = f"{base}{n}"
    return PlayerId(candidate)


def slot_by_rating(season: Season, rating: int | None) -> int:
    """The 1-based place for a new player: before the first player rated lower or unrated (docs/rules.md §1:
    new players are slotted in by strength); last when the newcomer has no rating."""
    if rating is None:
        return len(season.players) + 1
    for i, p in enumerate(season.players):
        if p.rating is None or p.rating < rating:
            return i + 1
    return len(season.players) + 1


def check_joining(season: Season, joined: int, place: int | None) -> None:
    """Refuse a new player's first round or entry place that cannot be: a round already paired (its boards
    are set without them), one past the rounds planned, a place outside the ranking (docs/rules.md §6)."""
    first = season.played_rounds + 1
    if joined < first:
        raise KeizerError(f"round {joined} is already paired: a new player joins in round {first} or later")
    planned = season_length(season)
    if planned is not None and joined > planned:
        raise KeizerError(f"the season has {counted(planned, 'round')}: a player cannot join in "
                          f"round {joined}")
    last = len(season.players) + 1
    if place is not None and not 1 <= place <= last:
        raise KeizerError(f"place {place}: the ranking has places 1–{last} with the new player")


def check_class(klass: str | None) -> str | None:
    """A class as typed ("b", " B ", "" for none) → "B" or None; KeizerError for another letter."""
    klass = (klass or "").strip().upper()
    if klass and klass not in ("A", "B", "C", "D"):
        raise KeizerError(f"class: expected A, B, C or D (or nothing), got {klass!r}")
    return klass or None


def check_group(group: int | None) -> int | None:
    """A cup group 1..MAX_GROUP, or None for none."""
    if group is not None and not 1 <= group <= MAX_GROUP:
        raise KeizerError(f"group: expected a whole number from 1 to {MAX_GROUP}, got {group}")
    return group


def check_withdrawal(season: Season, player: Player, before_round: int | None) -> None:
    """Refuse a withdrawal that changes nothing or would erase a game (None: cancel a withdrawal)."""
    if before_round is None:
        if season.withdrawal_of(player.id) is None:
            raise KeizerError(f"{player.name} has not withdrawn: nothing to cancel")
        return
    if before_round < 1:
        raise KeizerError(f"a withdrawal needs a round number of 1 or more, got {before_round}")
    last = max(season_length(season) or 0, len(season.rounds))
    if last and before_round > last:
        raise KeizerError(f"the season has {counted(last, 'round')}: a withdrawal before round {before_round} changes "
                          f"nothing (withdraw before round {last} at the latest)")
    played = [rnd.number for rnd in season.rounds[before_round - 1:] if rnd.game_of(player.id) is not None]
    if played:
        raise KeizerError(f"{player.name} has a game in round {played[-1]}: a withdrawal before round "
                          f"{before_round} would erase it (withdraw before round {played[-1] + 1} or later)")


@dataclass(frozen=True, slots=True)
class PlayerForm:
    """A player's details as typed in a form, checked."""

    name: str
    rating: int | None
    klass: str | None
    group: int | None
    knsb_id: int | None = None
    """The member number, when the form was filled in from the rating list."""
    joins: int | None = None
    """A new player's first round (None: the next round to be paired)."""
    place: int | None = None
    """Where a new player enters the ranking (None: by rating): the starting ranking's place for one who
    plays from round 1, else the place in the ranking of the round they join (`enters_at`)."""


def parse_player_form(season: Season, name: str, rating: str, klass: str, group: str,
                      except_id: PlayerId | None = None, joins: str = "", place: str = "") -> PlayerForm:
    """The form's text fields checked and converted; KeizerError naming the field that is wrong. `joins`
    and `place` are a new player's (empty: the next round to be paired, by rating)."""
    name = check_name(season, name, except_id)
    form = PlayerForm(name=name, rating=_whole("rating", rating), klass=check_class(klass),
                      group=check_group(_whole("group", group)), joins=_whole("round", joins),
                      place=_whole("place", place))
    if except_id is None:
        check_joining(season, season.played_rounds + 1 if form.joins is None else form.joins, form.place)
    return form


def _whole(field: str, text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise KeizerError(f"{field}: expected a whole number (or nothing), got {text!r}") from None
    if value < 0:
        raise KeizerError(f"{field}: cannot be negative, got {value}")
    return value


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player in the Players list."""

    player: Player
    start_rank: int
    status: str
    """"", "withdrawn before round N", "suspended (D art. 12)", "joins in round N"."""


def player_rows(season: Season, current_round: int) -> tuple[PlayerRow, ...]:
    """Everyone in starting-ranking order with their state at `current_round` (the Players list, `keizer players`)."""
    from keizer.seasons.ruleset.parse import parse_ruleset
    from keizer.seasons.ruleset.texts import cite

    away = suspended(season, current_round)
    article = cite(parse_ruleset(season.ruleset_spec).regulations, "suspension")
    rows = []
    for i, p in enumerate(season.players):
        w = season.withdrawal_of(p.id)
        if w is not None:
            status = f"withdrawn before round {w.before_round}"
        elif p.id in away:
            status = f"suspended{article}"
        elif p.joined > current_round:
            status = f"joins in round {p.joined}" + (f" at #{p.enters_at}" if p.enters_at is not None else "")
        else:
            status = ""
        rows.append(PlayerRow(player=p, start_rank=i + 1, status=status))
    return tuple(rows)
