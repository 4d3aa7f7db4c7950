"""The Players screen's dialogs: a new player's first round and entry place (issue 20.7), and the withdrawal's
rule said in the words of the field it asks for (issue 20.8)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from keizer.tui.app.app import make_app
from keizer.tui.app.dialogs.player import PlayerDialog
from keizer.tui.app.dialogs.withdraw import WithdrawDialog


async def test_a_new_player_joins_a_later_round_at_the_place_typed(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "a")
        dialog = app.screen
        assert isinstance(dialog, PlayerDialog)
        next_round = app.evening.season.played_rounds + 1
        assert dialog.query_one("#joins", Input).value == str(next_round)  # the default, as the CLI's
        await pilot.press(*"Anna Smit", "tab", *"1500")
        dialog.query_one("#joins", Input).value = str(next_round + 1)
        dialog.query_one("#place", Input).value = "3"
        await pilot.press("enter")
        assert not isinstance(app.screen, PlayerDialog)
        anna = next(p for p in app.evening.season.players if p.name == "Anna Smit")
        assert (anna.joined, anna.enters_at, anna.rating) == (next_round + 1, 3, 1500)
        assert app.said[-1].text == f"add player Anna Smit, joining in round {next_round + 1} at #3"


async def test_a_place_outside_the_ranking_is_said_in_the_dialog(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "a", *"Anna Smit")
        head = app.evening.revision
        app.screen.query_one("#place", Input).value = "999"
        await pilot.press("enter")
        assert isinstance(app.screen, PlayerDialog) and app.evening.revision == head
        assert "place 999: the ranking has places 1–" in str(app.screen.query_one("#error", Static).render())


async def test_editing_a_player_shows_no_joining_fields(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "e")
        assert isinstance(app.screen, PlayerDialog)
        assert not app.screen.query("#joins") and not app.screen.query("#place")


async def test_the_withdrawal_rule_is_said_as_the_first_round_without_the_player(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "w")
        assert isinstance(app.screen, WithdrawDialog)
        said = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "First round without them 21 or earlier: removed from every ranking; 22 or later" in said
        assert "Before round 21 or earlier" not in said


async def test_the_add_dialog_with_the_rating_list_fits_80_by_24(demo_store: Path) -> None:
    """Seven fields and the line that says what is wrong, on one screen: the round and the place share a row."""
    from keizer.seasons.rating_list import parse_rating_list

    app = make_app(demo_store)
    app.evening.roster.rating_list = parse_rating_list(
        "relatienummer;naam;titel;FED;rating;partijen;geboortejaar;sexe\n8012345;Vries, Jan de;;NED;1850;120;1970;M\n",
        "knsb.csv")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "a")
        dialog = app.screen
        assert isinstance(dialog, PlayerDialog)
        for widget in (dialog.query_one("#lookup"), dialog.query_one("#place"), dialog.query_one("#error")):
            assert widget.region.bottom <= 23, widget  # above the dialog's own border on the last row
