"""The replay, one round at a time, in scaled integers (docs/rules.md §3: current and frozen valuation).

Each round comes as flat terms (owner, whose value counts, scaled factor; scoring/terms.py); a ranking's
scores are one gather and one segmented sum (np.bincount) over them: the fixed point's inner loop.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

import numpy as np

from keizer.scoring.fixpoint import ITERATION_CAP, Outcome, exact, iterate, single_pass
from keizer.scoring.ranking import TieBreak, positions, rank
from keizer.scoring.scale import Scale
from keizer.scoring.terms import Terms, combine
from keizer.seasons.ruleset.model import Ruleset


@dataclass(frozen=True, slots=True)
class RoundState:
    """The standings after one round, exact: score = num / den."""

    round: int
    order: np.ndarray
    """Ranked player indices, best first."""
    num: np.ndarray
    """Per ranked player (starting order): the score's numerator (int64 or Python ints)."""
    den: int
    """The common denominator: D × cycle length (frozen: D × the last recalculation's cycle length)."""
    valuations: tuple[np.ndarray, ...]
    """Positions of the ranking(s) whose values priced this round's scores (several: a cycle)."""
    base_round: int
    """Rounds 1..base_round are priced at `valuations` of state base_round (current mode: this round);
    a later round r (frozen mode) at state r's own `valuations`."""
    iterations: int
    """As IterationReport."""
    cycled: bool
    cycle_length: int
    capped: bool


class Engine:
    """Steps a season's rounds; holds the running terms and, in frozen mode, the base total."""

    def __init__(self, ruleset: Ruleset, scale: Scale, tb: TieBreak, n: int, final_round: int | None,
                 cap: int = ITERATION_CAP, pinned: tuple[int, np.ndarray] | None = None,
                 v0: np.ndarray | None = None, bonus: np.ndarray | None = None,
                 joined: np.ndarray | None = None) -> None:
        """`pinned`: (after_round, ranked indices) of a "separate" group's members, held at the top of every
        ranking after that round (docs/rules.md §8). `v0`: each player's starting value × lv (default: the
        value of their place in starting order); `bonus`: who has the starting bonus (default: everyone);
        `joined`: each player's first round (a joiner's bonus counts from it; default: everyone's from the start)."""
        self.ruleset, self.scale, self.tb, self.n, self.cap = ruleset, scale, tb, n, cap
        self.pinned_tb = None if pinned is None else (pinned[0], replace(tb, pinned=pinned[1].astype(np.int64)))
        self.final_round = final_round
        self.dt = scale.dtype
        self.index = np.arange(n, dtype=np.int32)
        self.zero: np.ndarray = np.zeros(n, dtype=self.dt)
        self.v0 = scale.v_int[:n] if v0 is None else v0.astype(self.dt)
        self.bonus = np.ones(n, dtype=bool) if bonus is None else bonus
        self.joined = joined
        unit = scale.d // scale.lv
        self.self_const = self.v0 * unit if ruleset.self_value == "initial" else self.zero
        self.self_own = self.zero + unit if ruleset.self_value == "current" else self.zero
        # Aalsmeer (docs/rules.md §4): m × v0 × (n − j)/n; per-player m·v0·D/n, times the rounds still to go;
        # only the players on the starting ranking have it.
        a = ruleset.aalsmeer
        self.bonus_unit = (np.where(self.bonus, self.v0, 0).astype(self.dt)
                           * ((a.multiplier * scale.d).numerator // (scale.lv * a.rounds))) if a else self.zero
        self.parts: list[Terms] = []
        self.base: np.ndarray = exact(self.zero)
        self.base_mult = 1
        self.states: list[RoundState] = []

    def fork(self) -> Engine:
        """An engine going on from the last round on its own (a forecast's run): the rounds either steps
        next are not the other's. Only the last state is kept (the next step starts from it)."""
        other = copy.copy(self)
        other.parts = list(self.parts)
        other.states = self.states[-1:]
        return other

    # -- terms ----------------------------------------------------------------------------------------
    def _extras(self, k: int) -> Terms:
        """The starting bonus after round k and the self value (not rounded: neither is a game or an entry)."""
        a = self.ruleset.aalsmeer
        left = max(0, a.rounds - k) if a else 0
        empty = np.zeros(0, dtype=np.int64)
        unit = self.bonus_unit
        if left and self.joined is not None and a is not None and a.joiners == "entered":
            unit = np.where(self.joined <= max(k, 1), unit, 0).astype(self.dt)  # a joiner's from their round on
        return Terms(const=unit * left + self.self_const, own=self.self_own, owner=empty, who=empty,
                     coef=np.zeros(0, dtype=self.dt))

    def evaluate(self, t: Terms, pos: np.ndarray) -> np.ndarray:
        """Scores × D at the ranking with positions `pos`: one gather, one segmented sum."""
        val = self.scale.v_int[pos]
        s = t.const + t.own * val
        if t.owner.size:
            x = t.coef * val[t.who]
            g = self.scale.grid
            if g is not None:  # each single contribution to the grid, halves away from zero
                r = (2 * np.abs(x) + g) // (2 * g) * g
                x = np.where(x < 0, -r, r)
            if self.dt is object:
                acc = self.zero.copy()
                np.add.at(acc, t.owner, x)
                s = s + acc
            else:
                s = s + np.bincount(t.owner, weights=x, minlength=self.n)
        return s

    # -- stepping -------------------------------------------------------------------------------------
    def tiebreak(self, k: int) -> TieBreak:
        """The ranking rule after round k: with the final group pinned once it has left the Keizer."""
        if self.pinned_tb is not None and k > self.pinned_tb[0]:
            return self.pinned_tb[1]
        return self.tb

    def start(self) -> RoundState:
        order = self.index.astype(np.int64)
        pos = positions(order)
        total = exact(self.evaluate(self._extras(0), pos))
        state = RoundState(round=0, order=order, num=total, den=self.scale.d, valuations=(pos,), base_round=0,
                           iterations=0, cycled=False, cycle_length=0, capped=False)
        self.states.append(state)
        return state

    def step(self, k: int, terms: Terms, search: bool = True) -> RoundState:
        """The standings after round k, whose slots compiled to `terms`. `search=False`: a round whose table is
        not published and whose ranking is set again before the next (a later segment's round before its
        start, scoring/replay.py): in current valuation priced once, not searched to its fixed point."""
        prev = self.states[-1].order
        tb = self.tiebreak(k)
        self.parts.append(terms)
        extras = self._extras(k)
        if not search and self.ruleset.valuation == "current":
            full = combine(self.parts + [extras])
            return self._record(k, single_pass(lambda p: self.evaluate(full, p), prev, tb), base_round=k)
        if self.ruleset.iterates_at(k, self.final_round):
            full = combine(self.parts + [extras])
            out = iterate(lambda p: self.evaluate(full, p), prev, tb, self.scale.bound, self.cap)
            if self.ruleset.valuation == "frozen":  # D art. 23: the recalculated total is the new base
                self.base = out.total - sum(exact(self.evaluate(extras, p)) for p in out.valuations)
                self.base_mult = out.divisor
            return self._record(k, out, base_round=k)
        if self.ruleset.valuation == "current":
            full = combine(self.parts + [extras])
            return self._record(k, single_pass(lambda p: self.evaluate(full, p), prev, tb), base_round=k)
        # frozen: this round at the values from before it, added to the base for good (D art. 17)
        pos = positions(prev)
        m = self.base_mult
        if m * self.scale.bound >= 2 ** 62 and self.base.dtype != object:
            self.base = self.base.astype(object)
        self.base = self.base + m * exact(self.evaluate(terms, pos))
        total = self.base + m * exact(self.evaluate(extras, pos))
        out = Outcome(order=rank(total, prev, pos, tb), total=total, divisor=m, valuations=(pos,),
                      iterations=1, cycled=False, capped=False)
        return self._record(k, out, base_round=self.states[-1].base_round)

    def _record(self, k: int, out: Outcome, base_round: int) -> RoundState:
        state = RoundState(round=k, order=out.order, num=out.total, den=self.scale.d * out.divisor,
                           valuations=out.valuations, base_round=base_round, iterations=out.iterations,
                           cycled=out.cycled, cycle_length=len(out.valuations) if out.cycled else 0,
                           capped=out.capped)
        self.states.append(state)
        return state
