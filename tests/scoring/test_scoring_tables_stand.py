"""Tables that stand (docs/rules.md §6): the table after round K never changes because of what happens after K."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from keizer.scoring.replay import replay
from keizer.scoring.table import standings_frame, standings_frames, standings_table
from keizer.seasons.errors import InputError
from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json
from tests.conftest import real_season_paths
from tests.strategies import seasons

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _valid(obj: dict[str, Any]) -> Season:
    try:
        return season_from_json(obj)
    except InputError:
        assume(False)
        raise


def _same_tables(before: Season, after: Season, upto: int) -> None:
    a, b = replay(before, upto), replay(after, upto)
    for k in range(upto + 1):
        assert a.standings(k) == b.standings(k), k
        # every column but `lot`, the place in the file's player list, which a newcomer slotted in shifts
        assert standings_table(a, k).drop("lot").equals(standings_table(b, k).drop("lot")), k


@SETTINGS
@given(seasons(max_rounds=6), st.data())
def test_a_withdrawal_after_k_leaves_the_tables_up_to_k(s: Season, data: st.DataObject) -> None:
    paired = max((r.number for r in s.rounds if r.is_paired), default=0)
    assume(paired >= 2)
    k = data.draw(st.integers(1, paired - 1))
    j = data.draw(st.integers(k + 1, paired))
    free = [p.id for p in s.players if s.withdrawal_of(p.id) is None and p.joined <= k]
    assume(free)
    who = data.draw(st.sampled_from(free))
    obj = season_to_json(s)
    for rnd in obj["rounds"][j - 1:]:  # from round J on the player is gone; an opponent gets a bye
        rnd["entries"].pop(who, None)
        for game in [g for g in rnd["games"] if who in (g["white"], g["black"])]:
            rnd["games"].remove(game)
            rnd["entries"][game["black"] if game["white"] == who else game["white"]] = "bye"
    obj["withdrawals"] = obj.get("withdrawals", []) + [{"player": who, "before_round": j}]
    _same_tables(s, _valid(obj), k)


@SETTINGS
@given(seasons(max_rounds=6), st.data())
def test_a_player_joining_after_k_leaves_the_tables_up_to_k(s: Season, data: st.DataObject) -> None:
    paired = max((r.number for r in s.rounds if r.is_paired), default=0)
    assume(paired >= 1)
    k = data.draw(st.integers(0, paired - 1))
    j = data.draw(st.integers(k + 1, paired + 1))
    assume(j >= 2)
    obj = season_to_json(s)
    newcomer: dict[str, Any] = {"id": "newcomer", "name": "New", "joined": j}
    if data.draw(st.booleans()):
        newcomer["rating"] = data.draw(st.integers(1000, 2000))
    if data.draw(st.booleans()):
        newcomer["enters_at"] = data.draw(st.integers(1, len(s.players) + 2))
    obj["players"].insert(data.draw(st.integers(0, len(obj["players"]))), newcomer)
    for rnd in obj["rounds"]:
        if rnd["round"] < j:
            if data.draw(st.booleans()):
                rnd["entries"]["newcomer"] = "late"
        else:
            rnd["entries"]["newcomer"] = data.draw(st.sampled_from(["excused", "bye", "duty"]))
    _same_tables(s, _valid(obj), k)


def test_a_joiner_is_paired_in_the_round_they_join() -> None:
    from keizer.pairing.ranking import keizer_ranking

    obj = {"format": "keizer-season/1", "ruleset": "doorn-driebergen-2019",
           "players": [{"id": f"p{i}"} for i in range(1, 5)] + [{"id": "new", "joined": 2, "enters_at": 2}],
           "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p2", "result": "1-0"},
                                             {"white": "p3", "black": "p4", "result": "0-1"}],
                       "entries": {"new": "late"}}]}
    season = season_from_json(obj)
    ranking, values = keizer_ranking(season, 2)
    assert ranking[1] == "new" and len(ranking) == len(values) == 5
    assert "new" not in replay(season).ranking_after(1)


def test_a_card_shows_the_ranks_that_were_published() -> None:
    obj = {"format": "keizer-season/1", "ruleset": "doorn-driebergen-2019",
           "players": [{"id": "new", "joined": 2, "enters_at": 1}] + [{"id": f"p{i}"} for i in range(1, 5)],
           "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p2", "result": "0-1"},
                                             {"white": "p3", "black": "p4", "result": "0-1"}]},
                      {"round": 2, "games": [{"white": "new", "black": "p2", "result": "1-0"},
                                             {"white": "p4", "black": "p1", "result": "1/2-1/2"}],
                       "entries": {"p3": "bye"}}]}
    rp = replay(season_from_json(obj))
    from keizer.scoring.card import player_card

    for pid in ("p1", "p2", "p3", "p4"):
        assert player_card(rp, pid).rank_history == tuple(rp.ranking_after(r).index(pid) + 1 for r in range(3))


def test_a_frozen_price_stays_when_someone_joins_later() -> None:
    """D art. 17 (frozen): a round keeps its price for good. `a` joins at round 2 at place 1, so p1's win over
    `a` in round 2 is worth #1's 80; `b` joining at round 3 must not reprice it (it did: `a` put last, 76)."""
    from keizer.scoring.card import player_card
    from keizer.seasons.model import PlayerId

    obj = {"format": "keizer-season/1", "ruleset": "doorn-driebergen-2019", "rounds_planned": 30,
           "players": [{"id": f"p{i}"} for i in range(1, 5)] + [{"id": "a", "joined": 2, "enters_at": 1},
                                                              {"id": "b", "joined": 3}],
           "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p2", "result": "1-0"},
                                             {"white": "p3", "black": "p4", "result": "1-0"}]},
                      {"round": 2, "games": [{"white": "a", "black": "p1", "result": "0-1"},
                                             {"white": "p2", "black": "p3", "result": "1/2-1/2"}],
                       "entries": {"p4": "bye"}},
                      {"round": 3, "games": [{"white": "p1", "black": "p3", "result": "1-0"},
                                             {"white": "b", "black": "a", "result": "1-0"}],
                       "entries": {"p2": "excused", "p4": "excused"}}]}
    rp = replay(season_from_json(obj))
    for pid in ("p1", "p2", "p3", "p4", "a"):
        published = [line.points for line in player_card(rp, PlayerId(pid), 2).lines]
        assert [line.points for line in player_card(rp, PlayerId(pid), 3).lines][:2] == published, pid
    assert player_card(rp, PlayerId("p1"), 3).lines[1].points == 80


def _tables_held(s: Season, upto: int, rounds: range | None = None, tries: int = 1) -> None:
    """Every table after rounds 0..upto that a replay up to `upto` gives at once (`standings_frames`, what the
    site's round pages read) is the table a replay up to that round gives (checked for `rounds`, default
    all; the others against the table of that round alone); `tries` times over (polars runs a query on
    several threads: an order it does not promise shows only now and then)."""
    whole = replay(s, upto)
    checked = range(upto + 1) if rounds is None else rounds
    alone = [standings_frame(replay(s, k) if k in checked else whole, k) for k in range(upto + 1)]
    for _ in range(tries):
        held = standings_frames(whole, range(upto + 1))
        assert [k for k in range(upto + 1) if not held[k].equals(alone[k])] == []


@SETTINGS
@given(seasons(max_rounds=6))
def test_a_replay_up_to_k_holds_the_table_after_every_round_before(s: Season) -> None:
    _tables_held(s, max((r.number for r in s.rounds if r.is_paired), default=0))


def test_a_real_season_holds_the_table_after_every_round() -> None:
    # a real season's colour runs: a group_by over several tables kept no row order, and "2W" came out "1W"
    for path in real_season_paths():
        season = load_season(path)
        upto = max(r.number for r in season.rounds if r.has_results)
        _tables_held(season, upto, range(0, upto + 1, 6), tries=10)
