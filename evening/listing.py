"""A round as it will be paired: listed if need be, suspended players booked unexcused (D art. 12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Round, Season
from keizer.seasons.numbers import counted
from keizer.seasons.roster import suspended
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import with_choice
from keizer.seasons.store.events import EntrySet, Event, PairingSaved, RoundAdded
from keizer.evening.change import Change

if TYPE_CHECKING:
    from keizer.pairing.history import Pair


def round_or_next(season: Season, k: int) -> Round:
    """Round k as listed, or the empty round k would be once added."""
    if 1 <= k <= len(season.rounds):
        return season.round(k)
    if k == len(season.rounds) + 1:
        return Round(number=k)
    raise KeizerError(f"round {k} does not exist (the next round is {len(season.rounds) + 1})")


def listed_round(season: Season, k: int) -> Round:
    """Round k as listed, or as it will be paired: in a round not paired yet, suspended players without
    an entry are booked unexcused (D art. 12: not paired until they report back)."""
    rnd = round_or_next(season, k)
    if rnd.is_paired:
        return rnd
    for pid in _to_book(season, rnd):
        rnd = rnd.with_entry(pid, EntryKind.UNEXCUSED)
    return rnd


def prospective(season: Season, k: int) -> Season:
    """The season with round k as it will be paired (`listed_round`); nothing is written."""
    return season.with_round(listed_round(season, k))


def listing_events(season: Season, k: int) -> tuple[Event, ...]:
    """The events that list round k if it is not listed yet, with suspended players booked unexcused."""
    if k <= len(season.rounds):
        return ()
    if k != len(season.rounds) + 1:
        raise KeizerError(f"round {k} cannot be added: the next round is {len(season.rounds) + 1}")
    return (RoundAdded(number=k),) + tuple(
        EntrySet(round=k, player=pid, entry=EntryKind.UNEXCUSED) for pid in _to_book(season, Round(k)))


def saved_pairing(season: Season, k: int, games: tuple[Pair, ...], bye: PlayerId | None,
                  meta: dict[str, Any], label: str | None = None) -> Change:
    """Saving a pairing as round k's (one action): the round is listed first if need be, and its absences
    stay as they are (an old bye goes: the pairing places that player anew)."""
    rnd = listed_round(season, k)
    placed = {p for g in games for p in g} | ({bye} if bye else set())
    entries = tuple((pid, e) for pid, e in rnd.entries if pid not in placed and e is not EntryKind.BYE)
    label = label or f"pairing of round {k} ({counted(len(games), 'board')})"
    if bye is not None:  # K does not say what the reserve scores: the club's choice, said (docs/rules.md §14)
        label = with_choice(label, parse_ruleset(season.ruleset_spec), "reserve")
    return Change(label, listing_events(season, k)
                  + (PairingSaved(round=k, games=games, bye=bye, entries=entries, meta=meta),))


def _to_book(season: Season, rnd: Round) -> list[PlayerId]:
    """Suspended players who take part in the round (joined) and have no entry there, sorted."""
    return [pid for pid in sorted(suspended(season, rnd.number))
            if season.player(pid).joined <= rnd.number and rnd.entry_of(pid) is None]
