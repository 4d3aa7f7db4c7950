"""The deterministic per-pair tie-break that makes the optimum unique, so that every solver finds the same pairing."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from hashlib import blake2b

import numpy as np

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
    round's edges at once (`tiebreaks` with its per-pair call and swap unrolled into one loop, a fifth less)."""
    bases = [blake2b(f"{seed}|{round_number}|{pid}|".encode(), digest_size=8) for pid in ids]
    raw = [pid.encode() for pid in ids]
    shift = 64 - TIEBREAK_BITS
    from_bytes = int.from_bytes
    out: list[int] = []
    append = out.append
    for i, row in enumerate(partners):
        base, own, encoded = bases[i], ids[i], raw[i]
        for j in row:
            if ids[j] < own:  # the lower id's prefix first, as `tiebreak` orders the pair
                h = bases[j].copy()
                h.update(encoded)
            else:
                h = base.copy()
                h.update(raw[j])
            append(from_bytes(h.digest(), "big") >> shift)
    return out


def tiebreak_column(seed: int, round_number: int, ids: Sequence[str], partners: Sequence[Sequence[int]] | None,
                    us: np.ndarray, vs: np.ndarray) -> np.ndarray:
    """`tiebreak` of ids[us[k]] and ids[vs[k]] for every edge k of a compiled round (the edges are partners[i]
    row by row; None: read from the edges when needed), int64. A pair's number depends on the seed, the round
    and the two ids only: for a club-sized field it is read from the round's table (`_RoundTable`, kept per
    round), so that pairing the same round again (a director's re-solve, a forecast's thousands of runs)
    hashes no pair twice."""
    if len(ids) > _KEPT_UP_TO:
        if partners is None:
            rows: list[list[int]] = [[] for _ in ids]
            for u, v in zip(us.tolist(), vs.tolist()):
                rows[u].append(v)
            partners = rows
        return np.array(tiebreak_rows(seed, round_number, ids, partners), dtype=np.int64)
    table = _table(seed, round_number)
    at = table.indices(ids)
    return table.matrix[at[us], at[vs]]


_ROUNDS_KEPT = 64
"""Rounds whose tie-breaks are kept (a forecast pairs the rest of a season: a few dozen rounds)."""
_KEPT_UP_TO = 200
"""Tie-breaks are kept for fields up to this many players (a club's): a field of thousands would keep a table
of millions of pairs for a round that is seldom paired twice."""


class _RoundTable:
    """Every pair's tie-break of one round among the ids seen in it, as a symmetric matrix by first sight."""

    def __init__(self, seed: int, round_number: int) -> None:
        self.seed, self.round_number = seed, round_number
        self.ids: list[str] = []
        self.index: dict[str, int] = {}
        self.matrix = np.zeros((0, 0), dtype=np.int64)
        self.lock = threading.Lock()  # the TUI solves in threads: a table grows whole or not at all

    def indices(self, ids: Sequence[str]) -> np.ndarray:
        """Each id's row in `matrix` (computing the pairs of ids not seen yet)."""
        with self.lock:
            index = self.index
            if not all(map(index.__contains__, ids)):
                self._grow([pid for pid in dict.fromkeys(ids) if pid not in index])
            return np.fromiter(map(index.__getitem__, ids), dtype=np.int64, count=len(ids))

    def _grow(self, new: list[str]) -> None:
        old = len(self.ids)
        ids = self.ids + new
        grown = np.zeros((len(ids), len(ids)), dtype=np.int64)
        grown[:old, :old] = self.matrix
        for i in range(old, len(ids)):
            for j in range(i):
                grown[i, j] = grown[j, i] = tiebreak(self.seed, self.round_number, ids[i], ids[j])
        self.ids = ids
        self.index.update((pid, old + i) for i, pid in enumerate(new))
        self.matrix = grown


_TABLES: dict[tuple[int, int], _RoundTable] = {}
_TABLES_LOCK = threading.Lock()


def _table(seed: int, round_number: int) -> _RoundTable:
    with _TABLES_LOCK:
        table = _TABLES.get((seed, round_number))
        if table is None:
            if len(_TABLES) >= _ROUNDS_KEPT:
                _TABLES.clear()
            table = _TABLES[seed, round_number] = _RoundTable(seed, round_number)
        return table


def lottery_number(seed: int, round_number: int, player: str) -> int:
    """A player's lot (32 bits) in the bye lottery of a round (K): replayable from the seed, no RNG state."""
    digest = hashlib.blake2b(f"{seed}|{round_number}|bye-lottery|{player}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")
