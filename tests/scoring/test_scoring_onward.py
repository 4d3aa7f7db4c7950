"""A replay carried on round by round (`Onward`, a forecast's runs) gives the tables the whole replay gives."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from keizer.pairing.simulate import simulate_season
from keizer.scoring.facts import season_facts
from keizer.scoring.onward import Onward
from keizer.scoring.replay import replay, replay_with_engine
from keizer.scoring.slots import round_frame
from keizer.scoring.terms import compile_terms, round_terms
from keizer.seasons.model import ChampionshipGroup, EntryKind, Game, Player, PlayerId, Result, Round, Withdrawal
from keizer.seasons.ruleset.parse import parse_ruleset

RULESETS = ["keizer-classic", "doorn-driebergen-2019", "kijk-uit",
            {"preset": "keizer-classic", "rounding": {"grid": "1/2"}, "absence_limit": {"count": 2}},
            {"preset": "keizer-classic", "valuation": "frozen", "iterate": "never", "participation": "1/3"}]


def rows(table):
    return [(r.rank, r.player, r.score, r.value, r.eligible) for r in table]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_round_carried_on_gives_the_replays_table(ruleset):
    season = simulate_season(18, 24, ruleset, 7)
    onward = Onward.of(season, 10, 24)
    for k in range(11, 25):
        onward.step(season.round(k))
        assert rows(onward.rows()) == rows(replay(season, k).standings(k).rows)
        assert onward.ranking() == replay(season, k).ranking_after(k)


def test_a_fork_goes_on_alone():
    season = simulate_season(14, 12, "keizer-classic", 3)
    first = Onward.of(season, 6, 12)
    other = first.fork()
    first.step(season.round(7))
    assert first.upto == 7 and other.upto == 6
    assert rows(other.rows()) == rows(replay(season, 6).standings(6).rows)
    other.step(season.round(7))
    assert rows(other.rows()) == rows(first.rows())


@pytest.mark.parametrize("ruleset", ["keizer-classic", {"preset": "keizer-classic", "rounding": {"grid": "1/2"}}])
def test_one_rounds_terms_are_the_frames_terms(ruleset):
    season = simulate_season(16, 8, ruleset, 2)
    rules = parse_ruleset(ruleset)
    _, engine = replay_with_engine(season, rules, 8)
    facts = season_facts(season, rules, 8)
    for rf in facts.rounds:
        framed = compile_terms(round_frame(rf, facts.prices, facts.ranked), engine.scale, len(facts.ranked), 1)[0]
        alone = round_terms(rf.who, rf.price, engine.scale)
        for name in ("const", "own", "owner", "who", "coef"):
            assert np.array_equal(getattr(framed, name), getattr(alone, name)), name


def test_a_final_group_formed_on_the_way_scores_as_in_the_replay():
    spec = {"preset": "kijk-uit", "championship": {"after_round": 8, "size": 4, "mode": "separate"}}
    played = replace(simulate_season(16, 8, spec, 5), rounds_planned=14)
    members = replay(played, 8).ranking_after(8)[:4]
    season = replace(played, championship=ChampionshipGroup(formed_after=8, members=members))
    onward = Onward.of(played, 8, 14)
    onward.with_final_group(season)
    rest = [p.id for p in season.players if p.id not in members]
    results = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
    for k in range(9, 15):  # the others play on; the finalists' entry (noted before) scores nothing
        rest = rest[1:] + rest[:1]
        games = tuple(Game(a, b, results[(i + k) % 3]) for i, (a, b) in enumerate(zip(rest[::2], rest[1::2])))
        rnd = Round(number=k, games=games, entries=((members[0], EntryKind.EXCUSED),))
        season = season.with_round(rnd)
        onward.step(rnd)
        whole = replay(season, k)
        assert rows(onward.rows()) == rows(whole.standings(k).rows)
        # K's "Opk": the finalists' evenings in their group count, the excused one's not (docs/rules.md §8)
        assert onward.attended.tolist() == whole.attended(k).tolist()
    assert onward.ranking()[:4] == members


def test_a_joiner_and_a_removal_start_a_segment_carried_on_from_the_rankings_kept():
    season = simulate_season(12, 12, "keizer-classic", 4)
    late = Player(PlayerId("p999"), "Late Comer", rating=1700, joined=8)
    joined = []
    for rnd in season.rounds:  # the newcomer plays from round 8 on (against the bye's player, or excused)
        if rnd.number >= 8:
            bye = rnd.bye
            rnd = replace(rnd, games=rnd.games + ((Game(bye, late.id, Result.DRAW),) if bye else ()),
                          entries=tuple(e for e in rnd.entries if e[0] != bye) + (() if bye else ((late.id, EntryKind.EXCUSED),)))
            rnd = replace(rnd, entries=tuple(sorted(rnd.entries)))
        joined.append(rnd)
    season = replace(season, players=season.players + (late,), rounds=tuple(joined),
                     withdrawals=(Withdrawal(PlayerId("p003"), 10),))
    onward = Onward.of(season, 6, 12)
    assert not onward.starts_segment(season, 7)
    assert onward.starts_segment(season, 8) and onward.starts_segment(season, 10)
    for k in range(7, 13):
        if onward.starts_segment(season, k):
            onward = onward.next_segment(season, 12)
        assert onward.entry_ranking(season, k) == replay(season, k - 1).entry_ranking(k)
        onward.step(season.round(k))
        assert rows(onward.rows()) == rows(replay(season, k).standings(k).rows)
        whole = replay(season, k)
        assert onward.after == [whole.ranking_as_of(j, k) for j in range(k)] + [whole.ranking_after(k)]
