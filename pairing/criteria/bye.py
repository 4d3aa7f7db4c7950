"""Who takes the bye (docs/rules.md §7): the policy's order of candidates; the model takes the first it can."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from keizer.pairing.criteria.tiebreak import lottery_number
from keizer.pairing.instance import RoundInstance
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import ByePolicy


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
    return policy_order(policy, inst.seed, inst.round_number, free)


class ByeSeeker(Protocol):
    """What the bye policy reads of a player (`PlayerState` has it)."""

    @property
    def id(self) -> PlayerId: ...
    @property
    def rank(self) -> int: ...
    @property
    def byes(self) -> int: ...
    @property
    def lost_evenings(self) -> int: ...


def policy_order(policy: ByePolicy, seed: int, round_number: int, free: Sequence[ByeSeeker]) -> ByeOrder:
    """The players in `free` (those who may take the bye) in the order of the policy."""
    order, lots = bye_ranking(policy, seed, round_number, free)
    if lots is not None:
        return ByeOrder("lottery", None, seed,
                        tuple(ByeCandidate(free[i].id, free[i].rank, free[i].lost_evenings, lots[i]) for i in order))
    return ByeOrder(policy.policy, policy.rank if policy.policy == "anchor" else None, seed,
                    tuple(ByeCandidate(free[i].id, free[i].rank, free[i].byes) for i in order))


def bye_ranking(policy: ByePolicy, seed: int, round_number: int,
                free: Sequence[ByeSeeker]) -> tuple[list[int], list[int] | None]:
    """The places in `free` in the policy's order, and each one's lottery number (policy `lottery`; else None):
    `policy_order` without its candidates, for a forecast's rounds."""
    if policy.policy == "lottery":
        # K: a lottery among those with the fewest lost evenings; all equal → a lottery again (= among all).
        lots = [lottery_number(seed, round_number, p.id) for p in free]
        return sorted(range(len(free)), key=lambda i: (free[i].lost_evenings, lots[i], free[i].id)), lots
    if policy.policy == "anchor":
        # D art. 10: #25 unless already had a bye, then #26, then #24, #27, #23 …
        a = policy.rank

        def key(i: int) -> tuple[int, int, int]:
            p = free[i]
            return (p.byes, abs(p.rank - a), 0 if p.rank >= a else 1)
        return sorted(range(len(free)), key=key), None
    # lowest: the lowest-ranked of those with the fewest byes.
    return sorted(range(len(free)), key=lambda i: (free[i].byes, -free[i].rank)), None
