"""The championship group's state (docs/rules.md §8): what is decided and what is still needed, as facts and in words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from keizer.scoring.championship.table import GAMES_PER_PAIR, GroupRow, table
from keizer.seasons.model import DecisionGame
from keizer.seasons.model import PlayerId, Result
from keizer.seasons.numbers import game_points_text

Phase = Literal["playing", "champion", "decision", "playoff", "shared"]
StateKind = Literal["playing", "champion_early", "champion", "tied", "champion_after_tie", "shared"]
"""One per sentence of `GroupState.sentence`, for scripts (docs/format.md `keizer group --json`)."""


@dataclass(frozen=True, slots=True)
class GroupState:
    """What is decided and what is still needed (D art. 2), at this moment."""

    phase: Phase
    """"playing": group games to come; "champion": decided; "decision": two tied, two decision games;
    "playoff": more than two tied, a double round robin among them; "shared": still tied after those."""
    champion: tuple[PlayerId, ...]
    """The champion (one), or those sharing the title; empty while undecided."""
    contenders: tuple[PlayerId, ...]
    """Who can still become champion (in member order)."""
    needed: tuple[tuple[PlayerId, PlayerId], ...]
    """(white, black) of the decision games still to record, for phases "decision" and "playoff"."""
    games_left: int = 0
    """Group games (of the double round robin) still to play."""
    tied: tuple[PlayerId, ...] = ()
    """Those who tied for first after every group game (in member order); empty without such a tie."""
    tied_on: Fraction | None = None
    """The game points they tied on; None without a tie."""
    at_once: bool = False
    """"shared" without decision games: the ruleset's `championship.ties` is "shared"."""
    choice: str = ""
    """The club's choice on ties (`championship.ties`), said with a tie where the regulations are silent."""

    @property
    def kind(self) -> StateKind:
        """Which of the director's sentences this state is."""
        if self.phase == "champion":
            return "champion_early" if self.games_left else "champion_after_tie" if self.tied else "champion"
        if self.phase == "playing" or self.phase == "shared":
            return self.phase
        return "tied"  # "decision" or "playoff": the phase says which

    @property
    def summary(self) -> str:
        """The sentence with player ids (`sentence` says it with names)."""
        return self.sentence(str)

    def sentence(self, name: Callable[[PlayerId], str]) -> str:
        """One sentence for the director, each player said by `name`."""
        names = lambda pids: ", ".join(name(p) for p in pids)  # noqa: E731 — a short local alias
        what = "decision game" if len(self.tied) == 2 else "play-off game"
        kind = self.kind
        if kind == "playing":
            return f"{_games(self.games_left, 'group game')} to play; can still win: {names(self.contenders)}"
        if kind == "champion_early":
            return f"{name(self.champion[0])} is champion; {_games(self.games_left, 'group game')} still to play"
        if kind == "champion":
            return f"{name(self.champion[0])} is champion"
        said = f" ({self.choice})" if self.choice else ""
        if kind == "tied":
            assert self.tied_on is not None
            return (f"tied on {game_points_text(self.tied_on)}: {names(self.tied)}; "
                    f"{_games(len(self.needed), what)} to play{said}")
        if kind == "champion_after_tie":
            return f"{name(self.champion[0])} is champion after the {what}s"
        if self.at_once:
            assert self.tied_on is not None
            return f"tied on {game_points_text(self.tied_on)}: {names(self.champion)} share the title{said}"
        return f"still tied after the {what}s: {names(self.champion)} share the title"


def group_state(rows: tuple[GroupRow, ...], decision: tuple[DecisionGame, ...],
                withdrawn: frozenset[PlayerId] = frozenset(), ties: str = "decision", choice: str = "") -> GroupState:
    """The state from the group table and the decision games recorded so far; `withdrawn`: members who
    withdrew, whose decision games are won by their opponents (docs/rules.md §8); `ties`: the ruleset's
    `championship.ties` ("decision": D art. 2's decision games; "shared": the title shared at once), said
    with `choice` where the regulations are silent."""
    best = max((r.points for r in rows), default=Fraction(0))
    left = sum(r.to_play for r in rows) // 2
    if left:
        contenders = tuple(r.player for r in rows if r.points + r.to_play >= best)
        if len(contenders) == 1 and all(r.points + r.to_play < best for r in rows if r.player != contenders[0]):
            return GroupState("champion", contenders, contenders, (), left)
        return GroupState("playing", (), contenders, (), left)
    tied = tuple(r.player for r in rows if r.points == best)
    if len(tied) == 1:
        return GroupState("champion", tied, tied, ())
    if ties == "shared":
        return GroupState("shared", tied, tied, (), 0, tied, best, at_once=True, choice=choice)
    phase: Phase = "decision" if len(tied) == 2 else "playoff"
    # Two tied: two decision games, one with each colour; more: a double round robin among them. A game
    # recorded with the other colours still counts for its pair; a game beyond a pair's two does not.
    counted = decision_games(tied, decision, withdrawn)
    count: dict[frozenset[PlayerId], list[tuple[PlayerId, PlayerId]]] = {}
    for g in counted:
        count.setdefault(frozenset((g.white, g.black)), []).append((g.white, g.black))
    needed: list[tuple[PlayerId, PlayerId]] = []
    for i, a in enumerate(tied):
        for b in tied[i + 1:]:
            done = count.get(frozenset((a, b)), [])
            needed += [c for c in ((a, b), (b, a)) if c not in done][: max(0, GAMES_PER_PAIR - len(done))]
    if needed:
        return GroupState(phase, (), tied, tuple(needed), 0, tied, best, choice=choice)
    top = tuple(r.player for r in table(tied, counted) if r.place == 1)
    return GroupState("champion" if len(top) == 1 else "shared", top, top, (), 0, tied, best)


def decision_games(tied: tuple[PlayerId, ...], decision: tuple[DecisionGame, ...],
                   withdrawn: frozenset[PlayerId] = frozenset()) -> tuple[DecisionGame, ...]:
    """The decision games that count (D art. 2): among the tied, per pair the first two with a result as
    recorded (a third is never played: still tied, they share the title); a pair with one withdrawn member
    has its games still to play won by the other (two withdrawn members play none)."""
    out: list[DecisionGame] = []
    per_pair: dict[frozenset[PlayerId], int] = {}
    for g in decision:
        key = frozenset((g.white, g.black))
        if g.result.is_decided and len(key) == 2 and key <= set(tied) and per_pair.get(key, 0) < GAMES_PER_PAIR:
            per_pair[key] = per_pair.get(key, 0) + 1
            out.append(g)
    for i, a in enumerate(tied):
        for b in tied[i + 1:]:
            gone = {a, b} & withdrawn
            if len(gone) == 1:
                (loser,) = gone
                winner = b if loser == a else a
                out += [DecisionGame(winner, loser, Result.WHITE_FORFEIT_WIN)] * (
                    GAMES_PER_PAIR - per_pair.get(frozenset((a, b)), 0))
    return tuple(out)


def _games(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


__all__ = ["GroupState", "Phase", "StateKind", "decision_games", "group_state"]
