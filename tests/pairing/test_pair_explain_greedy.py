"""Explanations name the reasons; the greedy top-down pairing is valid but can be worse or break rules."""

from __future__ import annotations

from keizer.pairing.checker import check_pairing
from keizer.pairing.explain.boards import explain
from keizer.pairing.greedy import greedy_pairing
from keizer.pairing.proposer import propose
from tests.pairing.helpers import instance, season


def test_every_board_and_the_bye_are_explained():
    rules = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None, "rematch_from_round": 2}}
    s = season(32, [[("p01", "p02")]], rules, entries=[{"p25": "bye"}], next_entries={"p32": "excused"})
    inst = instance(s, locks=[("p03", "p30")])
    prop = propose(inst)
    ex = explain(inst, prop)
    assert len(ex.boards) == 15 and ex.bye is not None and ex.bye.player == "p26"
    text = "\n".join(ex.lines)
    assert "Bye: p26 (#26)" in text and "D art. 10" in text
    assert "the director's lock" in text
    rematch = next(b for b in ex.boards if {b.white, b.black} == {"p01", "p02"})
    assert rematch.meetings == (1,) and "reversed from round 1" in rematch.colour_reason
    assert rematch.white == "p02"
    first = ex.boards[0]
    assert first.distance >= 1 and first.lines[0].startswith("Board 1:")


def test_a_bye_candidate_passed_over_is_explained():
    # p05 would be the lowest, but p04 has met p01–p03 (once is the most): with p05 out p04 has nobody.
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "max_meetings": 1}}
    s = season(5, [[("p01", "p04"), ("p02", "p03")], [("p02", "p04")], [("p03", "p04")]], rules,
               next_entries={})
    inst = instance(s)
    prop = propose(inst)
    assert prop.bye == "p04" and prop.relaxations == ()
    ex = explain(inst, prop)
    assert ex.bye is not None and ex.bye.passed_over[0][0] == "p05"
    assert "p05 came first in the order but did not sit out" in "\n".join(ex.lines)


def test_greedy_is_valid_but_can_be_forced_into_a_rule_break():
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None}}
    s = season(4, [[("p03", "p04")], [("p04", "p03")]], rules, next_entries={})
    inst = instance(s)
    greedy = check_pairing(inst, greedy_pairing(inst))
    best = check_pairing(inst, propose(inst))
    # Greedy: 1–2, then 3–4 must meet a third time; the model sees 1–3, 2–4 coming.
    assert greedy.valid and [v.rule for v in greedy.relaxed] == ["max_meetings"]
    assert best.relaxed == () and best.objective < greedy.objective


def test_a_round_of_one_board_is_said_so():
    s = season(2, [], {"preset": "keizer-classic"}, next_entries={})
    inst = instance(s)
    ex = explain(inst, propose(inst))
    assert ex.lines[0].startswith("Round 1: 1 board, real cost ")
