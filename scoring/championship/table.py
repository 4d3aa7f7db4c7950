"""The championship group (docs/rules.md §8): who is proposed, which games it needs, its table and its state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from keizer.seasons.model import ChampionshipGroup, DecisionGame, Game, GroupGame
from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.ruleset.model import GAMES_PER_PAIR, ChampionshipRule


def propose_members(ranking: tuple[PlayerId, ...], size: int, declined: tuple[PlayerId, ...] = (),
                    passed: frozenset[PlayerId] = frozenset()) -> tuple[PlayerId, ...]:
    """The top `size` of the Keizer ranking who did not decline: the next in line moves up (D art. 4). `passed`:
    players passed over as well — who withdrew (as a decline, D art. 22) and who is under the participation
    threshold (K's 33% rule decides "een notering op de ranglijst", and the group is the top of that list;
    docs/rules.md §8)."""
    return tuple(p for p in ranking if p not in declined and p not in passed)[:size]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game that counts for the group: one from before it formed, or a scheduled one with its result."""

    round: int
    white: PlayerId
    black: PlayerId
    result: Result
    """PENDING: on the board, result to come (it counts as played for the schedule, not yet for points)."""
    void: bool = False
    """Played for the table without points for either: a game two withdrawn members never play
    (`scoring/championship/withdrawal.py`)."""


def _pair(a: PlayerId, b: PlayerId) -> frozenset[PlayerId]:
    return frozenset((a, b))


def earlier_games(season: Season, group: ChampionshipGroup) -> tuple[PlayedGame, ...]:
    """The members' games against each other in rounds 1..formed_after that count for the group (D art. 4):
    per pair the first two (a double round robin has two; a third, D art. 9, does not count)."""
    members = set(group.members)
    seen: dict[frozenset[PlayerId], int] = {}
    out = []
    for rnd in season.rounds[: group.formed_after]:
        for g in rnd.games:
            if g.white in members and g.black in members:
                key = _pair(g.white, g.black)
                seen[key] = seen.get(key, 0) + 1
                if seen[key] <= GAMES_PER_PAIR:
                    out.append(PlayedGame(rnd.number, g.white, g.black, g.result))
    return tuple(out)


def required_games(season: Season, group: ChampionshipGroup, rule: ChampionshipRule,
                   earlier: Sequence[PlayedGame] | None = None) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """(white, black) of every game the group must still schedule after it formed, in member order.

    Inside (D art. 4): a pair that met once meets again with the colours reversed; a pair that has not met
    meets twice, once with each colour (the higher-placed member has white first); a pair that met twice
    is complete. Separate (K): every pair twice, all games new. `earlier`: `earlier_games`, when the caller
    has them.
    """
    met_by_pair: dict[frozenset[PlayerId], list[PlayedGame]] = {}
    if rule.mode == "inside":
        for g in earlier if earlier is not None else earlier_games(season, group):
            met_by_pair.setdefault(_pair(g.white, g.black), []).append(g)
    out: list[tuple[PlayerId, PlayerId]] = []
    for i, a in enumerate(group.members):
        for b in group.members[i + 1:]:
            met = met_by_pair.get(_pair(a, b), [])
            if not met:
                out += [(a, b), (b, a)]
            elif len(met) == 1:
                out.append((met[0].black, met[0].white))
    return tuple(out)


def scheduled_results(season: Season, group: ChampionshipGroup, rule: ChampionshipRule,
                      ) -> tuple[PlayedGame | None, ...]:
    """Per scheduled game (in schedule order): how it was played, or None while it is not (yet) played.

    An inside group's game is played when its round has the pair on a board (its result from there, the
    colours as played); a separate group's game when its own result is entered."""
    boards = _Boards(season)
    return tuple(_played_as(g, rule, boards) for g in group.schedule)


class _Boards:
    """Each round's boards by pair (the first, as the round lists them), read once a round when first asked:
    a schedule asks for every game's round, and a forecast after every round it plays."""

    __slots__ = ("_by_round", "_season")

    def __init__(self, season: Season) -> None:
        self._season = season
        self._by_round: dict[int, dict[tuple[PlayerId, PlayerId], Game]] = {}

    def of(self, k: int, a: PlayerId, b: PlayerId) -> Game | None:
        """The board of round k on which a and b meet (either colours), None when there is none."""
        if k > len(self._season.rounds):
            return None
        boards = self._by_round.get(k)
        if boards is None:
            boards = self._by_round[k] = {}
            for board in self._season.round(k).games:
                boards.setdefault((board.white, board.black) if board.white < board.black
                                  else (board.black, board.white), board)
        return boards.get((a, b) if a < b else (b, a))


def _played_as(g: GroupGame, rule: ChampionshipRule, boards: _Boards) -> PlayedGame | None:
    """`scheduled_results` of one scheduled game."""
    if rule.mode == "separate":
        return PlayedGame(g.round, g.white, g.black, g.result) if g.result.is_decided else None
    board = boards.of(g.round, g.white, g.black)
    return None if board is None else PlayedGame(g.round, board.white, board.black, board.result)


def group_games(season: Season, group: ChampionshipGroup, rule: ChampionshipRule) -> tuple[PlayedGame, ...]:
    """Every game counted for the group so far (pending ones included), in round order."""
    earlier = earlier_games(season, group) if rule.mode == "inside" else ()
    later = tuple(g for g in scheduled_results(season, group, rule) if g is not None)
    return tuple(sorted(earlier + later, key=lambda g: g.round))


def missed_games(season: Season, group: ChampionshipGroup, rule: ChampionshipRule,
                 in_round: int | None = None) -> tuple[int, ...]:
    """Indexes in the schedule of the games whose round is played without them: to be rescheduled
    (`in_round`: only that round's games)."""
    asked = [(i, g) for i, g in enumerate(group.schedule) if in_round is None or g.round == in_round]
    if not asked or rule.mode != "inside":
        return ()
    played_rounds = season.played_rounds
    boards = _Boards(season)
    return tuple(i for i, g in asked
                 if g.round <= played_rounds and season.round(g.round).has_results
                 and _played_as(g, rule, boards) is None)


def game_points(result: Result) -> tuple[Fraction, Fraction] | None:
    """(white, black) game points: 1, ½, 0 (a forfeit counts as the win it is booked as); None: pending."""
    halves = _HALF_POINTS.get(result)
    return None if halves is None else (Fraction(halves[0], 2), Fraction(halves[1], 2))


_HALF_POINTS: dict[Result, tuple[int, int]] = {
    Result.WHITE_WINS: (2, 0), Result.WHITE_FORFEIT_WIN: (2, 0),
    Result.BLACK_WINS: (0, 2), Result.BLACK_FORFEIT_WIN: (0, 2),
    Result.DRAW: (1, 1),
}
"""`game_points` in half points: a table adds them as integers (a forecast's runs each make one)."""


@dataclass(frozen=True, slots=True)
class GroupRow:
    """One member's line in the group table."""

    place: int
    """1-based; members with equal points share the place."""
    player: PlayerId
    points: Fraction
    """Game points: 1 a win, ½ a draw, 0 a loss."""
    played: int
    """Games with a result."""
    to_play: int
    """Games of the double round robin still without a result (pending ones included)."""


def table(members: tuple[PlayerId, ...], games: tuple[PlayedGame, ...] | tuple[DecisionGame, ...],
          per_pair: int = GAMES_PER_PAIR) -> tuple[GroupRow, ...]:
    """The table of a round robin among `members` (per_pair games a pair): points, then member order."""
    halves = {p: 0 for p in members}
    played = {p: 0 for p in members}
    for g in games:
        if g.white not in halves or g.black not in halves:
            continue
        pts = (0, 0) if isinstance(g, PlayedGame) and g.void else _HALF_POINTS.get(g.result)
        if pts is None:  # pending
            continue
        halves[g.white] += pts[0]
        halves[g.black] += pts[1]
        played[g.white] += 1
        played[g.black] += 1
    points = {p: Fraction(h, 2) for p, h in halves.items()}
    order = sorted(members, key=lambda p: (-points[p], members.index(p)))
    total = per_pair * (len(members) - 1)
    rows: list[GroupRow] = []
    for i, p in enumerate(order):
        place = rows[-1].place if rows and points[p] == rows[-1].points else i + 1
        rows.append(GroupRow(place, p, points[p], played[p], total - played[p]))
    return tuple(rows)
