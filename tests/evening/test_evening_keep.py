"""Late changes on the evening: after a pairing is accepted, a latecomer or a call-off moves as few boards as can be."""

from __future__ import annotations

import pytest

from keizer.tui.app.screens.pairing.title import desk_title
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId
from keizer.evening.evening import Evening


def accepted(evening: Evening) -> None:
    evening.desk.solve(33, alternatives=0)
    evening.desk.accept(0)


def test_a_latecomer_and_a_call_off_are_re_paired_keeping_the_boards(evening: Evening) -> None:
    accepted(evening)
    before = evening.season.round(33)
    late = next(pid for pid, kind in before.entries if kind is EntryKind.EXCUSED)
    caller = before.games[2].white
    head = evening.revision
    # Allowed now (the round has no results): the changes wait on the desk, nothing is written yet.
    assert "keeps the accepted boards" in evening.attendance.set(33, late, None)
    assert "keeps the accepted boards" in evening.attendance.set(33, caller, EntryKind.EXCUSED)
    assert evening.revision == head and evening.desk.late == {late: None, caller: EntryKind.EXCUSED}
    assert "2 attendance changes" in desk_title(evening.desk)
    rows = {row.player.id: row for row in evening.attendance.rows(33)}
    assert rows[late].status == "present" and rows[caller].status == "excused"  # as they will be
    views = evening.desk.solve(33, alternatives=1, keep=True)
    assert views[0].moved == "moves board 3" and views[1].moved.startswith("moves board")
    label = evening.desk.accept(0)
    assert "moves board 3" in label and not evening.desk.late
    after = evening.season.round(33)
    assert [i + 1 for i, (a, b) in enumerate(zip(before.games, after.games)) if a != b] == [3]
    assert {late, before.games[2].black} == set(after.games[2].players())
    assert after.entry_of(caller) is EntryKind.EXCUSED and after.entry_of(late) is None
    evening.history.undo()  # one action: the attendance and the pairing come back together
    assert evening.season.round(33) == before


def test_a_mark_taken_back_leaves_nothing_to_re_pair(evening: Evening) -> None:
    accepted(evening)
    caller = evening.season.round(33).games[0].black
    evening.attendance.set(33, caller, EntryKind.EXCUSED)
    assert "as the saved pairing has them" in evening.attendance.set(33, caller, None)
    assert evening.desk.late == {}
    assert "already present" in str(evening.attendance.set(33, caller, None))  # said; nothing waits


def test_a_round_with_results_keeps_its_pairing(evening: Evening) -> None:
    with pytest.raises(KeizerError, match="already has results"):
        evening.desk.mark(32, PlayerId("visser"), EntryKind.EXCUSED)
    with pytest.raises(KeizerError, match="no saved pairing to keep"):
        evening.desk.prepare(33, 0, keep=True)


def test_late_changes_lapse_when_the_pairing_is_undone(evening: Evening) -> None:
    accepted(evening)
    caller = evening.season.round(33).games[0].black
    evening.attendance.set(33, caller, EntryKind.EXCUSED)
    evening.history.undo()  # the pairing goes: the round is paired afresh, the mark lapses
    assert not evening.season.round(33).is_paired
    views = evening.desk.solve(33, alternatives=0)
    assert views[0].moved == "" and not evening.desk.late


def test_an_unexcused_call_off_suspends_with_the_re_pairing_where_the_ruleset_says(evening: Evening) -> None:
    accepted(evening)
    caller = evening.season.round(33).games[1].white
    evening.attendance.set(33, caller, EntryKind.UNEXCUSED)
    evening.desk.solve(33, alternatives=0, keep=True)
    evening.desk.accept(0)
    assert evening.season.round(33).entry_of(caller) is EntryKind.UNEXCUSED
    assert (caller in evening.season.suspended) == evening.ruleset.suspension


def test_a_mark_after_the_re_pairing_was_solved_takes_its_proposals_away(evening: Evening) -> None:
    accepted(evening)
    excused = [pid for pid, kind in evening.season.round(33).entries if kind is EntryKind.EXCUSED]
    evening.attendance.set(33, excused[0], None)
    evening.desk.solve(33, alternatives=0, keep=True)
    evening.attendance.set(33, excused[1], None)  # another latecomer: that proposal has no board for him
    assert not evening.desk.proposals and "2 attendance changes" in desk_title(evening.desk)
    with pytest.raises(KeizerError, match="attendance changed since its pairing was accepted: pair the round again keeping its accepted boards"):
        evening.desk.accept(0)
    evening.desk.solve(33, alternatives=0, keep=True)
    label = evening.desk.accept(0)
    names = [evening.season.player(pid).name for pid in excused[:2]]
    assert all(f"{name} present" in label for name in names)  # the log says who came
    assert all(evening.season.round(33).game_of(pid) is not None for pid in excused[:2])


def test_the_newest_mark_is_taken_back_while_nothing_was_saved_since(evening: Evening) -> None:
    accepted(evening)
    rnd = evening.season.round(33)
    caller, late = rnd.games[0].black, next(pid for pid, kind in rnd.entries if kind is EntryKind.EXCUSED)
    evening.attendance.set(33, caller, EntryKind.EXCUSED)
    evening.attendance.set(33, late, None)
    taken = evening.desk.take_back_late()
    assert taken is not None and evening.season.player(late).name in taken
    assert evening.desk.late == {caller: EntryKind.EXCUSED} and evening.season.round(33) == rnd
    evening.settings.change(name="Another name")
    assert evening.desk.take_back_late() is None  # something was saved since: ctrl+z undoes that


def test_a_mark_taken_back_is_brought_back_while_nothing_was_saved_since(evening: Evening) -> None:
    """Was: ctrl+z took a latecomer's mark back, and ctrl+y could not bring it back."""
    accepted(evening)
    rnd = evening.season.round(33)
    caller, late = rnd.games[0].black, next(pid for pid, kind in rnd.entries if kind is EntryKind.EXCUSED)
    evening.attendance.set(33, caller, EntryKind.EXCUSED)
    evening.attendance.set(33, late, None)
    evening.desk.take_back_late()
    evening.desk.take_back_late()
    assert evening.desk.late == {}
    brought = evening.desk.redo()
    assert brought == (f"brought back: the mark of {evening.season.player(caller).name} in round 33 (it waits "
                       f"for the re-pairing)")
    assert evening.desk.late == {caller: EntryKind.EXCUSED}
    assert evening.desk.redo() is not None and evening.desk.late == {caller: EntryKind.EXCUSED, late: None}
    assert evening.desk.redo() is None  # nothing more to bring back
    assert evening.desk.take_back_late() is not None  # and ctrl+z takes it back again
    evening.attendance.set(33, rnd.games[1].black, EntryKind.EXCUSED)
    assert evening.desk.redo() is None  # a new mark forgets what was taken back, as an action does
    evening.desk.take_back_late()
    evening.settings.change(name="Another name")
    assert evening.desk.redo() is None  # something was saved since: ctrl+y redoes the store's
    assert evening.season.round(33) == rnd
