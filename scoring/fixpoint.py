"""The values ↔ ranking fixed point (docs/rules.md §3): iterate until a ranking repeats; a cycle gives the mean.

This is the one place that owns the iteration, its cap, its cycle detection and its report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from keizer.scoring.ranking import TieBreak, digest, positions, rank

ITERATION_CAP = 2_000
"""Safety net: more iterations than this end the search and are reported as `capped`. It bounds the time the
standings take (`scoring.work`): at 20,000 one round of a season of random results could take a second, a
hundred such rounds half a minute (issue 22); a season's own cycles are far shorter (docs/performance.md)."""

ScoreFn = Callable[[np.ndarray], np.ndarray]
"""Scores × D of every player, given the positions of a ranking whose values price the results."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The ranking after one round and how it was found."""

    order: np.ndarray
    """The ranking after the round."""
    total: np.ndarray
    """Scores × D × `divisor` (int64 or object): for a cycle, the sum over the cycle's rankings."""
    divisor: int
    """The cycle length (1 without a cycle): score = total / (D × divisor)."""
    valuations: tuple[np.ndarray, ...]
    """The positions of each ranking whose values priced the results (several for a cycle)."""
    iterations: int
    cycled: bool
    capped: bool


def exact(scores: np.ndarray) -> np.ndarray:
    """float64 holding exact integers → int64; object arrays stay as they are."""
    return scores if scores.dtype == object else scores.astype(np.int64)


def single_pass(score: ScoreFn, prev_order: np.ndarray, tb: TieBreak) -> Outcome:
    """Values from the ranking after the previous round, ranked once."""
    pos = positions(prev_order)
    s = score(pos)
    return Outcome(order=rank(s, prev_order, pos, tb), total=exact(s), divisor=1, valuations=(pos,),
                   iterations=1, cycled=False, capped=False)


def iterate(score: ScoreFn, start: np.ndarray, tb: TieBreak, bound: int, cap: int = ITERATION_CAP) -> Outcome:
    """Iterate from `start` (the ranking after the previous round) until a ranking repeats.

    `bound` is the largest |score × D|; it decides whether a cycle's sum still fits in int64.
    """
    order, pos = start, positions(start)
    seen = {digest(order): 0}
    i = 0
    while True:
        s = score(pos)
        i += 1
        new = rank(s, order, pos, tb)  # ties: the iterate the values came from, then the list
        key = digest(new)
        j = seen.get(key)
        if j == i - 1:  # the ranking reproduces itself: the fixed point
            return Outcome(order=order, total=exact(s), divisor=1, valuations=(pos,), iterations=i,
                           cycled=False, capped=False)
        if j is not None:  # back at iterate j: the rankings j..i−1 form a cycle
            return _cycle_mean(score, new, i - j, start, tb, bound, i)
        if i >= cap:
            return Outcome(order=new, total=exact(s), divisor=1, valuations=(pos,), iterations=i,
                           cycled=False, capped=True)
        seen[key] = i
        order, pos = new, positions(new)


def _cycle_mean(score: ScoreFn, entry: np.ndarray, length: int, start: np.ndarray, tb: TieBreak, bound: int,
                iterations: int) -> Outcome:
    """Walk the cycle once more from `entry`, summing the scores; rank the sums (= the means), ties by `start`."""
    wide = length * bound >= 2 ** 62
    total: np.ndarray | None = None
    valuations = []
    order = entry
    for _ in range(length):
        pos = positions(order)
        s = exact(score(pos))
        if wide:
            s = s.astype(object)
        total = s if total is None else total + s
        valuations.append(pos)
        order = rank(s, order, pos, tb)
    assert total is not None and digest(order) == digest(entry), "a cycle must return to its entry"
    final = rank(total, start, positions(start), tb)  # docs/rules.md §3: ties by the ranking after the previous round
    return Outcome(order=final, total=total, divisor=length, valuations=tuple(valuations), iterations=iterations,
                   cycled=True, capped=False)
