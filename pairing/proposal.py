"""A proposed pairing of one round: boards, bye, objective per criterion, and how it was found."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.pair_cost import PairCost
from keizer.pairing.criteria.bye import ByeOrder
from keizer.pairing.criteria.tiers import TierTotals, tier_index
from keizer.pairing.kept import Moved
from keizer.pairing.solvers.base import SolverInfo
from keizer.seasons.model import PlayerId


@dataclass(frozen=True, slots=True)
class Board:
    """One game of the round; the first-named player has white (D art. 6)."""

    number: int
    white: PlayerId
    black: PlayerId
    kind: Literal["model", "lock", "fixed"]
    """`fixed`: a fixed (championship) game placed as given; `lock`: a director's lock; `model`: chosen."""
    cost: PairCost | None
    """The pair's cost by criterion (None for a fixed game: it is not part of the objective)."""


@dataclass(frozen=True, slots=True)
class Relaxation:
    """A hard rule that gave way because no pairing respected all of them."""

    rule: str
    """`max_meetings` or `rematch_from_round`."""
    players: tuple[PlayerId, PlayerId]
    message: str


@dataclass(frozen=True, slots=True)
class BandReport:
    """Which pairs the model looked at, and whether that could have cut off the optimum."""

    band: int | None
    """Largest rank distance (places) of a pair in the model; None: all pairs."""
    tried: tuple[int, ...] = ()
    """Bands tried before this one (widened when they admitted no pairing or no proof)."""
    proven: bool = True
    """True when the optimum over the band is the optimum over all pairs."""
    band_cost: int | None = None
    """Real cost (soft tier) of the band's optimum."""
    lower_bound: int | None = None
    """A lower bound on the real cost of any pairing that uses a pair outside the band (LP duality)."""
    columns: int = 0
    """Pairs beyond the band added to the model by column generation (`pairing/columns.py`)."""
    note: str = "all pairs in the model"


@dataclass(frozen=True, slots=True)
class Proposal:
    """The optimal pairing of a round, with everything needed to explain and replay it."""

    round_number: int
    boards: tuple[Board, ...]
    bye: PlayerId | None
    objective: int
    """Σ chosen pairs' costs + the bye's cost, as in the `--costs` export (fixed games not counted)."""
    tiers: TierTotals
    """The objective split per tier (`pairing.criteria.tiers.TIERS`: kept boards, hard rules, bye, real cost,
    tie-break)."""
    criteria: tuple[tuple[str, int], ...]
    """Total per criterion (relax and bye in units, soft criteria in cost), in priority order."""
    relaxations: tuple[Relaxation, ...]
    solver: SolverInfo
    seed: int
    band: BandReport
    bye_order: ByeOrder
    """The bye policy's order of candidates (with the lottery draw, if any)."""
    costs: CompiledCosts = field(repr=False, compare=False)
    """The compiled round solved (for alternatives and the costs export)."""
    notes: tuple[str, ...] = ()
    """What the director should know about how it was found (rules given way, an early stop)."""
    moved: Moved | None = None
    """When the round was paired again keeping its accepted pairing: the accepted boards this one changes."""

    @property
    def real_cost(self) -> int:
        return self.tiers[tier_index("real_cost")]

    @property
    def saved_objective(self) -> int:
        """The objective without the kept-pairing tier: what a saved pairing records (a season's log holds
        numbers of at most 18 digits; the boards changed are said apart, `moved`)."""
        keep = self.tiers[tier_index("keep_accepted")]
        return self.objective - (keep << self.costs.weights.shift("keep_accepted"))

    def pairs(self) -> tuple[tuple[PlayerId, PlayerId], ...]:
        """(white, black) per board, board order."""
        return tuple((b.white, b.black) for b in self.boards)
