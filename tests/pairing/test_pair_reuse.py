"""Re-solving after a director's lock, forbid or bye: the history and the priced pairs are kept, the
optimum is what a fresh solve finds."""

from __future__ import annotations

from keizer.pairing.alternatives import alternatives
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import keizer_ranked
from keizer.pairing.simulate import simulate_season


def test_a_director_resolve_keeps_the_priced_pairs_and_finds_the_fresh_optimum():
    s = simulate_season(24, 6, "keizer-classic", 5, played=5)
    ranked = keizer_ranked(s, 6)
    inst = build_instance(s, 6, ranked.ranking, ranked.values, slots=ranked.slots)
    ctx = CostContext(inst)
    best = propose(inst, "matching", ctx=ctx)
    priced = len(ctx.edges)
    assert priced > 0
    (w, b), = [(x.white, x.black) for x in best.boards[:1]]
    for director in ({"forbids": [(w, b)]}, {"locks": [(w, best.boards[1].black)]}):
        again = build_instance(s, 6, ranked.ranking, ranked.values, history=inst.history, **director)
        carried = CostContext.carried(again, ctx)
        assert carried.edges is ctx.edges  # the same players and past: no pair is priced twice
        fresh = build_instance(s, 6, ranked.ranking, ranked.values, **director)
        for solver in ("matching", "cpsat"):
            got = propose(again, solver, ctx=carried)
            want = propose(fresh, solver)
            assert (got.pairs(), got.bye, got.objective) == (want.pairs(), want.bye, want.objective)
        got_alts = alternatives(again, 3, best=propose(again, "matching", ctx=carried), ctx=carried)
        want_alts = alternatives(fresh, 3)
        assert [a.proposal.pairs() for a in got_alts] == [a.proposal.pairs() for a in want_alts]
    fixed = build_instance(s, 6, ranked.ranking, ranked.values, history=inst.history, fixed=[(w, b)])
    assert CostContext.carried(fixed, ctx).edges is not ctx.edges  # places moved: pairs priced anew


def test_a_band_holding_every_pair_needs_no_proof():
    s = simulate_season(12, 4, "keizer-classic", 2, played=3)
    ranked = keizer_ranked(s, 4)
    inst = build_instance(s, 4, ranked.ranking, ranked.values)
    wide = propose(inst, "matching", band=len(inst.players))
    assert wide.band.proven and wide.pairs() == propose(inst, "matching").pairs()
