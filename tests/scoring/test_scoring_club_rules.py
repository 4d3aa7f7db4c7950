"""Rules that differ per club, each a ruleset key (docs/rules.md §2, §5): a forfeit under D, what K counts
as taking part."""

from __future__ import annotations

from fractions import Fraction as F

from keizer.pairing.history import season_history
from keizer.scoring.replay import replay
from keizer.scoring.table import standings_table
from tests.oracle.reference import reference_replay
from scoring_builders import ids, season

SINGLE = {"preset": "keizer-classic", "iterate": "never"}


def scores(rp, k: int | None = None) -> dict[str, F]:  # type: ignore[no-untyped-def]
    return {r.player: r.score for r in rp.standings(k).rows}


def test_a_forfeit_under_bye_scores_as_d_art_11_books_it() -> None:
    # p1 came, p2 did not: p1 a bye (100% of own value 4), p2 unexcused (0); p4 came, p3 did not.
    rounds = ["p1-p2 +-, p3-p4 -+"]
    rp = replay(season(ids(4), rounds, ruleset=dict(SINGLE, forfeit="bye")))
    assert scores(rp, 1) == {"p1": 4, "p2": 0, "p3": 0, "p4": 1}
    t = standings_table(rp).sort("player")
    assert t["byes"].to_list() == [1, 0, 0, 1] and t["unexcused"].to_list() == [0, 1, 1, 0]
    assert t["forfeits"].to_list() == [0, 0, 0, 0]
    ref = reference_replay(season(ids(4), rounds, ruleset=dict(SINGLE, forfeit="bye")))[1]
    assert dict(zip(ref.order, ref.scores)) == scores(rp, 1)
    # under "factors" the same file scores the forfeit × the opponent's value, as before
    plain = replay(season(ids(4), rounds, ruleset=SINGLE))
    assert scores(plain, 1) == {"p1": 3, "p2": 0, "p3": 0, "p4": 2}


def test_a_forfeit_under_bye_counts_as_a_bye_for_the_bye_order() -> None:
    s = season(ids(4), ["p1-p2 +-, p3-p4 1-0", ""], ruleset=dict(SINGLE, forfeit="bye"))
    history = season_history(s, 2)
    assert history.of("p1").byes == 1 and history.of("p2").byes == 0


def test_participation_counts_a_team_match_like_ks_opk() -> None:
    # p3 plays team matches on the club evening: K's "Opk" counts them, so p3 is not under the 33%.
    rounds = ["p1-p2 1-0; p3 external:1, p4 excused", "p1-p2 1-0; p3 external:0, p4 excused",
              "p1-p2 1-0; p3 external:1/2, p4 duty"]
    rp = replay(season(ids(4), rounds, ruleset="kijk-uit"))
    flags = {r.player: r.eligible for r in rp.standings(3).rows}
    assert flags == {"p1": True, "p2": True, "p3": True, "p4": True}
    assert standings_table(rp).sort("player")["attended"].to_list() == [3, 3, 3, 1]
    # the key lists what counts: without "external" (and without duty) p3 and p4 fall under it
    only = {"preset": "kijk-uit", "participation": {"share": "1/3", "counts": ["game", "bye"]}}
    rp = replay(season(ids(4), rounds, ruleset=only))
    assert {r.player: r.eligible for r in rp.standings(3).rows} == {"p1": True, "p2": True, "p3": False,
                                                                     "p4": False}
    assert rp.ruleset.participation == F(1, 3) and rp.ruleset.participation_counts == ("game", "bye")


def test_a_team_match_without_its_result_keeps_the_table_provisional() -> None:
    # p3 plays a team match whose result is still to come: K scores it 0 until then, so one result is
    # missing and the table says so; D scores it 2/3 of own value whatever the result (art. 18), so nothing
    # is missing there and the table is final (issue 20.8).
    waiting = ["p1-p2 1-0; p3 external, p4 excused"]
    for spec, missing in (("kijk-uit", 1), ({"preset": "doorn-driebergen-2019", "iterate": "never"}, 0)):
        rp = replay(season(ids(4), waiting, ruleset=spec))
        st = rp.standings(1)
        assert st.missing == missing and st.provisional == bool(missing)
        ref = reference_replay(season(ids(4), waiting, ruleset=spec))[1]
        assert dict(zip(ref.order, ref.scores)) == scores(rp, 1)
    d = replay(season(ids(4), waiting, ruleset={"preset": "doorn-driebergen-2019", "iterate": "never"}))
    own = {r.player: r.value for r in d.standings(0).rows}
    assert scores(d, 1)["p3"] == own["p3"] * F(2, 3)
    k = replay(season(ids(4), waiting, ruleset=dict(SINGLE, participation="1/3")))
    assert scores(k, 1)["p3"] == 0
    assert standings_table(k).sort("player")["attended"].to_list() == [1, 1, 1, 0]  # a team match takes part
    assert standings_table(k).sort("player")["external"].to_list() == [0, 0, 1, 0]
    # the result entered later: no longer provisional, and scored as a won team match
    done = replay(season(ids(4), ["p1-p2 1-0; p3 external:1, p4 excused"], ruleset=SINGLE))
    assert not done.standings(1).provisional and scores(done, 1)["p3"] == 2  # own value: rank 3 of 4
