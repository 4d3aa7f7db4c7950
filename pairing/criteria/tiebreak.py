"""The deterministic per-pair tie-break that makes the optimum unique, so that every solver finds the same pairing."""

from __future__ import annotations

import hashlib
from hashlib import blake2b

TIEBREAK_BITS = 20
"""A 10-bit term still collided once in 12 runs; 20 bits keep collisions negligible."""


def tiebreak(seed: int, round_number: int, a: str, b: str) -> int:
    """A 20-bit number from a blake2b hash of the seed, the round and the two ids (in id order)."""
    return tiebreak_of(f"{seed}|{round_number}|", a, b)


def tiebreak_of(prefix: str, a: str, b: str) -> int:
    """`tiebreak` with its round's prefix "seed|round|" made once (a round hashes thousands of pairs)."""
    lo, hi = (a, b) if a < b else (b, a)
    digest = blake2b(f"{prefix}{lo}|{hi}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - TIEBREAK_BITS)


def lottery_number(seed: int, round_number: int, player: str) -> int:
    """A player's lot (32 bits) in the bye lottery of a round (K): replayable from the seed, no RNG state."""
    digest = hashlib.blake2b(f"{seed}|{round_number}|bye-lottery|{player}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")
