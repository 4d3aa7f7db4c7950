"""Properties of the proposed class moves over random classes and rankings (docs/rules.md §9)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from keizer.scoring.classes import ClassRow, ClassTable, propose_moves
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import ClassRules

NAMES = ("A", "B", "C", "D")


@st.composite
def readings(draw: st.DrawFn) -> tuple[tuple[ClassTable, ...], ClassRules, frozenset[PlayerId]]:
    m = draw(st.integers(2, 4))
    n = draw(st.integers(0, 30))
    classes = [draw(st.integers(0, m - 1)) for _ in range(n)]
    order = draw(st.permutations(range(n)))  # order[i]: the Keizer rank (0-based) of player i
    leaving = frozenset(PlayerId(f"p{i}") for i in range(n) if draw(st.integers(0, 9)) == 0)
    tables = []
    for c in range(m):
        members = sorted((order[i], i) for i in range(n) if classes[i] == c)
        tables.append(ClassTable(NAMES[c], tuple(ClassRow(place=j + 1, rank=r + 1, player=PlayerId(f"p{i}"),
                                                          score=Fraction(0), eligible=None)
                                                 for j, (r, i) in enumerate(members))))
    rules = ClassRules(NAMES[:m], (20,), draw(st.integers(0, 2)), draw(st.booleans()))
    return tuple(tables), rules, leaving


@settings(max_examples=300, deadline=None)
@given(readings())
def test_moves_are_sound(reading: tuple[tuple[ClassTable, ...], ClassRules, frozenset[PlayerId]]) -> None:
    tables, rules, leaving = reading
    moves = propose_moves(tables, rules, leaving)
    names = rules.names
    home = {r.player: t.name for t in tables for r in t.rows}
    assert len({m.player for m in moves}) == len(moves)  # one move per player
    for m in moves:
        assert m.player not in leaving and home[m.player] == m.source != m.target
        if m.reason in ("promotion", "relegation"):  # art. 5: neighbours only, the right direction
            step = names.index(m.target) - names.index(m.source)
            assert step == (-1 if m.reason == "promotion" else 1)
    if not rules.balance:
        assert all(m.reason != "balance" for m in moves)
        return
    final = {p: c for p, c in home.items() if p not in leaving}
    final.update((m.player, m.target) for m in moves)
    sizes = [sum(1 for c in final.values() if c == name) for name in names]
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)  # the upper take the rest
