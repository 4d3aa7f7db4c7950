"""A player named by id, name or prefix, without case or accents (seasons.lookup)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.load import load_season
from keizer.seasons.lookup import folded, resolve_player
from keizer.seasons.model import Player, PlayerId, Season
from tests.conftest import EVENING


@pytest.fixture(scope="module")
def season() -> Season:
    s = load_season(EVENING)
    extra = (Player(id=PlayerId("zoe"), name="Zoë Ëlsinga"), Player(id=PlayerId("jose"), name="José Muñoz"))
    return replace(s, players=s.players + extra)


@pytest.mark.parametrize("text, pid", [
    ("visser", "visser"),            # an id, exactly
    ("Frank Visser", "visser"),      # a whole name
    ("frank  VISSER ", "visser"),    # any case and spacing
    ("mul", "mulder"),               # a unique prefix of a name's word
    ("Lars M", "mulder"),            # a prefix of the whole name
    ("Wit", "wit"),                  # an id without case beats the names it starts
    ("zoe elsinga", "zoe"),          # accents on either side do not count
    ("ELSI", "zoe"),
    ("jose munoz", "jose"),
    ("Muñ", "jose"),
    ("visser frank", "visser"),      # several words, each starting a word of the name, in any order
    ("de wit m", "wit3"),
])
def test_who_is_meant(season: Season, text: str, pid: str) -> None:
    assert resolve_player(season, text, "--bye") == pid


def test_an_ambiguous_prefix_lists_the_candidates(season: Season) -> None:
    with pytest.raises(InputError) as exc:
        resolve_player(season, "hend", "--lock hend:x")
    message = str(exc.value)
    assert message.startswith("--lock hend:x: 'hend' fits 2 players:")
    assert "Rosa Hendriks (hendriks)" in message and "Carla Hendriks (hendriks2)" in message


def test_many_candidates_are_counted(season: Season) -> None:
    with pytest.raises(InputError, match=r"fits \d+ players: .* and \d+ more; say which"):
        resolve_player(season, "b", "--bye")


def test_no_match_says_what_comes_close(season: Season) -> None:
    with pytest.raises(InputError, match=r"unknown player 'Vissr'; did you mean Frank Visser \(visser\)"):
        resolve_player(season, "Vissr", "--bye")
    with pytest.raises(InputError, match=r"^--bye: unknown player 'qqqqqq'$"):
        resolve_player(season, "qqqqqq", "--bye")


@pytest.mark.parametrize("text", ["", "   ", None, 7])
def test_nothing_or_no_text_is_unknown(season: Season, text: object) -> None:
    with pytest.raises(InputError, match="unknown player"):
        resolve_player(season, text, "pairings[0].white")


def test_folded() -> None:
    assert folded("  Ëva  VAN Dijk ") == "eva van dijk"
    assert folded("ﬁne") == "fine"  # NFKD also unfolds compatibility ligatures
