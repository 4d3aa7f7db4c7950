"""Adding a player in the TUI looks the member up in the rating list (`keizer open --rating-list`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.rating_list import parse_rating_list
from keizer.tui.app.app import make_app
from keizer.tui.app.dialogs.player import PlayerDialog
from keizer.evening.evening import Evening

LIST = ("relatienummer;naam;titel;FED;rating;partijen;geboortejaar;sexe\n"
        "8012345;Vries, Jan de;;NED;1850;120;1970;M\n"
        "8023456;Ëlsinga, Zoë;;NED;#N/B;0;2010;V\n"
        "8034567;Vries, Piet de;;NED;1700;10;1990;M\n")


async def test_a_member_is_looked_up_and_added_with_number_and_rating(demo_store: Path) -> None:
    app = make_app(demo_store)
    app.evening.roster.rating_list = parse_rating_list(LIST, "knsb.csv")
    async with app.run_test() as pilot:
        await pilot.press("f6", "a")
        assert isinstance(app.screen, PlayerDialog)
        head = app.evening.revision
        await pilot.press(*"de vries", "enter")  # two members fit: listed, nothing filled in
        error = str(app.screen.query_one("#error").render())
        assert "fits 2 members" in error and "Jan de Vries (8012345, line 2)" in error
        assert app.evening.revision == head
        await pilot.press(*" j", "enter")
        assert "relatienummer 8012345" in str(app.screen.query_one("#error").render())
        await pilot.press("enter")  # the form, filled in, is saved
        assert not isinstance(app.screen, PlayerDialog)
    added = next(p for p in app.evening.season.players if p.name == "Jan de Vries")
    assert (added.rating, added.knsb_id) == (1850, 8012345)


async def test_without_a_rating_list_the_dialog_has_no_lookup(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f6", "a")
        assert not app.screen.query("#lookup")


def test_the_roster_says_when_there_is_no_list(demo_store: Path) -> None:
    evening = Evening.open(demo_store)
    try:
        with pytest.raises(KeizerError, match="--rating-list"):
            evening.roster.look_up("jan")
        evening.roster.rating_list = parse_rating_list(LIST, "knsb.csv")
        assert evening.roster.look_up("zoe").knsb_id == 8023456
    finally:
        evening.close()


def test_a_member_already_in_the_season_is_said_at_the_look_up(evening: Evening) -> None:
    evening.roster.rating_list = parse_rating_list(LIST, "knsb.csv")
    evening.roster.add("Jan de Vries", 1850, knsb_id=8012345)
    with pytest.raises(KeizerError, match="Jan de Vries \\(8012345\\) is already in the season as Jan de Vries"):
        evening.roster.look_up("8012345")
    assert evening.roster.look_up("Piet").knsb_id == 8034567  # another member still fills in
