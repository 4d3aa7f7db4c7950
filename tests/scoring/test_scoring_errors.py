"""Bad input gets an InputError naming what and where, never a traceback."""

from __future__ import annotations

import dataclasses

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.errors import InputError
from keizer.seasons.model import EntryKind, Game, PlayerId, Result, Round
from scoring_builders import ids, season


def test_round_out_of_range() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0"])
    for bad in (-1, 2, True, "1"):
        with pytest.raises(InputError) as err:
            replay(s, bad)  # type: ignore[arg-type]
        assert err.value.where == "round"
    rp = replay(s)
    with pytest.raises(InputError, match="round"):
        rp.standings(2)
    with pytest.raises(InputError, match="round"):
        rp.ranking_after(-1)


def test_a_round_to_be_paired_is_not_replayed() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0", "; p1 excused"])
    assert replay(s).upto == 1
    with pytest.raises(InputError, match="between 0 and 1"):
        replay(s, 2)


def test_a_missing_player_in_a_code_built_round_names_player_and_round() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0"])
    broken = s.with_round(Round(number=1, games=(Game(PlayerId("p1"), PlayerId("p2"), Result.WHITE_WINS),)))
    with pytest.raises(InputError, match=r"rounds\[0\].*'p3'.*round 1"):
        replay(broken)


def test_a_game_before_joining_is_refused() -> None:
    players = ["p1", "p2", "p3", {"id": "p4", "name": "P4", "joined": 2}]
    s = season(players, ["p1-p2 1-0; p3 bye"])
    broken = s.with_round(Round(number=1, games=(Game(PlayerId("p1"), PlayerId("p2"), Result.WHITE_WINS),
                                                 Game(PlayerId("p3"), PlayerId("p4"), Result.DRAW))))
    with pytest.raises(InputError, match="not joined"):
        replay(broken)


def test_a_bad_ruleset_names_the_key() -> None:
    s = dataclasses.replace(season(ids(2), ["p1-p2 1-0"]), ruleset_spec={"preset": "keizer-classic",
                                                                          "valuation": "sometimes"})
    with pytest.raises(InputError, match="ruleset.valuation"):
        replay(s)


def test_a_player_twice_in_a_round_names_both_places() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0"])
    twice = s.with_round(Round(number=1, games=(Game(PlayerId("p1"), PlayerId("p2"), Result.WHITE_WINS),
                                                Game(PlayerId("p3"), PlayerId("p1"), Result.DRAW)),
                               entries=((PlayerId("p4"), EntryKind.BYE),)))
    with pytest.raises(InputError, match=r"rounds\[0\].games\[1\].*'p1' appears twice.*rounds\[0\].games\[0\]"):
        replay(twice)


def test_an_entry_beside_a_game_or_another_entry_names_both_places() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0"])
    beside = s.with_round(dataclasses.replace(s.round(1), entries=((PlayerId("p2"), EntryKind.EXCUSED),)))
    with pytest.raises(InputError, match=r"rounds\[0\].entries.p2.*'p2' appears twice.*rounds\[0\].games\[0\]"):
        replay(beside)
    two = s.with_round(Round(number=1, games=(Game(PlayerId("p1"), PlayerId("p2"), Result.WHITE_WINS),),
                             entries=((PlayerId("p3"), EntryKind.BYE), (PlayerId("p4"), EntryKind.EXCUSED),
                                      (PlayerId("p4"), EntryKind.UNEXCUSED))))
    with pytest.raises(InputError, match=r"rounds\[0\].entries.p4.*'p4' appears twice.*rounds\[0\].entries.p4\)"):
        replay(two)


def test_an_external_match_beside_a_game_scores_only_the_game() -> None:
    """D art. 18 (the season file cannot say this, a season built in code can)."""
    s = season(ids(4), ["p1-p2 1-0, p3-p4 1-0"], ruleset={"preset": "keizer-classic", "iterate": "never"})
    both = s.with_round(dataclasses.replace(s.round(1), entries=((PlayerId("p1"), EntryKind.EXTERNAL_WIN),)))
    assert replay(both).standings(1) == replay(s).standings(1)
