"""The named criteria of a pairing, in priority order, with their integer weights (docs/pairing.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Tier = Literal["relax", "bye", "soft"]


@dataclass(frozen=True, slots=True)
class Criterion:
    """One named term of the objective; the UI shows `label` next to its cost."""

    name: str
    """Stable key (JSON, tests)."""
    tier: Tier
    """`relax`: a hard rule giving way; `bye`: the bye policy; `soft`: weighed against the others."""
    weight: int
    """Cost of one unit inside its tier (tiers themselves are lexicographic: see `costs.tier_weights`)."""
    rule: str
    """Where the rule comes from."""
    label: str
    """What one unit means, for a director."""


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
    Criterion("relax_max_meetings", "relax", 1, "RULES.md §7, D art. 8 (max_meetings)",
              "a pair meets more often than max_meetings allows (one unit per extra meeting)"),
    Criterion("relax_rematch_round", "relax", 1, "RULES.md §7, D art. 8 (rematch_from_round)",
              "a pair meets again before rematch_from_round"),
    Criterion("bye_order", "bye", 1, "RULES.md §7, D art. 10, K 'Aanwijzing reserve'",
              "the bye goes further down the policy's order (one unit per place)"),
    Criterion("colour_run", "soft", COLOUR_RUN, "RULES.md §7 colour.max_run",
              "a colour run beyond max_run (100 for the first game beyond, ×5 for each further one)"),
    Criterion("bottom_extra", "soft", BOTTOM_EXTRA, "D art. 9 (bottom_region)",
              "one meeting more than max_meetings in the bottom region"),
    Criterion("rematch_gap", "soft", REMATCH_GAP_STEP, "FORMAT.md rematch_gap",
              f"a rematch too soon: {REMATCH_GAP_BASE} + {REMATCH_GAP_STEP} per round short of the gap"),
    Criterion("rank", "soft", RANK, "RULES.md §7 rank proximity, D art. 7 (opening distance)",
              "one squared step of rank distance away from the target"),
    Criterion("colour_balance", "soft", COLOUR_BALANCE, "RULES.md §7 colour.max_balance",
              "|whites − blacks| beyond max_balance (per step beyond)"),
    Criterion("colour_repeat", "soft", COLOUR_REPEAT, "RULES.md §7 'alternate colours where possible'",
              "the same colour as in the last game"),
    Criterion("colour_drift", "soft", COLOUR_DRIFT, "RULES.md §7 'balance whites and blacks'",
              "the colour balance moves away from zero"),
)
"""Every criterion in priority order. The tie-break (`costs.tiebreak`) comes after all of them."""

RELAX_NAMES = tuple(c.name for c in CRITERIA if c.tier == "relax")
SOFT_NAMES = tuple(c.name for c in CRITERIA if c.tier == "soft")
"""The order of `PairCost.soft` entries."""
CRITERION = {c.name: c for c in CRITERIA}
