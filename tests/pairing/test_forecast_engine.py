"""A forecast's runs pair and score as an evening does: the same pairing, the same tables, whatever the state."""

from __future__ import annotations

import threading

import pytest

from keizer.evening.desk.solve import round_request, solve_request
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import Run, pair_round
from keizer.evening.forecast.start import make_start
from keizer.pairing.simulate import simulate_season
from keizer.scoring.replay import replay


def evening_pairing(season, k):
    """The Pairing screen's (and `keizer pair`'s) best proposal for round k, solved as an evening solves."""
    request = round_request(season, replay(season, k - 1), k, locks=(), forbids=(), alternatives=0, head=0)
    outcome = solve_request(request, threading.Event())
    assert outcome.error is None, outcome.error
    best = outcome.proposals[0]
    return best.pairs(), best.bye


@pytest.mark.parametrize("ruleset,k", [("keizer-classic", 8), ("doorn-driebergen-2019", 17), ("kijk-uit", 12)])
def test_each_simulated_round_is_paired_as_the_evening_pairs_it(ruleset, k):
    season = simulate_season(22, 26, ruleset, 11, played=k)
    start = make_start(season, k, seed=3, schedules=Schedules())
    run = Run(start, 0, Schedules())
    for j in range(k + 1, k + 6):  # the run's own state, carried on round by round, against the evening's
        ranking, values = run.onward.entry_ranking(run.season, j)
        listed = run.season.with_round(run.listed(j, ranking))
        assert pair_round(listed, j, ranking, values, run.past) == evening_pairing(listed, j)
        assert ranking == replay(run.season, j - 1).entry_ranking(j)[0]
        run.play_round(j)
        assert [(r.player, r.score) for r in run.onward.rows()] == \
            [(r.player, r.score) for r in replay(run.season, j).standings(j).rows]


def test_the_group_forms_after_its_round_and_its_games_are_the_boards():
    season = simulate_season(20, 30, "doorn-driebergen-2019", 2, played=19)
    start = make_start(season, 19, seed=1, schedules=Schedules())
    run = Run(start, 4, Schedules())
    run.play_round(20)
    assert run.season.championship is None
    run.play_round(21)
    group = run.season.championship
    assert group is not None and group.members == replay(run.season, 20).ranking_after(20)[:6]
    assert run.group == group.members and group.schedule
    for j in range(22, 27):
        played = run.play_round(j)
        boards = {frozenset(g.players()) for g in played.games}
        for game in run.season.championship.games_in(j):
            present = {p for g in played.games for p in g.players()}
            if {game.white, game.black} <= present:
                assert frozenset((game.white, game.black)) in boards
        members = set(group.members)
        scheduled = {frozenset((g.white, g.black)) for g in run.season.championship.schedule}
        assert all(frozenset(g.players()) in scheduled for g in played.games if set(g.players()) <= members)


def test_what_is_known_of_the_next_round_is_kept_and_the_rest_drawn():
    from dataclasses import replace

    from keizer.seasons.model import EntryKind

    season = simulate_season(16, 20, "doorn-driebergen-2019", 5, played=10)
    listed = season.round(11)
    known = [p.id for p in season.players if listed.entry_of(p.id) is None][:2]
    listed = listed.with_entry(known[0], EntryKind.EXTERNAL_WIN)  # a team match already entered
    season = replace(season.with_round(listed), suspended=(known[1],))
    start = make_start(season, 10, seed=0, schedules=Schedules())
    for n in range(5):
        run = Run(start, n, Schedules())
        ranking, _ = run.onward.entry_ranking(run.season, 11)
        entries = dict(run.listed(11, ranking).entries)
        assert entries[known[0]] is EntryKind.EXTERNAL_WIN
        assert entries[known[1]] is EntryKind.UNEXCUSED  # D art. 12: not paired until they report back
        assert {pid for pid, kind in listed.entries} <= set(entries)


def test_a_forecast_looking_back_sees_only_the_rounds_before_it():
    from dataclasses import replace

    from keizer.evening.forecast.season_forecast import forecast

    played = simulate_season(14, 18, "keizer-classic", 9)
    then = replace(played, rounds=played.rounds[:12])
    assert forecast(played, 12, runs=6, workers=1) == forecast(then, 12, runs=6, workers=1)


def test_a_group_formed_in_a_run_has_every_game_spread_one_a_round_per_member():
    from collections import Counter

    from keizer.evening.forecast.group import spread
    from keizer.pairing.championship.schedule import ScheduleInstance, check_schedule

    members = tuple(f"m{i}" for i in range(6))
    games = tuple((a, b) for a in members for b in members if a != b)  # a double round robin: 30 games
    instance = ScheduleInstance(members=members, games=games, rounds=tuple(range(21, 37)),
                                unavailable=(("m2", (23, 24)),))
    placed = spread(instance)
    assert placed is not None and sorted((g.white, g.black) for g in placed) == sorted(games)
    assert check_schedule(instance, placed).valid  # every game once, one a round per member
    assert not any(g.round in (23, 24) and "m2" in (g.white, g.black) for g in placed)
    assert max(Counter(g.round for g in placed).values()) <= 2  # 30 games over 16 rounds: spread
    tight = ScheduleInstance(members=members, games=games, rounds=tuple(range(21, 26)))
    assert spread(tight) is None  # 30 games do not fit in 5 rounds of at most 3


def test_a_round_whose_members_outnumber_the_others_gets_their_group_games():
    """Members meet only in their group's games (D art. 4): when those present outnumber the others, the
    director moves group games into the round; a run does the same instead of stopping."""
    from dataclasses import replace

    from keizer.evening.forecast.group import pulled_forward, unscheduled
    from keizer.evening.forecast.season_forecast import forecast
    from keizer.seasons.model import ChampionshipGroup, GroupGame
    from keizer.seasons.ruleset.parse import parse_ruleset

    season = simulate_season(14, 24, "doorn-driebergen-2019", 3, played=22)
    rule = parse_ruleset(season.ruleset_spec).championship
    m = replay(season, 20).ranking_after(20)[:6]
    group = ChampionshipGroup(formed_after=20, members=m, schedule=(GroupGame(24, m[0], m[1]), GroupGame(24, m[2], m[3])))
    season = replace(season, championship=group)
    present = set(m[:5])  # m[5] away: m[0]–m[1] and m[2]–m[3] come forward; m[4] has no free member left
    moved = pulled_forward(season, rule, 23, present).championship
    assert {(g.white, g.black) for g in moved.games_in(23)} == {(m[0], m[1]), (m[2], m[3])}
    assert len(moved.schedule) == 2
    white, black = next(g for g in unscheduled(season, group, rule) if not set(g) <= set(m[:4]))
    assert pulled_forward(season, rule, 23, {white, black}).championship.games_in(23) == (GroupGame(23, white, black),)
    # a 14-player season whose group cannot be scheduled in the 4 rounds left: every run still pairs
    short = simulate_season(14, 24, "doorn-driebergen-2019", 3, played=12)
    assert forecast(short, runs=8, seed=0, workers=1).runs == 8
