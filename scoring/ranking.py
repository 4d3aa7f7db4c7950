"""Ranking from scores with explicit tie-breaks (docs/rules.md §5): never by input order.

A ranking is held as `order` (ranked player indices, best first) and `pos` (each player's 0-based place).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from keizer.seasons.model import Player
from keizer.seasons.names import sort_key


def positions(order: np.ndarray) -> np.ndarray:
    """The inverse permutation: pos[player] = place in `order`."""
    pos = np.empty(order.size, dtype=np.int32)
    pos[order] = np.arange(order.size, dtype=np.int32)
    return pos


def digest(order: np.ndarray) -> bytes:
    """A short fingerprint of a ranking, so that cycle detection keeps no copies (docs/rules.md §3)."""
    return hashlib.blake2b(np.ascontiguousarray(order, dtype=np.int32).tobytes(), digest_size=16).digest()


@dataclass(frozen=True, slots=True)
class TieBreak:
    """The ruleset's tie-break list made into sort keys for the ranked players."""

    mode: Literal["previous_first", "static", "general"]
    """previous_first: the previous ranking decides every tie; static: keys that never change (start rank,
    rating, name) decide; general: a mix, sorted with np.lexsort each time."""
    keys: tuple[str, ...]
    """The list up to and including start_rank (which is unique, so nothing after it matters)."""
    static_order: np.ndarray
    """Players in the order of the static keys (mode static)."""
    rating_key: np.ndarray
    """−rating (higher first; none counts as 0)."""
    name_key: np.ndarray
    """Place of the name in alphabetical order by surname (`seasons.names.sort_key`)."""
    pinned: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """Players held at places 1..len(pinned) in this order whatever their scores: a "separate" championship
    group's members after it formed (docs/rules.md §8); empty for every other ranking."""


def make_tiebreak(tiebreak: tuple[str, ...], players: tuple[Player, ...]) -> TieBreak:
    """`players`: the ranked players in starting order (their index is the start-rank key)."""
    keys = tiebreak[: tiebreak.index("start_rank") + 1] if "start_rank" in tiebreak else tiebreak + ("start_rank",)
    n = len(players)
    rating_key = np.array([-(p.rating or 0) for p in players], dtype=np.int64)
    # By surname as the national list sorts ("de Vries" under V, seasons/names.py); names equal but for case
    # share a key, so that the next key in the list decides between them.
    names = sorted({sort_key(p.name) for p in players})
    name_place = {nm: i for i, nm in enumerate(names)}
    name_key = np.array([name_place[sort_key(p.name)] for p in players], dtype=np.int64)
    start = np.arange(n, dtype=np.int64)
    if keys[0] == "previous_rank":
        mode: Literal["previous_first", "static", "general"] = "previous_first"
    elif "previous_rank" in keys:
        mode = "general"
    else:
        mode = "static"
    static_keys = {"start_rank": start, "rating": rating_key, "name": name_key}
    static_order = np.arange(n)
    if mode == "static":
        static_order = np.lexsort(tuple(static_keys[k] for k in reversed(keys)))
    return TieBreak(mode=mode, keys=keys, static_order=static_order.astype(np.int64), rating_key=rating_key,
                    name_key=name_key)


def rank(scores: np.ndarray, prev_order: np.ndarray, prev_pos: np.ndarray, tb: TieBreak) -> np.ndarray:
    """Players by score, highest first; ties by the tie-break list, `previous_rank` meaning `prev_*`.

    Works on float64 (exact integers), int64 and object (Python int) arrays alike: a stable argsort
    of −score over the players already in tie-break order.
    """
    if tb.mode == "previous_first":
        base = prev_order
    elif tb.mode == "static":
        base = tb.static_order
    else:
        key_of = {"previous_rank": prev_pos, "start_rank": np.arange(prev_pos.size), "rating": tb.rating_key,
                  "name": tb.name_key}
        base = np.lexsort(tuple(key_of[k] for k in reversed(tb.keys)))
    order = base[np.argsort(-scores[base], kind="stable")]
    if tb.pinned.size:  # docs/rules.md §8: K's finalists keep their places; the others rank below them
        order = np.concatenate([tb.pinned.astype(order.dtype), order[~np.isin(order, tb.pinned)]])
    return order
