"""The deterministic per-pair tie-break that makes the optimum unique, so that every solver finds the same pairing."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from hashlib import blake2b

TIEBREAK_BITS = 20
"""A 10-bit term still collided once in 12 runs; 20 bits keep collisions negligible."""


def tiebreak(seed: int, round_number: int, a: str, b: str) -> int:
    """A 20-bit number from a blake2b hash of the seed, the round and the two ids (in id order)."""
    lo, hi = (a, b) if a < b else (b, a)
    digest = blake2b(f"{seed}|{round_number}|{lo}|{hi}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - TIEBREAK_BITS)


def tiebreaks(seed: int, round_number: int, ids: Sequence[str]) -> Callable[[int, int], int]:
    """`tiebreak` of ids[i] and ids[j], for the thousands of pairs of a round: the hash of each player's
    "seed|round|id|" is made once and copied per pair (half the time of hashing the whole text anew)."""
    bases = [blake2b(f"{seed}|{round_number}|{pid}|".encode(), digest_size=8) for pid in ids]
    raw = [pid.encode() for pid in ids]
    shift = 64 - TIEBREAK_BITS

    def of(i: int, j: int) -> int:
        if ids[j] < ids[i]:
            i, j = j, i
        h = bases[i].copy()
        h.update(raw[j])
        return int.from_bytes(h.digest(), "big") >> shift

    return of


def tiebreak_rows(seed: int, round_number: int, ids: Sequence[str], partners: Sequence[Sequence[int]]) -> list[int]:
    """`tiebreak` of ids[i] and ids[j] for every j in partners[i], row by row, in that order: the compiled
    round's edges at once (`tiebreaks` with its per-pair call and swap unrolled into one loop, a fifth less).
    A pair's number depends on the seed, the round and the two ids only: it is kept per round (`_known`), so
    that pairing the same round again (a re-solve, a forecast's thousands of runs) hashes no pair twice."""
    known = _known(seed, round_number) if len(ids) <= _KEPT_UP_TO else {}
    bases: list[blake2b | None] = [None] * len(ids)
    raw = [pid.encode() for pid in ids]
    shift = 64 - TIEBREAK_BITS
    from_bytes = int.from_bytes
    out: list[int] = []
    append = out.append
    for i, row in enumerate(partners):
        own = ids[i]
        for j in row:
            other = ids[j]
            key = (other, own) if other < own else (own, other)
            tie = known.get(key)
            if tie is None:
                lo = j if other < own else i  # the lower id's prefix first, as `tiebreak` orders the pair
                base = bases[lo]
                if base is None:
                    base = bases[lo] = blake2b(f"{seed}|{round_number}|{ids[lo]}|".encode(), digest_size=8)
                h = base.copy()
                h.update(raw[i if lo == j else j])
                tie = known[key] = from_bytes(h.digest(), "big") >> shift
            append(tie)
    return out


_ROUNDS_KEPT = 64
"""Rounds whose tie-breaks are kept (a forecast pairs the rest of a season: a few dozen rounds)."""
_KEPT_UP_TO = 200
"""Tie-breaks are kept for fields up to this many players (a club's): a field of thousands would keep
hundreds of thousands of pairs for a round that is seldom paired twice."""
_TIES: dict[tuple[int, int], dict[tuple[str, str], int]] = {}


def _known(seed: int, round_number: int) -> dict[tuple[str, str], int]:
    """The tie-breaks already computed for this seed and round, by pair in id order."""
    key = (seed, round_number)
    known = _TIES.get(key)
    if known is None:
        if len(_TIES) >= _ROUNDS_KEPT:
            _TIES.clear()
        known = _TIES[key] = {}
    return known


def lottery_number(seed: int, round_number: int, player: str) -> int:
    """A player's lot (32 bits) in the bye lottery of a round (K): replayable from the seed, no RNG state."""
    digest = hashlib.blake2b(f"{seed}|{round_number}|bye-lottery|{player}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")
