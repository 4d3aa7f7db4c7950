"""A pair the championship group keeps apart is said as the group's rule, not as the director's forbid
(issue 20.8: `pair --explain` said "the director forbade" where the group's schedule forbids the pair)."""

from __future__ import annotations

from dataclasses import replace

from keizer.pairing.checker import check_pairing
from keizer.pairing.explain.boards import explain
from keizer.pairing.history import pair_key
from keizer.pairing.proposer import propose
from keizer.seasons.model import EntryKind, PlayerId
from tests.championship.test_group_pairing import grouped, pair
from tests.pairing.helpers import instance, season

P = PlayerId


def test_the_free_members_of_a_round_are_kept_apart_by_the_group_not_the_director() -> None:
    s = grouped()
    assert s.championship is not None
    one, two = s.championship.games_in(21)[:2]
    # the white player of two scheduled games away: their opponents are paired by the model, apart
    away = replace(s.round(21), entries=((one.white, EntryKind.EXCUSED), (two.white, EntryKind.EXCUSED)))
    inst = pair(s.with_round(away))
    assert pair_key(one.black, two.black) in inst.apart
    assert inst.is_forbidden(one.black, two.black) and inst.kept_apart(one.black, two.black)
    others = [p.id for p in inst.players if p.id not in (one.black, two.black)]
    games = [(one.black, two.black)] + [(others[i], others[i + 1]) for i in range(0, len(others) - 1, 2)]
    report = check_pairing(inst, games)
    [violation] = [v for v in report.violations if set(v.players) == {one.black, two.black}]
    assert violation.rule == "group" and "championship group" in violation.message
    assert "director" not in violation.message


def test_why_not_says_the_group_keeps_the_pair_apart() -> None:
    s = season(6, [], {"preset": "keizer-classic", "pairing": {"rematch_from_round": None}}, next_entries={})
    inst = instance(s, forbids=[(P("p01"), P("p02"))])
    kept = replace(inst, apart=(pair_key(P("p01"), P("p02")),))  # as build_instance marks the group's pairs
    text = "\n".join(explain(kept, propose(kept)).lines)
    assert ("why not p02 (#2) for p01? p01 and p02 are in the championship group: they meet only as its schedule "
            "says.") in text
    assert "the director forbade" not in text
    director = "\n".join(explain(inst, propose(inst)).lines)  # the director's own forbid is said as it was
    assert "why not p02 (#2) for p01? the director forbade p01–p02." in director
