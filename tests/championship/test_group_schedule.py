"""The group's schedule model: optimal against brute force on 4 members, its constraints on the real six."""

from __future__ import annotations

import itertools

import pytest

from keizer.pairing.group_schedule import (
    ScheduleInstance,
    check_schedule,
    move_game,
    propose_schedule,
    solve_schedule,
)
from keizer.seasons.model import ChampionshipGroup, GroupGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.scoring.group_table import required_games

P = PlayerId
A, B, C, D = P("a"), P("b"), P("c"), P("d")


def brute_force(instance: ScheduleInstance) -> int:
    best = None
    for rounds in itertools.product(instance.rounds, repeat=len(instance.games)):
        placed = tuple(GroupGame(r, w, b) for r, (w, b) in zip(rounds, instance.games))
        check = check_schedule(instance, placed)
        if check.valid and (best is None or check.cost < best):
            best = check.cost
    assert best is not None
    return best


@pytest.mark.parametrize("instance", [
    ScheduleInstance((A, B, C, D), ((A, B), (C, D), (B, C), (D, A), (A, C)), tuple(range(21, 26))),
    ScheduleInstance((A, B, C, D), ((A, B), (B, A), (C, D), (A, C)), tuple(range(21, 26)),
                     unavailable=((A, (22, 23)),)),
    ScheduleInstance((A, B, C, D), ((B, A), (C, D), (D, B)), tuple(range(23, 28)),
                     fixed=(GroupGame(21, A, C), GroupGame(22, B, D)), unavailable=((C, (24,)),)),
    ScheduleInstance((A, B, C, D), ((A, B), (B, A), (A, C), (C, A)), (21, 22, 23, 24),
                     unavailable=((A, (21, 22, 23)),)),
])
def test_the_model_finds_the_brute_force_optimum(instance: ScheduleInstance) -> None:
    placed = solve_schedule(instance)
    check = check_schedule(instance, placed)
    assert check.valid
    assert check.cost == brute_force(instance)
    assert solve_schedule(instance) == placed  # deterministic


def test_too_many_games_for_the_rounds_is_said() -> None:
    with pytest.raises(KeizerError, match="do not fit in rounds 21–22"):
        solve_schedule(ScheduleInstance((A, B, C), ((A, B), (B, C), (C, A)), (21, 22)))


def d_season() -> tuple[Season, ChampionshipGroup]:
    """Ten players, twenty rounds; the six members met in rounds 1–20 as the rows below say."""
    ids = tuple(P(f"p{i}") for i in range(1, 11))
    players = tuple(Player(id=p, name=p) for p in ids)
    met = [(0, 1), (2, 3), (4, 5), (1, 2), (3, 4), (5, 0), (0, 2)]  # seven pairs of the six met once
    rounds = []
    for r in range(1, 21):
        games = []
        if r <= len(met):
            i, j = met[r - 1]
            games.append(Game(ids[i], ids[j], Result.DRAW))
        rest = [p for p in ids if not any(p in g.players() for g in games)]
        # the others play among themselves, never member against member
        outs, ins = [p for p in rest if p in ids[6:]], [p for p in rest if p in ids[:6]]
        while ins and outs:
            games.append(Game(ins.pop(), outs.pop(), Result.WHITE_WINS))
        entries = tuple(sorted((p, EntryKind.EXCUSED) for p in ins + outs))
        rounds.append(Round(r, games=tuple(games), entries=entries))
    season = Season(name="D", ruleset_spec="doorn-driebergen-2019", players=players, rounds=tuple(rounds),
                    rounds_planned=36)
    return season, ChampionshipGroup(20, ids[:6], unavailable=((ids[3], (24, 25, 26)),))


RULE = ChampionshipRule()


def test_the_real_six_get_every_required_game_once_spread_over_rounds_21_to_36() -> None:
    season, group = d_season()
    schedule, check = propose_schedule(season, group, RULE, 21)
    need = required_games(season, group, RULE)
    assert len(need) == 7 + 2 * 8  # seven pairs met once, eight not at all
    assert sorted((g.white, g.black) for g in schedule) == sorted(need)
    assert all(21 <= g.round <= 36 for g in schedule)
    for r in range(21, 37):
        members = [p for g in schedule if g.round == r for p in (g.white, g.black)]
        assert len(members) == len(set(members))
    assert not any(g.round in (24, 25, 26) and P("p4") in (g.white, g.black) for g in schedule)
    assert check.valid and check.cost < 20
    assert propose_schedule(season, group, RULE, 21) == (schedule, check)


def test_a_missed_game_is_rescheduled_with_the_played_ones_kept() -> None:
    season, group = d_season()
    schedule, _ = propose_schedule(season, group, RULE, 21)
    group = ChampionshipGroup(20, group.members, schedule=schedule)
    # Round 21 is played, but only one of its scheduled games took place.
    in21 = [g for g in schedule if g.round == 21]
    played = in21[0]
    others = [p for p in season.players if p.id not in (played.white, played.black)]
    games = (Game(played.white, played.black, Result.WHITE_WINS),)
    entries = tuple(sorted((p.id, EntryKind.EXCUSED) for p in others))
    season = season.with_round(Round(21, games=games, entries=entries))
    again, check = propose_schedule(season, group, RULE, 22)
    assert played in again and all(g.round >= 22 for g in again if g != played)
    assert len(again) == len(schedule) and check.valid
    missed = in21[1:]
    assert all(any((g.white, g.black) == (m.white, m.black) and g.round >= 22 for g in again) for m in missed)


def test_moving_a_game_says_what_it_breaks() -> None:
    season, group = d_season()
    schedule, _ = propose_schedule(season, group, RULE, 21)
    group = ChampionshipGroup(20, group.members, schedule=schedule, unavailable=group.unavailable)
    game = next(g for g in schedule if P("p4") in (g.white, g.black))
    clash = next(g for g in schedule if game.white in (g.white, g.black) and g != game)
    moved, after, before = move_game(season, group, RULE, 21, game, clash.round)
    assert before.valid and not after.valid
    assert any(b.hard and f"group games in round {clash.round}" in b.what for b in after.breaches)
    moved, after, _ = move_game(season, group, RULE, 21, game, 25)
    assert any(not b.hard and "cannot play round 25" in b.what for b in after.breaches)
