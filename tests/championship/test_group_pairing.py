"""A round's Keizer pairing around the championship group: its games fixed, its pairs apart (rules §8)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import keizer_ranked
from keizer.pairing.championship.schedule import propose_schedule
from keizer.pairing.simulate import simulate_season
from keizer.scoring.replay import replay
from keizer.scoring.championship.table import propose_members
from keizer.seasons.model import ChampionshipGroup
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.ruleset.parse import parse_ruleset

D = "doorn-driebergen-2019"


@cache
def grouped() -> Season:
    """Twelve players, rounds 1–20 played, the group of six formed and scheduled, round 21 to pair."""
    s = simulate_season(12, 24, D, seed=1, played=20)
    s = replace(s, rounds=s.rounds[:20] + (replace(s.rounds[20], entries=()),))  # everyone present in 21
    members = propose_members(replay(s, 20).ranking_after(20), 6)
    rule = parse_ruleset(D).championship
    assert rule is not None
    group = ChampionshipGroup(20, members)
    schedule = propose_schedule(s, group, replace(rule, last_round=24), 21).games
    return replace(s, championship=replace(group, schedule=schedule))


def pair(season: Season, k: int = 21, **kw: object):  # type: ignore[no-untyped-def]
    ranked = keizer_ranked(season, k)
    return build_instance(season, k, ranked.ranking, ranked.values, slots=ranked.slots, **kw)  # type: ignore[arg-type]


def test_the_rounds_group_games_are_fixed_and_the_other_pairs_kept_apart() -> None:
    s = grouped()
    group = s.championship
    assert group is not None
    inst = pair(s)
    scheduled = tuple((g.white, g.black) for g in group.games_in(21))
    assert scheduled and inst.fixed == scheduled
    best = propose(inst)
    members = set(group.members)
    for board in best.boards:
        if board.white in members and board.black in members:
            assert (board.white, board.black) in scheduled


def test_a_scheduled_game_with_an_absent_member_is_left_out() -> None:
    s = grouped()
    assert s.championship is not None
    game = s.championship.games_in(21)[0]
    absent = s.with_round(replace(s.round(21), entries=((game.white, EntryKind.EXCUSED),)))
    inst = pair(absent)
    assert (game.white, game.black) not in inst.fixed
    board = next(b for b in propose(inst).boards if game.black in (b.white, b.black))
    other = board.black if board.white == game.black else board.white
    assert other not in s.championship.members  # no group game off the schedule


def test_a_lock_or_hand_fixed_game_of_two_members_outside_the_schedule_is_refused() -> None:
    s = grouped()
    assert s.championship is not None
    first = s.championship.games_in(21)[0]  # round 21 keeps one group game: two members are free
    group = replace(s.championship, schedule=tuple(g for g in s.championship.schedule if g.round != 21 or g == first))
    s = replace(s, championship=group)
    free = [p for p in group.members if p not in (first.white, first.black)]
    a, b = free[0], free[1]
    with pytest.raises(KeizerError, match="championship group members meet only as their schedule says"):
        pair(s, locks=[(a, b)])
    with pytest.raises(KeizerError, match="not in the championship group's schedule for round 21"):
        pair(s, fixed=[(a, b)])


def test_a_fixed_third_meeting_is_refused_with_the_reason() -> None:
    s = simulate_season(12, 24, D, seed=1, played=20)
    met: dict[frozenset[PlayerId], int] = {}
    for r in s.rounds[:20]:
        for g in r.games:
            met[frozenset(g.players())] = met.get(frozenset(g.players()), 0) + 1
    twice = next(p for p, n in sorted(met.items(), key=lambda x: sorted(x[0])) if n == 2)
    w, b = sorted(twice)
    s = replace(s, rounds=s.rounds[:20] + (replace(s.rounds[20], entries=()),))
    if parse_ruleset(D).pairing.bottom_region:  # pragma: no cover - D has none
        pytest.skip("bottom region allows a third meeting")
    with pytest.raises(KeizerError, match=f"fixed game {w}–{b}: they have met twice already and max_meetings is 2"):
        pair(s, fixed=[(w, b)])


def test_fixing_a_player_twice_is_refused() -> None:
    s = grouped()
    group = s.championship
    assert group is not None
    g = group.games_in(21)[0]
    other = next(p.id for p in s.players if p.id not in group.members)
    with pytest.raises(KeizerError, match="already plays fixed game"):
        pair(s, fixed=[(g.white, other), (other, g.black)])


def test_the_desk_and_keizer_pair_mark_the_group_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.cli.main import main
    from keizer.evening.evening import Evening

    s = grouped()
    assert s.championship is not None
    path = tmp_path / "s.keizer"
    SeasonStore.create(path, s).close()
    evening = Evening.open(path)
    try:
        views = evening.desk.solve(21, alternatives=0)
    finally:
        evening.close()
    marked = {b.pair for b in views[0].boards if b.group}
    assert marked == {(g.white, g.black) for g in s.championship.games_in(21)}
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count(" group") == len(marked)
