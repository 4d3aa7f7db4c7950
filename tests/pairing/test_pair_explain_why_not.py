"""Explanations answer "why not him?": the nearer-ranked players a board's players do not play, and why."""

from __future__ import annotations

from pathlib import Path

from keizer.pairing.checker import Pairing, check_pairing
from keizer.pairing.explain.boards import BoardExplanation, explain
from keizer.pairing.explain.why_not import WhyNot
from keizer.pairing.history import pair_key
from keizer.pairing.instance import RoundInstance
from keizer.pairing.proposal import Proposal
from keizer.pairing.proposer import propose
from tests.pairing.helpers import instance, season
from keizer.tui.cli.main import main

GOLDEN = Path(__file__).parent / "golden"


def rules(**pairing: object) -> dict[str, object]:
    """keizer-classic with only max_meetings among the meeting rules, plus what the test is about."""
    return {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "rematch_from_round": None} | pairing}


def board_of(ex_boards: tuple[BoardExplanation, ...], player: str) -> BoardExplanation:
    return next(b for b in ex_boards if player in (b.white, b.black))


def why_not(board: BoardExplanation, player: str, candidate: str) -> WhyNot:
    return next(w for w in board.why_not if (w.player, w.candidate) == (player, candidate))


def forced_pairing(prop: Proposal, w: WhyNot) -> Pairing:
    """The whole pairing the "why not" was priced with: its changed games and the best's other games."""
    assert w.forced is not None
    moved = {p for game in w.forced.games for p in game} | ({w.forced.bye} if w.forced.bye else set())
    kept = tuple(g for g in prop.pairs() if not set(g) & moved)
    return Pairing(kept + w.forced.games, w.forced.bye)


def explained(inst: RoundInstance) -> tuple[Proposal, tuple[BoardExplanation, ...], str]:
    prop = propose(inst)
    ex = explain(inst, prop)
    return prop, ex.boards, "\n".join(ex.lines)


def test_met_twice_already():
    s = season(4, [[("p01", "p02")], [("p02", "p01")]], rules(max_meetings=2), next_entries={})
    prop, boards, text = explained(instance(s))
    board = board_of(boards, "p01")
    assert {board.white, board.black} == {"p01", "p03"}
    w = why_not(board, "p01", "p02")
    assert w.rules == ("max_meetings",) and w.forced is None and w.distance == 1
    assert "why not p02 (#2) for p01? they have met twice already (rounds 1 and 2; max_meetings 2)." in text


def test_a_rematch_too_early():
    s = season(4, [[("p01", "p02"), ("p03", "p04")]], rules(rematch_from_round=5), next_entries={})
    prop, boards, text = explained(instance(s))
    w = why_not(board_of(boards, "p01"), "p01", "p02")
    assert w.rules == ("rematch_from_round",)
    assert "why not p02 (#2) for p01? they met in round 1, and a rematch comes only from round 5" in text


def test_colours_a_third_white_in_a_row():
    # p01 and p02 had white twice, p03 and p04 black twice: p01–p02 gives one of them a third white.
    s = season(4, [[("p01", "p03"), ("p02", "p04")], [("p01", "p04"), ("p02", "p03")]], rules(),
               next_entries={})
    inst = instance(s)
    prop, boards, text = explained(inst)
    board = board_of(boards, "p01")
    assert {board.white, board.black} == {"p01", "p03"}
    w = why_not(board, "p01", "p02")
    assert w.rules == () and dict(w.pair_terms)["colour_run"] == 100
    assert "would have a third white in a row" in w.lines[0] and "run 100" in w.lines[0]
    assert w.forced is not None and w.forced.versus is not None
    forced = check_pairing(inst, forced_pairing(prop, w))
    assert forced.valid and w.forced.versus.extra_cost == forced.real_cost - prop.real_cost > 0
    assert f"the round costs {w.forced.versus.extra_cost} more in total" in w.lines[1]


def test_needed_elsewhere_with_the_exact_difference_in_total():
    # p03 and p04 met last week (rematch_gap 10): p01–p02 is cheapest on its own, but leaves them together.
    s = season(4, [[("p03", "p04")]], rules(rematch_gap=10), entries=[{"p01": "excused", "p02": "excused"}],
               next_entries={})
    inst = instance(s)
    prop, boards, text = explained(inst)
    board = board_of(boards, "p01")
    assert {board.white, board.black} == {"p01", "p03"}
    w = why_not(board, "p01", "p02")
    assert w.rules == () and "but p02 is needed elsewhere" in w.lines[0]
    assert w.forced is not None and w.forced.versus is not None
    forced = check_pairing(inst, forced_pairing(prop, w))
    assert forced.valid and {pair_key(*g) for g in forced_pairing(prop, w).games} == {("p01", "p02"), ("p03", "p04")}
    extra = forced.real_cost - prop.real_cost
    assert w.forced.versus.extra_cost == extra and forced.objective > prop.objective
    assert w.lines[1] == (f"    with {w.forced.games[0][0]}–{w.forced.games[0][1]} on a board the round costs "
                          f"{extra} more in total (p03 would play p04).")
    # The same pair seen from p03's side: a rematch one round later, soft (rematch_gap).
    gap = why_not(board, "p03", "p04")
    assert "they met 1 round ago (round 1; rematch_gap 10)" in gap.lines[0]


def test_the_directors_forbid_and_lock_answer_first():
    s = season(6, [], rules(), next_entries={})
    inst = instance(s, forbids=[("p01", "p02")], locks=[("p04", "p06")])
    prop, boards, text = explained(inst)
    board = board_of(boards, "p01")
    assert {board.white, board.black} == {"p01", "p03"}
    assert why_not(board, "p01", "p02").rules == ("forbid",)
    assert "why not p02 (#2) for p01? the director forbade p01–p02." in text
    assert why_not(board, "p03", "p04").rules == ("lock",)
    assert "p04 is locked to play p06 (the director's lock)" in text
    assert board_of(boards, "p04").why_not == ()  # a locked board is the director's choice


def test_textbook_boards_have_no_why_not_and_it_can_be_switched_off():
    s = season(6, [], rules(), next_entries={})
    inst = instance(s)
    prop = propose(inst)
    assert all(b.why_not == () for b in explain(inst, prop).boards)  # #1–#2, #3–#4, #5–#6
    s2 = season(4, [[("p01", "p02")], [("p02", "p01")]], rules(max_meetings=2), next_entries={})
    inst2 = instance(s2)
    prop2 = propose(inst2)
    assert any(b.why_not for b in explain(inst2, prop2).boards)
    assert all(b.why_not == () for b in explain(inst2, prop2, why_not=0).boards)
    assert "why not" not in "\n".join(explain(inst2, prop2, why_not=0).lines)


def test_at_most_the_nearest_candidates_deterministically():
    s = season(4, [[("p01", "p02")], [("p02", "p01")]], rules(max_meetings=2), next_entries={})
    inst = instance(s)
    prop = propose(inst)
    first, second = explain(inst, prop), explain(inst, prop)
    assert first.lines == second.lines
    board = board_of(first.boards, "p03")
    # p03 plays p01 (2 places): p02 and p04 are nearer to p03, p02 to p01; nearest first, p01's side first.
    assert [(w.player, w.candidate) for w in board.why_not] == [("p01", "p02"), ("p03", "p02"), ("p03", "p04")]
    assert len(explain(inst, prop, why_not=1).boards[0].why_not) <= 1


def test_keizer_pair_explain_says_why_not_on_a_golden_season(capsys):
    assert main(["pair", str(GOLDEN / "classic-round-7.season.json"), "--explain"]) == 0
    out = capsys.readouterr().out
    board_1 = out[out.index("Board 1: Player 7 (#4) – Player 1 (#2)"):out.index("Board 2:")]
    # Player 1 (#2) plays #4: why not #3? A third white, a rematch three rounds on and the balance.
    assert ("  why not Player 13 (#3) for Player 1? Player 1 would have a third white in a row; they met 3 rounds "
            "ago (round 4; rematch_gap 10); Player 1's colour balance would reach +3 (max_balance 2): Player 1–"
            "Player 13 would cost 439 (run 100 + gap 275 + balance 60 + repeat 3 + drift 1), this board 14.\n"
            "    with Player 1–Player 13 on a board the round costs 411 more in total (Player 7 would play "
            "Player 3).\n") in board_1
    assert "but Player 13 is needed elsewhere" in board_1


def test_the_bye_answers_in_its_own_tier():
    # p03 and p04 may not meet a third time: with p01–p02 on a board one of them must play p05, the lowest,
    # so the bye moves up the policy's order to p04.
    s = season(5, [[("p03", "p04")], [("p04", "p03")]], rules(), entries=[{"p05": "excused"}], next_entries={})
    inst = instance(s)
    prop, boards, text = explained(inst)
    assert prop.bye == "p05"
    w = why_not(board_of(boards, "p01"), "p01", "p02")
    assert w.forced is not None and w.forced.versus is not None and w.forced.bye == "p04"
    assert w.forced.versus.deciding is not None and w.forced.versus.deciding.name == "bye_order"
    assert w.lines[1] == ("    with p01–p02 on a board the bye would go further down the policy's order, to p04 "
                          "(p03 would play p05).")
    forced = check_pairing(inst, forced_pairing(prop, w))
    assert forced.valid and forced.tiers > prop.tiers


def test_the_directors_bye_answers_first():
    s = season(5, [], rules(), next_entries={})
    prop, boards, text = explained(instance(s, bye="p02"))
    assert why_not(board_of(boards, "p01"), "p01", "p02").rules == ("bye",)
    assert "why not p02 (#2) for p01? p02 has the bye (the director's choice)." in text
