"""How a pairing compares with the best one, tier by tier, and the words for it (one definition for every shell)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from keizer.pairing.criteria.weights import CRITERION
from keizer.pairing.criteria.tiers import TIER, TIERS, Tier, TierTotals, tier_index
from keizer.seasons.numbers import counted


class Priced(Protocol):
    """Anything with a total per tier: a Proposal, a CheckReport."""

    @property
    def tiers(self) -> TierTotals: ...


@dataclass(frozen=True, slots=True)
class Comparison:
    """A pairing against the best: the difference per tier, the first of which decides (the solver's order)."""

    difference: TierTotals
    """This pairing's total minus the best's, per tier (`pairing.criteria.tiers.TIERS` order)."""

    @staticmethod
    def of(pairing: Priced, best: Priced) -> Comparison:
        return Comparison.of_tiers(pairing.tiers, best.tiers)

    @staticmethod
    def of_tiers(tiers: TierTotals, best: TierTotals) -> Comparison:
        return Comparison(tuple(a - b for a, b in zip(tiers, best, strict=True)))

    @property
    def deciding(self) -> Tier | None:
        """The first tier in which the two differ (None: equal in every tier, the tie-break included)."""
        return next((tier for tier, d in zip(TIERS, self.difference) if d), None)

    @property
    def same(self) -> bool:
        """Equal in every tier, the tie-break included: the best pairing itself."""
        return not any(self.difference)

    @property
    def tie(self) -> bool:
        """Equal in every tier but the tie-break (only the tie-break put the best first)."""
        deciding = self.deciding
        return deciding is None or deciding.kind == "tiebreak"

    @property
    def hard_rules_give_way(self) -> bool:
        """Worse than the best in the hard-rule tiers (compared in their order): a rule gives way here that the
        best keeps, so it need not have given way."""
        relax = (d for tier, d in zip(TIERS, self.difference) if tier.kind == "relax")
        return next((d for d in relax if d), 0) > 0

    @property
    def extra_cost(self) -> int:
        """Real cost above the best's (negative when cheaper: then a higher tier decided)."""
        return self.difference[tier_index("real_cost")]

    def behind_the_best(self) -> str:
        """Why a pairing ranked after the best comes after it: "costs 20 more", "ties with the best …"."""
        tier = self.deciding or TIER["tiebreak"]
        extra = self.extra_cost
        more = self.difference[tier_index(tier.name)]
        words = tier.said(tier.behind, more, extra=extra, more=more)
        if tier.kind == "bye" and extra > 0:
            words += f" (and it costs {extra} more)"
        return words

    def against_the_optimum(self, best_bye: str | None) -> str:
        """A checked pairing against the optimum (`best_bye`: the name of the optimum's bye player, if any)."""
        tier = self.deciding
        if tier is None:
            return "this pairing is the optimal one"
        if tier.kind == "keep":
            more = self.difference[tier_index(tier.name)]
            return f"this pairing {'changes' if more > 0 else 'keeps'} {counted(abs(more), 'more accepted board')}"
        if tier.kind == "bye" and self.difference[tier_index("bye_order")] > 0:
            return f"the bye policy gives the bye to {best_bye or 'nobody'}, not to this pairing's choice"
        if self.extra_cost > 0:
            return f"this pairing costs {self.extra_cost} more"
        return "the same real cost (the tie-break prefers another)"

    def note(self) -> str:
        """A few words for a title: "tie", "cost +20", "cost -5 but the bye's place in the policy's order"."""
        tier = self.deciding
        if self.tie or tier is None:
            return "tie"
        extra = self.extra_cost
        if tier.kind == "keep":
            changed = self.difference[tier_index(tier.name)]
            return f"{changed:+d} board{'' if changed in (1, -1) else 's'} changed"
        if tier.kind == "cost" or extra > 0:
            return f"cost {extra:+d}"
        return f"cost {extra:+d} but {tier.decided_by}"


def short_costs(criteria: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """The criteria that cost something, in priority order, under their short names ("!": a rule gave way)."""
    return tuple((CRITERION[name].short, total) for name, total in criteria if total)


def cost_words(real_cost: int, criteria: Iterable[tuple[str, int]]) -> str:
    """`cost 140 = run 100 + rank 40; bye 1 place down the policy's order`: the soft criteria add up to
    the real cost; the hard-rule and bye tiers count places and rules, not cost, so they are said apart."""
    terms: list[str] = []
    notes: list[str] = []
    for name, total in criteria:
        if not total:
            continue
        criterion = CRITERION[name]
        if criterion.soft:
            terms.append(f"{criterion.short} {total}")
        else:
            tier = TIER[criterion.tier]
            notes.append(tier.said(tier.units, total))
    return f"cost {real_cost} = {' + '.join(terms) or 'nothing'}" + "".join(f"; {note}" for note in notes)
