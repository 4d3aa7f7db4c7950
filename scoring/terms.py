"""A round's scores as a function of a ranking, compiled from the slot frame with polars expressions.

Per round: const + own·v(own) + Σ coef·v(who) per owner, all scaled by the common denominator D
(scoring/scale.py); evaluating them at a ranking is the fixed point's inner loop (numpy, scoring/engine.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from keizer.scoring.scale import Scale


@dataclass(frozen=True, slots=True)
class Terms:
    """Scores as a function of a ranking: const + own·v(own) + Σ coef·v(who) per owner (scaled by D)."""

    const: np.ndarray
    """Per player: points that do not depend on the ranking."""
    own: np.ndarray
    """Per player: multiplier of the player's own value (never rounded: aggregated)."""
    owner: np.ndarray
    """Per value-dependent contribution: the player who scores it."""
    who: np.ndarray
    """Per contribution: the player whose value counts (the opponent; the owner too when there is a grid)."""
    coef: np.ndarray
    """Per contribution: factor × D / lv; rounded one by one when there is a grid."""


def combine(parts: list[Terms]) -> Terms:
    """The sum of several rounds' terms (and the extras)."""
    return Terms(const=sum((t.const for t in parts[1:]), parts[0].const),
                 own=sum((t.own for t in parts[1:]), parts[0].own),
                 owner=np.concatenate([t.owner for t in parts]), who=np.concatenate([t.who for t in parts]),
                 coef=np.concatenate([t.coef for t in parts]))


def compile_terms(slots: pl.DataFrame, scale: Scale, n: int, rounds: int) -> tuple[Terms, ...]:
    """The terms of rounds 1..`rounds`, from the ranked players' slots (n per round, every round there).

    Polars decides the structure (which slots depend on a value, whose, and which collapse into the own
    multiplier); the scaled integers are gathered from `scale` in numpy, since they may be Python ints.
    """
    valued_prices = [i for i, c in enumerate(scale.coef.tolist()) if c != 0]
    valued = pl.col("who").is_not_null() & pl.col("price").is_in(valued_prices)
    # Without a grid the own-value slots (entries, a removed opponent) of a player add up to one multiplier;
    # with a grid each is rounded on its own, so they stay single contributions.
    own = valued & (pl.col("who") == pl.col("ranked")) & pl.lit(scale.grid is None)
    ranked = slots if not slots["ranked"].null_count() else slots.filter(pl.col("ranked").is_not_null())
    flags = ranked.select(pl.col("price").cast(pl.Int64), pl.col("who").fill_null(-1).cast(pl.Int64),
                          own.alias("own"), (valued & ~own).alias("apart"))
    price, who = flags["price"].to_numpy(), flags["who"].to_numpy()
    is_own, apart = flags["own"].to_numpy(), flags["apart"].to_numpy()
    const, coef = scale.const[price], scale.coef[price]
    own_coef: np.ndarray = np.where(is_own, coef, 0).astype(scale.dtype)
    out = []
    for j in range(rounds):
        block = slice(j * n, (j + 1) * n)
        rows = np.flatnonzero(apart[block])
        out.append(Terms(const=const[block], own=own_coef[block], owner=rows.astype(np.int64),
                         who=who[block][rows], coef=coef[block][rows]))
    return tuple(out)


def round_terms(who: np.ndarray, price: np.ndarray, scale: Scale) -> Terms:
    """The terms of one round straight from its slots' `who` and `price` per ranked player (a round's
    `RoundFacts`), without a frame: `compile_terms` of that round's rows, for a replay carried on a round at a
    time (a forecast's runs). The same decisions: a slot counts a value when it has a `who` and its price a
    factor; without a grid the own-value slots fold into the own multiplier."""
    const, coef = scale.const[price], scale.coef[price]
    n = who.size
    valued = (who >= 0) & (coef != 0)
    own = valued & (who == np.arange(n)) if scale.grid is None else np.zeros(n, dtype=bool)
    rows = np.flatnonzero(valued & ~own)
    return Terms(const=const, own=np.where(own, coef, 0).astype(scale.dtype), owner=rows.astype(np.int64),
                 who=who[rows].astype(np.int64), coef=coef[rows])


__all__ = ["Terms", "combine", "compile_terms", "round_terms"]
