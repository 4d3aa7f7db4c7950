"""The season as immutable values: players, rounds, games, entries, withdrawals."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from typing import NewType

PlayerId = NewType("PlayerId", str)


class Result(enum.Enum):
    """The result of one internal game, as written in the season file."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+-"
    """White wins, black did not play."""
    BLACK_FORFEIT_WIN = "-+"
    PENDING = "*"
    """Not finished or not yet played: scores 0 until a result is entered (D art. 11, "AF")."""

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)

    @property
    def is_decided(self) -> bool:
        return self is not Result.PENDING


class Colour(enum.Enum):
    """The colour a player has in a game: the one encoding every part of the program reads."""

    WHITE = "W"
    BLACK = "B"

    @property
    def letter(self) -> str:
        """"W" or "B": a player's colour history is a string of these letters, oldest first."""
        return self.value

    @property
    def sign(self) -> int:
        """+1 for white, −1 for black: the colour balance (whites minus blacks) is the sum of the signs."""
        return 1 if self is Colour.WHITE else -1

    @property
    def word(self) -> str:
        """"white" or "black", as a player's card says it."""
        return "white" if self is Colour.WHITE else "black"

    @property
    def dutch(self) -> str:
        """"W" or "Z" (wit, zwart): how club D's standings write a colour run ("3W", "2Z")."""
        return "W" if self is Colour.WHITE else "Z"

    @property
    def other(self) -> Colour:
        """The opponent's colour."""
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @classmethod
    def of_letter(cls, letter: str) -> Colour:
        """"W" → WHITE, "B" → BLACK."""
        return cls(letter)

    @classmethod
    def of_sign(cls, sign: int) -> Colour:
        """+1 → WHITE, −1 → BLACK."""
        return cls.WHITE if sign > 0 else cls.BLACK


class EntryKind(enum.Enum):
    """What a player without a game did that round; each scores a factor of the player's own value."""

    BYE = "bye"
    EXCUSED = "excused"
    UNEXCUSED = "unexcused"
    DUTY = "duty"
    LATE = "late"
    EXTERNAL_WIN = "external:1"
    EXTERNAL_DRAW = "external:1/2"
    EXTERNAL_LOSS = "external:0"
    EXTERNAL_PENDING = "external"
    """A team match whose result is still to come: scores its factor (0 by default) until the result is
    entered, and the round's table is provisional meanwhile (docs/rules.md §2)."""

    @property
    def factor_key(self) -> str:
        """The ruleset factor that scores this entry."""
        return _FACTOR_KEYS[self]

    @property
    def is_external(self) -> bool:
        """A team match, with its result or with the result still to come."""
        return self.value.startswith("external")


_FACTOR_KEYS = {
    EntryKind.BYE: "bye",
    EntryKind.EXCUSED: "excused",
    EntryKind.UNEXCUSED: "unexcused",
    EntryKind.DUTY: "duty",
    EntryKind.LATE: "late",
    EntryKind.EXTERNAL_WIN: "external_win",
    EntryKind.EXTERNAL_DRAW: "external_draw",
    EntryKind.EXTERNAL_LOSS: "external_loss",
    EntryKind.EXTERNAL_PENDING: "external_pending",
}


@dataclass(frozen=True, slots=True)
class Player:
    """A member of the competition. The list order of a season is its starting ranking."""

    id: PlayerId
    """Stable slug, unique in the season."""
    name: str
    rating: int | None = None
    klass: str | None = None
    """Shadow class A–D (D art. 5); `class` in the season file."""
    cup_group: int | None = None
    """K's cup group (the cups are competed for within it, K art. 6); `group` in the season file."""
    joined: int = 1
    """First round the player takes part in; earlier rounds are entry `late`."""
    enters_at: int | None = None
    """A player who joins after round 1 enters the ranking round `joined` is paired from at this place
    (None: by rating, docs/rules.md §6); before `joined` they are in no ranking."""
    knsb_id: int | None = None
    """The national federation's member number (KNSB "relatienummer"), from the rating list; None: unknown."""
    fide_id: int | None = None
    """The FIDE id, for the rating report (TRF); None: unknown."""


@dataclass(frozen=True, slots=True)
class Game:
    """One internal game; the first-named player has white (D art. 6)."""

    white: PlayerId
    black: PlayerId
    result: Result = Result.PENDING

    def players(self) -> tuple[PlayerId, PlayerId]:
        return (self.white, self.black)

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.black if player == self.white else self.white


@dataclass(frozen=True, slots=True)
class AbsenceReport:
    """A player's notice that they will not come to a round (D art. 16, K "Afmelden"), with its time."""

    player: PlayerId
    at: str
    """When the report came in, local time "2019-09-11T19:30" (minutes; no time zone: the club's clock)."""
    force_majeure: str | None = None
    """The director's ruling on a report after the deadline: force majeure, with its reason (D art. 16
    "overmacht"; K's exceptional report before Friday 19:00). Booked excused whatever its time."""


@dataclass(frozen=True, slots=True)
class Round:
    """One club evening: its games (board order) and the entries of those without a game."""

    number: int
    date: str | None = None
    games: tuple[Game, ...] = ()
    entries: tuple[tuple[PlayerId, EntryKind], ...] = ()
    """(player, entry) sorted by player id: one place for each fact, no dict order."""
    reports: tuple[AbsenceReport, ...] = ()
    """Absence reports for this round, at most one per player, sorted by player id. The entry the
    report was booked as is in `entries` (seasons/absence.py books it); the report keeps its time."""

    @property
    def is_paired(self) -> bool:
        """A round with no games yet is still to be paired; its entries say who is unavailable."""
        return bool(self.games)

    @property
    def has_results(self) -> bool:
        return any(g.result.is_decided for g in self.games)

    def entry_of(self, player: PlayerId) -> EntryKind | None:
        for pid, kind in self.entries:
            if pid == player:
                return kind
        return None

    @property
    def bye(self) -> PlayerId | None:
        """Who has the bye this round, if anyone."""
        return next((pid for pid, kind in self.entries if kind is EntryKind.BYE), None)

    def game_of(self, player: PlayerId) -> Game | None:
        for game in self.games:
            if player == game.white or player == game.black:
                return game
        return None

    def report_of(self, player: PlayerId) -> AbsenceReport | None:
        for report in self.reports:
            if report.player == player:
                return report
        return None

    def with_report(self, player: PlayerId, report: AbsenceReport | None) -> Round:
        """This round with `player`'s report set (None removes it)."""
        rest = [r for r in self.reports if r.player != player]
        if report is not None:
            rest.append(report)
        return replace(self, reports=tuple(sorted(rest, key=lambda r: r.player)))

    def with_entry(self, player: PlayerId, kind: EntryKind | None) -> Round:
        """This round with `player`'s entry set (None removes it)."""
        rest = [(p, k) for p, k in self.entries if p != player]
        if kind is not None:
            rest.append((player, kind))
        return replace(self, entries=tuple(sorted(rest)))


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A player leaves the competition (D art. 22)."""

    player: PlayerId
    before_round: int
    """The first round the player no longer takes part in."""


@dataclass(frozen=True, slots=True)
class ClassMoves:
    """The class moves the director accepted at one reading of the class tables (D art. 5; seasons/classes.py)."""

    after_round: int
    """The round after which the tables were read: the moves hold from the next round on."""
    moves: tuple[tuple[PlayerId, str], ...]
    """(player, new class) sorted by player id; empty: read and accepted with nobody moving."""


@dataclass(frozen=True, slots=True)
class SeasonOrigin:
    """The season this one was started from (`keizer new --from`)."""

    season: str
    """That season's name."""
    round: int
    """The round whose ranking gave this season's starting ranking (its last scored round)."""


@dataclass(frozen=True, slots=True)
class GroupGame:
    """One game of the group's schedule: in this round, these two, these colours."""

    round: int
    """The round it is scheduled in (after the group formed)."""
    white: PlayerId
    black: PlayerId
    result: Result = Result.PENDING
    """The result of a "separate" group's game (K), which has no board in the Keizer round; an "inside"
    group's game (D) takes its result from the Keizer round's game and keeps PENDING here."""


@dataclass(frozen=True, slots=True)
class DecisionGame:
    """A game played to break a tie for the title (D art. 2), outside the Keizer: never scored there."""

    white: PlayerId
    black: PlayerId
    result: Result = Result.PENDING


@dataclass(frozen=True, slots=True)
class ChampionshipGroup:
    """The championship group of one season, as the director fixed it."""

    formed_after: int
    """The round after which it formed (the ruleset's `after_round` when it was formed)."""
    members: tuple[PlayerId, ...]
    """The members in their order in the Keizer ranking when the group formed."""
    declined: tuple[PlayerId, ...] = ()
    """Those who were proposed and declined (D art. 4), in ranking order."""
    unavailable: tuple[tuple[PlayerId, tuple[int, ...]], ...] = ()
    """(member, rounds they said they cannot play), sorted by member; rounds sorted, each once."""
    schedule: tuple[GroupGame, ...] = ()
    """The accepted schedule, sorted by round (within a round in the order given); empty: not yet accepted."""
    decision: tuple[DecisionGame, ...] = ()
    """The decision games or play-off (D art. 2), in the order played."""

    def unavailable_rounds(self, player: PlayerId) -> tuple[int, ...]:
        for pid, rounds in self.unavailable:
            if pid == player:
                return rounds
        return ()

    def with_unavailable(self, player: PlayerId, rounds: tuple[int, ...]) -> ChampionshipGroup:
        rest = [(p, r) for p, r in self.unavailable if p != player]
        if rounds:
            rest.append((player, tuple(sorted(set(rounds)))))
        return replace(self, unavailable=tuple(sorted(rest)))

    def games_in(self, round_number: int) -> tuple[GroupGame, ...]:
        """The scheduled group games of one round."""
        return tuple(g for g in self.schedule if g.round == round_number)


@dataclass(frozen=True, slots=True)
class Season:
    """A whole season: the one value every part of the program reads."""

    name: str
    ruleset_spec: object
    """The ruleset exactly as written in the season file (a preset name or an override object)."""
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()
    rounds_planned: int | None = None
    suspended: tuple[PlayerId, ...] = ()
    """Players not to be paired until they report back (D art. 12), sorted; the file's `suspended`."""
    start_date: str | None = None
    """The season's start, "2019-09-05": the first club evening is the first `weekday` from it on."""
    weekday: str | None = None
    """The club evening's weekday, "thursday" (None: the weekday of `start_date`)."""
    class_moves: tuple[ClassMoves, ...] = ()
    """The accepted class moves, one per reading, by `after_round` ascending; the file's `class_moves`."""
    started_from: SeasonOrigin | None = None
    """The season this one continues (`keizer new --from`); the file's `started_from`."""
    championship: ChampionshipGroup | None = None
    """The championship group once formed (seasons/championship.py; the file's `championship`)."""
    _index: dict[PlayerId, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {p.id: i for i, p in enumerate(self.players)})

    def player(self, pid: PlayerId) -> Player:
        return self.players[self._index[pid]]

    def has_player(self, pid: PlayerId) -> bool:
        return pid in self._index

    def start_rank(self, pid: PlayerId) -> int:
        """1-based place in the starting ranking."""
        return self._index[pid] + 1

    def round(self, number: int) -> Round:
        return self.rounds[number - 1]

    def withdrawal_of(self, pid: PlayerId) -> Withdrawal | None:
        for w in self.withdrawals:
            if w.player == pid:
                return w
        return None

    @property
    def played_rounds(self) -> int:
        """How many rounds have been paired (the later listed rounds are still to be paired)."""
        return sum(1 for r in self.rounds if r.is_paired)

    @property
    def last_scored_round(self) -> int:
        """The last round with at least one result: the default round of the standings."""
        last = 0
        for r in self.rounds:
            if r.has_results:
                last = r.number
        return last

    def with_round(self, rnd: Round) -> Season:
        """This season with round `rnd.number` replaced (or appended as the next round)."""
        rounds = list(self.rounds)
        if rnd.number == len(rounds) + 1:
            rounds.append(rnd)
        else:
            rounds[rnd.number - 1] = rnd
        # Every field as it is but the rounds, the players' index shared (`replace` would index them again:
        # a forecast's runs add each round they play, twice).
        season = object.__new__(Season)
        for name in _SEASON_FIELDS:
            object.__setattr__(season, name, getattr(self, name))
        object.__setattr__(season, "rounds", tuple(rounds))
        return season


_SEASON_FIELDS = tuple(f.name for f in fields(Season))
"""Every field of a Season, its players' index (`_index`) too: what `Season.with_round` copies."""
