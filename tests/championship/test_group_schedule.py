"""The group's schedule model: optimal against brute force on 4 members, its constraints on the real six."""

from __future__ import annotations

import itertools

import pytest

from keizer.pairing.championship.check import ScheduleInstance, check_schedule
from keizer.pairing.championship.model import solve_schedule
from keizer.pairing.championship.schedule import move_game, propose_schedule
from keizer.seasons.model import ChampionshipGroup, GroupGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.scoring.championship.table import required_games

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
    check = check_schedule(instance, placed.games)
    assert check.valid and placed.optimal
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
    found = propose_schedule(season, group, RULE, 21)
    schedule, check = found.games, found.check
    need = required_games(season, group, RULE)
    assert len(need) == 7 + 2 * 8  # seven pairs met once, eight not at all
    assert sorted((g.white, g.black) for g in schedule) == sorted(need)
    assert all(21 <= g.round <= 36 for g in schedule)
    for r in range(21, 37):
        members = [p for g in schedule if g.round == r for p in (g.white, g.black)]
        assert len(members) == len(set(members))
    assert not any(g.round in (24, 25, 26) and P("p4") in (g.white, g.black) for g in schedule)
    assert check.valid and check.cost < 20
    assert propose_schedule(season, group, RULE, 21) == found


def test_a_missed_game_is_rescheduled_with_the_played_ones_kept() -> None:
    season, group = d_season()
    schedule = propose_schedule(season, group, RULE, 21).games
    group = ChampionshipGroup(20, group.members, schedule=schedule)
    # Round 21 is played, but only one of its scheduled games took place.
    in21 = [g for g in schedule if g.round == 21]
    played = in21[0]
    others = [p for p in season.players if p.id not in (played.white, played.black)]
    games = (Game(played.white, played.black, Result.WHITE_WINS),)
    entries = tuple(sorted((p.id, EntryKind.EXCUSED) for p in others))
    season = season.with_round(Round(21, games=games, entries=entries))
    proposed = propose_schedule(season, group, RULE, 22)
    again, check = proposed.games, proposed.check
    assert played in again and all(g.round >= 22 for g in again if g != played)
    assert len(again) == len(schedule) and check.valid
    missed = in21[1:]
    assert all(any((g.white, g.black) == (m.white, m.black) and g.round >= 22 for g in again) for m in missed)


def test_moving_a_game_says_what_it_breaks() -> None:
    season, group = d_season()
    schedule = propose_schedule(season, group, RULE, 21).games
    group = ChampionshipGroup(20, group.members, schedule=schedule, unavailable=group.unavailable)
    game = next(g for g in schedule if P("p4") in (g.white, g.black))
    clash = next(g for g in schedule if game.white in (g.white, g.black) and g != game)
    moved, after, before = move_game(season, group, RULE, 21, game, clash.round)
    assert before.valid and not after.valid
    assert any(b.hard and f"group games in round {clash.round}" in b.what for b in after.breaches)
    moved, after, _ = move_game(season, group, RULE, 21, game, 25)
    assert any(not b.hard and "cannot play round 25" in b.what for b in after.breaches)


def test_a_game_is_never_scheduled_in_a_round_its_member_is_recorded_absent() -> None:
    """Issue 19 item 4: the rounds still to pair are listed with who is away (excused — an absence report
    is booked so —, a team match, on duty, absent): the schedule leaves those members out of those rounds.
    Today a member excused in round 21 got a group game there."""
    from dataclasses import replace

    season, group = d_season()
    m = group.members
    away = {r: ((m[0], EntryKind.EXCUSED),) if r <= 26 else ((m[1], EntryKind.EXTERNAL_PENDING),) if r >= 31
            else () for r in range(21, 37)}
    away[23] = ((m[0], EntryKind.EXCUSED), (m[2], EntryKind.DUTY), (m[3], EntryKind.UNEXCUSED))
    season = replace(season, rounds=season.rounds + tuple(Round(r, entries=tuple(sorted(away[r])))
                                                          for r in range(21, 37)))
    found = propose_schedule(season, replace(group, unavailable=()), RULE, 21)
    for g in found.games:
        assert not {g.white, g.black} & {p for p, _ in away[g.round]}, g
    assert found.check.valid and not any(b.kind == "absent" for b in found.check.breaches)


def test_re_proposing_after_an_absence_keeps_to_the_absences() -> None:
    from dataclasses import replace

    season, group = d_season()
    group = replace(group, unavailable=())
    schedule = propose_schedule(season, group, RULE, 21).games
    group = replace(group, schedule=schedule)
    missed = next(g for g in schedule if g.round == 21)
    others = [p.id for p in season.players if p.id not in (missed.white, missed.black)]
    # round 21 played without the game (its white excused), and that member away for rounds 22-25 too
    played = Round(21, games=(), entries=tuple(sorted((p, EntryKind.EXCUSED) for p in (missed.white,))))
    rest = [p for p in others]
    games = tuple(Game(rest[i], rest[i + 1], Result.DRAW) for i in range(0, len(rest) - 1, 2))
    played = replace(played, games=games, entries=tuple(sorted([(missed.white, EntryKind.EXCUSED)]
                                                              + [(p, EntryKind.BYE) for p in rest[len(games) * 2:]]
                                                              + [(missed.black, EntryKind.BYE)])))
    later = tuple(Round(r, entries=((missed.white, EntryKind.EXCUSED),)) for r in range(22, 26))
    season = replace(season, rounds=season.rounds + (played,) + later)
    again = propose_schedule(season, group, RULE, 22).games
    placed = [g for g in again if (g.white, g.black) == (missed.white, missed.black)]
    assert len(placed) == 1 and placed[0].round >= 26
    assert not any(missed.white in (g.white, g.black) and 22 <= g.round <= 25 for g in again)


def test_a_separate_groups_keizer_entries_say_nothing_about_its_rounds() -> None:
    """K's finalists have no Keizer rounds after round 20 (rules §8): an entry there is ignored; what a
    member cannot play is the group's own `unavailable`."""
    from keizer.pairing.championship.schedule import group_instance
    from tests.publish.group_seasons import separate_season

    season = separate_season(decision=())
    group = season.championship
    assert group is not None
    rule = ChampionshipRule(mode="separate", last_round=30)
    instance, _ = group_instance(season, group, rule, 21)
    assert instance.absent == ()


def k_season() -> Season:
    from dataclasses import replace

    from keizer.evening.championship.changes import formation, members_of
    from keizer.pairing.simulate import simulate_season

    season = simulate_season(16, 30, "kijk-uit", seed=2, played=20)
    formed = members_of(formation(season, ()))
    return replace(season, championship=ChampionshipGroup(formed.formed_after, formed.members))


def test_k_final_group_is_proposed_proven_best_with_nothing_to_act_on() -> None:
    """Issue 20 item 2: the six play every round, so every back-to-back round is forced: today the proof
    took 62 s and the proposal came with 54 lines "note: p001 plays group games in rounds 21 and 22"."""
    season = k_season()
    rule = ChampionshipRule(mode="separate", last_round=30)
    group = season.championship
    assert group is not None
    found = propose_schedule(season, group, rule, 21)
    assert found.optimal and found.check.valid and found.check.cost == 0
    assert found.check.notes(str) == ()
    assert dict(found.check.forced) == {p: 9 for p in group.members}  # ten rounds in a row, all forced
    assert sorted((g.white, g.black) for g in found.games) == sorted(required_games(season, group, rule))


def test_what_cannot_be_avoided_is_said_once_per_member_with_names() -> None:
    season = k_season()
    group = season.championship
    assert group is not None
    member = group.members[0]
    rule = ChampionshipRule(mode="separate", last_round=30)
    group = ChampionshipGroup(group.formed_after, group.members, unavailable=((member, (24, 25)),))
    found = propose_schedule(season, group, rule, 21)
    notes = found.check.notes(lambda p: season.player(p).name)
    assert notes == ((False, f"{season.player(member).name} has a group game in rounds 24 (said they cannot), "
                             f"25 (said they cannot)"),)


def test_the_notes_say_each_member_once() -> None:
    instance = ScheduleInstance((A, B, C, D), ((A, B), (C, D), (A, C), (B, D), (A, D)), tuple(range(21, 31)))
    placed = (GroupGame(21, A, B), GroupGame(21, C, D), GroupGame(22, A, C), GroupGame(22, B, D),
              GroupGame(23, A, D))
    notes = check_schedule(instance, placed).notes(lambda p: p.upper())
    assert [text.split(" ")[0] for _, text in notes].count("A") == 2  # back to back, and idle: one line each
    assert (False, "A plays back to back in rounds 21–22, 22–23 (2 times)") in notes
    assert (False, "A has no group game in rounds 24–30") in notes


def test_a_search_can_be_stopped_and_the_best_found_is_not_called_optimal(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from keizer.pairing.championship import model as group_model
    from keizer.seasons.errors import SearchStopped

    members = (A, B, C, D, P("e"))
    instance = ScheduleInstance(members, tuple((a, b) for a in members for b in members if a != b),
                                tuple(range(21, 37)))
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        solve_schedule(instance, stop=stop)
    monkeypatch.setattr(group_model, "WORK_LIMIT", 0.01)
    found = solve_schedule(instance)
    assert not found.optimal and check_schedule(instance, found.games).valid
    assert solve_schedule(instance) == found  # a limit of work, not of time: the same every run


def test_the_circle_method_is_a_double_round_robin() -> None:
    from keizer.pairing.championship.model import circle_slots

    for n in (4, 5, 6, 7):
        members = tuple(P(f"m{i}") for i in range(n))
        slots = circle_slots(members)
        games = [g for slot in slots for g in slot]
        assert sorted(games) == sorted((a, b) for a in members for b in members if a != b)
        assert all(len({p for g in slot for p in g}) == 2 * len(slot) for slot in slots)


def test_keizer_bench_group_reports_each_clubs_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    """The figures of docs/performance.md come from here: both clubs' schedules proven, nothing to act on."""
    import json

    from keizer.pairing.championship import benchmark as group_benchmark
    from keizer.tui.cli.main import main

    rows = group_benchmark.run_group_benchmark(repeats=1)
    assert [(r["optimal"], r["cost"], r["notes"]) for r in rows[:2]] == [(True, 0, 0), (True, 0, 0)]
    assert "K: 6 of 16" in group_benchmark.format_report(rows)
    original = group_benchmark.run_group_benchmark
    with pytest.MonkeyPatch.context() as patch:  # the command, on one repeat
        patch.setattr(group_benchmark, "run_group_benchmark", lambda seed=0: original(seed, repeats=1))
        assert main(["bench", "group", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 3
