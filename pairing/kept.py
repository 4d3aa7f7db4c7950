"""The accepted pairing a re-pairing keeps: which of its boards a new pairing changes (docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keizer.pairing.history import Pair, pair_key
from keizer.seasons.model import PlayerId


@dataclass(frozen=True, slots=True)
class KeptPairing:
    """A round's accepted pairing, to be kept where it can when the round is paired again."""

    games: tuple[tuple[PlayerId, PlayerId], ...]
    """The accepted games (white, black), board 1 first: a board's number is its place here + 1."""
    bye: PlayerId | None
    """The accepted bye player, if any."""

    @staticmethod
    def of(games: Sequence[tuple[str, str]], bye: str | None) -> KeptPairing:
        return KeptPairing(tuple((PlayerId(w), PlayerId(b)) for w, b in games),
                           None if bye is None else PlayerId(bye))

    @property
    def pairs(self) -> frozenset[Pair]:
        """The accepted games as pairs, each in id order."""
        return frozenset(pair_key(w, b) for w, b in self.games)

    def changed(self, a: PlayerId, b: PlayerId) -> int:
        """A game a–b in a new pairing: 0 when it is an accepted board, else 1 (a board changed)."""
        return 0 if pair_key(a, b) in self.pairs else 1

    def bye_changed(self, pid: PlayerId) -> int:
        """The bye to `pid` in a new pairing: 0 when the accepted bye was theirs, else 1."""
        return 0 if pid == self.bye else 1

    def board_order(self, games: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[int, ...]:
        """The new games (indexes into `games`, given in board order) in the order that keeps every kept
        board at its accepted number (a published board number does not change): the new games take the
        freed numbers in their order, then follow; a number left free is taken by the last board, so one
        board is renumbered rather than every board after it."""
        at = {pair_key(w, b): i for i, (w, b) in enumerate(self.games)}
        slots: list[int | None] = [None] * len(self.games)
        new: list[int] = []
        for j, (w, b) in enumerate(games):
            i = at.get(pair_key(w, b))
            if i is None:
                new.append(j)
            else:
                slots[i] = j
        for i in range(len(slots)):
            if slots[i] is None and new:
                slots[i] = new.pop(0)
        filled = [j for j in slots if j is not None]
        while None in slots[: len(filled)]:  # a hole before the end: the last board moves into it
            hole = slots.index(None)
            last = max(i for i, j in enumerate(slots) if j is not None)
            slots[hole], slots[last] = slots[last], None
        return tuple(j for j in slots if j is not None) + tuple(new)

    def moved(self, games: Sequence[tuple[PlayerId, PlayerId]], bye: PlayerId | None) -> Moved:
        """Which accepted boards a new pairing (`games`, board order) does not keep, and which kept game
        has another number now."""
        new = {pair_key(w, b): i + 1 for i, (w, b) in enumerate(games)}
        boards = tuple(i + 1 for i, (w, b) in enumerate(self.games) if pair_key(w, b) not in new)
        renumbered = tuple((i + 1, new[key]) for i, (w, b) in enumerate(self.games)
                           if (key := pair_key(w, b)) in new and new[key] != i + 1)
        return Moved(boards, self.bye is not None and bye != self.bye or self.bye is None and bye is not None,
                     renumbered)

    def changes(self, games: Sequence[tuple[PlayerId, PlayerId]], bye: PlayerId | None) -> int:
        """The keep tier's total of a new pairing: its games that are not accepted boards, and its bye when
        it is not the accepted bye."""
        pairs = self.pairs
        return (sum(pair_key(w, b) not in pairs for w, b in games)
                + (0 if bye is None else self.bye_changed(bye)))


@dataclass(frozen=True, slots=True)
class Moved:
    """The accepted boards a re-pairing changed."""

    boards: tuple[int, ...]
    """Board numbers of the accepted pairing whose game is not in the new pairing, ascending."""
    bye: bool
    """Whether the bye went to someone else (or appeared, or went away)."""
    renumbered: tuple[tuple[int, int], ...] = ()
    """(accepted number, new number) of a kept game that moved up into a board left free."""

    @property
    def none(self) -> bool:
        return not self.boards and not self.bye and not self.renumbered

    def words(self) -> str:
        """"keeps every accepted board", "moves boards 3, 4; the bye changes"."""
        if self.none:
            return "keeps every accepted board"
        parts = []
        if self.boards:
            parts.append(f"moves board{'s' if len(self.boards) > 1 else ''} {', '.join(map(str, self.boards))}")
        if self.bye:
            parts.append("the bye changes")
        parts.extend(f"board {old} is now board {new}" for old, new in self.renumbered)
        return "; ".join(parts)
