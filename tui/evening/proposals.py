"""A proposed pairing as the director compares it: boards with ranks and values, marks, cost per criterion."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from seasons.model import PlayerId

Pair = tuple[PlayerId, PlayerId]


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as a board shows them."""

    id: PlayerId
    """The player's id."""
    name: str
    """As the season writes it."""
    rank: int
    """Place in the ranking the round is paired from."""
    value: Fraction
    """Keizer value at that place."""


@dataclass(frozen=True, slots=True)
class BoardView:
    """One board of a proposal, with the director's marks."""

    board: int
    """Board number, from 1."""
    white: PlayerRef
    """Has white (the first-named player, D art. 6)."""
    black: PlayerRef
    """Has black."""
    locked: bool
    """The director locked this pair: every re-solve keeps it."""
    forbidden: bool
    """The director forbade this pair (it shows until a re-solve replaces it)."""
    differs: bool
    """This pair is not in the first proposal (alternatives only)."""

    @property
    def pair(self) -> Pair:
        return (self.white.id, self.black.id)


@dataclass(frozen=True, slots=True)
class ProposalView:
    """One pairing as the director compares it."""

    title: str
    """"best", "alternative 1", "by hand", "saved pairing"."""
    games: tuple[Pair, ...]
    """(white, black) in board order."""
    bye: PlayerRef | None
    """Who sits out with a bye, if the number present is odd."""
    boards: tuple[BoardView, ...]
    """The games with ranks, values and marks."""
    objective: int | None
    """The real cost (the soft criteria; a rule giving way is listed in `problems`); None for a saved pairing."""
    costs: tuple[tuple[str, int], ...]
    """(criterion label, cost) for every criterion that costs something, in priority order."""
    problems: tuple[str, ...] = ()
    """What rules this pairing breaks (the checker's words): a hand-made pairing may break some."""
    kind: str = "solved"
    """"solved", "alternative", "manual" or "saved"."""
    reasons: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, compare=False)
    """Why each board is what it is, by (white, black), and the bye by ("bye", player): the explainer's lines."""

    def why(self, board: int | None) -> tuple[str, ...]:
        """The explanation of a board (None: the bye)."""
        if board is None:
            return self.reasons.get(("bye", self.bye.id), ()) if self.bye is not None else ()
        return self.reasons.get(self.games[board - 1], ())

    @property
    def cost_text(self) -> str:
        if self.objective is None:
            return ""
        # The hard-rule and bye tiers count places and rules, not cost: said apart, after the sum.
        tiers = {"bye": "bye {} place(s) down the policy's order", "meetings!": "{} extra meeting(s)!",
                 "rematch!": "{} early rematch(es)!"}
        terms = " + ".join(f"{name} {cost}" for name, cost in self.costs if name not in tiers) or "nothing"
        notes = [tiers[name].format(cost) for name, cost in self.costs if name in tiers]
        return f"cost {self.objective} = {terms}" + "".join(f"; {note}" for note in notes)


SHORT_NAMES = {
    "relax_max_meetings": "meetings!", "relax_rematch_round": "rematch!", "bye_order": "bye",
    "colour_run": "run", "bottom_extra": "bottom", "rematch_gap": "gap", "rank": "rank",
    "colour_balance": "balance", "colour_repeat": "repeat", "colour_drift": "drift",
}
"""The criteria of `pairing.criteria.weights` as a cost line names them ("!": a hard rule gave way)."""


def named_costs(criteria: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The criteria that cost something, in priority order, under short names."""
    return tuple((SHORT_NAMES.get(name, name.replace("_", " ")), cost) for name, cost in criteria if cost)


def pair_key(a: PlayerId, b: PlayerId) -> Pair:
    """A–B and B–A as one key."""
    return (a, b) if a < b else (b, a)
