"""ctrl+y on the pairing desk: a lock, forbid or swap taken back by ctrl+z comes back, in the order taken back."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.model import EntryKind
from keizer.evening.evening import Evening
from keizer.evening.desk.desk import PairingDesk


def state(desk: PairingDesk) -> tuple[object, ...]:
    """What a desk edit changes (and its undo and redo restore)."""
    return (set(desk.locks), set(desk.forbids), [(v.kind, v.games, v.bye) for v in desk.proposals],
            [tuple(b.locked for b in v.boards) for v in desk.proposals], desk.made_at)


def test_edits_taken_back_come_back_in_the_same_order(evening: Evening) -> None:
    """Was: ctrl+z took a lock, forbid or swap back and ctrl+y could not bring it back."""
    desk = evening.desk
    best = desk.solve(33, alternatives=0)[0]
    states = [state(desk)]
    desk.toggle_lock(0, 2)
    states.append(state(desk))
    desk.toggle_forbid(0, 1)
    states.append(state(desk))
    desk.swap(0, best.games[3][0], best.games[4][0])
    states.append(state(desk))
    assert desk.views()[0].kind == "manual"
    for back in reversed(states[:-1]):
        assert desk.undo_edit() is not None and state(desk) == back
    assert desk.undo_edit() is None
    texts = []
    for again in states[1:]:
        texts.append(desk.redo())
        assert state(desk) == again
    assert texts[0] is not None and texts[0].startswith("redone on the desk: the lock of ")
    assert texts[2] is not None and texts[2].startswith("redone on the desk: the swap of ")
    assert desk.redo() is None  # nothing more to bring back: ctrl+y goes to the store
    assert desk.undo_edit() is not None and state(desk) == states[2]  # and ctrl+z takes it back again
    assert not evening.season.round(33).is_paired  # nothing of it was written


def test_a_new_edit_after_an_undo_forgets_what_was_taken_back(evening: Evening) -> None:
    desk = evening.desk
    desk.solve(33, alternatives=0)
    desk.toggle_lock(0, 2)
    desk.undo_edit()
    desk.toggle_forbid(0, 3)
    assert desk.redo() is None and not desk.locks and len(desk.forbids) == 1


def test_a_saved_change_forgets_what_was_taken_back_a_re_solve_does_not(evening: Evening) -> None:
    desk = evening.desk
    desk.solve(33, alternatives=0)
    desk.toggle_lock(0, 2)
    locked = state(desk)
    desk.undo_edit()
    desk.solve(33, alternatives=1)  # not an edit: as ctrl+z goes back over it, so does ctrl+y
    assert desk.redo() is not None and state(desk) == locked
    desk.undo_edit()
    evening.settings.change(name="Another name")  # a new action, as in an editor
    assert desk.redo() is None and evening.history.redo() is None


def test_a_desk_edit_comes_back_in_turn_with_the_stores_undo(evening: Evening) -> None:
    """ctrl+z took back the lock, then the store's last action: ctrl+y redoes that first, then the lock."""
    desk = evening.desk
    evening.settings.change(name="Another name")  # the store's last action
    desk.solve(33, alternatives=0)
    desk.toggle_lock(0, 2)
    locked = state(desk)
    head_season = evening.season
    desk.undo_edit()
    assert evening.history.undo() is not None
    assert desk.redo() is None  # the store's action comes back first
    assert evening.history.redo() is not None and evening.season == head_season
    assert desk.redo() is not None and state(desk)[:4] == locked[:4]
    # The other way round: the store's action taken back first, then the lock: the lock comes back first.
    assert evening.history.undo() is not None
    desk.toggle_lock(0, 3)
    desk.undo_edit()
    assert desk.redo() is not None and len(desk.locks) == 2
    assert evening.history.redo() is not None and evening.season == head_season


def test_a_mark_and_an_edit_after_it_come_back_in_order(evening: Evening) -> None:
    desk = evening.desk
    desk.solve(33, alternatives=0)
    desk.accept(0)
    rnd = evening.season.round(33)
    caller = rnd.games[0].black
    evening.attendance.set(33, caller, EntryKind.EXCUSED)  # waits on the desk
    desk.toggle_lock(0, 2)  # a lock on the saved pairing, for the re-pairing
    assert desk.undo_edit() is not None and not desk.locks
    assert desk.take_back_late() is not None and not desk.late
    brought = desk.redo()
    assert brought is not None and brought.startswith("brought back: the mark of ")
    assert desk.late == {caller: EntryKind.EXCUSED} and not desk.locks
    who = " and ".join(evening.season.player(p).name for p in sorted(rnd.games[1].players()))
    assert desk.redo() == f"redone on the desk: the lock of {who}"
    assert len(desk.locks) == 1 and desk.late == {caller: EntryKind.EXCUSED}
    assert desk.redo() is None and evening.season.round(33) == rnd
    # ctrl+z goes back the same way: the lock, then the mark
    assert desk.undo_edit() is not None and desk.take_back_late() is not None and not desk.late


async def test_ctrl_y_on_the_pairing_screen_brings_back_what_ctrl_z_took_back(demo_store: Path) -> None:
    from keizer.tui.app.app import make_app
    from keizer.tui.app.widgets.proposal import ProposalColumn

    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        desk, head = app.evening.desk, app.evening.revision
        column = app.screen.query_one("#proposal-0", ProposalColumn)
        column.table.move_cursor(row=1)
        await pilot.press("l", "down", "f")
        await pilot.pause()
        locked, forbidden = set(desk.locks), set(desk.forbids)
        assert len(locked) == len(forbidden) == 1
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert not desk.locks and not desk.forbids
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.said[-1].text.startswith("redone on the desk: the lock of ")
        assert desk.locks == locked and not desk.forbids
        assert "1 locked" in str(app.screen.query_one("#title").render())
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.said[-1].text.startswith("redone on the desk: the forbid of ")
        assert desk.locks == locked and desk.forbids == forbidden
        assert "1 locked, 1 forbidden" in str(app.screen.query_one("#title").render())
        assert sum(b.locked for b in desk.views()[0].boards) == 1  # the proposal's marks follow
        await pilot.press("ctrl+y")  # nothing more on the desk: the store's redo, which has none
        await pilot.pause()
        assert app.said[-1].text == "nothing to redo" and app.evening.revision == head


async def test_an_edit_brought_back_on_another_screen_shows_on_the_pairing_screen(demo_store: Path) -> None:
    from keizer.tui.app.app import make_app
    from keizer.tui.app.widgets.proposal import ProposalColumn

    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#proposal-0", ProposalColumn).table.move_cursor(row=1)
        await pilot.press("l", "ctrl+z", "f2", "ctrl+y")  # the lock is what ctrl+z took back last
        await pilot.pause()
        assert app.said[-1].text.startswith("redone on the desk: the lock of ")
        await pilot.press("f3")
        await pilot.pause()
        assert "1 locked" in str(app.screen.query_one("#title").render())
