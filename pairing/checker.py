"""An independent check of any pairing of a round — ours, a hand-made one, another program's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.costs import tier_weights
from pairing.criteria import CostContext, PairCost, bye_order, criteria_tiers, criteria_totals
from pairing.criteria.meetings import meeting_terms
from pairing.criteria.tiebreak import tiebreak
from pairing.criteria.tiers import TierTotals, tier_index
from pairing.history import pair_key
from pairing.instance import RoundInstance
from pairing.proposal import Proposal
from seasons.model import PlayerId


@dataclass(frozen=True, slots=True)
class Pairing:
    """A pairing as plain data: games (white, black), fixed games included, and the bye."""

    games: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None = None

    @staticmethod
    def of(proposal: Proposal) -> Pairing:
        return Pairing(proposal.pairs(), proposal.bye)


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule the pairing breaks, naming the players."""

    rule: str
    players: tuple[PlayerId, ...]
    message: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What the checker found: violations, the hard rules that gave way, and the cost per criterion."""

    valid: bool
    """Every available player placed once, fixed games, locks, forbids, bye rules and rematch colours kept."""
    violations: tuple[Violation, ...]
    relaxed: tuple[Violation, ...]
    """Hard meeting rules that gave way (max_meetings, rematch_from_round): allowed only when unavoidable."""
    criteria: tuple[tuple[str, int], ...]
    """Total per criterion, in priority order (relax and bye in units, soft in cost)."""
    tiers: TierTotals
    """The total per tier (`pairing.criteria.tiers.TIERS`: hard rules, bye, real cost, tie-break)."""
    objective: int
    """The same objective the solver minimises and the `--costs` export sums."""
    boards: tuple[PairCost, ...]
    """The cost of each game the model would have made (fixed games left out), in the order given."""

    @property
    def real_cost(self) -> int:
        return self.tiers[tier_index("real_cost")]


def check_pairing(inst: RoundInstance, pairing: Pairing | Proposal | Sequence[tuple[PlayerId, PlayerId]],
                  bye: PlayerId | None = None) -> CheckReport:
    """Validate `pairing` against the round's rules and recompute its cost criterion by criterion."""
    if isinstance(pairing, Proposal):
        pairing = Pairing.of(pairing)
    elif not isinstance(pairing, Pairing):
        pairing = Pairing(tuple((PlayerId(w), PlayerId(b)) for w, b in pairing), bye)
    k = inst.round_number
    bad: list[Violation] = []
    relaxed: list[Violation] = []
    placed: dict[PlayerId, str] = {}
    reasons = dict(inst.unavailable)

    def place(pid: PlayerId, what: str) -> bool:
        if pid in placed:
            bad.append(Violation("once", (pid,), f"{pid} is placed twice ({placed[pid]} and {what})"))
            return False
        placed[pid] = what
        if not (inst.has(pid) or any(pid in g for g in inst.fixed)):
            why = reasons.get(pid, "unknown or not ranked")
            bad.append(Violation("available", (pid,), f"{pid} is not available in round {k} ({why})"))
            return False
        return True

    fixed = {pair_key(w, b): (w, b) for w, b in inst.fixed}
    ctx = CostContext(inst)
    costs: list[PairCost] = []
    for white, black in pairing.games:
        what = f"the game {white}–{black}"
        if white == black:
            bad.append(Violation("once", (white,), f"{white} cannot play themselves"))
            continue
        ok = place(white, what) & place(black, what)
        key = pair_key(white, black)
        if key in fixed:
            if fixed[key] != (white, black):
                bad.append(Violation("fixed", (white, black), f"the fixed game {fixed[key][0]}–{fixed[key][1]} "
                                                              f"is played with the colours reversed"))
            continue
        if not ok or not (inst.has(white) and inst.has(black)):
            if ok:
                bad.append(Violation("fixed", (white, black), f"{what}: a player of a fixed game plays another"))
            continue
        if inst.is_forbidden(white, black):
            bad.append(Violation("forbid", (white, black), f"{white} and {black} must not play each other "
                                                           f"(director)"))
        met = inst.meetings_of(white, black)
        if met and inst.rules.rematch_reverse_colours and met[-1].black != white:
            bad.append(Violation("rematch_reverse_colours", (white, black),
                                 f"{white}–{black}: a rematch must reverse the colours of round {met[-1].round} "
                                 f"({met[-1].white} had white)"))
        a, b = inst.state(white), inst.state(black)
        terms = meeting_terms(met, k, a.bottom and b.bottom, inst.rules)
        if terms.relax_max_meetings:
            relaxed.append(Violation("max_meetings", (white, black),
                                     f"{white} and {black} meet for game {len(met) + 1} "
                                     f"(max_meetings {inst.rules.max_meetings})"))
        if terms.relax_rematch_round:
            relaxed.append(Violation("rematch_from_round", (white, black),
                                     f"{white} and {black} meet again before round {inst.rules.rematch_from_round}"))
        costs.append(ctx.pair_cost(a, b, white=white))
    played = {pair_key(w, b) for w, b in pairing.games}
    for p, q in inst.locks:
        if (p, q) not in played:
            bad.append(Violation("lock", (p, q), f"{p} must play {q} (director's lock)"))
    for w, bl in inst.fixed:
        if w not in placed:
            bad.append(Violation("fixed", (w, bl), f"the fixed game {w}–{bl} is missing"))
    order = bye_order(inst)
    bye_units = 0
    if pairing.bye is not None:
        if place(pairing.bye, "the bye"):
            idx = order.index(pairing.bye)
            if not inst.needs_bye:
                bad.append(Violation("bye", (pairing.bye,), f"{pairing.bye} has a bye, but an even number of "
                                                           f"players is to be paired"))
            elif idx is None:
                why = (f"the director gave it to {inst.bye_lock}" if inst.bye_lock
                       else f"{pairing.bye} is locked to play {inst.lock_partner(pairing.bye)}")
                bad.append(Violation("bye", (pairing.bye,), f"{pairing.bye} may not have the bye: {why}"))
            else:
                bye_units = idx
    elif inst.needs_bye:
        bad.append(Violation("bye", (), "an odd number of players is to be paired, but there is no bye"))
    for state in inst.players:
        if state.id not in placed:
            bad.append(Violation("once", (state.id,), f"{state.id} is neither paired nor has the bye"))
    criteria = criteria_totals(costs, bye_units)
    tiers = criteria_tiers(criteria, sum(tiebreak(inst.seed, k, c.white, c.black) for c in costs))
    return CheckReport(valid=not bad, violations=tuple(bad), relaxed=tuple(relaxed), criteria=criteria, tiers=tiers,
                       objective=tier_weights(inst, ctx).composite(tiers), boards=tuple(costs))
