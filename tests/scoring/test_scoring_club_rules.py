"""Rules that differ per club, each a ruleset key (docs/rules.md §2, §5): a forfeit under D, what K counts
as taking part."""

from __future__ import annotations

from fractions import Fraction as F

from pairing.history import season_history
from scoring import replay, standings_table
from scoring.reference import reference_replay
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
