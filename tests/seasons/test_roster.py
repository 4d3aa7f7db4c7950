"""Roster rules without a store: names, ids, a new player's place, who takes part, the player form."""

from __future__ import annotations

import re

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Player, PlayerId, Season, Withdrawal
from keizer.seasons.roster import check_name, new_id, parse_player_form, slot_by_rating, suspended, taking_part

SEASON = Season(name="s", ruleset_spec="keizer-classic", players=(
    Player(PlayerId("dijk"), "Jan van Dijk", rating=1900),
    Player(PlayerId("smit"), "Anna Smit", rating=1700),
    Player(PlayerId("bos"), "Piet Bos"),
), withdrawals=(Withdrawal(PlayerId("smit"), before_round=5),), suspended=(PlayerId("bos"), PlayerId("smit")))


def test_names_are_trimmed_and_unique_without_case() -> None:
    assert check_name(SEASON, "  Kees   Kok ") == "Kees Kok"
    with pytest.raises(KeizerError, match="already is a player called Anna Smit"):
        check_name(SEASON, "anna smit")
    assert check_name(SEASON, "anna smit", except_id=PlayerId("smit")) == "anna smit"
    with pytest.raises(KeizerError, match="needs a name"):
        check_name(SEASON, "   ")


def test_new_ids_are_numbered_when_taken() -> None:
    assert new_id(SEASON, "Karel van Dijk") == "dijk2"
    assert new_id(SEASON, "Zoë Ëlders") == "elders"


def test_a_new_player_is_slotted_by_rating() -> None:
    assert slot_by_rating(SEASON, 2000) == 1
    assert slot_by_rating(SEASON, 1800) == 2
    assert slot_by_rating(SEASON, 1500) == 3  # before the unrated player
    assert slot_by_rating(SEASON, None) == 4


def test_a_withdrawn_player_takes_no_part_from_their_round_on() -> None:
    assert taking_part(SEASON, PlayerId("smit"), 4) and not taking_part(SEASON, PlayerId("smit"), 5)
    assert suspended(SEASON, 4) == {"bos", "smit"} and suspended(SEASON, 5) == {"bos"}


def test_the_player_form_names_the_wrong_field() -> None:
    form = parse_player_form(SEASON, " Kees Kok ", "1600", "c", " 2 ")
    assert (form.name, form.rating, form.klass, form.cup_group) == ("Kees Kok", 1600, "C", 2)
    with pytest.raises(KeizerError, match="cup group: cannot be negative"):
        parse_player_form(SEASON, "Kees", "", "", "-1")


@pytest.mark.parametrize("typed, message", [
    ("Jan\x1b[2J", "name: character 4 is a control character (U+001B)"),
    ("Jan\u202eseirV", "name: character 4 is a control character (U+202E)"),
    ("J" * 101, "name: longer than 100 characters"),
])
def test_a_typed_name_is_held_to_the_season_files_rules(typed: str, message: str) -> None:
    with pytest.raises(KeizerError, match=re.escape(message)):
        check_name(SEASON, typed)


def test_a_typed_name_is_kept_composed_and_on_one_line() -> None:
    assert check_name(SEASON, "Cafe\u0301\n Noir") == "Caf\u00e9 Noir"
