"""Who takes the bye (docs/rules.md §7): the policy's order of candidates; the model takes the first it can."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.pairing.criteria.tiebreak import lottery_number
from keizer.pairing.instance import PlayerState, RoundInstance
from keizer.seasons.model import PlayerId


@dataclass(frozen=True, slots=True)
class ByeCandidate:
    """One player who may take the bye, with what the policy sorted on."""

    player: PlayerId
    rank: int
    count: int
    """Byes so far (`lowest`, `anchor`) or lost evenings (`lottery`): fewest first."""
    lot: int | None = None
    """The lottery number drawn for this player (`lottery` only); lower draws first."""


@dataclass(frozen=True, slots=True)
class ByeOrder:
    """The policy's order: a bye for the i-th candidate costs i units of `bye_order`."""

    policy: str
    """`lowest`, `anchor`, `lottery`, or `director` (a bye lock: the volunteer of K)."""
    anchor: int | None
    """The anchor rank of policy `anchor`."""
    seed: int
    """The seed of the lottery draw; with the round and the ids it replays the draw."""
    candidates: tuple[ByeCandidate, ...]

    def index(self, player: PlayerId) -> int | None:
        for i, c in enumerate(self.candidates):
            if c.player == player:
                return i
        return None


def bye_order(inst: RoundInstance) -> ByeOrder:
    """The candidates for the bye in the order of the ruleset's policy (none when the count is even)."""
    policy = inst.rules.bye
    if not inst.needs_bye:
        return ByeOrder(policy.policy, None, inst.seed, ())
    if inst.bye_lock is not None:  # the director's choice (K: "in eerste instantie ... een vrijwilliger")
        s = inst.state(inst.bye_lock)
        return ByeOrder("director", None, inst.seed, (ByeCandidate(s.id, s.rank, s.byes),))
    free = [p for p in inst.players if inst.lock_partner(p.id) is None] if inst.locks else list(inst.players)
    if policy.policy == "lottery":
        # K: a lottery among those with the fewest lost evenings; all equal → a lottery again (= among all).
        cands = [ByeCandidate(p.id, p.rank, p.lost_evenings, lottery_number(inst.seed, inst.round_number, p.id))
                 for p in free]
        cands.sort(key=lambda c: (c.count, c.lot, c.player))
        return ByeOrder("lottery", None, inst.seed, tuple(cands))
    if policy.policy == "anchor":
        # D art. 10: #25 unless already had a bye, then #26, then #24, #27, #23 …
        a = policy.rank

        def key(p: PlayerState) -> tuple[int, int, int]:
            return (p.byes, abs(p.rank - a), 0 if p.rank >= a else 1)
        return ByeOrder("anchor", a, inst.seed,
                        tuple(ByeCandidate(p.id, p.rank, p.byes) for p in sorted(free, key=key)))
    # lowest: the lowest-ranked of those with the fewest byes.
    return ByeOrder("lowest", None, inst.seed,
                    tuple(ByeCandidate(p.id, p.rank, p.byes) for p in sorted(free, key=lambda p: (p.byes, -p.rank))))
