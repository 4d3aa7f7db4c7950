"""Property: a re-solve that reuses the last solve's history and priced pairs (`pairing.reuse`) builds the same
instance, the same compiled costs and the same pairing as a fresh solve, whatever the director changed in
between (an earlier result or its colours, presence, a latecomer, a withdrawal, the rule set, undo)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from keizer.pairing.costs import compile_costs
from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import provisional_ranking
from keizer.pairing.reuse import Reusable, reused_context, reused_history
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Player, PlayerId, Season, Withdrawal
from tests.pairing.randomized import RESULTS, random_rules, random_season


def _edit(rng: random.Random, s: Season, k: int, earlier: list[Season]) -> Season:
    """One random change the director can make between two solves of round k."""
    kind = rng.choice(["result", "colours", "presence", "latecomer", "withdraw", "rules", "undo", "none"])
    rounds = list(s.rounds)
    if kind in ("result", "colours"):
        played = [i for i in range(k - 1) if rounds[i].games]
        if not played:
            return s
        i = rng.choice(played)
        games = list(rounds[i].games)
        j = rng.randrange(len(games))
        g = games[j]
        games[j] = (replace(g, result=rng.choice(RESULTS)) if kind == "result"
                    else replace(g, white=g.black, black=g.white))
        rounds[i] = replace(rounds[i], games=tuple(games))
        return replace(s, rounds=tuple(rounds))
    if kind == "presence":
        pid = rng.choice(s.players).id
        last = rounds[k - 1]
        entries = tuple(e for e in last.entries if e[0] != pid)
        if entries == last.entries:
            entries = tuple(sorted(entries + ((pid, EntryKind.EXCUSED),)))
        rounds[k - 1] = replace(last, entries=entries)
        return replace(s, rounds=tuple(rounds))
    if kind == "latecomer":
        return replace(s, players=s.players + (Player(PlayerId(f"new{len(s.players)}"), "New"),))
    if kind == "withdraw":
        gone = {w.player for w in s.withdrawals}
        left = [p.id for p in s.players if p.id not in gone]
        if len(left) <= 3:
            return s
        return replace(s, withdrawals=s.withdrawals + (Withdrawal(rng.choice(left), k),))
    if kind == "rules":
        return replace(s, ruleset_spec=random_rules(rng))
    if kind == "undo":
        return rng.choice(earlier)
    return s


@pytest.mark.parametrize("seed", range(40))
def test_a_reused_solve_equals_a_fresh_one_after_any_edit(seed: int) -> None:
    rng = random.Random(seed)
    s = random_season(rng, rng.randint(4, 10), rng.randint(1, 5))
    k = len(s.rounds)
    reuse: Reusable | None = None
    earlier = [s]
    for _ in range(6):
        ranking, values = provisional_ranking(s, k)
        try:
            fresh = build_instance(s, k, ranking, values)
        except KeizerError:
            s = earlier[0]  # an edit this round cannot be paired after: start again from the first season
            continue
        inst = build_instance(s, k, ranking, values, history=reused_history(reuse, s, k))
        assert inst.history == fresh.history and inst.players == fresh.players
        ctx = reused_context(reuse, inst)
        assert compile_costs(inst, ctx=ctx) == compile_costs(fresh)
        got, want = propose(inst, "matching", ctx=ctx), propose(fresh, "matching")
        assert (got.pairs(), got.bye, got.objective) == (want.pairs(), want.bye, want.objective)
        reuse = Reusable.of(s, inst, ctx)
        s = _edit(rng, s, k, earlier)
        earlier.append(s)
