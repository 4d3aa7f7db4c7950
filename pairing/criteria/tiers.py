"""The objective's tiers, declared once in priority order: the bit layout, CP-SAT's stages and the words derive here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

TierName = Literal["keep_accepted", "relax_max_meetings", "relax_rematch_round", "bye_order", "real_cost", "tiebreak"]
TierKind = Literal["keep", "relax", "bye", "cost", "tiebreak"]


@dataclass(frozen=True, slots=True)
class Tier:
    """One level of the lexicographic objective: a pairing worse here is worse, whatever the tiers below say."""

    name: TierName
    """Stable key (JSON `tiers`, tests)."""
    kind: TierKind
    """`relax`: a hard rule giving way (units: breaches); `bye`: the bye policy (units: places down its order);
    `cost`: the real cost (the soft criteria, weighed against each other); `tiebreak`: makes the optimum unique;
    `keep`: a re-pairing's accepted boards it changes (units: boards)."""
    prices: Literal["pair", "bye", "both"]
    """What carries the tier's cost: a game of the pairing, its bye, or both."""
    decided_by: str
    """Why a pairing comes after a better one when this tier decides, in a few words (a title's note)."""
    behind: str
    """The same as a sentence about a pairing that comes after the best (`{extra}`: its extra real cost,
    `{more}`: its extra units in this tier; `{s}`/`{es}`: a plural ending, see `said`)."""
    units: str
    """A count of this tier in a cost line (`{}`: the count); empty for the real cost and the tie-break."""

    def said(self, template: str, count: int, **values: object) -> str:
        """`behind` or `units` with the count filled in: `{s}` and `{es}` are the plural endings, empty for
        one ("1 extra meeting!", "2 early rematches!")."""
        one = count in (1, -1)
        return template.format(count, s="" if one else "s", es="" if one else "es", **values)


TIERS: tuple[Tier, ...] = (
    # A re-pairing after the pairing was accepted changes as few accepted boards as it can (docs/rules.md
    # §7): a published board moves only when it must. Zero everywhere unless a kept pairing is given.
    Tier("keep_accepted", "keep", "both", "more accepted boards changed",
         "changes {more} more accepted board{s}", "changes {} accepted board{s}"),
    # Hard rules give way only when no pairing keeps them all (D art. 8): the fewest breaches first.
    Tier("relax_max_meetings", "relax", "pair", "a hard rule giving way",
         "a hard rule gives way that the best keeps", "{} extra meeting{s}!"),
    Tier("relax_rematch_round", "relax", "pair", "a hard rule giving way",
         "a hard rule gives way that the best keeps", "{} early rematch{es}!"),
    # The bye policy's order outranks every soft criterion (D art. 10, K "Aanwijzing reserve").
    Tier("bye_order", "bye", "bye", "the bye's place in the policy's order",
         "the bye goes further down the policy's order", "bye {} place{s} down the policy's order"),
    Tier("real_cost", "cost", "pair", "a higher real cost", "costs {extra} more", ""),
    # Equal real costs are common: a hash per pair makes the optimum unique, so both solvers agree.
    Tier("tiebreak", "tiebreak", "pair", "the tie-break",
         "ties with the best (only the tie-break put the best first)", ""),
)
"""Every tier, the most important first. Everything else about the tiers is derived from this order."""

TIER_NAMES: tuple[TierName, ...] = tuple(t.name for t in TIERS)
TIER: dict[TierName, Tier] = {t.name: t for t in TIERS}
_TIER_INDEX: dict[TierName, int] = {name: i for i, name in enumerate(TIER_NAMES)}
"""A tier's place by name: read for every bye and tier of a compiled round (`TierWeights.shift`)."""
TierTotals = tuple[int, ...]
"""A pairing's total per tier, in TIERS order: compared as a tuple, it orders pairings like the objective."""


def tier_index(name: TierName) -> int:
    """The place of a tier in TIERS (0 = the most important)."""
    return _TIER_INDEX[name]


def tier_totals(by_name: Mapping[TierName, int]) -> TierTotals:
    """Totals by tier name as a TierTotals tuple (a tier not named totals 0)."""
    unknown = set(by_name) - set(TIER_NAMES)
    if unknown:
        raise KeyError(f"not a tier: {sorted(unknown)}")
    return tuple(by_name.get(name, 0) for name in TIER_NAMES)


@dataclass(frozen=True, slots=True)
class TierWeights:
    """Powers of two that make one integer objective lexicographic in TIERS order.

    Each tier's unit exceeds the largest total all tiers below it can reach in any pairing of the round, so
    the integer orders pairings exactly like their TierTotals (docs/pairing.md)."""

    shifts: tuple[int, ...]
    """Per tier, in TIERS order: one unit of the tier is worth 2^shift (0 for the last)."""

    @staticmethod
    def stacked(widths: Mapping[TierName, int]) -> TierWeights:
        """The layout in which each tier sits just above the ones below it: `widths[t]` is how many bits
        tier t's total can need in one pairing (every tier but the first must be given)."""
        shifts = [0] * len(TIERS)
        for i in range(len(TIERS) - 2, -1, -1):
            shifts[i] = shifts[i + 1] + widths[TIERS[i + 1].name]
        return TierWeights(tuple(shifts))

    def shift(self, tier: TierName) -> int:
        return self.shifts[tier_index(tier)]

    def composite(self, totals: Sequence[int]) -> int:
        """One integer from a total per tier (TIERS order)."""
        return sum(value << shift for value, shift in zip(totals, self.shifts, strict=True))

    def split(self, value: int) -> TierTotals:
        """The total per tier of a composite objective."""
        out: list[int] = []
        for shift in self.shifts:
            unit, value = divmod(value, 1 << shift)
            out.append(unit)
        return tuple(out)
