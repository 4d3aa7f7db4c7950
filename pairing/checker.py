"""An independent check of any pairing of a round — ours, a hand-made one, another program's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keizer.pairing.costs import tier_weights
from keizer.pairing.criteria.bye import bye_order
from keizer.pairing.criteria.pair_cost import CostContext, criteria_tiers, criteria_totals, PairCost
from keizer.pairing.criteria.meetings import meeting_terms
from keizer.pairing.criteria.tiebreak import tiebreak
from keizer.pairing.criteria.tiers import TierTotals, tier_index
from keizer.pairing.history import pair_key
from keizer.pairing.instance import RoundInstance
from keizer.pairing.proposal import Proposal
from keizer.seasons.model import PlayerId


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
    check = _Check(inst)
    ctx = CostContext(inst)
    games = [cost for white, black in pairing.games if (cost := check.game(ctx, white, black)) is not None]
    check.locks_and_fixed_kept(pairing)
    bye_units = check.bye(pairing.bye)
    check.everyone_placed()
    criteria = criteria_totals(games, bye_units)
    tiers = criteria_tiers(criteria, sum(tiebreak(inst.seed, inst.round_number, c.white, c.black) for c in games))
    if inst.keep is not None:  # the kept pairing's tier is no criterion: it counts boards, not a rule
        kept = inst.keep.changes([(c.white, c.black) for c in games], pairing.bye)
        at = tier_index("keep_accepted")
        tiers = tiers[:at] + (kept,) + tiers[at + 1:]
    return CheckReport(valid=not check.bad, violations=tuple(check.bad), relaxed=tuple(check.relaxed),
                       criteria=criteria, tiers=tiers, objective=tier_weights(inst, ctx).composite(tiers),
                       boards=tuple(games))


class _Check:
    """The checks of one pairing, step by step, with what they found so far."""

    def __init__(self, inst: RoundInstance) -> None:
        self.inst = inst
        self.bad: list[Violation] = []
        self.relaxed: list[Violation] = []
        """Hard meeting rules that gave way."""
        self.placed: dict[PlayerId, str] = {}
        """Each player placed so far, and where (a game, the bye)."""
        self.fixed = {pair_key(w, b): (w, b) for w, b in inst.fixed}

    def place(self, pid: PlayerId, what: str) -> bool:
        """Place a player once, if available (in the pool or a fixed game); whether that went well."""
        inst = self.inst
        if pid in self.placed:
            self.bad.append(Violation("once", (pid,), f"{pid} is placed twice ({self.placed[pid]} and {what})"))
            return False
        self.placed[pid] = what
        if not (inst.has(pid) or any(pid in g for g in inst.fixed)):
            why = dict(inst.unavailable).get(pid, "unknown or not ranked")
            self.bad.append(Violation("available", (pid,),
                                      f"{pid} is not available in round {inst.round_number} ({why})"))
            return False
        return True

    def game(self, ctx: CostContext, white: PlayerId, black: PlayerId) -> PairCost | None:
        """Check one game; its cost when the model could have made it (None for a fixed game or a bad one)."""
        inst = self.inst
        what = f"the game {white}–{black}"
        if white == black:
            self.bad.append(Violation("once", (white,), f"{white} cannot play themselves"))
            return None
        ok = self.place(white, what) & self.place(black, what)
        key = pair_key(white, black)
        if key in self.fixed:
            w, b = self.fixed[key]
            if (w, b) != (white, black):
                self.bad.append(Violation("fixed", (white, black), f"the fixed game {w}–{b} is played with the "
                                                                   f"colours reversed"))
            return None
        if not ok or not (inst.has(white) and inst.has(black)):
            if ok:
                self.bad.append(Violation("fixed", (white, black),
                                          f"{what}: a player of a fixed game plays another"))
            return None
        if inst.kept_apart(white, black):
            self.bad.append(Violation("group", (white, black), f"{white} and {black} are in the championship "
                                                               f"group: they meet only as its schedule says"))
        elif inst.is_forbidden(white, black):
            self.bad.append(Violation("forbid", (white, black), f"{white} and {black} must not play each other "
                                                                f"(director)"))
        self.meeting_rules(white, black)
        return ctx.pair_cost(inst.state(white), inst.state(black), white=white)

    def meeting_rules(self, white: PlayerId, black: PlayerId) -> None:
        """Rematch colours (hard, D art. 8), and the meeting rules that may give way (max_meetings,
        rematch_from_round: `relaxed`)."""
        inst = self.inst
        met = inst.meetings_of(white, black)
        if met and inst.rules.rematch_reverse_colours and met[-1].black != white:
            self.bad.append(Violation("rematch_reverse_colours", (white, black),
                                      f"{white}–{black}: a rematch must reverse the colours of round "
                                      f"{met[-1].round} ({met[-1].white} had white)"))
        a, b = inst.state(white), inst.state(black)
        terms = meeting_terms(met, inst.round_number, a.bottom and b.bottom, inst.rules)
        if terms.relax_max_meetings:
            self.relaxed.append(Violation("max_meetings", (white, black),
                                          f"{white} and {black} meet for game {len(met) + 1} "
                                          f"(max_meetings {inst.rules.max_meetings})"))
        if terms.relax_rematch_round:
            self.relaxed.append(Violation("rematch_from_round", (white, black),
                                          f"{white} and {black} meet again before round "
                                          f"{inst.rules.rematch_from_round}"))

    def locks_and_fixed_kept(self, pairing: Pairing) -> None:
        played = {pair_key(w, b) for w, b in pairing.games}
        for p, q in self.inst.locks:
            if (p, q) not in played:
                self.bad.append(Violation("lock", (p, q), f"{p} must play {q} (director's lock)"))
        for w, bl in self.inst.fixed:
            if w not in self.placed:
                self.bad.append(Violation("fixed", (w, bl), f"the fixed game {w}–{bl} is missing"))

    def bye(self, player: PlayerId | None) -> int:
        """Check the bye against the policy's candidates; its units of `bye_order` (0 when none)."""
        inst = self.inst
        if player is None:
            if inst.needs_bye:
                self.bad.append(Violation("bye", (), "an odd number of players is to be paired, but there is no bye"))
            return 0
        if not self.place(player, "the bye"):
            return 0
        idx = bye_order(inst).index(player)
        if not inst.needs_bye:
            self.bad.append(Violation("bye", (player,), f"{player} has a bye, but an even number of players is "
                                                        f"to be paired"))
        elif idx is None:
            why = (f"the director gave it to {inst.bye_lock}" if inst.bye_lock
                   else f"{player} is locked to play {inst.lock_partner(player)}")
            self.bad.append(Violation("bye", (player,), f"{player} may not have the bye: {why}"))
        else:
            return idx
        return 0

    def everyone_placed(self) -> None:
        for state in self.inst.players:
            if state.id not in self.placed:
                self.bad.append(Violation("once", (state.id,), f"{state.id} is neither paired nor has the bye"))
