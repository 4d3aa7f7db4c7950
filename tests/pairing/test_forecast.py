"""`forecast`: chances that add up, the same for the same seed on any number of processes, on real and simulated seasons."""

from __future__ import annotations

import pytest

from keizer.evening.forecast.parallel import FIRST_CHUNK, Cancelled, chunks
from keizer.evening.forecast.season_forecast import AUTO_LEAST, DEFAULT_RUNS, forecast
from keizer.pairing.simulate import simulate_season
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import load_season
from tests.conftest import real_season_paths


def assert_adds_up(f, size_of_group=6):
    assert sum(p.title for p in f.players) == pytest.approx(1.0)
    places = len(f.players[0].places)
    for p in f.players:  # every player ends somewhere in every run ...
        assert sum(p.places) == f.runs
        assert p.best <= p.median <= p.worst
    for place in range(places):  # ... and every place is somebody's
        assert sum(p.places[place] for p in f.players) == f.runs
    if "group" in f.outcomes:
        assert sum(p.group for p in f.players) == pytest.approx(size_of_group)
    if "up" in f.outcomes:
        assert all(p.up + p.down <= 1 for p in f.players)
    for p in f.players:
        for outcome in f.outcomes:
            assert 0 <= p.chance(outcome) <= 1


def test_a_real_season_forecast_from_round_25_adds_up_and_repeats():
    for path in real_season_paths():  # in the body: a skip at collection would fail the module when absent
        season = load_season(path)
        once = forecast(season, 25, runs=12, seed=5, workers=1)
        assert once.round == 25 and once.last == season.rounds_planned and once.title == "first"
        assert_adds_up(once)
        assert forecast(season, 25, runs=12, seed=5, workers=1) == once
        assert forecast(season, 25, runs=12, seed=6, workers=1) != once  # another seed, other runs


def test_a_d_season_forecast_before_the_group_has_every_outcome_and_adds_up():
    season = simulate_season(20, 36, "doorn-driebergen-2019", 4, played=17)
    f = forecast(season, runs=16, seed=2, workers=1)
    assert f.round == 17 and f.title == "group" and f.group_after == 20
    assert f.outcomes == ("title", "group")  # simulated players have no class: no class outcome
    assert_adds_up(f)


def test_a_k_season_forecast_has_its_cups_and_the_33_percent_rule():
    season = simulate_season(24, 30, "kijk-uit", 8, played=22)
    groups = {p.id: 1 + i % 3 for i, p in enumerate(season.players)}
    from dataclasses import replace
    season = replace(season, players=tuple(replace(p, cup_group=groups[p.id]) for p in season.players))
    f = forecast(season, 20, runs=16, seed=1, workers=1)
    assert f.outcomes == ("title", "cup", "eligible") and f.title == "group"
    assert_adds_up(f)
    assert sum(p.cup for p in f.players) == pytest.approx(6)  # the top two of each of three groups


def test_the_same_seed_gives_the_same_forecast_on_one_process_or_two():
    season = simulate_season(16, 20, "keizer-classic", 3, played=14)
    alone = forecast(season, runs=60, seed=9, workers=1)
    shared = forecast(season, runs=60, seed=9, workers=2)
    assert alone == shared
    assert_adds_up(shared)


def test_chunks_cover_every_run_once_in_order_small_first():
    for runs in (1, 7, 61, 1000):
        parts = chunks(runs)
        assert [first for first, _ in parts] == sorted(first for first, _ in parts)
        assert sum(n for _, n in parts) == runs and parts[0][0] == 0
        assert all(a + n == b for (a, n), (b, _) in zip(parts, parts[1:]))
        sizes = [n for _, n in parts[:-1]]
        assert sizes == sorted(sizes) and sizes[:1] in ([], [FIRST_CHUNK])  # the first chances come from a few runs


def test_the_chances_so_far_are_those_of_the_first_runs_and_sharpen():
    """Each progress has the chances of runs 0..n−1 — the forecast of n runs itself, on two processes too —
    each with a margin that shrinks as the runs go on."""
    season = simulate_season(16, 20, "keizer-classic", 3, played=14)
    seen = []
    made = forecast(season, runs=60, seed=9, workers=2, progress=lambda f, asked: seen.append((f, asked)))
    assert [asked for _, asked in seen] == [60] * len(seen) and seen[-1][0] == made
    assert [f.runs for f, _ in seen] == [first + n for first, n in chunks(60)]
    early, _ = seen[1]
    assert early == forecast(season, runs=early.runs, seed=9, workers=1)
    assert 0 < made.widest() < early.widest()  # sharper with more runs


def test_runs_auto_stops_once_every_chance_is_as_sharp_as_shown_and_repeats():
    season = simulate_season(12, 14, "keizer-classic", 3, played=13)  # one round left: the title is decided
    made = forecast(season, runs="auto", seed=1, workers=1)
    assert made.sharp and AUTO_LEAST <= made.runs < DEFAULT_RUNS
    assert made == forecast(season, runs=made.runs, seed=1, workers=1)  # auto's forecast is that of its runs
    assert forecast(season, runs="auto", seed=1, workers=2) == made  # and stops after the same runs anywhere
    open_race = simulate_season(12, 20, "keizer-classic", 2, played=8)
    assert not forecast(open_race, runs=AUTO_LEAST, seed=1, workers=1).sharp  # chances of 3–97% are not


def test_a_forecast_can_be_cancelled():
    season = simulate_season(12, 10, "keizer-classic", 1, played=5)
    with pytest.raises(Cancelled):
        forecast(season, runs=20, workers=1, cancelled=lambda: True)


@pytest.mark.parametrize("k,runs,seed,says", [(99, 10, 0, "--round must be between 0 and 20"),
                                                (20, 10, 0, "the season's last"),
                                                (12, 10, 0, "round 11 has not been played"),
                                                (5, 0, 0, "--runs must be between 1"),
                                                (5, "many", 0, "--runs must be between 1 and 1,000,000 or auto"),
                                                (5, 10, -1, "--seed must be")])
def test_what_cannot_be_forecast_says_why(k, runs, seed, says):
    season = simulate_season(10, 20, "keizer-classic", 1, played=10)
    with pytest.raises(KeizerError, match=says):
        forecast(season, k, runs=runs, seed=seed, workers=1)


def test_a_formed_group_with_a_missed_game_decides_the_title_among_its_members():
    from tests.publish.group_seasons import inside_season, separate_season

    for season in (inside_season(), separate_season()):
        members = set(season.championship.members)
        f = forecast(season, runs=10, seed=1, workers=1)
        assert f.title == "group" and f.group_after is None
        assert {p.player for p in f.players if p.title > 0} <= members
        assert_adds_up(f)


def test_a_round_a_run_cannot_pair_is_said_as_a_simulated_round(monkeypatch):
    from keizer.evening.forecast import run as run_module

    def unpairable(*_):
        raise KeizerError("round 9 cannot be paired: no pairing of the 7 players")

    monkeypatch.setattr(run_module, "pair_round", unpairable)
    season = simulate_season(10, 12, "keizer-classic", 1, played=8)
    with pytest.raises(KeizerError, match="a simulated round 9 stopped the forecast: round 9 cannot be paired"):
        forecast(season, runs=2, workers=1)


def test_a_k_season_past_its_groups_round_without_the_group_forecasts_first_place():
    """K's final group leaves the Keizer after round 20: a season whose director did not form it then cannot
    have it formed later by the runs, so the title is the first place of the final standings, and no run
    forms a group."""
    season = simulate_season(24, 30, "kijk-uit", 7, played=21)
    f = forecast(season, runs=12, seed=0, workers=1)
    assert f.title == "first" and "group" not in f.outcomes and f.group_after is None
    assert_adds_up(f)


def test_a_run_leaves_nothing_for_the_cyclic_collector():
    """`play_runs` pauses the cyclic collector while it plays: a run must make no reference cycles, or a
    chunk's runs would pile up garbage until it ends."""
    import gc

    from keizer.evening.forecast.group import Schedules
    from keizer.evening.forecast.run import play_run
    from keizer.evening.forecast.start import make_start

    season = simulate_season(14, 36, "doorn-driebergen-2019", 3, played=19)  # the group forms in the runs
    start = make_start(season, 19, seed=2, schedules=Schedules())
    schedules = Schedules()
    play_run(start, 0, schedules)  # caches filled
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for run in range(1, 6):
            play_run(start, run, schedules)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
