"""Re-pairing an accepted round: the fewest accepted boards change, above every other tier (docs/rules.md §7)."""

from __future__ import annotations

import random

import pytest

from keizer.pairing.alternatives import alternatives
from keizer.pairing.checker import check_pairing
from keizer.pairing.criteria.tiers import tier_index
from keizer.pairing.kept import KeptPairing
from keizer.pairing.proposer import propose
from keizer.pairing.solvers.solve import SolverName
from keizer.pairing.synthetic import synthetic_season
from keizer.seasons.model import PlayerId
from tests.pairing.helpers import instance, season

KEEP = tier_index("keep_accepted")


def accepted(n: int, absent: tuple[str, ...] = ()) -> KeptPairing:
    """Round 1 of n players paired without `absent`, as if the director accepted it."""
    prop = propose(instance(season(n, next_entries={p: "excused" for p in absent})))
    return KeptPairing.of(prop.pairs(), prop.bye)


@pytest.mark.parametrize("solver", ["cpsat", "matching"])
def test_a_latecomer_plays_the_bye_player_and_every_board_stays(solver: SolverName) -> None:
    kept = accepted(8, absent=("p08",))
    assert kept.bye is not None and len(kept.games) == 3
    prop = propose(instance(season(8, next_entries={}), keep=kept), solver=solver)
    assert set(kept.games) <= set(prop.pairs())  # colours too: a kept board is the same game
    assert {kept.bye, "p08"} in [set(p) for p in prop.pairs()]
    assert prop.tiers[KEEP] == 1 and prop.moved is not None
    assert prop.moved.boards == () and prop.moved.bye and prop.moved.words() == "the bye changes"


@pytest.mark.parametrize("solver", ["cpsat", "matching"])
def test_a_player_who_calls_off_leaves_his_opponent_the_bye(solver: SolverName) -> None:
    kept = accepted(8)
    board = next(i for i, g in enumerate(kept.games) if "p03" in g) + 1
    opponent = next(w if b == "p03" else b for w, b in kept.games if "p03" in (w, b))
    prop = propose(instance(season(8, next_entries={"p03": "excused"}), keep=kept), solver=solver)
    assert prop.bye == opponent and prop.tiers[KEEP] == 1
    assert prop.moved is not None and prop.moved.boards == (board,) and prop.moved.bye
    # The last board takes the number left free, so no other board is renumbered.
    assert prop.moved.renumbered == (() if board == 4 else ((4, board),))
    assert prop.moved.words().startswith(f"moves board {board}; the bye changes")
    # Without the kept pairing the optimum re-pairs from scratch and changes more.
    fresh = propose(instance(season(8, next_entries={"p03": "excused"})), solver=solver)
    assert kept.changes(fresh.pairs(), fresh.bye) >= 1 and fresh.moved is None and fresh.tiers[KEEP] == 0


def test_the_keep_tier_outranks_the_real_cost_and_the_checker_counts_it() -> None:
    kept = accepted(10)
    # Swap two boards' opponents by hand: a worse pairing, accepted anyway (the director's choice).
    (a, b), (c, d) = kept.games[0], kept.games[1]
    worse = KeptPairing(((a, d), (c, b)) + kept.games[2:], None)
    inst = instance(season(10, next_entries={}), keep=worse)
    prop = propose(inst)
    assert {frozenset(g) for g in prop.pairs()} == {frozenset(g) for g in worse.games}
    assert prop.tiers[KEEP] == 0 and prop.moved is not None and prop.moved.none
    report = check_pairing(inst, prop)
    assert report.tiers == prop.tiers and report.objective == prop.objective
    # The alternatives after it change boards: the comparison says so first.
    alt = alternatives(inst, 1, best=prop)[0]
    assert alt.proposal.tiers[KEEP] >= 2


def test_blossom_and_cp_sat_agree_on_the_keep_tier() -> None:
    rng = random.Random(8)
    for seed in range(4):
        inst = instance(synthetic_season(24, 5, seed))
        base = propose(inst)
        games = list(base.pairs())
        rng.shuffle(games)
        # Half the boards kept as accepted, the others' players re-shuffled into new accepted boards.
        loose = [p for g in games[len(games) // 2:] for p in g]
        rng.shuffle(loose)
        kept = KeptPairing(tuple(games[: len(games) // 2]) + tuple(zip(loose[::2], loose[1::2])), base.bye)
        keep_inst = instance(synthetic_season(24, 5, seed), keep=kept)
        by_cpsat = propose(keep_inst, solver="cpsat")
        by_matching = propose(keep_inst, solver="matching")
        assert by_cpsat.objective == by_matching.objective and by_cpsat.pairs() == by_matching.pairs()
        assert by_cpsat.tiers[KEEP] <= len(loose) // 2 and by_cpsat.tiers[KEEP] == kept.changes(
            by_cpsat.pairs(), by_cpsat.bye)
        assert check_pairing(keep_inst, by_cpsat).tiers == by_cpsat.tiers


def test_kept_boards_keep_their_numbers() -> None:
    kept = KeptPairing.of([("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")], None)
    # c–d is gone (one of them called off): the last board takes its number, not every board after it.
    games = [(PlayerId("a"), PlayerId("b")), (PlayerId("e"), PlayerId("f")), (PlayerId("g"), PlayerId("h"))]
    order = kept.board_order(games)
    assert [games[j] for j in order] == [games[0], games[2], games[1]]
    moved = kept.moved([games[j] for j in order], PlayerId("c"))
    assert moved.boards == (2,) and moved.renumbered == ((4, 2),)
    assert moved.words() == "moves board 2; the bye changes; board 4 is now board 2"
    # A new game takes the freed number; a latecomer's extra game comes last.
    games = [(PlayerId("a"), PlayerId("b")), (PlayerId("c"), PlayerId("x")), (PlayerId("d"), PlayerId("y")),
             (PlayerId("e"), PlayerId("f")), (PlayerId("g"), PlayerId("h"))]
    order = kept.board_order(games)
    assert [games[j] for j in order] == [games[0], games[1], games[3], games[4], games[2]]


def test_the_explanation_names_the_kept_boards() -> None:
    from keizer.pairing.compare import Comparison
    from keizer.pairing.explain.boards import explain
    from keizer.pairing.explain.words import total_words

    kept = accepted(8)
    inst = instance(season(8, next_entries={"p03": "excused"}), keep=kept)
    prop = propose(inst)
    why = explain(inst, prop)
    assert any(line.startswith("Paired again from the accepted pairing") and "moves board" in line
               for line in why.lines)
    assert sum("an accepted board, kept" in line for line in why.lines) == 3  # all but the one called off
    assert any("would change more accepted boards" in line for line in why.lines)  # the bye's passed over
    # "why not him?" answers in boards changed when keeping decides.
    versus = Comparison.of_tiers((2, 0, 0, 0, 100, 5), (0, 0, 0, 0, 120, 9))
    assert total_words("p01–p03", versus, None, "p02", "") == (
        "with p01–p03 on a board 2 more accepted boards would change.")
