"""Pilot tests of each screen: keys do what the footer says, bad input is said and writes nothing."""

from __future__ import annotations

from pathlib import Path

from keizer.scoring.card import player_card
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.dialogs.card import PlayerCardScreen
from keizer.tui.app.dialogs.help import HelpScreen
from keizer.tui.app.dialogs.player import PlayerDialog
from keizer.tui.app.widgets.mode_bar import ModeBar, fitted
from keizer.tui.app.widgets.table import KeizerTable


def last(app: KeizerApp) -> str:
    return app.said[-1].text if app.said else ""


async def test_round_keys_set_attendance_and_walk_down(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        table = app.screen.query_one(KeizerTable)
        first = table.cursor_key
        await pilot.press("e")
        assert app.evening.season.round(33).entry_of(first) is EntryKind.EXCUSED  # type: ignore[arg-type]
        assert table.cursor_row == 1  # on to the next player
        assert "excused" in last(app)
        second = table.cursor_key
        was = app.evening.season.round(33).entry_of(second)  # type: ignore[arg-type]
        await pilot.press("x", "equals_sign")  # external match, drawn
        assert app.evening.season.round(33).entry_of(second) is EntryKind.EXTERNAL_DRAW  # type: ignore[arg-type]
        await pilot.press("ctrl+z")
        assert app.evening.season.round(33).entry_of(second) is was  # type: ignore[arg-type]
        assert last(app).startswith("undone:")
        await pilot.press("ctrl+y")
        assert app.evening.season.round(33).entry_of(second) is EntryKind.EXTERNAL_DRAW  # type: ignore[arg-type]
        # a team match whose result is still to come, and its result entered later
        await pilot.press("up", "x", "question_mark")
        assert app.evening.season.round(33).entry_of(second) is EntryKind.EXTERNAL_PENDING  # type: ignore[arg-type]
        assert "result to come" in last(app)
        await pilot.press("up", "x", "0")
        assert app.evening.season.round(33).entry_of(second) is EntryKind.EXTERNAL_LOSS  # type: ignore[arg-type]


async def test_results_keys_and_a_row_without_a_game(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        screen = app.screen
        boards = screen.query_one("#boards", KeizerTable)
        game = app.evening.season.round(32).games[0]
        new = "0" if game.result is not Result.BLACK_WINS else "1"
        await pilot.press(new)  # a decided result changes only when the key is pressed twice
        assert app.evening.season.round(32).games[0].result is game.result
        assert app.said[-1].severity == "warning" and "press the key again" in app.said[-1].text
        await pilot.press(new)
        assert app.evening.season.round(32).games[0].result is Result(("0-1", "1-0")[new == "1"])
        assert boards.cursor_row == 1
        head = app.evening.revision
        await pilot.press("end", "1")  # the last rows are entries: no game
        assert app.said[-1].severity == "error" and "has no game" in last(app)
        assert app.evening.revision == head


async def test_standings_columns_and_a_players_card(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5")
        table = app.screen.query_one("#standings", KeizerTable)
        assert str(list(table.columns.values())[-1].label).strip() == "ZK"
        await pilot.press("c")
        assert str(list(table.columns.values())[-1].label).strip() == "33%?"
        top = table.cursor_key
        await pilot.press("enter")
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.card.player == top
        await pilot.press("escape")
        await pilot.press("left_square_bracket")
        assert "after round 31" in str(app.screen.query_one("#title").render())


async def test_adding_a_player_with_an_empty_or_taken_name_is_refused(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f6", "a")
        assert isinstance(app.screen, PlayerDialog)
        head = app.evening.revision
        await pilot.press("enter")
        assert isinstance(app.screen, PlayerDialog)  # still open, says why
        assert "needs a name" in str(app.screen.query_one("#error").render())
        await pilot.press(*"Eva Kok", "enter")
        assert "already is a player" in str(app.screen.query_one("#error").render())
        assert app.evening.revision == head
        await pilot.press("escape")
        await pilot.press("a", *"Anna Smit", "tab", *"1850", "enter")
        assert not isinstance(app.screen, PlayerDialog)
        assert any(p.name == "Anna Smit" and p.rating == 1850 for p in app.evening.season.players)
        assert "add player Anna Smit" in last(app)


async def test_players_move_and_suspend(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f6", "down", "greater_than_sign")
        assert app.evening.season.start_rank(PlayerId("mulder")) == 3
        await pilot.press("ctrl+z")
        assert app.evening.season.start_rank(PlayerId("mulder")) == 2
        await pilot.press("home", "s")
        assert PlayerId("visser") in app.evening.season.suspended
        assert "suspended (D art. 12)" in app.screen.query_one(KeizerTable).row_text("visser")
        await pilot.press("s")
        assert PlayerId("visser") not in app.evening.season.suspended


async def test_a_ruleset_override_that_does_not_validate_is_said_and_not_saved(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f7")
        screen = app.screen
        area = screen.query_one("#overrides")
        area.text = '{"factors": {"bye": "lots"}}'  # type: ignore[attr-defined]
        head = app.evening.revision
        await pilot.press("ctrl+s")
        assert "factors.bye" in str(screen.query_one("#error").render())
        assert app.evening.revision == head
        area.text = '{"factors": {"bye": "1/2"}}'  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        assert app.evening.ruleset.factor("bye") == 1 / 2
        assert str(screen.query_one("#error").render()) == ""


async def test_the_season_screen_sets_the_dates_in_one_action(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f7")
        screen = app.screen
        screen.query_one("#start").value = "2019-09-10"  # type: ignore[attr-defined]
        screen.query_one("#weekday").value = "Friday"  # type: ignore[attr-defined]
        head = app.evening.revision
        await pilot.press("ctrl+s")
        assert (app.evening.season.start_date, app.evening.season.weekday) == ("2019-09-10", "friday")
        assert app.evening.revision == head + 1 and "dates" in app.said[-1].text
        screen.query_one("#weekday").value = "vrijdag"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        assert "weekday" in str(screen.query_one("#error").render()) and app.evening.revision == head + 1


async def test_the_season_screen_marks_the_field_being_typed_in(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f7")
        marked = []
        for _ in range(6):
            await pilot.press("tab")
            labels = [str(label.render()) for label in app.screen.query(".-focused")]
            marked.append((app.focused.id if app.focused else None, labels))
        for field, labels in marked:  # one label marked, the focused field's, without colour too
            assert len(labels) == 1 and labels[0].startswith("▸ "), marked
        assert [f for f, _ in marked][:5] == ["rounds", "preset", "start", "weekday", "overrides"], marked


async def test_a_message_leaves_the_status_line_when_its_cause_is_undone(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        status = app.screen.query_one("#status")
        await pilot.press("e")
        assert "excused" in str(status.render())
        await pilot.press("f5", "ctrl+z", "f2")  # undone on another screen: the Round screen's line goes
        assert "excused" not in str(app.screen.query_one("#status").render())
        await pilot.press("e")
        assert "excused" in str(app.screen.query_one("#status").render())
        await pilot.press("f5")
        await pilot.press("f2")  # nothing changed meanwhile: the message stays
        assert "excused" in str(app.screen.query_one("#status").render())


def test_the_file_name_fits_the_mode_bar() -> None:
    assert fitted("club-2026.keizer", 20) == "club-2026.keizer"
    assert fitted("club-2026.keizer", 10) == "club-2026"  # the suffix goes first
    assert fitted("club-2026.keizer", 6) == "club-…"


async def test_the_file_being_edited_is_in_the_mode_bar(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one(ModeBar).render()).rstrip().endswith(demo_store.name)
        assert demo_store.name not in str(app.screen.query_one("#hints").render())
    async with make_app(demo_store).run_test(size=(80, 24)) as pilot:  # the modes fill the bar: the hints say it
        await pilot.pause()
        screen = pilot.app.screen
        assert demo_store.name not in str(screen.query_one(ModeBar).render())
        assert str(screen.query_one("#hints").render()).startswith(demo_store.name + " · ")


async def test_help_lists_the_keys_of_the_screen(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        for words in ("Excused", "External", "Undo", "Standings"):
            assert words in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_the_command_palette_switches_screens(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"Go to Players")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.current_mode == "players"


async def test_a_change_made_elsewhere_is_shown(demo_store: Path) -> None:
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.seasons.store.events import EntrySet

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        with SeasonStore.open(demo_store) as other:  # a second terminal on the same season
            other.apply("elsewhere", EntrySet(round=33, player=PlayerId("visser"), entry=EntryKind.DUTY))
        app.check_store()  # what the app's timer does every WATCH_SECONDS
        await pilot.pause()
        assert app.said[-1].severity == "warning" and "changed elsewhere" in app.said[-1].text
        row = app.screen.query_one(KeizerTable).row_text("visser")
        assert "duty" in row


async def test_withdraw_through_the_dialog_and_bad_round_numbers(demo_store: Path) -> None:
    from keizer.tui.app.dialogs.withdraw import WithdrawDialog

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f6", "w")  # Frank Visser, the first in the starting ranking
        assert isinstance(app.screen, WithdrawDialog)
        head = app.evening.revision
        await pilot.press("ctrl+u", *"soon", "enter")  # the field takes digits only: it stays empty
        assert "type the first round" in str(app.screen.query_one("#error").render())
        await pilot.press("ctrl+u", *"30", "enter")  # he played in round 32: refused, said, nothing written
        assert app.said[-1].severity == "error" and "has a game in round 32" in app.said[-1].text
        assert app.evening.revision == head
        await pilot.press("w", "enter")  # the default: the current round, 33
        assert app.evening.season.withdrawal_of(PlayerId("visser")).before_round == 33  # type: ignore[union-attr]
        assert "withdrawn before round 33" in app.screen.query_one(KeizerTable).row_text("visser")


async def test_every_change_is_on_disk_the_moment_it_is_made(demo_store: Path) -> None:
    from keizer.seasons.load import load_season

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("d")  # duty for the first player: no save step, no quit needed
        first = app.evening.attendance.rows(33)[0].player.id
        on_disk = load_season(demo_store)  # as a new process would find it after a dropped connection
        assert on_disk.round(33).entry_of(first) is EntryKind.DUTY


async def test_a_no_show_keeps_its_board_scores_as_a_bye_and_suspends(demo_store: Path) -> None:
    # D art. 11: the opponent of a player absent without notice is scored as a bye; art. 12: suspended. The
    # game stays on its board as a forfeit: a published board number never changes.
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        game = app.evening.season.round(32).games[0]
        boards_before = len(app.evening.season.round(32).games)
        await pilot.press("n")
        assert "press n again" in last(app)  # the board has a result: a no-show only on purpose
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        rnd = app.evening.season.round(32)
        assert len(rnd.games) == boards_before and rnd.games[0].players() == game.players()
        assert rnd.games[0].result is Result.WHITE_FORFEIT_WIN
        assert game.black in app.evening.season.suspended
        rep = app.evening._session.replay(32)  # scored as D art. 11 books it (the ruleset's `forfeit` key)
        assert player_card(rep, game.white, 32).lines[-1].price == "bye"
        assert player_card(rep, game.black, 32).lines[-1].price == "unexcused"
        assert "D art. 11" in last(app)
        await pilot.press("ctrl+z")  # one action: the game, the entries and the suspension come back
        assert app.evening.season.round(32).games[0] == game and game.black not in app.evening.season.suspended
        head = app.evening.revision
        await pilot.press("end", "n")  # an entry row has no game
        assert app.said[-1].severity == "error" and app.evening.revision == head


async def test_every_screen_opens_on_a_new_empty_season(tmp_path: Path) -> None:
    from keizer.seasons.model import Season
    from keizer.seasons.store.season_store import SeasonStore

    path = tmp_path / "new.keizer"
    SeasonStore.create(path, Season(name="New", ruleset_spec="keizer-classic", players=())).close()
    app = make_app(path)
    async with app.run_test() as pilot:
        for key in ("f2", "f3", "f4", "f5", "f6", "f7", "f2"):
            await pilot.press(key)
            await pilot.pause()
        assert app.evening.season.players == ()
        assert not [s for s in app.said if s.severity == "error"]


async def test_a_forfeit_key_records_a_forfeit_on_its_board_for_every_club(demo_store: Path) -> None:
    # The fixed evening uses doorn-driebergen-2019: the ruleset's `forfeit` key scores it (D art. 11).
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        game = app.evening.season.round(32).games[0]
        await pilot.press("+", "+")  # the board has a result: the key twice changes it (as typed: "+")
        rnd = app.evening.season.round(32)
        assert rnd.games[0].players() == game.players() and rnd.games[0].result is Result.WHITE_FORFEIT_WIN
        assert rnd.entry_of(game.white) is None and rnd.entry_of(game.black) is None


async def test_with_forfeit_factors_a_forfeit_key_records_a_forfeit(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        app.evening.settings.change(ruleset_spec={"preset": "doorn-driebergen-2019", "forfeit": "factors"})
        await pilot.press("f4")
        game = app.evening.season.round(32).games[0]
        await pilot.press("+", "+")  # the board has a result: the key twice changes it
        rnd = app.evening.season.round(32)
        assert rnd.games[0].players() == game.players() and rnd.games[0].result is Result.WHITE_FORFEIT_WIN
        assert rnd.entry_of(game.white) is None and rnd.entry_of(game.black) is None


async def test_another_round_opens_on_board_1(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        boards = app.screen.query_one("#boards", KeizerTable)
        await pilot.press("down", "down")
        assert boards.cursor_row == 2
        await pilot.press("left_square_bracket")  # round 31
        assert boards.cursor_row == 0


async def test_every_result_key_moves_on_as_the_score_sheet_does(demo_store: Path) -> None:
    """`*` on a game still being played writes nothing and goes to the next board, like every result key:
    the next result typed lands on the board it belongs to."""
    app = make_app(demo_store)
    evening = app.evening
    evening.desk.solve(33, alternatives=0)
    evening.desk.accept(0)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        boards = app.screen.query_one("#boards", KeizerTable)
        head = evening.revision
        await pilot.press("asterisk")
        assert boards.cursor_row == 1 and evening.revision == head
        await pilot.press("1")
        games = evening.season.round(33).games
        assert games[0].result is Result.PENDING and games[1].result is Result.WHITE_WINS
        assert boards.cursor_row == 2


async def test_the_players_card_reaches_its_last_round_at_80x24(demo_store: Path) -> None:
    """The card's table scrolls inside the screen: every round of the season can be reached."""
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5", "enter")
        await pilot.pause()
        table = app.screen.query_one("#card-lines")
        await pilot.press(*["down"] * 40)
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1 == 31  # rounds 1–32 of the fixed evening
        assert table.region.bottom <= 24 and table.scroll_y == table.max_scroll_y


async def test_a_hand_swap_is_compared_with_the_best_not_the_other_way_round(demo_store: Path) -> None:
    """After a swap the hand-made pairing stands first; the best must not read "cost -N" against it."""
    from keizer.tui.app.widgets.proposal import ProposalColumn

    app = make_app(demo_store)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        column = app.screen.query_one("#proposal-0", ProposalColumn)
        white = [c.key.value for c in column.table.columns.values()].index("white")
        column.table.move_cursor(row=0, column=white)
        await pilot.press("s", "down", "s")
        await pilot.pause()
        views = app.evening.desk.views()
        assert views[0].kind == "manual" and views[1].kind == "solved"
        titles = [str(c.query_one(".proposal-title").render()) for c in app.screen.query(ProposalColumn)
                  if c.display]
        assert titles[0].startswith("1 by hand (") and "against the best" in titles[0]
        assert titles[1].startswith("2 best") and "cost" not in titles[1] and "tie" not in titles[1]


async def test_the_cursor_takes_a_whole_board_and_the_arrows_its_side(demo_store: Path) -> None:
    from keizer.tui.app.widgets.proposal import SIDE_MARK, ProposalColumn

    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        column = app.screen.query_one("#proposal-0", ProposalColumn)
        assert column.table.cursor_type == "row"
        best = app.evening.desk.views()[0]
        await pilot.press("right")  # Black of board 1
        keys = [c.key.value for c in column.table.columns.values()]
        row = dict(zip(keys, column.table.row_text("board:1")))
        assert row["black"].startswith(SIDE_MARK) and not row["white"].startswith(SIDE_MARK)
        await pilot.press("s", "down", "s")  # … swapped with Black of board 2
        await pilot.pause()
        manual = app.evening.desk.views()[0]
        assert manual.kind == "manual"
        assert (manual.boards[0].black.id, manual.boards[1].black.id) == (best.boards[1].black.id,
                                                                          best.boards[0].black.id)
        assert (manual.boards[0].white.id, manual.boards[1].white.id) == (best.boards[0].white.id,
                                                                          best.boards[1].white.id)


async def test_an_absence_report_is_booked_by_its_time(demo_store: Path) -> None:
    """D art. 16: a report by Wednesday 20:00 is excused, a later one unexcused unless force majeure."""
    from textual.widgets import Input

    from keizer.tui.app.dialogs.report import ReportDialog

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        assert "(Thu 2020-04-23)" in str(app.screen.query_one("#title").render())  # round 33's evening
        table = app.screen.query_one(KeizerTable)
        pid = PlayerId(table.cursor_key or "")
        await pilot.press("r")
        assert isinstance(app.screen, ReportDialog)
        app.screen.query_one("#at", Input).value = "2020-04-22 21:15"
        await pilot.press("enter")
        await pilot.pause()
        rnd = app.evening.season.round(33)
        assert rnd.entry_of(pid) is EntryKind.UNEXCUSED and rnd.report_of(pid).at == "2020-04-22T21:15"  # type: ignore[union-attr]
        assert "too late" in app.said[-1].text
        table.move_cursor(row=0)
        await pilot.press("r")
        app.screen.query_one("#at", Input).value = "2020-04-22 21:15"
        app.screen.query_one("#reason", Input).value = "flat tyre on the way"
        await pilot.press("enter")
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(pid) is EntryKind.EXCUSED
        assert "force majeure: flat tyre on the way" in app.said[-1].text


async def test_an_absence_report_for_a_past_evening_offers_its_deadline(demo_store: Path) -> None:
    """Was: the dialog offered now, which for the 2020 demo booked every report unexcused. A past evening
    offers its deadline (D art. 16: Wednesday 20:00 is still in time), and the dialog says so."""
    from textual.widgets import Input

    from keizer.tui.app.dialogs.report import ReportDialog

    app = make_app(demo_store)
    async with app.run_test() as pilot:
        pid = PlayerId(app.screen.query_one(KeizerTable).cursor_key or "")
        await pilot.press("r")
        assert isinstance(app.screen, ReportDialog)
        assert app.screen.query_one("#at", Input).value == "2020-04-22 20:00"
        assert "the deadline, Wed 2020-04-22 20:00 (round 33 was on Thu 2020-04-23)" in str(
            app.screen.query_one("#why").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.evening.season.round(33).entry_of(pid) is EntryKind.EXCUSED and "in time" in app.said[-1].text


def test_the_offered_report_time_is_now_while_the_evening_is_to_come() -> None:
    import datetime as dt
    from dataclasses import replace

    from keizer.seasons.load import load_season
    from keizer.seasons.ruleset.parse import parse_ruleset
    from tests.conftest import EVENING
    from keizer.evening.report_time import report_default

    season = load_season(EVENING)  # the demo the TUI tests open: D rules, round 33 on Thu 2020-04-23
    rules = parse_ruleset(season.ruleset_spec)
    on_the_day = dt.datetime(2020, 4, 23, 19, 31, 45)
    assert report_default(season, rules, 33, on_the_day).at == dt.datetime(2020, 4, 23, 19, 31)
    assert report_default(season, rules, 33, on_the_day).why == "now (round 33 is today)"
    assert report_default(season, rules, 34, on_the_day).why == "now (round 34 is on Thu 2020-04-30)"
    undated = replace(season, rounds=tuple(replace(r, date=None) for r in season.rounds), start_date=None)
    assert report_default(undated, rules, 33, on_the_day).why == "now (round 33 has no date)"
    later = dt.datetime(2026, 12, 1, 9, 5)
    assert report_default(season, rules, 33, later).at == dt.datetime(2020, 4, 22, 20, 0)
    free = parse_ruleset("keizer-classic")
    assert report_default(season, free, 33, later).at == dt.datetime(2020, 4, 23, 9, 5)
