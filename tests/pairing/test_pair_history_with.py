"""The pairing history carried on a round at a time is the history read from the whole season; kept tie-breaks are the hash's."""

from __future__ import annotations

import numpy as np
import pytest

from keizer.pairing.criteria.tiebreak import tiebreak, tiebreak_column, tiebreak_rows
from keizer.pairing.history import History, history_with, season_history
from keizer.pairing.simulate import simulate_season
from keizer.scoring.facts import round_as_booked
from keizer.seasons.ruleset.parse import parse_ruleset


@pytest.mark.parametrize("ruleset", ["keizer-classic", "doorn-driebergen-2019", "kijk-uit"])
def test_a_round_at_a_time_is_the_whole_season_read_at_once(ruleset):
    season = simulate_season(24, 20, ruleset, 5)  # with forfeits: a bye under D art. 11, no meeting elsewhere
    rules = parse_ruleset(ruleset)
    history = History()
    for k in range(1, 21):
        history = history_with(history, round_as_booked(season.round(k), rules))
        assert history == season_history(season, k + 1)


@pytest.mark.parametrize("ruleset", ["doorn-driebergen-2019", "kijk-uit"])
def test_the_table_carried_on_is_the_table_read_at_once(ruleset):
    season = simulate_season(24, 20, ruleset, 5)
    rules = parse_ruleset(ruleset)
    ids = [p.id for p in season.players]
    history = season_history(season, 6)
    history.table()  # made: from here it is carried on round by round
    for k in range(6, 21):
        history = history_with(history, round_as_booked(season.round(k), rules))
        carried, fresh = history.table(), season_history(season, k + 1).table()

        def read(table, a, b):
            i, j = table.index.get(a, table.none), table.index.get(b, table.none)
            return int(table.count[i, j]), int(table.last[i, j]), bool(table.white[i, j])

        assert all(read(carried, a, b) == read(fresh, a, b) for a in ids for b in ids if a != b), k


def test_a_kept_tie_break_is_the_hash_of_the_pair():
    ids = [f"p{i:03d}" for i in range(30, 0, -1)]
    partners = [list(range(i + 1, 30)) for i in range(30)]
    us = np.repeat(np.arange(30), [len(p) for p in partners])
    vs = np.concatenate([np.array(p, dtype=np.int64) for p in partners])
    want = [tiebreak(7, 12, ids[i], ids[j]) for i in range(30) for j in partners[i]]
    assert tiebreak_column(7, 12, ids[5:], [p[:0] for p in partners[5:]], us[:0], vs[:0]).size == 0  # some seen
    assert tiebreak_column(7, 12, ids, partners, us, vs).tolist() == want  # the rest computed, all read
    assert tiebreak_column(7, 12, ids, partners, us, vs).tolist() == want  # kept
    assert tiebreak_column(7, 13, ids, partners, us, vs).tolist() != want  # another round, other numbers
    assert tiebreak_rows(7, 12, ids, partners) == want
