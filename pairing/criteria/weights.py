"""The named criteria of a pairing, in priority order, with their integer weights (docs/pairing.md)."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.pairing.criteria.tiers import TIER, TierName


@dataclass(frozen=True, slots=True)
class Criterion:
    """One named term of the objective; the UI shows `label` next to its cost."""

    name: str
    """Stable key (JSON, tests)."""
    tier: TierName
    """The tier it counts in (`pairing.criteria.tiers`): a hard rule and the bye policy are tiers of their
    own; the soft criteria add up to `real_cost`, where they are weighed against each other."""
    weight: int
    """Cost of one unit inside its tier (tiers themselves are lexicographic)."""
    rule: str
    """Where the rule comes from."""
    label: str
    """What one unit means, for a director."""
    short: str
    """Its name in a short cost line ("!": a hard rule gave way)."""

    @property
    def soft(self) -> bool:
        """Weighed against the other soft criteria (in the real cost), not a tier of its own."""
        return TIER[self.tier].kind == "cost"


# Soft weights, heaviest first. One unit of `rank` is one squared step away from the target distance, so
# #1–#3 instead of #1–#2 costs 10 and #1–#4 costs 40. The weights below are chosen against that scale.
RANK = 10
COLOUR_RUN = 100          # a third colour in a row costs as much as pairing #1 with #4.2: avoided when near
COLOUR_RUN_GROWTH = 5     # a fourth in a row costs 100 + 500, a fifth 100 + 500 + 2,500: avoided at almost any price
BOTTOM_EXTRA = 300        # D art. 9: a third meeting in the bottom region instead of a far too strong opponent
REMATCH_GAP_BASE = 100    # meeting again within `rematch_gap` rounds …
REMATCH_GAP_STEP = 25     # … plus this for each round short of the gap (a rematch next week costs 325)
COLOUR_BALANCE = 60       # |whites − blacks| beyond max_balance, per step beyond
COLOUR_REPEAT = 3         # the same colour as last game (within max_run): prefer alternation
COLOUR_DRIFT = 1          # the balance moves away from zero (within max_balance)

# The rank cost is (|Δpos| − target)² up to this deviation and grows linearly (tangent) beyond it: still
# convex, so the textbook pairing stays optimal, while far pairs do not blow up the integers.
RANK_QUADRATIC_UP_TO = 20

CRITERIA: tuple[Criterion, ...] = (
    Criterion("relax_max_meetings", "relax_max_meetings", 1, "docs/rules.md §7, D art. 8 (max_meetings)",
              "a pair meets more often than max_meetings allows (one unit per extra meeting)", "meetings!"),
    Criterion("relax_rematch_round", "relax_rematch_round", 1, "docs/rules.md §7, D art. 8 (rematch_from_round)",
              "a pair meets again before rematch_from_round", "rematch!"),
    Criterion("bye_order", "bye_order", 1, "docs/rules.md §7, D art. 10, K 'Aanwijzing reserve'",
              "the bye goes further down the policy's order (one unit per place)", "bye"),
    Criterion("colour_run", "real_cost", COLOUR_RUN, "docs/rules.md §7 colour.max_run",
              "a colour run beyond max_run (100 for the first game beyond, ×5 for each further one)", "run"),
    Criterion("bottom_extra", "real_cost", BOTTOM_EXTRA, "D art. 9 (bottom_region)",
              "one meeting more than max_meetings in the bottom region", "bottom"),
    Criterion("rematch_gap", "real_cost", REMATCH_GAP_STEP, "docs/format.md rematch_gap",
              f"a rematch too soon: {REMATCH_GAP_BASE} + {REMATCH_GAP_STEP} per round short of the gap", "gap"),
    Criterion("rank", "real_cost", RANK, "docs/rules.md §7 rank proximity, D art. 7 (opening distance)",
              "one squared step of rank distance away from the target", "rank"),
    Criterion("colour_balance", "real_cost", COLOUR_BALANCE, "docs/rules.md §7 colour.max_balance",
              "|whites − blacks| beyond max_balance (per step beyond)", "balance"),
    Criterion("colour_repeat", "real_cost", COLOUR_REPEAT, "docs/rules.md §7 'alternate colours where possible'",
              "the same colour as in the last game", "repeat"),
    Criterion("colour_drift", "real_cost", COLOUR_DRIFT, "docs/rules.md §7 'balance whites and blacks'",
              "the colour balance moves away from zero", "drift"),
)
"""Every criterion in priority order. The tie-break (`costs.tiebreak`) comes after all of them."""

RELAX_NAMES = tuple(c.name for c in CRITERIA if TIER[c.tier].kind == "relax")
"""The order of `PairCost.relax` entries: the criteria that are hard rules giving way."""
SOFT_NAMES = tuple(c.name for c in CRITERIA if c.soft)
"""The order of `PairCost.soft` entries."""
CRITERION = {c.name: c for c in CRITERIA}
