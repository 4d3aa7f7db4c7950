"""One small test per pairing rule (docs/rules.md §7), feasible and infeasible, on both exact solvers."""

from __future__ import annotations

import pytest

from keizer.pairing.criteria.tiebreak import lottery_number
from keizer.pairing.criteria.tiers import tier_index
from keizer.pairing.proposer import propose
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from tests.pairing.helpers import ids, instance, season, unordered

P = PlayerId
SOLVERS = ("cpsat", "matching")
NO_GAP = {"preset": "keizer-classic", "pairing": {"rematch_gap": None}}


def only(present: list[str], n: int) -> dict[str, str]:
    """Entries making everyone but `present` excused."""
    return {p: "excused" for p in ids(n) if p not in present}


@pytest.mark.parametrize("solver", SOLVERS)
def test_rank_proximity_gives_the_textbook_pairing(solver):
    prop = propose(instance(season(8, next_entries={})), solver)
    # #1–#2, #3–#4 …; colours indifferent in round 1: the higher-ranked has white on odd places.
    assert prop.pairs() == (("p01", "p02"), ("p03", "p04"), ("p05", "p06"), ("p07", "p08"))
    assert prop.real_cost == dict(prop.criteria)["colour_drift"]  # nothing but the unavoidable first colours


@pytest.mark.parametrize("solver", SOLVERS)
def test_opening_rounds_pair_at_distance_ten_as_d_art_7(solver):
    prop = propose(instance(season(40, ruleset="doorn-driebergen-2019", next_entries={})), solver)
    pairs = prop.pairs()
    # "Nr. 1 tegen Nr. 11; Nr. 12 tegen Nr. 2 …  Nr. 21 tegen Nr. 31; Nr. 32 tegen Nr 22"
    assert ("p01", "p11") in pairs and ("p12", "p02") in pairs and ("p03", "p13") in pairs
    assert ("p21", "p31") in pairs and ("p32", "p22") in pairs
    assert unordered(pairs) == {frozenset((f"p{i:02d}", f"p{i + 10:02d}")) for i in [*range(1, 11), *range(21, 31)]}
    assert dict(prop.criteria)["rank"] == 0


@pytest.mark.parametrize("solver", SOLVERS)
def test_max_meetings_is_kept_when_possible_and_gives_way_when_not(solver):
    rounds = [[("p01", "p02")], [("p02", "p01")]]
    prop = propose(instance(season(4, rounds, NO_GAP, next_entries={})), solver)
    assert unordered(prop.pairs()) == unordered([("p01", "p03"), ("p02", "p04")])
    assert prop.relaxations == ()
    forced = propose(instance(season(4, rounds, NO_GAP, next_entries=only(["p01", "p02"], 4))), solver)
    assert forced.pairs() == (("p01", "p02"),)  # colours reversed from round 2
    assert [(r.rule, r.players) for r in forced.relaxations] == [("max_meetings", ("p01", "p02"))]
    assert forced.tiers[tier_index("relax_max_meetings")] == 1


@pytest.mark.parametrize("solver", SOLVERS)
def test_rematch_from_round_d_art_8(solver):
    rules = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None}}
    rounds = [[("p01", "p02")]]
    prop = propose(instance(season(4, rounds, rules, next_entries={})), solver)
    assert frozenset(("p01", "p02")) not in unordered(prop.pairs())
    forced = propose(instance(season(4, rounds, rules, next_entries=only(["p01", "p02"], 4))), solver)
    assert [r.rule for r in forced.relaxations] == ["rematch_from_round"]
    assert "allowed from round 21" in forced.relaxations[0].message
    from_round_2 = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None, "rematch_from_round": 2}}
    allowed = propose(instance(season(4, rounds, from_round_2, next_entries=only(["p01", "p02"], 4))), solver)
    assert allowed.relaxations == () and allowed.pairs() == (("p02", "p01"),)


@pytest.mark.parametrize("solver", SOLVERS)
def test_relaxation_order_rematch_round_gives_way_before_max_meetings(solver):
    rules = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None}}
    rounds = [[("p01", "p02")], [("p02", "p01")], [("p01", "p03"), ("p02", "p04")], [("p01", "p04"), ("p02", "p03")]]
    prop = propose(instance(season(4, rounds, rules, next_entries={})), solver)
    # Every pairing breaks a rule: p01–p02 a third meeting, the others two early rematches each.
    assert sorted(r.rule for r in prop.relaxations) == ["rematch_from_round", "rematch_from_round"]
    assert unordered(prop.pairs()) == unordered([("p01", "p03"), ("p02", "p04")])


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("reverse, white", [(True, "p02"), (False, "p01")])
def test_rematch_colours_are_reversed(solver, reverse, white):
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "rematch_reverse_colours": reverse}}
    # p01 had white against p02, then black; p02 black, then white: both prefer the colours of round 1.
    rounds = [[("p01", "p02")], [("p03", "p01"), ("p02", "p04")]]
    prop = propose(instance(season(4, rounds, rules, next_entries=only(["p01", "p02"], 4))), solver)
    assert prop.boards[0].white == white
    assert prop.boards[0].cost.colour_reason == ("reversed" if reverse else "preference")


@pytest.mark.parametrize("solver", SOLVERS)
def test_rematch_gap_avoids_a_recent_opponent(solver):
    rounds = [[("p01", "p02"), ("p03", "p04")]]
    prop = propose(instance(season(4, rounds, next_entries={})), solver)
    assert unordered(prop.pairs()) == unordered([("p01", "p03"), ("p02", "p04")])
    forced = propose(instance(season(4, rounds, next_entries=only(["p01", "p02"], 4))), solver)
    assert dict(forced.criteria)["rematch_gap"] == 100 + 25 * (10 - 1)  # soft: no rule gave way
    assert forced.relaxations == ()


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("bottom, relaxed", [(2, False), (0, True)])
def test_bottom_region_allows_one_more_meeting_at_a_penalty(solver, bottom, relaxed):
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "max_meetings": 1,
                                                      "bottom_region": bottom}}
    rounds = [[("p03", "p04")]]
    prop = propose(instance(season(4, rounds, rules, next_entries=only(["p03", "p04"], 4))), solver)
    assert bool(prop.relaxations) == relaxed
    assert dict(prop.criteria)["bottom_extra"] == (0 if relaxed else 300)
    top = propose(instance(season(4, [[("p01", "p02")]], rules, next_entries=only(["p01", "p02"], 4))), solver)
    assert [r.rule for r in top.relaxations] == ["max_meetings"]  # the top is not the bottom region


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_third_colour_in_a_row_is_avoided_when_a_near_opponent_allows(solver):
    # p01, p02 had white twice; p03, p04 black twice (against p05–p08, absent now).
    rounds = [[("p01", "p05"), ("p02", "p06"), ("p07", "p03"), ("p08", "p04")],
              [("p01", "p06"), ("p02", "p05"), ("p08", "p03"), ("p07", "p04")]]
    away = only(["p01", "p02", "p03", "p04"], 8)
    prop = propose(instance(season(8, rounds, NO_GAP, next_entries=away)), solver)
    assert set(prop.pairs()) == {("p03", "p01"), ("p04", "p02")}
    assert dict(prop.criteria)["colour_run"] == 0
    forced = propose(instance(season(8, rounds, NO_GAP, next_entries=only(["p01", "p02"], 8))), solver)
    assert dict(forced.criteria)["colour_run"] == 100


@pytest.mark.parametrize("solver", SOLVERS)
def test_bye_policy_lowest(solver):
    s = season(5, next_entries={})
    assert propose(instance(s), solver).bye == "p05"
    had = season(5, [[("p01", "p02")]], entries=[{"p05": "bye"}], next_entries={})
    assert propose(instance(had), solver).bye == "p04"  # the lowest of those with the fewest byes


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("byes, expected", [([], "p25"), (["p25"], "p26"), (["p25", "p26"], "p24"),
                                            (["p25", "p26", "p24"], "p27")])
def test_bye_policy_anchor_d_art_10(solver, byes, expected):
    rules = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None}}
    history = [[("p01", "p02")] for _ in byes]
    entries = [{b: "bye"} for b in byes]
    s = season(32, history, rules, entries=entries, next_entries={"p32": "excused"})  # 31 present
    prop = propose(instance(s), solver)
    assert prop.bye == expected


@pytest.mark.parametrize("solver", SOLVERS)
def test_bye_policy_lottery_is_seeded_and_among_the_fewest_lost_evenings(solver):
    for seed in range(6):
        rules = {"preset": "kijk-uit", "pairing": {"seed": seed}}
        s = season(7, [[("p01", "p02")]], rules, entries=[{"p03": "duty", "p04": "bye"}], next_entries={})
        prop = propose(instance(s), solver)
        fewest = [p for p in ids(7) if p not in ("p03", "p04")]
        drawn = min(fewest, key=lambda p: lottery_number(seed, 2, p))
        assert prop.bye == drawn
        assert prop.bye_order.policy == "lottery" and prop.bye_order.candidates[0].lot == lottery_number(seed, 2, drawn)
        assert propose(instance(s), solver).bye == prop.bye  # replayable


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_directors_bye_lock_wins(solver):
    prop = propose(instance(season(5, next_entries={}), bye=P("p01")), solver)
    assert prop.bye == "p01" and prop.bye_order.policy == "director"
    assert propose(instance(season(4, next_entries={})), solver).bye is None


@pytest.mark.parametrize("solver", SOLVERS)
def test_locks_forbids_and_fixed_games(solver):
    s = season(6, next_entries={})
    locked = propose(instance(s, locks=[(P("p01"), P("p04"))]), solver)
    assert frozenset(("p01", "p04")) in unordered(locked.pairs())
    assert [b.kind for b in locked.boards if {b.white, b.black} == {"p01", "p04"}] == ["lock"]
    forbidden = propose(instance(s, forbids=[(P("p02"), P("p01"))]), solver)
    assert frozenset(("p01", "p02")) not in unordered(forbidden.pairs())
    fixed = propose(instance(s, fixed=[(P("p04"), P("p01"))]), solver)
    assert ("p04", "p01") in fixed.pairs()
    assert unordered(fixed.pairs()) == unordered([("p01", "p04"), ("p02", "p03"), ("p05", "p06")])
    assert [b.kind for b in fixed.boards if b.white == "p04"] == ["fixed"]


@pytest.mark.parametrize("solver", SOLVERS)
def test_director_contradictions_are_errors_not_relaxations(solver):
    s = season(2, next_entries={})
    with pytest.raises(KeizerError, match="cannot be paired"):
        propose(instance(s, forbids=[(P("p01"), P("p02"))]), solver)


def test_an_unpairable_round_names_whose_rule_binds_it():
    """The director's forbid is said as the director's; the championship group's keep-apart as the group's
    rule, never as something the director did (issue 20.8's wording, also when no pairing is left)."""
    from dataclasses import replace

    s = season(2, next_entries={})
    with pytest.raises(KeizerError) as director:
        propose(instance(s, forbids=[(P("p01"), P("p02"))]), "cpsat")
    assert "the director's forbidden pairs" in str(director.value)
    assert "championship group" not in str(director.value)
    pair = (P("p01"), P("p02"))
    group_only = replace(instance(s, forbids=[pair]), apart=(pair,))
    with pytest.raises(KeizerError) as group:
        propose(group_only, "cpsat")
    assert "the championship group's rule" in str(group.value) and "director" not in str(group.value)
