"""D art. 5's class tables and moves, K's group cups: hand-worked examples (docs/rules.md §9)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from keizer.scoring.classes import (
    ClassMove,
    class_tables,
    moves_as_data,
    propose_moves,
    propose_start_classes,
    read_classes,
)
from keizer.scoring.cups import cup_tables
from keizer.scoring.replay import IterationReport, Standings, StandingRow
from keizer.seasons.model import ClassMoves, Player, PlayerId, Season, Withdrawal
from keizer.seasons.ruleset.model import ClassRules, CupRules

P = PlayerId
D_RULES = ClassRules(("A", "B", "C", "D"), (20, "final"), 1, True)


def season_of(classes: dict[int, str], groups: dict[int, int] | None = None) -> Season:
    """Players p1..pN (start rank = number) with these classes (or groups)."""
    n = max(classes) if classes else max(groups or {1: 1})
    players = tuple(Player(id=P(f"p{i}"), name=f"P{i}", rating=2000 - 10 * i, klass=classes.get(i),
                           cup_group=(groups or {}).get(i)) for i in range(1, n + 1))
    return Season(name="S", ruleset_spec="doorn-driebergen-2019", players=players, rounds_planned=36)


def rows(n: int, eligible: dict[int, bool] | None = None) -> tuple[StandingRow, ...]:
    """The Keizer ranking p1, p2, …: rank i is player pi with 100 − i points."""
    return tuple(StandingRow(rank=i, player=P(f"p{i}"), score=Fraction(100 - i), value=Fraction(80 - i + 1),
                             eligible=None if eligible is None else eligible.get(i, True)) for i in range(1, n + 1))


def twelve() -> Season:
    # A: ranks 1, 4, 9; B: 2, 6, 11; C: 3, 5, 12; D: 7, 8, 10
    return season_of({1: "A", 4: "A", 9: "A", 2: "B", 6: "B", 11: "B", 3: "C", 5: "C", 12: "C",
                      7: "D", 8: "D", 10: "D"})


def test_class_tables_are_read_off_the_keizer_ranking() -> None:
    tables = class_tables(twelve(), rows(12), 20, ("A", "B", "C", "D"))
    assert [(t.name, [r.rank for r in t.rows]) for t in tables] == [
        ("A", [1, 4, 9]), ("B", [2, 6, 11]), ("C", [3, 5, 12]), ("D", [7, 8, 10])]
    assert [r.place for r in tables[3].rows] == [1, 2, 3]


def test_the_best_go_up_the_worst_go_down() -> None:
    reading = read_classes(twelve(), rows(12), 20, D_RULES)
    assert reading.moves == (
        ClassMove(P("p2"), "B", "A", "promotion"), ClassMove(P("p3"), "C", "B", "promotion"),
        ClassMove(P("p7"), "D", "C", "promotion"), ClassMove(P("p9"), "A", "B", "relegation"),
        ClassMove(P("p11"), "B", "C", "relegation"), ClassMove(P("p12"), "C", "D", "relegation"))
    assert reading.sizes == (("A", 3), ("B", 3), ("C", 3), ("D", 3))  # equal already: no extra moves


def test_the_second_half_follows_the_accepted_moves() -> None:
    s = twelve()
    reading = read_classes(s, rows(12), 20, D_RULES)
    s = replace(s, class_moves=(ClassMoves(20, moves_as_data(reading.moves)),))
    tables = class_tables(s, rows(12), 36, D_RULES.names)
    assert [[r.rank for r in t.rows] for t in tables] == [[1, 2, 4], [3, 6, 9], [5, 7, 11], [8, 10, 12]]
    # the table after round 20 still reads the first half's classes
    assert [r.rank for r in class_tables(s, rows(12), 20, D_RULES.names)[0].rows] == [1, 4, 9]


def test_extra_moves_even_the_sizes_out() -> None:
    # A 5 (ranks 1-5), B 3 (6-8), C 3 (9-11), D 1 (12): 12 players, 3 a class.
    s = season_of({**{i: "A" for i in range(1, 6)}, 6: "B", 7: "B", 8: "B", 9: "C", 10: "C", 11: "C", 12: "D"})
    reading = read_classes(s, rows(12), 20, D_RULES)
    # Art. 5: 6, 9, 12 up; 5, 8, 11 down. Then A {1,2,3,4,6}, B {5,7,9}, C {8,10,12}, D {11}.
    # A/B: two too many above: A's worst unmoved (4, 3) down → B {3,4,5,7,9}.
    # B/C: two too many: 7 is B's only unmoved one, then 5 (relegated already) moves on → C {5,7,8,10,12}.
    # C/D: two too many: 10 unmoved, then 8 (relegated already) moves on. → A {1,2,6} B {3,4,9} C {5,7,12}
    # D {8,10,11}.
    assert [(m.player, m.source, m.target, m.reason) for m in reading.moves] == [
        ("p6", "B", "A", "promotion"), ("p9", "C", "B", "promotion"), ("p12", "D", "C", "promotion"),
        ("p5", "A", "C", "balance"), ("p8", "B", "D", "balance"), ("p11", "C", "D", "relegation"),
        ("p4", "A", "B", "balance"), ("p3", "A", "B", "balance"), ("p7", "B", "C", "balance"),
        ("p10", "C", "D", "balance")]
    assert reading.sizes == (("A", 3), ("B", 3), ("C", 3), ("D", 3))


def test_the_upper_classes_take_what_is_left_over_and_the_lower_come_up() -> None:
    # A 1 (rank 1), B 1 (2), C 4 (3-6), D 4 (7-10), no art. 5 moves: 10 players → 3, 3, 2, 2.
    # Pass 1: 2 up to A (B's only one); C's 3-6 up to B; D's 7, 8 up to C. Pass 2: 3 moves on up to A.
    s = season_of({1: "A", 2: "B", 3: "C", 4: "C", 5: "C", 6: "C", 7: "D", 8: "D", 9: "D", 10: "D"})
    reading = read_classes(s, rows(10), 20, replace(D_RULES, moves=0))
    assert [(m.player, m.source, m.target) for m in reading.moves] == [
        ("p2", "B", "A"), ("p3", "C", "A"), ("p4", "C", "B"), ("p5", "C", "B"), ("p6", "C", "B"),
        ("p7", "D", "C"), ("p8", "D", "C")]
    assert reading.sizes == (("A", 3), ("B", 3), ("C", 2), ("D", 2))


def test_without_balance_only_the_neighbours_move() -> None:
    s = season_of({1: "A", 2: "A", 3: "A", 4: "B"})
    rules = ClassRules(("A", "B"), (20,), 1, False)
    assert [(m.player, m.target) for m in propose_moves(class_tables(s, rows(4), 20, ("A", "B")), rules)] == [
        ("p4", "A"), ("p3", "B")]


def test_a_class_of_one_is_promoted_not_also_relegated() -> None:
    s = season_of({1: "A", 2: "B", 3: "C"})
    moves = propose_moves(class_tables(s, rows(3), 20, ("A", "B", "C")), replace(D_RULES, balance=False))
    assert [(m.player, m.target) for m in moves] == [("p2", "A"), ("p3", "B"), ("p1", "B")]


def test_leavers_move_nowhere_and_count_in_no_class() -> None:
    s = replace(season_of({1: "A", 2: "A", 3: "B", 4: "B"}), withdrawals=(Withdrawal(P("p2"), 21),))
    reading = read_classes(s, rows(4), 20, ClassRules(("A", "B"), (20,), 1, True))
    # p2 leaves: 3 players, so A 2 and B 1; after 3 up and 1 down, B's best left (4) comes up too.
    assert [(m.player, m.target, m.reason) for m in reading.moves] == [
        ("p3", "A", "promotion"), ("p1", "B", "relegation"), ("p4", "A", "balance")]
    assert reading.sizes == (("A", 2), ("B", 1))


def test_starting_classes_by_rating() -> None:
    # p1..p4 classed (ratings 1990, 1980 in A; 1970, 1960 in B); p5 rated 1985 → A (median 1985),
    # p6 rated 1974 → B (|1974-1965| = 9 < 11); p7 unrated → the last class.
    s = season_of({1: "A", 2: "A", 3: "B", 4: "B"})
    players = s.players + (Player(P("p5"), "P5", 1985), Player(P("p6"), "P6", 1974), Player(P("p7"), "P7"))
    assert propose_start_classes(replace(s, players=players), ("A", "B")) == (
        ("p5", "A"), ("p6", "B"), ("p7", "B"))


def test_a_first_season_cuts_the_starting_ranking() -> None:
    s = season_of({}, groups={i: 1 for i in range(1, 11)})
    assert [c for _, c in propose_start_classes(s, ("A", "B", "C", "D"))] == list("AAABBBCCDD")


def standings(n: int, eligible: dict[int, bool] | None = None) -> Standings:
    return Standings(round=36, rows=rows(n, eligible), iteration=IterationReport(1, False, 0, False))


def test_cups_go_to_the_first_two_of_each_group() -> None:
    s = season_of({}, groups={1: 1, 2: 2, 3: 1, 4: 1, 5: 2, 6: 3, 7: 2})
    tables = cup_tables(s, standings(7), CupRules(top=2, participation=False))
    assert [(t.group, [(r.player, r.cup) for r in t.rows]) for t in tables] == [
        (1, [("p1", True), ("p3", True), ("p4", False)]),
        (2, [("p2", True), ("p5", True), ("p7", False)]),
        (3, [("p6", True)])]


def test_the_33_percent_rule_puts_the_few_evenings_last() -> None:
    # p1 leads group 1 but took part in too few rounds: p3 and p4 take the cups, p1 is listed last.
    s = season_of({}, groups={1: 1, 2: 2, 3: 1, 4: 1, 5: 2})
    table = cup_tables(s, standings(5, {1: False}), CupRules(top=2, participation=True))[0]
    assert [(r.player, r.place, r.eligible, r.cup) for r in table.rows] == [
        ("p3", 1, True, True), ("p4", 2, True, True), ("p1", 3, False, False)]


def test_the_final_group_plays_for_no_cup() -> None:
    s = season_of({}, groups={1: 1, 2: 1, 3: 1, 4: 1})
    table = cup_tables(s, standings(4), CupRules(top=2, participation=True), excluded=frozenset({P("p1")}))[0]
    assert [(r.player, r.rank, r.cup) for r in table.rows] == [("p2", 2, True), ("p3", 3, True), ("p4", 4, False)]
