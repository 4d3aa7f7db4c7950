"""What rounds 1..K−1 of a season say about pairing round K: meetings, colours, byes, lost evenings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from keizer.pairing.criteria.colour import ColourState, colour_state
from keizer.seasons.model import Colour, EntryKind, PlayerId, Result, Round, Season

if TYPE_CHECKING:
    import numpy as np
    import polars as pl

Pair = tuple[PlayerId, PlayerId]
"""Two player ids in id order: the key of everything about a pair."""


def pair_key(a: PlayerId, b: PlayerId) -> Pair:
    """The pair (a, b) in id order, so that A–B and B–A are one pair."""
    return (a, b) if a < b else (b, a)


class Meeting(NamedTuple):
    """One earlier game of a pair (docs/rules.md §7: forfeits are not meetings; pending games are). A named
    tuple, as `PlayerHistory`: a forecast's runs make a dozen of each every round."""

    round: int
    """The round it was played in."""
    white: PlayerId
    """Who had white."""
    black: PlayerId
    """Who had black."""


class PlayerHistory(NamedTuple):
    """One player's past as far as pairing cares."""

    colours: str = ""
    """Colours of the games sat at the board, oldest first, as `Colour` letters ('W'/'B'); forfeits give
    no colour."""
    byes: int = 0
    """Entries `bye` so far (D art. 10 counts these)."""
    lost_evenings: int = 0
    """Byes plus club duty (K "Aanwijzing reserve": reserve, bar duty, team captain)."""


class Meetings(Protocol):
    """What knows how often each pair met: a `History`, a run's `CarriedPast`."""

    def times_met(self, a: PlayerId, b: PlayerId) -> int: ...


class History:
    """Everything pairing needs from rounds 1..K−1 (immutable: a round added makes a new one, `history_with`)."""

    __slots__ = ("_meetings", "_players", "_sorted", "_table")

    def __init__(self, meetings: tuple[tuple[Pair, tuple[Meeting, ...]], ...] = (),
                 players: tuple[tuple[PlayerId, PlayerHistory], ...] = ()) -> None:
        self._meetings: dict[Pair, tuple[Meeting, ...]] = dict(meetings)
        self._players: dict[PlayerId, PlayerHistory] = dict(players)
        self._sorted: tuple[tuple[tuple[Pair, tuple[Meeting, ...]], ...], tuple[tuple[PlayerId, PlayerHistory], ...]] | None = None
        self._table: MeetingTable | None = None

    @property
    def meetings(self) -> tuple[tuple[Pair, tuple[Meeting, ...]], ...]:
        """(pair, its meetings oldest first), sorted by pair."""
        return self._in_order()[0]

    @property
    def players(self) -> tuple[tuple[PlayerId, PlayerHistory], ...]:
        """(player, history) sorted by id; players without a past are left out."""
        return self._in_order()[1]

    def _in_order(self) -> tuple[tuple[tuple[Pair, tuple[Meeting, ...]], ...], tuple[tuple[PlayerId, PlayerHistory], ...]]:
        """Both sorted, made when first asked for: a forecast's runs carry a history on every round and never
        ask (the keys are distinct: they alone decide the order)."""
        if self._sorted is None:
            met, past = self._meetings, self._players
            self._sorted = (tuple((k, met[k]) for k in sorted(met)), tuple((k, past[k]) for k in sorted(past)))
        return self._sorted

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self._meetings == other._meetings and self._players == other._players

    def __hash__(self) -> int:
        return hash(self._in_order())

    def __repr__(self) -> str:
        return f"History(meetings={self.meetings!r}, players={self.players!r})"

    @staticmethod
    def of_dicts(met: dict[Pair, tuple[Meeting, ...]], past: dict[PlayerId, PlayerHistory]) -> History:
        """The history of these meetings and players (taken over, not copied: the caller's own), without
        reading its tuples into dicts again (`history_with`, every round of a forecast's runs)."""
        history = History()
        history._meetings, history._players = met, past
        return history

    def table(self) -> MeetingTable:
        """The meetings as arrays by player (made once per history; `history_with` carries it on)."""
        if self._table is None:
            self._table = MeetingTable.of(self._meetings)
        return self._table

    def meetings_of(self, a: PlayerId, b: PlayerId) -> tuple[Meeting, ...]:
        """The earlier games of a and b (in either colour), oldest first."""
        return self._meetings.get(pair_key(a, b), ())

    def times_met(self, a: PlayerId, b: PlayerId) -> int:
        return len(self.meetings_of(a, b))

    def of(self, player: PlayerId) -> PlayerHistory:
        return self._players.get(player, _EMPTY)


class MeetingTable:
    """Every pair's meetings as square arrays by player: how often they met, the round of the last meeting and
    whether the row's player had white in it — what the compiled model reads of the past of all a round's
    pairs at once (`pairing.costs`), without a Python step per pair. Row and column `none` are zeros: a
    player without a meeting (`index` lacks them) is looked up there."""

    __slots__ = ("count", "index", "last", "none", "white")

    def __init__(self, index: dict[PlayerId, int], count: np.ndarray, last: np.ndarray, white: np.ndarray) -> None:
        self.index, self.count, self.last, self.white = index, count, last, white
        self.none = len(index)

    @staticmethod
    def of(met: dict[Pair, tuple[Meeting, ...]]) -> MeetingTable:
        import numpy as np  # deferred: a command that pairs nothing loads no numpy through the history

        index: dict[PlayerId, int] = {}
        for a, b in met:
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        size = len(index) + 1
        table = MeetingTable(index, np.zeros((size, size), dtype=np.int64), np.zeros((size, size), dtype=np.int64),
                             np.zeros((size, size), dtype=bool))
        for (a, b), past in met.items():
            table._set(index[a], index[b], len(past), past[-1])
        return table

    def _set(self, i: int, j: int, count: int, last: Meeting) -> None:
        self.count[i, j] = self.count[j, i] = count
        self.last[i, j] = self.last[j, i] = last.round
        white_i = self.index[last.white] == i
        self.white[i, j], self.white[j, i] = white_i, not white_i

    def with_games(self, number: int, games: list[tuple[PlayerId, PlayerId]]) -> MeetingTable | None:
        """A copy with round `number`'s games (white, black) written in (`write`); None when a player of them
        is not in the table yet (the caller makes it anew)."""
        index = self.index
        if not all(white in index and black in index for white, black in games):
            return None
        table = MeetingTable(index, self.count.copy(), self.last.copy(), self.white.copy())
        table.write(number, games)
        return table

    def write(self, number: int, games: list[tuple[PlayerId, PlayerId]]) -> None:
        """Round `number`'s games (white, black), each a pair's newest meeting, written in place (every player
        of them in `index`): both halves of the square at once, as a pair meets once a round."""
        if not games:
            return
        import numpy as np  # deferred, as `MeetingTable.of`

        index = self.index
        whites = [index[white] for white, _ in games]
        blacks = [index[black] for _, black in games]
        rows, columns = np.array(whites + blacks), np.array(blacks + whites)
        self.count[rows, columns] += 1
        self.last[rows, columns] = number
        self.white[rows, columns] = np.arange(rows.size) < len(whites)  # the rows of the players who had white


_EMPTY = PlayerHistory()
_WHITE, _BLACK = Colour.WHITE.letter, Colour.BLACK.letter
_FORFEITS = frozenset(result for result in Result if result.is_forfeit)


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
    rounds 1..K again (`season_history` of the season with the round gives the same; `_round_past` says
    what a round adds)."""
    met = dict(history._meetings)
    past = dict(history._players)
    games, lost = _round_past(rnd)
    number = rnd.number
    for white, black in games:
        key = (white, black) if white < black else (black, white)  # pair_key, inline
        met[key] = met.get(key, ()) + (Meeting(number, white, black),)
        h = past.get(white, _EMPTY)
        past[white] = PlayerHistory(h.colours + _WHITE, h.byes, h.lost_evenings)
        h = past.get(black, _EMPTY)
        past[black] = PlayerHistory(h.colours + _BLACK, h.byes, h.lost_evenings)
    for pid, bye in lost:
        h = past.get(pid, _EMPTY)
        past[pid] = PlayerHistory(h.colours, h.byes + bye, h.lost_evenings + 1)
    made = History.of_dicts(met, past)
    if history._table is not None:  # the table carried on: a forecast's run reads it every round
        made._table = history._table.with_games(number, games) or MeetingTable.of(met)
    return made


def _round_past(rnd: Round) -> tuple[list[tuple[PlayerId, PlayerId]], list[tuple[PlayerId, int]]]:
    """What round `rnd` (as it scores) adds to the past: its games sat at the board as (white, black) — each a
    meeting and a colour (pending too; a forfeit not) — and the lost evenings of the players without a game
    that round (a game outweighs an entry), each with 1 when it is a bye, 0 when club duty."""
    games: list[tuple[PlayerId, PlayerId]] = []
    playing: set[PlayerId] = set()
    for game in rnd.games:  # every round of a forecast's runs: the names bound
        white, black = game.white, game.black
        playing.add(white)
        playing.add(black)
        if game.result not in _FORFEITS:
            games.append((white, black))
    lost = [(pid, 1 if kind is EntryKind.BYE else 0) for pid, kind in rnd.entries
            if pid not in playing and kind in (EntryKind.BYE, EntryKind.DUTY)]
    return games, lost


class CarriedPast:
    """One forecast run's pairing past, carried on in place from round to round (`add`): each player's
    colour state (`colour_state`: what their colour terms depend on), byes and lost evenings in lists by the
    season's players, and the meetings in a table over all of them (`table`), which a round's pairing reads
    at once (`pairing.plain`). The History it stands for (`history`) is made only when asked, from the
    start's and the rounds added since (`history_with`)."""

    __slots__ = ("_added", "_history", "byes", "colour_states", "index", "lost", "table")

    def __init__(self, ids: Sequence[PlayerId], history: History) -> None:
        """The past of `history` (the season's players `ids`: every player who can be paired)."""
        import numpy as np  # deferred, as `MeetingTable.of`

        self.index = {pid: i for i, pid in enumerate(ids)}
        pasts = [history.of(pid) for pid in ids]
        self.colour_states: list[ColourState] = [colour_state(p.colours) for p in pasts]
        self.byes = [p.byes for p in pasts]
        self.lost = [p.lost_evenings for p in pasts]
        size = len(ids) + 1
        self.table = MeetingTable(self.index, np.zeros((size, size), dtype=np.int64),
                                  np.zeros((size, size), dtype=np.int64), np.zeros((size, size), dtype=bool))
        for (a, b), met in history._meetings.items():
            self.table._set(self.index[a], self.index[b], len(met), met[-1])
        self._history = history
        self._added: list[Round] = []

    def fork(self) -> CarriedPast:
        """A copy to carry on apart (each run its own; the start's stays as it is)."""
        other = object.__new__(CarriedPast)
        other.index, other.byes, other.lost = self.index, self.byes[:], self.lost[:]
        other.colour_states = self.colour_states[:]
        table = self.table
        other.table = MeetingTable(table.index, table.count.copy(), table.last.copy(), table.white.copy())
        other._history, other._added = self._history, self._added[:]
        return other

    def add(self, rnd: Round) -> None:
        """Round `rnd` (as it scores: `scoring.facts.round_as_booked`) added, as `history_with` adds it."""
        games, lost = _round_past(rnd)
        index, states = self.index, self.colour_states
        for white, black in games:  # one more game of that colour in a row, or the first; the balance moved
            i = index[white]
            last, run, balance = states[i]
            states[i] = (_WHITE, run + 1 if last == _WHITE else 1, balance + 1)
            i = index[black]
            last, run, balance = states[i]
            states[i] = (_BLACK, run + 1 if last == _BLACK else 1, balance - 1)
        for pid, bye in lost:
            i = index[pid]
            self.byes[i] += bye
            self.lost[i] += 1
        self.table.write(rnd.number, games)
        self._added.append(rnd)

    def times_met(self, a: PlayerId, b: PlayerId) -> int:
        """How often a and b met (`History.times_met`)."""
        return int(self.table.count[self.index[a], self.index[b]])

    def history(self) -> History:
        """The History this past stands for: the start's with the rounds added since (kept for the next ask)."""
        for rnd in self._added:
            self._history = history_with(self._history, rnd)
        self._added.clear()
        return self._history
