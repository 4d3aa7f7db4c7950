"""What rounds 1..K−1 of a season say about pairing round K: meetings, colours, byes, lost evenings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from keizer.seasons.model import Colour, EntryKind, PlayerId, Round, Season

if TYPE_CHECKING:
    import polars as pl

Pair = tuple[PlayerId, PlayerId]
"""Two player ids in id order: the key of everything about a pair."""


def pair_key(a: PlayerId, b: PlayerId) -> Pair:
    """The pair (a, b) in id order, so that A–B and B–A are one pair."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class Meeting:
    """One earlier game of a pair (docs/rules.md §7: forfeits are not meetings; pending games are)."""

    round: int
    """The round it was played in."""
    white: PlayerId
    """Who had white."""
    black: PlayerId
    """Who had black."""


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """One player's past as far as pairing cares."""

    colours: str = ""
    """Colours of the games sat at the board, oldest first, as `Colour` letters ('W'/'B'); forfeits give
    no colour."""
    byes: int = 0
    """Entries `bye` so far (D art. 10 counts these)."""
    lost_evenings: int = 0
    """Byes plus club duty (K "Aanwijzing reserve": reserve, bar duty, team captain)."""


@dataclass(frozen=True, slots=True)
class History:
    """Everything pairing needs from rounds 1..K−1."""

    meetings: tuple[tuple[Pair, tuple[Meeting, ...]], ...] = ()
    """(pair, its meetings oldest first), sorted by pair."""
    players: tuple[tuple[PlayerId, PlayerHistory], ...] = ()
    """(player, history) sorted by id; players without a past are left out."""
    _meetings: dict[Pair, tuple[Meeting, ...]] = field(init=False, repr=False, compare=False)
    _players: dict[PlayerId, PlayerHistory] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_meetings", dict(self.meetings))
        object.__setattr__(self, "_players", dict(self.players))

    @staticmethod
    def of_dicts(met: dict[Pair, tuple[Meeting, ...]], past: dict[PlayerId, PlayerHistory]) -> History:
        """The history of these meetings and players (taken over, not copied: the caller's own), without
        reading its tuples into dicts again (`history_with`, every round of a forecast's runs)."""
        history = object.__new__(History)
        object.__setattr__(history, "meetings", tuple(sorted(met.items())))  # distinct keys: they decide the order
        object.__setattr__(history, "players", tuple(sorted(past.items())))
        object.__setattr__(history, "_meetings", met)
        object.__setattr__(history, "_players", past)
        return history

    def meetings_of(self, a: PlayerId, b: PlayerId) -> tuple[Meeting, ...]:
        """The earlier games of a and b (in either colour), oldest first."""
        return self._meetings.get(pair_key(a, b), ())

    def of(self, player: PlayerId) -> PlayerHistory:
        return self._players.get(player, _EMPTY)


_EMPTY = PlayerHistory()
_WHITE, _BLACK = Colour.WHITE.letter, Colour.BLACK.letter


def season_history(season: Season, before_round: int, slots: pl.DataFrame | None = None) -> History:
    """The history of rounds 1..before_round−1 (the rounds that exist), read from scoring's slot frame.

    `slots`: that frame when the caller has it already (`scoring.replay(season, before_round − 1).slots`),
    else it is built from the rounds as written."""
    from keizer.scoring.history import past_slots, pasts  # deferred: scoring loads numpy and polars

    if slots is None:
        slots = past_slots(season, before_round)
    read = pasts(slots)
    ids = tuple(p.id for p in season.players)
    met: dict[Pair, list[Meeting]] = {}
    for rnd, white, black in read.games:
        w, b = ids[white], ids[black]
        meeting = Meeting(rnd, w, b)
        key = (w, b) if w < b else (b, w)  # pair_key, inline: this loop runs for every game of the season
        if key in met:
            met[key].append(meeting)
        else:
            met[key] = [meeting]
    players = sorted((ids[i], PlayerHistory(colours, byes, lost)) for i, colours, byes, lost in read.players)
    # the keys alone are sorted (they are distinct): comparing (key, list) items costs twice as much
    return History(meetings=tuple((k, tuple(met[k])) for k in sorted(met)), players=tuple(players))


def history_with(history: History, rnd: Round) -> History:
    """`history` with round `rnd` added, `rnd` as it scores (`scoring.facts.round_as_booked`: a forfeit under
    D art. 11 is a bye and an unexcused absence): the history the next round is paired from, without reading
    rounds 1..K again (a forecast's runs; `season_history` of the season with the round gives the same).
    A game sat at the board (pending too; a forfeit not) is a meeting and a colour; an entry counts only
    for a player without a game that round (a game outweighs it): a bye, and club duty, as lost evenings."""
    met = dict(history._meetings)
    past = dict(history._players)
    playing: set[PlayerId] = set()
    for game in rnd.games:
        playing.update(game.players())
        if game.result.is_forfeit:
            continue
        key = pair_key(game.white, game.black)
        met[key] = met.get(key, ()) + (Meeting(rnd.number, game.white, game.black),)
        for pid, letter in ((game.white, _WHITE), (game.black, _BLACK)):
            h = past.get(pid, _EMPTY)
            past[pid] = PlayerHistory(h.colours + letter, h.byes, h.lost_evenings)
    for pid, kind in rnd.entries:
        if pid in playing or kind not in (EntryKind.BYE, EntryKind.DUTY):
            continue
        h = past.get(pid, _EMPTY)
        bye = 1 if kind is EntryKind.BYE else 0
        past[pid] = PlayerHistory(h.colours, h.byes + bye, h.lost_evenings + 1)
    return History.of_dicts(met, past)
