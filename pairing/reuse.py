"""What one solve of a round leaves for the next solve of the same round: its history and its priced pairs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.history import History
from keizer.pairing.instance import RoundInstance
from keizer.seasons.model import Season


def past_of(season: Season, k: int) -> Season:
    """Everything the pairing history of round k is read from: the season without round k and the rounds
    after it (its players, rules, withdrawals and rounds 1..k−1 as they are now)."""
    return replace(season, rounds=season.rounds[: k - 1])


@dataclass(frozen=True, slots=True)
class Reusable:
    """A solve's reusable parts, with what they were built from (the director's re-solves of one evening —
    a lock, a forbid, a swap, a latecomer, `r` — change neither the past nor, mostly, what a pair costs)."""

    round_number: int
    """The round solved."""
    past: Season
    """`past_of` the season solved: the history is valid for a season whose `past_of` equals it."""
    history: History
    """The pairing history of rounds 1..round_number−1 that solve used."""
    ctx: CostContext
    """The costs that solve priced; `CostContext.carried` keeps its pairs only where they price alike (the
    same players in the same places, rules and history). Its cache of priced pairs is shared with the next
    solve's context: a cancelled solve still running in its thread adds only pairs priced alike."""

    @staticmethod
    def of(season: Season, inst: RoundInstance, ctx: CostContext) -> Reusable:
        """The reusable parts of a solve of `inst` (built from `season`) that priced its pairs in `ctx`."""
        return Reusable(inst.round_number, past_of(season, inst.round_number), inst.history, ctx)

    def history_for(self, season: Season, k: int) -> History | None:
        """The kept history when round k of `season` has the very past it was read from, else None (build it
        anew): a result edited in an earlier round, another round, player or rule set all rebuild it."""
        if k != self.round_number or self.past != past_of(season, k):
            return None
        return self.history

    def context_for(self, inst: RoundInstance) -> CostContext:
        """The cost context of `inst`, keeping the pairs already priced when they price alike."""
        return CostContext.carried(inst, self.ctx)


def reused_history(reuse: Reusable | None, season: Season, k: int) -> History | None:
    """`Reusable.history_for`, or None without anything to reuse."""
    return None if reuse is None else reuse.history_for(season, k)


def reused_context(reuse: Reusable | None, inst: RoundInstance) -> CostContext:
    """`Reusable.context_for`, or a fresh context without anything to reuse."""
    return CostContext(inst) if reuse is None else reuse.context_for(inst)
