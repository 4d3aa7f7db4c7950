"""What pairing two players costs, criterion by criterion (`PairCost`), computed for every pair of a round
over one shared precomputation (`CostContext`), and the totals of a pairing by criterion and tier."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from keizer.pairing.criteria.bye import ByeOrder, bye_order
from keizer.pairing.criteria.colour import (
    ColourState,
    ColourTerms,
    colour_state,
    terms_after,
    higher_ranked_white_by_rule,
)
from keizer.pairing.criteria.meetings import meeting_costs, meeting_terms, reversed_white
from keizer.pairing.criteria.rank import rank_cost
from keizer.pairing.criteria.tiers import TierName, TierTotals, tier_totals
from keizer.pairing.criteria.weights import (
    CRITERIA,
    CRITERION,
    RELAX_NAMES,
    SOFT_NAMES,
    Criterion,
)
from keizer.pairing.history import Meeting
from keizer.pairing.instance import PlayerState, RoundInstance
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import ColourLimits

if TYPE_CHECKING:
    import numpy as np

ColourReason = Literal["reversed", "preference", "rule", "given"]


@dataclass(frozen=True, slots=True)
class PairCost:
    """What pairing two players costs, criterion by criterion, with the colours it implies."""

    white: PlayerId
    black: PlayerId
    colour_reason: ColourReason
    """`reversed`: a rematch with the colours of the last game reversed (D art. 8); `preference`: the
    cheaper colours; `rule`: colours indifferent, the higher-ranked has white when their place is odd;
    `given`: the colours of a pairing made elsewhere (the checker)."""
    relax: tuple[int, ...]
    """Units per RELAX_NAMES: hard rules this game would break."""
    soft: tuple[int, ...]
    """Cost per SOFT_NAMES (already weighted)."""

    @property
    def soft_total(self) -> int:
        return sum(self.soft)

    def terms(self) -> tuple[tuple[str, int], ...]:
        """(criterion, cost or units) for every non-zero term, in priority order."""
        named = dict(zip(RELAX_NAMES + SOFT_NAMES, self.relax + self.soft, strict=True))
        return tuple((c.name, named[c.name]) for c in CRITERIA if named.get(c.name))


class CostContext:
    """Per-round precomputation shared by every pair: colour costs per player and colour, the target."""

    __slots__ = ("_edges", "_priced", "black_terms", "black_total", "inst", "target", "white_terms", "white_total")

    def __init__(self, inst: RoundInstance) -> None:
        self.inst = inst
        self.target = inst.target_distance
        self.white_terms: dict[PlayerId, ColourTerms] = {}
        self.black_terms: dict[PlayerId, ColourTerms] = {}
        self.white_total: dict[PlayerId, int] = {}
        self.black_total: dict[PlayerId, int] = {}
        everyone = inst.players + inst.fixed_players
        for p, costs in zip(everyone, colour_costs([p.colours for p in everyone], inst.rules.colour)):
            pid = p.id
            self.white_terms[pid], self.black_terms[pid], self.white_total[pid], self.black_total[pid] = costs
        self._edges: dict[tuple[int, int], tuple[bool, int, int, int]] = {}
        self._priced: list[tuple[np.ndarray, ...]] = []

    @property
    def edges(self) -> dict[tuple[int, int], tuple[bool, int, int, int]]:
        """`edge` of the pairs with a past, by pool indexes, kept while the band widens (and across the
        director's re-solves: `carried`). Made from the columns `keep_priced` was given when first read: a
        round paired once (a forecast's) never reads them."""
        if self._priced:
            for u, v, *terms in self._priced:
                self._edges.update(zip(zip(u.tolist(), v.tolist()), zip(*(column.tolist() for column in terms))))
            self._priced.clear()
        return self._edges

    @edges.setter
    def edges(self, edges: dict[tuple[int, int], tuple[bool, int, int, int]]) -> None:
        self._edges, self._priced = edges, []

    def keep_priced(self, u: np.ndarray, v: np.ndarray, white_a: np.ndarray, relax_max: np.ndarray,
                    early: np.ndarray, soft: np.ndarray) -> None:
        """Keep the pairs priced by the compiled model (`edges`): pair k is (u[k], v[k]), its `edge` the
        other columns' k-th values."""
        self._priced.append((u, v, white_a, relax_max, early, soft))

    @staticmethod
    def carried(inst: RoundInstance, previous: CostContext | None) -> CostContext:
        """The context of `inst`, keeping the pairs already priced in `previous` when they price alike: the
        same round, rules, players (with their places and past) and history — a director's lock, forbid or
        bye changes which pairs may play, not what a pair costs."""
        ctx = CostContext(inst)
        old = previous.inst if previous is not None else None
        if (previous is not None and old is not None and old.round_number == inst.round_number
                and old.rules == inst.rules and old.players == inst.players
                and (old.history is inst.history or old.history == inst.history)):
            ctx.edges = previous.edges
        return ctx

    def orient(self, a: PlayerState, b: PlayerState, meetings: tuple[Meeting, ...],
               white: PlayerId | None = None) -> tuple[bool, ColourReason]:
        """Whether a (the higher-ranked) has white, and why: reversed rematch colours (hard, D art. 8),
        else the cheaper colours, else the rule for indifferent colours."""
        if white is not None:
            return white == a.id, "given"
        forced = reversed_white(meetings, self.inst.rules)
        if forced is not None:
            return forced == a.id, "reversed"
        a_white = self.white_total[a.id] + self.black_total[b.id]
        b_white = self.black_total[a.id] + self.white_total[b.id]
        if a_white != b_white:
            return a_white < b_white, "preference"
        return higher_ranked_white_by_rule(a.pos), "rule"

    def edge(self, a: PlayerState, b: PlayerState,
             meetings: tuple[Meeting, ...] | None = None) -> tuple[bool, int, int, int]:
        """(a has white, relax_max_meetings, relax_rematch_round, soft total) of a game a–b, a ranked higher.
        The compiled model's fast path: the same terms as `pair_cost`, without the breakdown. `meetings`:
        the pair's, when the caller holds them already."""
        inst = self.inst
        if meetings is None:
            meetings = inst.meetings_of(a.id, b.id)
        white_a, _ = self.orient(a, b, meetings)
        colour = (self.white_total[a.id] + self.black_total[b.id] if white_a
                  else self.black_total[a.id] + self.white_total[b.id])
        rank = rank_cost(b.pos - a.pos, self.target)
        if not meetings:
            return white_a, 0, 0, colour + rank
        relax_max, early, bottom, gap = meeting_costs(meetings, inst.round_number, a.bottom and b.bottom, inst.rules)
        return white_a, relax_max, early, colour + rank + bottom + gap

    def pair_cost(self, a: PlayerState, b: PlayerState, white: PlayerId | None = None) -> PairCost:
        """The cost of the game a–b (either order), with its colours decided (or as `white` says)."""
        inst = self.inst
        if b.pos < a.pos:
            a, b = b, a  # a is the higher-ranked
        meetings = inst.meetings_of(a.id, b.id)
        m = meeting_terms(meetings, inst.round_number, a.bottom and b.bottom, inst.rules)
        white_a, reason = self.orient(a, b, meetings, white)
        w, bl = (a, b) if white_a else (b, a)
        cw, cb = self.white_terms[w.id], self.black_terms[bl.id]
        relax = (m.relax_max_meetings, m.relax_rematch_round)
        soft = (cw[0] + cb[0], m.bottom_extra, m.rematch_gap, rank_cost(b.pos - a.pos, self.target),
                cw[1] + cb[1], cw[2] + cb[2], cw[3] + cb[3])
        return PairCost(w.id, bl.id, reason, _in_relax_order(relax), _in_soft_order(soft))

    def colour_max(self, pid: PlayerId) -> int:
        """The most either colour can cost this player (bounds for the tier weights)."""
        return max(self.white_total[pid], self.black_total[pid])


ColourCosts = tuple[ColourTerms, ColourTerms, int, int]
"""One colour history's terms of white and of black (`colour_terms_both`), and their totals."""

_COLOUR_COSTS: dict[ColourLimits, tuple[dict[str, ColourCosts], dict[tuple[str, int, int], ColourCosts]]] = {}
_COLOUR_COSTS_KEPT = 8192
"""Colour histories kept per set of limits: players' histories repeat from round to round and across a
forecast's runs (the ColourLimits hashed once a round, not once a player: a dataclass's hash is Python)."""


def colour_costs(histories: Iterable[str], limits: ColourLimits) -> list[ColourCosts]:
    """What each colour history's player pays for white and for black under `limits` (the terms and their
    totals), kept by history and by what the terms depend on (`_colour_costs`)."""
    seen, by_state = _colour_costs(limits)
    out: list[ColourCosts] = []
    for colours in histories:
        costs = seen.get(colours)
        if costs is None:  # the terms depend on the last run and the balance only: kept by those too
            state = colour_state(colours)
            costs = by_state.get(state)
            if costs is None:
                costs = by_state[state] = _both(state, limits)
            seen[colours] = costs
        out.append(costs)
    return out


def colour_costs_of_states(states: Iterable[ColourState], limits: ColourLimits) -> list[ColourCosts]:
    """`colour_costs` of players known by their colour states (`colour_state`), not their histories: a
    forecast's run carries each player's state on (`pairing.history.CarriedPast`)."""
    _, by_state = _colour_costs(limits)
    out: list[ColourCosts] = []
    for state in states:
        costs = by_state.get(state)
        if costs is None:
            costs = by_state[state] = _both(state, limits)
        out.append(costs)
    return out


def _both(state: ColourState, limits: ColourLimits) -> ColourCosts:
    white, black = terms_after(*state, limits)
    return white, black, sum(white), sum(black)




def _colour_costs(limits: ColourLimits) -> tuple[dict[str, ColourCosts], dict[tuple[str, int, int], ColourCosts]]:
    """The kept costs under `limits` by colour history, and by (last colour, its run, balance) — what the
    terms depend on (`colour_terms_both`): a new history mostly has a state seen before. Emptied when full."""
    kept = _COLOUR_COSTS.get(limits)
    if kept is None or len(kept[0]) > _COLOUR_COSTS_KEPT:
        kept = _COLOUR_COSTS[limits] = ({}, {})
    return kept


def _reorder(computed: tuple[str, ...], names: tuple[str, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """Terms computed in the order `computed` → the same terms in the order `names` (CRITERIA's), matched by
    name once, so that the declaration alone decides the order; a criterion not computed (or a term that is
    no criterion) is an error."""
    if set(names) != set(computed):
        raise LookupError(f"criteria {sorted(names)} but costs computed for {sorted(computed)}")
    places = tuple(computed.index(name) for name in names)
    if len(places) < 2:  # itemgetter returns a tuple only for two places or more
        return lambda terms: tuple(terms[i] for i in places)
    getter = itemgetter(*places)  # the hot path of pricing a proposal's games: no Python loop
    return lambda terms: getter(terms)


_in_relax_order = _reorder(("relax_max_meetings", "relax_rematch_round"), RELAX_NAMES)
_in_soft_order = _reorder(("colour_run", "bottom_extra", "rematch_gap", "rank", "colour_balance", "colour_repeat",
                           "colour_drift"), SOFT_NAMES)
"""`pair_cost` computes the terms in the order of these names."""


def criteria_totals(games: Iterable[PairCost], bye_units: int) -> tuple[tuple[str, int], ...]:
    """A pairing's total per criterion, in priority order (relax and bye in units, soft criteria in cost)."""
    relax = [0] * len(RELAX_NAMES)
    soft = [0] * len(SOFT_NAMES)
    for game in games:
        for t, units in enumerate(game.relax):
            relax[t] += units
        for t, cost in enumerate(game.soft):
            soft[t] += cost
    totals = dict(zip(RELAX_NAMES, relax)) | dict(zip(SOFT_NAMES, soft)) | {"bye_order": bye_units}
    return tuple((c.name, totals[c.name]) for c in CRITERIA)


def criteria_tiers(criteria: Iterable[tuple[str, int]], tiebreak: int) -> TierTotals:
    """The total per tier of a pairing's criteria (each counts in its tier) and its tie-break."""
    by_tier: dict[TierName, int] = {"tiebreak": tiebreak}
    for name, total in criteria:
        tier = CRITERION[name].tier
        by_tier[tier] = by_tier.get(tier, 0) + total
    return tier_totals(by_tier)


__all__ = ["CRITERIA", "CRITERION", "RELAX_NAMES", "SOFT_NAMES", "ByeOrder", "CostContext", "Criterion",
           "PairCost", "bye_order", "criteria_tiers", "criteria_totals"]
