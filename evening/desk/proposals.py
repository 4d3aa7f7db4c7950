"""A proposed pairing as the director compares it: boards with ranks and values, marks, cost per criterion."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from keizer.seasons.model import PlayerId, Season

from keizer.seasons.names import with_names

if TYPE_CHECKING:
    from keizer.pairing.explain.boards import RoundExplanation
    from keizer.pairing.proposal import Proposal
    from keizer.pairing.history import Pair
    from keizer.scoring.replay import Replay


class Priced(Protocol):
    """What a view takes its costs from: a solver's proposal or the checker's report on a hand-made pairing."""

    @property
    def real_cost(self) -> int: ...
    @property
    def criteria(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def tiers(self) -> tuple[int, ...]: ...


UNEXPLAINED = {
    "saved": "The saved pairing keeps no explanation of its boards: r pairs the round again and explains every "
             "board of its proposals (accepting one replaces the saved pairing; a latecomer's re-pairing keeps "
             "the accepted boards).",
    "manual": "A pairing changed by hand is not explained board by board: the line under its costs says which "
              "rule it breaks, if any; the solver's proposals explain theirs.",
}
"""`w` on a pairing without the explainer's lines: why there are none and where to look instead."""


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
    group: bool = False
    """A championship group game of the round's schedule, placed as a fixed board (docs/rules.md §8)."""

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
    criteria: tuple[tuple[str, int], ...]
    """(criterion, total) for every criterion of the objective, in priority order (none for a saved pairing)."""
    tiers: tuple[int, ...] | None
    """The total of each tier of the objective (`pairing.criteria.tiers`), None for a saved pairing: what
    proposals are compared by."""
    problems: tuple[str, ...] = ()
    """What rules this pairing breaks (the checker's words): a hand-made pairing may break some."""
    kind: str = "solved"
    """"solved", "alternative", "manual" or "saved"."""
    reasons: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, compare=False)
    """Why each board is what it is, by (white, black), and the bye by ("bye", player): the explainer's lines."""
    moved: str = ""
    """A re-pairing keeping the accepted pairing: which accepted boards it changes, in words ("moves board
    3; the bye changes"); "" otherwise."""
    notes: tuple[str, ...] = ()
    """What the director should know about the pairing as a whole: D art. 7's opening followed otherwise than
    to the letter (`pairing.proposer.opening_note`)."""

    def why(self, board: int | None) -> tuple[str, ...]:
        """The explanation of a board (None: the bye); for a pairing the solver did not make, why there is none."""
        if board is None:
            lines = self.reasons.get(("bye", self.bye.id), ()) if self.bye is not None else ()
        else:
            lines = self.reasons.get(self.games[board - 1], ())
        if lines or self.kind not in UNEXPLAINED:
            return lines
        return (UNEXPLAINED[self.kind],)

    @property
    def costs(self) -> tuple[tuple[str, int], ...]:
        """(short name, total) of every criterion that costs something, in priority order."""
        from keizer.pairing.compare import short_costs  # `pairing` loads OR-Tools: only once a pairing is shown

        return short_costs(self.criteria)

    @property
    def cost_text(self) -> str:
        """`cost 140 = run 100 + rank 40; …`: the pairing's cost line ("" for a saved pairing)."""
        from keizer.pairing.compare import cost_words

        return "" if self.objective is None else cost_words(self.objective, self.criteria)

    def versus(self, best: ProposalView) -> str:
        """How this pairing compares with `best`, in a few words ("tie", "cost +20", "cost -5 but …");
        "" when either has no costs (a saved pairing)."""
        from keizer.pairing.compare import Comparison

        if self.tiers is None or best.tiers is None:
            return ""
        return Comparison.of_tiers(self.tiers, best.tiers).note()


def player_refs(season: Season, rep: Replay, k: int) -> dict[PlayerId, PlayerRef]:
    """Every ranked player as the boards of round k show them: place and value after round k − 1."""
    ranking, values = rep.entry_ranking(k)
    return {pid: PlayerRef(pid, season.player(pid).name, i + 1, values[i]) for i, pid in enumerate(ranking)}


@dataclass(frozen=True, slots=True)
class ViewMaker:
    """Builds the proposal views of one round: the players' ranks and values, the director's marks."""

    season: Season
    """The season the round is paired in (names)."""
    refs: Mapping[PlayerId, PlayerRef]
    """Every ranked player's place and value (`player_refs`)."""
    locks: frozenset[Pair]
    """Pairs locked (in id order)."""
    forbids: frozenset[Pair]
    """Pairs forbidden (in id order)."""
    group: frozenset[Pair] = frozenset()
    """The round's scheduled championship group games (in id order)."""

    def view(self, title: str, games: tuple[Pair, ...], bye: PlayerId | None, priced: Priced | None = None,
             problems: tuple[str, ...] = (), kind: str = "solved",
             reasons: dict[tuple[str, str], tuple[str, ...]] | None = None) -> ProposalView:
        """A pairing as the director compares it, with the locks and forbids marked; `priced`: its costs
        (a solver's proposal or the checker's report; None for a saved pairing)."""
        return ProposalView(title=title, games=games, bye=self.refs[bye] if bye is not None else None,
                            boards=self.boards(games, None),
                            objective=priced.real_cost if priced is not None else None,
                            criteria=priced.criteria if priced is not None else (),
                            tiers=priced.tiers if priced is not None else None,
                            problems=problems, kind=kind, reasons=reasons or {})

    def from_solver(self, proposal: Proposal, why: RoundExplanation, index: int) -> ProposalView:
        """A solver's proposal and its explanation (index 0: the best, then the alternatives)."""
        problems = self.named(tuple(f"gave way (no pairing keeps every rule): {r.message}"
                                    for r in proposal.relaxations))
        reasons: dict[tuple[str, str], tuple[str, ...]] = {(b.white, b.black): self.named(b.lines)
                                                          for b in why.boards}
        if why.bye is not None:
            reasons[("bye", why.bye.player)] = self.named(why.bye.lines)
        from keizer.pairing.proposer import OPENING_NOTE

        view = self.view("best" if index == 0 else f"alternative {index}", proposal.pairs(), proposal.bye,
                         proposal, problems=problems,
                         kind="solved" if index == 0 else "alternative", reasons=reasons)
        view = replace(view, notes=tuple(n for n in proposal.notes if n.startswith(OPENING_NOTE)))
        return view if proposal.moved is None else replace(view, moved=proposal.moved.words())

    def remarked(self, proposals: list[ProposalView]) -> list[ProposalView]:
        """The proposals with their marks drawn anew; the alternatives' differing boards against the first."""
        first = proposals[0].games if proposals else None
        return [replace(p, boards=self.boards(p.games, first if i else None)) for i, p in enumerate(proposals)]

    def boards(self, games: tuple[Pair, ...], first: tuple[Pair, ...] | None) -> tuple[BoardView, ...]:
        """The games in board order with ranks, values and marks (`first`: mark the boards not in it)."""
        from keizer.pairing.history import pair_key  # `pairing` loads OR-Tools: only once a pairing is shown

        base = {pair_key(w, b) for w, b in first} if first is not None else None
        return tuple(BoardView(board=i, white=self.refs[w], black=self.refs[b], locked=pair_key(w, b) in self.locks,
                               forbidden=pair_key(w, b) in self.forbids,
                               differs=base is not None and pair_key(w, b) not in base,
                               group=pair_key(w, b) in self.group)
                     for i, (w, b) in enumerate(games, start=1))

    def named(self, lines: tuple[str, ...]) -> tuple[str, ...]:
        """The pairing module names players by id; a director reads names."""
        return with_names(self.season, lines)
