"""K's final group on random seasons: the oracle agrees, the finalists stay on top, earlier tables stand (rules §8)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from keizer.scoring.replay import replay
from tests.oracle.reference import reference_replay
from keizer.seasons.errors import InputError
from keizer.seasons.model import Season
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json
from tests.strategies import seasons

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPECS = ({"preset": "keizer-classic"}, {"preset": "kijk-uit"},
         {"preset": "doorn-driebergen-2019", "iterate": [2, 4]}, {"preset": "keizer-classic", "iterate": "never"})


def _valid(obj: dict[str, Any]) -> Season:
    try:
        return season_from_json(obj)
    except InputError:
        assume(False)
        raise


def _with_group(s: Season, data: st.DataObject) -> tuple[Season, Season, int]:
    """(the season with a final group of two formed after round a, the same season up to round a, a)."""
    paired = max((r.number for r in s.rounds if r.is_paired), default=0)
    assume(paired >= 2)
    a = data.draw(st.integers(1, paired - 1))
    spec = dict(data.draw(st.sampled_from(SPECS)), championship={"after_round": a, "size": 2, "mode": "separate"})
    obj = season_to_json(s)
    obj["ruleset"] = spec
    before = _valid(dict(obj, rounds=obj["rounds"][:a]))
    ranking = replay(before, a).ranking_after(a)
    assume(len(ranking) >= 3)
    members = list(ranking[:2])
    for rnd in obj["rounds"][a:]:  # the two play no Keizer after round a: an opponent of theirs sits out
        for game in [g for g in rnd["games"] if {g["white"], g["black"]} & set(members)]:
            rnd["games"].remove(game)
            for pid in (game["white"], game["black"]):
                if pid not in members:
                    rnd["entries"][pid] = "bye"
    obj["championship"] = {"formed_after": a, "members": members}
    return _valid(obj), before, a


@SETTINGS
@given(seasons(max_players=7, max_rounds=6), st.data())
def test_the_oracle_agrees_and_the_finalists_stay_on_top(s: Season, data: st.DataObject) -> None:
    grouped, before, a = _with_group(s, data)
    upto = max(r.number for r in grouped.rounds if r.is_paired)
    fast = replay(grouped, upto)
    members = grouped.championship.members if grouped.championship else ()
    for ref in reference_replay(grouped, upto):
        got = fast.standings(ref.round)
        assert tuple(r.player for r in got.rows) == ref.order, ref.round
        assert tuple(r.score for r in got.rows) == ref.scores, ref.round
        ranked = [m for m in members if m in ref.order]
        if ref.round > a:
            assert ref.order[:len(ranked)] == tuple(ranked)
            assert [r.player for r in got.rows if r.final_group] == ranked
        else:
            assert not any(r.final_group for r in got.rows)


@SETTINGS
@given(seasons(max_players=7, max_rounds=6), st.data())
def test_the_tables_up_to_the_groups_round_stand(s: Season, data: st.DataObject) -> None:
    grouped, before, a = _with_group(s, data)
    with_group, without = replay(grouped, a), replay(before, a)
    for k in range(a + 1):
        assert with_group.standings(k) == without.standings(k), k
