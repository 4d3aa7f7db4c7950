"""build_instance: who is to be paired, their past, and the director's input errors (one line each)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.pairing.instance import build_instance, ruleset_of
from keizer.pairing.ranking import provisional_ranking
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Withdrawal
from tests.pairing.helpers import instance, season

P = PlayerId


def test_entries_withdrawals_and_late_joiners_are_not_paired():
    s = season(7, [[("p01", "p02"), ("p03", "p04"), ("p05", "p07")]],
               next_entries={"p02": "excused", "p03": "external:1", "p04": "duty", "p07": "bye"})
    s = replace(s, players=s.players[:5] + (replace(s.players[5], joined=3), s.players[6]),
                withdrawals=(Withdrawal(P("p05"), 2),))
    inst = instance(s, 2)
    # p07's `bye` entry is the old pairing's bye of a round being re-paired: p07 is present.
    assert [p.id for p in inst.players] == ["p01", "p07"]
    reasons = dict(inst.unavailable)
    # p05 withdrew before round 21: removed from the ranking altogether (D art. 22).
    assert reasons == {"p02": "excused", "p03": "external: won", "p04": "duty", "p06": "joins in round 3"}
    assert inst.ranking_size == 6


def test_a_late_withdrawal_stays_ranked_but_is_not_paired():
    s = season(4, [[("p01", "p02"), ("p03", "p04")]] * 21, next_entries={})
    s = replace(s, withdrawals=(Withdrawal(P("p04"), 22),))
    inst = instance(s, 22)
    assert dict(inst.unavailable) == {"p04": "withdrawn"} and inst.ranking_size == 4


def test_positions_skip_absent_players_but_ranks_do_not():
    s = season(5, next_entries={"p02": "excused"})
    inst = instance(s, 1)
    assert [(p.id, p.rank, p.pos) for p in inst.players] == [
        ("p01", 1, 1), ("p03", 3, 2), ("p04", 4, 3), ("p05", 5, 4)]


def test_history_counts_meetings_colours_byes_and_lost_evenings():
    s = season(4, [[("p01", "p02", "1-0"), ("p03", "p04", "+-")],
                   [("p02", "p01", "*")]],
               entries=[{}, {"p03": "bye", "p04": "duty"}])
    inst = instance(s, 3)
    # The forfeit p03–p04 is no meeting and gives no colour; the pending game is a meeting.
    assert inst.meetings_of(P("p03"), P("p04")) == ()
    assert [m.round for m in inst.meetings_of(P("p01"), P("p02"))] == [1, 2]
    state = {p.id: p for p in inst.players}
    assert state["p01"].colours == "WB" and state["p02"].colours == "BW"
    assert state["p03"].colours == "" and state["p03"].byes == 1 and state["p03"].lost_evenings == 1
    assert state["p04"].byes == 0 and state["p04"].lost_evenings == 1


@pytest.mark.parametrize("kw, message", [
    ({"locks": [("p01", "p09")]}, "unknown player 'p09'"),
    ({"locks": [("p01", "p02")]}, "'p02' is not available in round 2 (excused)"),
    ({"locks": [("p01", "p03"), ("p01", "p04")]}, "contradicts lock p01–p03"),
    ({"locks": [("p01", "p01")]}, "cannot play themselves"),
    ({"locks": [("p01", "p03")], "forbids": [("p03", "p01")]}, "contradicts the lock"),
    ({"locks": [("p01", "p03")], "bye": "p01"}, "bye for p01 contradicts lock p01–p03"),
    ({"bye": "p02"}, "'p02' is not available"),
    ({"forbids": [("p01", "zz")]}, "unknown player 'zz'"),
    ({"fixed": [("p01", "p02")]}, "fixed game p01–p02: 'p02' is not available"),
    ({"fixed": [("p01", "p03"), ("p03", "p04")]}, "'p03' already plays fixed game p01–p03"),
    ({"fixed": [("p01", "p03")], "locks": [("p01", "p04")]}, "'p01' plays the fixed game p01–p03"),
    ({"fixed": [("p01", "p03")], "forbids": [("p03", "p01")]}, "contradicts the fixed game"),
])
def test_director_input_errors_are_one_line(kw, message):
    s = season(5, [[("p01", "p02"), ("p03", "p04")]], next_entries={"p02": "excused"})
    with pytest.raises(KeizerError) as err:
        instance(s, 2, **kw)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_bye_lock_needs_an_odd_number_of_players():
    s = season(4, next_entries={})
    with pytest.raises(KeizerError, match="even number"):
        instance(s, 1, bye=P("p01"))


def test_rounds_out_of_range_or_played_are_refused():
    s = season(4, [[("p01", "p02", "1-0"), ("p03", "p04", "*")]])
    ranking, values = provisional_ranking(s, 1)
    with pytest.raises(KeizerError, match="out of range"):
        build_instance(s, 3, ranking, values)
    with pytest.raises(KeizerError, match="out of range"):
        build_instance(s, 0, ranking, values)
    with pytest.raises(KeizerError, match="already has results"):
        build_instance(s, 1, ranking, values)
    unplayed = season(4, [[("p01", "p02", "*"), ("p03", "p04", "*")]])
    assert len(build_instance(unplayed, 1, ranking, values).players) == 4  # pending only: may be re-paired


def test_an_earlier_round_must_be_paired_first():
    s = season(4, [[("p01", "p02"), ("p03", "p04")], [("p01", "p03"), ("p02", "p04")]])
    s = replace(s, rounds=(replace(s.rounds[0], games=()), s.rounds[1], replace(s.rounds[1], number=3, games=())))
    ranking, values = provisional_ranking(s, 3)
    with pytest.raises(KeizerError, match="round 1 is not paired yet"):
        build_instance(s, 3, ranking, values)


def test_ranking_and_values_are_checked():
    s = season(3)
    with pytest.raises(KeizerError, match="3 players but 2 values"):
        build_instance(s, 1, [P("p01"), P("p02"), P("p03")], [3, 2])
    with pytest.raises(KeizerError, match="listed twice"):
        build_instance(s, 1, [P("p01"), P("p01")], [3, 2])
    with pytest.raises(KeizerError, match="unknown player"):
        build_instance(s, 1, [P("p01"), P("x")], [3, 2])


def test_a_suspended_player_is_not_paired_until_readmitted():
    # D art. 12: absent without notice → not paired again until they report back.
    s = replace(season(6), suspended=(P("p03"),))
    inst = instance(s, 1)
    assert "p03" not in {p.id for p in inst.players}
    assert dict(inst.unavailable)[P("p03")].startswith("suspended")
    assert "p03" in {p.id for p in instance(replace(s, suspended=()), 1).players}  # readmitted


def test_an_earlier_round_cannot_be_re_paired_once_a_later_one_is_paired():
    s = season(4, [[("p01", "p02", "*"), ("p03", "p04", "*")], [("p01", "p03", "*"), ("p02", "p04", "*")]])
    with pytest.raises(KeizerError, match="round 2 is already paired"):
        instance(s, 1)


def test_the_replay_frame_and_an_earlier_history_give_the_same_instance():
    from keizer.pairing.ranking import keizer_ranked
    from keizer.pairing.simulate import simulate_season
    from keizer.seasons.load import load_season

    demo = load_season(str(Path(__file__).parents[2] / "seasons" / "samples" / "demo.json"))
    simulated = simulate_season(30, 8, "keizer-classic", 3, played=7)
    for s, k in ((demo, len(demo.rounds) + 1 if demo.rounds[-1].has_results else len(demo.rounds)), (simulated, 8)):
        ranked = keizer_ranked(s, k)
        plain = build_instance(s, k, ranked.ranking, ranked.values)
        framed = build_instance(s, k, ranked.ranking, ranked.values, slots=ranked.slots)
        assert framed == plain and framed.history.meetings and framed.history.players
        again = build_instance(s, k, ranked.ranking, ranked.values, history=plain.history,
                               forbids=[(plain.players[0].id, plain.players[1].id)])
        assert again.history is plain.history and again.players == plain.players


def test_a_preset_is_parsed_once_and_an_unknown_one_refused_every_time():
    s = season(6)
    assert ruleset_of(s) is ruleset_of(replace(s, name="another season"))  # a preset name: parsed once
    custom = replace(s, ruleset_spec={"preset": "keizer-classic", "pairing": {"max_meetings": 3}})
    assert ruleset_of(custom).pairing.max_meetings == 3  # a spec with overrides: parsed as it is
    for _ in range(2):  # a failure is not remembered as a rule set
        with pytest.raises(KeizerError, match="no-such-preset"):
            ruleset_of(replace(s, ruleset_spec="no-such-preset"))
