"""The evening layer without a screen: each operation writes one undoable action, or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.scoring.replay import replay
from keizer.scoring.table import standings_table
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import RoundRemoved
from keizer.evening.evening import Evening
from keizer.evening.ways import Already
from keizer.tui.app.screens.pairing.title import desk_title
from keizer.tui.app.ways import keyed_said
from keizer.evening.words.tables import standings_cells


def test_open_refuses_what_is_not_a_store(demo_json: Path, tmp_path: Path) -> None:
    with pytest.raises(KeizerError, match="not a season store"):
        Evening.open(demo_json)
    with pytest.raises(KeizerError, match="no such file"):
        Evening.open(tmp_path / "missing.keizer")


def test_rounds_of_the_evening(evening: Evening) -> None:
    assert evening.current_round() == 33  # listed, no games yet
    assert evening.results.round() == 32
    assert evening.season.round(33).is_paired is False


# -- attendance ------------------------------------------------------------------------------------
def test_attendance_lists_the_round_in_ranking_order(evening: Evening) -> None:
    rows = evening.attendance.rows(33)
    ranking = replay(evening.season, 32).ranking_after(32)
    assert [r.player.id for r in rows] == list(ranking)
    by_id = {r.player.id: r for r in rows}
    assert by_id[PlayerId("smits")].status == "excused"
    assert by_id[PlayerId("visser")].status == "present"
    assert by_id[PlayerId("kok")].note == "absent without notice last time"  # unexcused in round 32


def test_set_attendance_is_one_undoable_action(evening: Evening) -> None:
    head = evening.revision
    label = evening.attendance.set(33, "visser", EntryKind.EXCUSED)
    assert "Frank Visser" in label and "excused" in label
    assert evening.season.round(33).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    assert evening.history.undo() == label
    assert evening.season.round(33).entry_of(PlayerId("visser")) is None
    assert evening.history.redo() == label
    assert evening.season.round(33).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    assert evening.revision > head


def test_external_match_and_back_to_present(evening: Evening) -> None:
    evening.attendance.set(33, "smits", EntryKind.EXTERNAL_DRAW)
    assert evening.season.round(33).entry_of(PlayerId("smits")) is EntryKind.EXTERNAL_DRAW
    evening.attendance.set(33, "smits", None)
    assert evening.season.round(33).entry_of(PlayerId("smits")) is None


def test_setting_the_same_status_again_writes_nothing(evening: Evening) -> None:
    head = evening.revision
    same = evening.attendance.set(33, "smits", EntryKind.EXCUSED)  # a success that says so (issue 31)
    assert isinstance(same, Already) and "already excused" in str(same) and evening.revision == head


def test_unexcused_tonight_suspends_and_coming_back_readmits(evening: Evening) -> None:
    label = evening.attendance.set(33, "visser", EntryKind.UNEXCUSED)
    assert "suspended" in label and PlayerId("visser") in evening.season.suspended
    assert {r.player.id: r for r in evening.attendance.rows(33)}[PlayerId("visser")].note == "suspended (D art. 12)"
    label = evening.attendance.set(33, "visser", None)
    assert "readmitted" in label and PlayerId("visser") not in evening.season.suspended
    evening.history.undo()
    assert PlayerId("visser") in evening.season.suspended  # one action: the entry and the flag together
    assert evening.season.round(33).entry_of(PlayerId("visser")) is EntryKind.UNEXCUSED


def test_a_new_round_is_listed_with_suspended_players_booked_unexcused(evening: Evening) -> None:
    evening._session.store.apply("drop round 33", RoundRemoved(number=33))
    assert evening.current_round() == 33 and len(evening.season.rounds) == 32
    evening.roster.toggle_suspension("kok")
    assert PlayerId("kok") in evening.season.suspended and len(evening.season.rounds) == 32
    preview = {r.player.id: r for r in evening.attendance.rows(33)}
    assert preview[PlayerId("kok")].status == "unexcused" and preview[PlayerId("kok")].suspended
    evening.attendance.set(33, "visser", EntryKind.EXCUSED)
    rnd = evening.season.round(33)
    assert rnd.entry_of(PlayerId("kok")) is EntryKind.UNEXCUSED  # D art. 12: not paired until readmitted
    assert rnd.entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    evening.history.undo()  # one action: the round, the booking and the entry go together
    assert len(evening.season.rounds) == 32


def test_suspending_and_readmitting_from_the_players_screen(evening: Evening) -> None:
    label = evening.roster.toggle_suspension("visser")  # round 33 is listed and not paired: booked unexcused
    assert "suspended" in label
    assert evening.season.round(33).entry_of(PlayerId("visser")) is EntryKind.UNEXCUSED
    views = evening.desk.solve(33, alternatives=0)
    assert PlayerId("visser") not in {p for g in views[0].games for p in g}
    label = evening.roster.toggle_suspension("visser")
    assert "readmitted" in label and evening.season.round(33).entry_of(PlayerId("visser")) is None
    assert PlayerId("visser") not in evening.season.suspended


def test_attendance_of_a_paired_player_is_refused_with_the_way_out(evening: Evening) -> None:
    head = evening.revision
    with pytest.raises(KeizerError, match="played on board 1 of round 32"):
        evening.attendance.set(32, "smits", EntryKind.EXCUSED)
    with pytest.raises(KeizerError, match="unknown player"):
        evening.attendance.set(33, "nobody", EntryKind.EXCUSED)
    assert evening.revision == head


# -- results ---------------------------------------------------------------------------------------
def test_result_keys_on_rows_without_a_game_are_refused(evening: Evening) -> None:
    head = evening.revision
    rows = evening.results.boards(32)
    entry_row = next(r for r in rows if r.game is None)
    with pytest.raises(KeizerError, match="has no game in round 32"):
        evening.results.set_result(32, entry_row.key, Result.WHITE_WINS)
    with pytest.raises(KeizerError, match="no board 99"):
        evening.results.set_result(32, "board:99", Result.WHITE_WINS)
    with pytest.raises(KeizerError, match="not paired yet"):
        evening.results.set_result(33, "board:1", Result.WHITE_WINS)
    assert evening.revision == head


def test_a_corrected_result_changes_the_standings_as_the_scoring_says(evening: Evening) -> None:
    rows = evening.results.boards(32)
    board = rows[0]
    assert board.game is not None and board.black is not None
    before = {r.player: r.score for r in evening.standings.view(32).rows}
    new = Result.DRAW if board.game.result is not Result.DRAW else Result.WHITE_WINS
    evening.results.set_result(32, board.key, new, replace=True)
    after = {r.player: r.score for r in evening.standings.view(32).rows}
    expected = {r.player: r.score for r in replay(evening.season, 32).standings().rows}
    assert after == expected
    assert after[board.white.id] != before[board.white.id]


# -- players -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, message", [("   ", "needs a name"), ("frank visser", "already is a player")])
def test_bad_player_names_write_nothing(evening: Evening, name: str, message: str) -> None:
    head = evening.revision
    with pytest.raises(KeizerError, match=message):
        evening.roster.add(name, 1800)
    assert evening.revision == head


def test_a_new_player_is_slotted_by_rating_and_joins_the_next_round(evening: Evening) -> None:
    evening.roster.add("Anna de Boer", 1900)
    season = evening.season
    new = next(p for p in season.players if p.name == "Anna de Boer")
    ratings = [p.rating for p in season.players]
    place = season.start_rank(new.id)
    assert ratings[place - 2] >= 1900 > (ratings[place] or 0)  # between 1907 and 1833
    assert new.joined == 33 and new.id not in {"boer"}  # "boer" is taken: a numbered id
    assert evening.history.undo() is not None and not any(p.name == "Anna de Boer" for p in evening.season.players)


def test_player_form_fields_are_checked(evening: Evening) -> None:
    form = evening.roster.check_form(" Anna  Smit ", "1700", "b", "")
    assert (form.name, form.rating, form.klass, form.group) == ("Anna Smit", 1700, "B", None)
    with pytest.raises(KeizerError, match="rating"):
        evening.roster.check_form("Anna", "strong", "", "")
    with pytest.raises(KeizerError, match="class"):
        evening.roster.check_form("Anna", "", "E", "")


def test_edit_move_and_withdraw(evening: Evening) -> None:
    evening.roster.edit("visser", "Frank Visser", 1999, "A", None)
    assert evening.season.player(PlayerId("visser")).rating == 1999
    evening.roster.move("visser", 3)
    assert evening.season.start_rank(PlayerId("visser")) == 3
    with pytest.raises(KeizerError, match="has a game in round 32"):
        evening.roster.withdraw("visser", 30)
    evening.roster.withdraw("visser", 33)
    assert evening.season.withdrawal_of(PlayerId("visser")).before_round == 33  # type: ignore[union-attr]
    assert PlayerId("visser") not in {r.player.id for r in evening.attendance.rows(33)}
    evening.roster.withdraw("visser", None)
    assert evening.season.withdrawal_of(PlayerId("visser")) is None


# -- settings -----------------------------------------------------------------------------------------
def test_a_ruleset_override_that_does_not_validate_writes_nothing(evening: Evening) -> None:
    head = evening.revision
    with pytest.raises(KeizerError, match="factors.bye"):
        evening.settings.change(ruleset_spec={"preset": "doorn-driebergen-2019", "factors": {"bye": "lots"}})
    with pytest.raises(KeizerError, match="unknown preset"):
        evening.settings.change(ruleset_spec="no-such-club")
    with pytest.raises(KeizerError, match="needs a name"):
        evening.settings.change(name="  ")
    assert evening.revision == head


def test_a_valid_override_changes_the_standings(evening: Evening) -> None:
    before = {r.player: r.score for r in evening.standings.view(32).rows}
    evening.settings.change(ruleset_spec={"preset": "doorn-driebergen-2019", "factors": {"excused": "0"}},
                             rounds_planned=40)
    assert evening.season.rounds_planned == 40
    assert evening.ruleset.factor("excused") == 0
    after = {r.player: r.score for r in evening.standings.view(32).rows}
    often_excused = PlayerId("graaf")  # excused in rounds 30–33 of the demo
    assert after[often_excused] < before[often_excused]
    assert after == {r.player: r.score for r in replay(evening.season, 32).standings().rows}


# -- standings ---------------------------------------------------------------------------------------
def test_standings_view_in_both_clubs_columns(evening: Evening) -> None:
    view = evening.standings.view()
    assert view.round == 32
    assert [r.rank for r in view.rows] == list(range(1, len(view.rows) + 1))
    columns, rows = standings_cells(view.replay, standings_table(view.replay, view.round), "d")
    assert [h for h, _ in columns[:4]] == ["#", "Name", "Points", "Value"] and columns[-1] == ("ZK", True)
    assert rows[0][0] == view.rows[0].player
    k_columns, _ = standings_cells(view.replay, standings_table(view.replay, view.round), "k")
    assert k_columns[-1][0] == "33%?"
    assert evening.standings.columns == "d"


def test_player_card(evening: Evening) -> None:
    card = evening.standings.card("visser", 32)
    assert len(card.lines) == 32 and len(card.rank_history) == 33
    assert card.score == next(r.score for r in evening.standings.view(32).rows if r.player == "visser")


def test_undo_and_redo_with_nothing_to_do(demo_store: Path) -> None:
    e = Evening.on(SeasonStore.open(demo_store), demo_store)
    assert e.history.undo() is None and e.history.redo() is None
    e.close()


# -- pairing -----------------------------------------------------------------------------------------
def test_pair_and_accept_headless(evening: Evening) -> None:
    evening.attendance.set(33, "visser", EntryKind.EXCUSED)
    views = evening.desk.solve(33, alternatives=1)
    best = views[0]
    placed = [p for g in best.games for p in g] + ([best.bye.id] if best.bye else [])
    present = {r.player.id for r in evening.attendance.rows(33) if r.entry is None}
    assert sorted(placed) == sorted(present)  # everyone present placed once, nobody else
    ranking = replay(evening.season, 32).ranking_after(32)
    assert all(b.white.rank == ranking.index(b.white.id) + 1 for b in best.boards)
    assert len(views) == 2 and views[1].games != best.games
    label = evening.desk.accept(0)
    assert "pairing of round 33" in label
    assert tuple(g.players() for g in evening.season.round(33).games) == best.games
    assert evening.season.round(33).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    evening.history.undo()
    assert not evening.season.round(33).is_paired


def test_locks_and_forbids_are_kept_by_the_next_solve(evening: Evening) -> None:
    best = evening.desk.solve(33, alternatives=0)[0]
    evening.desk.toggle_lock(0, 5)
    evening.desk.toggle_forbid(0, 1)
    again = evening.desk.solve(33, alternatives=0)[0]
    pairs = {frozenset(g) for g in again.games}
    assert frozenset(best.games[4]) in pairs and frozenset(best.games[0]) not in pairs
    assert again.boards[[frozenset(g) for g in again.games].index(frozenset(best.games[4]))].locked


def test_a_swap_is_checked_and_can_be_accepted(evening: Evening) -> None:
    best = evening.desk.solve(33, alternatives=0)[0]
    a, b = best.games[0][0], best.games[1][0]
    message = evening.desk.swap(0, a, b)
    manual = evening.desk.views()[0]
    assert manual.kind == "manual"
    assert manual.games[0] == (b, best.games[0][1]) and manual.games[1] == (a, best.games[1][1])
    assert ("breaks no rule" in message) == (not manual.problems)
    evening.desk.accept(0)
    assert tuple(g.players() for g in evening.season.round(33).games) == manual.games


def test_accepting_a_stale_pairing_is_refused(evening: Evening) -> None:
    evening.desk.solve(33, alternatives=0)
    evening.attendance.set(33, "visser", EntryKind.EXCUSED)  # the season changed under the proposal
    head = evening.revision
    with pytest.raises(KeizerError, match="changed since"):
        evening.desk.accept(0)
    assert evening.revision == head


def test_no_show_on_a_row_without_a_game_is_refused(evening: Evening) -> None:
    row = next(b for b in evening.results.boards(32) if b.game is None)
    head = evening.revision
    with pytest.raises(KeizerError, match="has no game in round 32"):
        evening.results.no_show(32, row.key, "white")
    assert evening.revision == head


def test_a_no_show_is_counted_absent_without_notice_not_present(evening: Evening) -> None:
    evening.desk.solve(33, alternatives=0)
    evening.desk.accept(0)
    before = evening.attendance.summary(33).text
    evening.results.no_show(33, "board:1", "black")
    after = evening.attendance.summary(33).text

    def count(summary: str, what: str) -> int:
        return next((int(part.split()[0]) for part in summary.split(": ", 1)[1].split(", ")
                     if part.endswith(" " + what)), 0)

    assert count(after, "present") == count(before, "present") - 1
    assert count(after, "unexcused") == count(before, "unexcused") + 1


def test_tonights_round_stays_current_until_its_results_are_in(evening: Evening) -> None:
    assert evening.current_round() == 33  # listed, not paired
    evening.desk.solve(33, alternatives=0)
    evening.desk.accept(0)
    assert evening.current_round() == 33  # paired, nothing entered
    first = evening.results.boards(33)[0]
    evening.results.set_result(33, first.key, Result.DRAW)
    assert evening.current_round() == 33  # the evening in progress
    for row in evening.results.boards(33):
        if row.game is not None and not row.game.result.is_decided:
            evening.results.set_result(33, row.key, Result.WHITE_WINS)
    assert evening.current_round() == 34  # every result in: on to the next round


def test_a_withdrawal_beyond_the_season_is_refused(evening: Evening) -> None:
    head = evening.revision
    with pytest.raises(KeizerError, match="the season has 36 rounds"):
        evening.roster.withdraw("visser", 99)
    assert evening.revision == head


def test_the_columns_key_chooses_the_standings_columns(evening: Evening) -> None:
    assert evening.standings.columns == "d"
    evening.settings.change(ruleset_spec={"preset": "doorn-driebergen-2019", "columns": "k"})
    assert evening.standings.columns == "k"
    evening.settings.change(ruleset_spec="kijk-uit")
    assert evening.standings.columns == "k"


def test_the_desk_shows_a_change_before_it_commits_it(evening: Evening) -> None:
    best = evening.desk.solve(33, alternatives=0)[0]
    head = evening.revision
    change = evening.desk.accepting(0)
    assert evening.revision == head and not evening.season.round(33).is_paired  # nothing written yet
    assert change.label == f"pairing of round 33 ({len(best.games)} boards, best)"
    assert evening.desk.accept(0) == change.label  # one action, the one shown
    assert evening.revision > head and tuple(g.players() for g in evening.season.round(33).games) == best.games
    clear = evening.desk.clearing()
    assert evening.season.round(33).is_paired  # again: nothing written until it is committed
    assert evening.desk.clear_saved() == clear.label
    assert not evening.season.round(33).is_paired and len(evening.season.rounds) == 33


def test_a_failed_solve_is_forgotten_once_the_season_changes(evening: Evening) -> None:
    best = evening.desk.solve(33, alternatives=0)[0]
    evening.desk.toggle_lock(0, 1)
    white = best.games[0][0]
    evening.attendance.set(33, white, EntryKind.EXCUSED)  # the lock now names a player who is away
    with pytest.raises(KeizerError, match="not available in round 33"):
        evening.desk.solve(33, alternatives=0)
    assert evening.desk.failed and not evening.desk.should_solve()
    evening.attendance.set(33, white, None)
    assert evening.desk.failed is None and evening.desk.should_solve()  # the season changed: it may pair now


@pytest.mark.parametrize("text, message", [
    ('{"factors": {}, "factors": {}}', "factors"),
    ("[" * 600 + "]" * 600, "nested more than"),
    ('{"value": {"top": ' + "9" * 5000 + "}}", "value.top"),
    ("[1]", "must be a JSON object"),
])
def test_ruleset_overrides_are_read_with_the_one_json_reader(text: str, message: str) -> None:
    from keizer.seasons.errors import InputError
    from keizer.evening.settings import spec_from_parts

    with pytest.raises(InputError, match=message) as caught:
        spec_from_parts("keizer-classic", text)
    assert "\n" not in str(caught.value) and str(caught.value).startswith("overrides")


def test_a_complete_season_is_said_on_the_pairing_desk_not_solved(demo_json: Path, tmp_path: Path) -> None:
    from dataclasses import replace

    from keizer.seasons.load import load_season

    season = load_season(demo_json)
    done = replace(season, rounds=season.rounds[:32], rounds_planned=32)  # every planned round played
    path = tmp_path / "done.keizer"
    SeasonStore.create(path, done).close()
    e = Evening.open(path)
    try:
        desk = e.desk
        desk.follow(e.current_round())
        assert desk.should_solve() is False
        assert desk_title(desk) == "Round 33: the season is complete: all 32 planned rounds are paired (F7 plans more)"
        # the Round screen says the same, and marking or reporting there adds no round 33
        assert keyed_said(e.attendance.summary(33)) == desk_title(desk)
        head = e.revision
        pid = done.players[0].id
        # the layer's error says the fact only: each shell adds its own way to plan more
        with pytest.raises(KeizerError, match=r"^the season is complete: all 32 planned rounds are paired$"):
            e.attendance.set(33, pid, EntryKind.EXCUSED)
        with pytest.raises(KeizerError, match=r"^the season is complete: all 32 planned rounds are paired$"):
            e.attendance.report(33, pid, "2020-05-20T19:00")
        assert e.revision == head and len(e.season.rounds) == 32
    finally:
        e.close()


def test_a_result_entered_is_replaced_only_when_asked(evening: Evening) -> None:
    """"Already has a result" is the service's refusal, one typed fact both shells word (the TUI's second key
    press, the CLI's --change): it was checked in each shell before (issue 27)."""
    from keizer.evening.results import HasResult

    game = evening.season.round(32).games[0]
    other = Result.DRAW if game.result is not Result.DRAW else Result.WHITE_WINS
    head = evening.revision
    with pytest.raises(HasResult) as refused:
        evening.results.set_result(32, "board:1", other)
    assert (refused.value.round, refused.value.board, refused.value.old, refused.value.new) == (32, 1, game.result, other)
    with pytest.raises(HasResult):
        evening.results.no_show(32, "board:1", "white")
    assert evening.revision == head  # nothing written
    evening.results.set_result(32, "board:1", other, replace=True)
    assert evening.season.round(32).games[0].result is other
