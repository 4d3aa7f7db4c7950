"""A forecast's round paired straight from arrays (`plain_games`) is the engine's pairing, round for round."""

from __future__ import annotations

import pytest

import keizer.pairing.plain as plain_module
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import Run
from keizer.evening.forecast.start import make_start
from keizer.pairing.criteria.colour import colour_state
from keizer.pairing.history import PlayerHistory, season_history
from keizer.pairing.instance import build_instance
from keizer.pairing.plain import plain_games
from keizer.pairing.proposer import optimal_games
from keizer.pairing.simulate import simulate_season


def engine_games(season, k, ranking, values):
    """The engine's pairing, from the history read from the season itself."""
    return optimal_games(build_instance(season, k, ranking, values, history=season_history(season, k)),
                         solver="matching")


def rounds_of_a_run(players, ruleset, played, last, seed, rounds):
    """(listed season, k, ranking, values, the run's past) of `rounds` rounds of one run, as it pairs them."""
    season = simulate_season(players, last, ruleset, seed, played=played)
    start = make_start(season, played, seed=seed, schedules=Schedules())
    run = Run(start, seed, Schedules())
    for k in range(played + 1, min(played + rounds, last) + 1):
        ranking, values = run.entry_ranking(k)
        listed = run.season.with_round(run.listed(k, ranking))
        yield listed, k, ranking, values, run.past
        run.play_round(k)


CASES = [
    # D: the anchor bye, the championship group's fixed games and kept-apart pairs from round 21, rematches
    ("doorn-driebergen-2019", 30, 18, 36, 1, 10),
    # D's opening rounds: a rank distance of 10 aimed at (art. 7)
    ("doorn-driebergen-2019", 27, 1, 36, 2, 4),
    # K: the bye by lottery among the fewest lost evenings
    ("kijk-uit", 23, 10, 30, 3, 8),
    # a small field far into the season: pairs that met too often, hard rules giving way
    ("keizer-classic", 7, 14, 30, 4, 8),
    ("keizer-classic", 12, 6, 30, 5, 8),
]


@pytest.mark.parametrize("ruleset,players,played,last,seed,rounds", CASES)
def test_each_round_of_a_run_is_paired_as_the_engine_pairs_it(ruleset, players, played, last, seed, rounds,
                                                               monkeypatch):
    # the plain path pairs these fields itself: the engine it falls back on is not called
    handed: list[int] = []
    monkeypatch.setattr(plain_module, "optimal_games",
                        lambda inst, solver: handed.append(inst.round_number) or optimal_games(inst, solver))
    seen = 0
    for listed, k, ranking, values, past in rounds_of_a_run(players, ruleset, played, last, seed, rounds):
        assert plain_games(listed, k, ranking, values, past) == engine_games(listed, k, ranking, values)
        seen += 1
    assert seen == rounds and handed == []


def test_a_small_field_with_every_pair_met_gives_way_as_the_engine_does():
    relaxed = 0
    for listed, k, ranking, values, past in rounds_of_a_run(6, "keizer-classic", 20, 30, 6, 8):
        inst = build_instance(listed, k, ranking, values)
        met = sum(1 for p in inst.players for q in inst.players if p.pos < q.pos and inst.meetings_of(p.id, q.id))
        relaxed += met == len(inst.players) * (len(inst.players) - 1) // 2
        assert plain_games(listed, k, ranking, values, past) == engine_games(listed, k, ranking, values)
    assert relaxed  # the case is there: every pair of the field had met


def test_a_field_for_a_rank_band_is_the_engines_to_pair(monkeypatch):
    listed, k, ranking, values, past = next(rounds_of_a_run(30, "keizer-classic", 5, 30, 7, 1))
    monkeypatch.setattr(plain_module, "BAND_FROM", 10)  # as if 30 players were a field for a band
    handed: list[int] = []
    monkeypatch.setattr(plain_module, "optimal_games",
                        lambda inst, solver: handed.append(inst.round_number) or optimal_games(inst, solver))
    assert plain_games(listed, k, ranking, values, past) == engine_games(listed, k, ranking, values)
    assert handed == [k]


def test_a_runs_carried_past_is_the_history_read_from_its_season():
    for listed, k, _, _, past in rounds_of_a_run(30, "doorn-driebergen-2019", 18, 36, 1, 10):
        read = season_history(listed, k)
        assert all((past.colour_states[i], past.byes[i], past.lost[i]) ==
                   (colour_state(read.of(pid).colours), read.of(pid).byes, read.of(pid).lost_evenings)
                   for pid, i in past.index.items())
        carried = past.history()
        assert carried.meetings == read.meetings
        assert {pid: h for pid, h in carried.players if h != PlayerHistory()} == \
            {pid: h for pid, h in read.players if h != PlayerHistory()}
        table, at = past.table, past.index
        assert all(past.times_met(a, b) == len(met) for (a, b), met in read.meetings)
        for (a, b), met in read.meetings:
            assert table.count[at[a], at[b]] == table.count[at[b], at[a]] == len(met)
            assert table.last[at[a], at[b]] == met[-1].round
            assert table.white[at[met[-1].white], at[met[-1].black]] and not table.white[at[met[-1].black], at[met[-1].white]]
        assert int(table.count.sum()) == 2 * sum(len(met) for _, met in read.meetings)
