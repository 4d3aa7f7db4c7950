"""A paired round's absentee changing kind of absence is saved at once on the Round screen, as `keizer attend` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.tui.app.screens.pairing.title import desk_title
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.evening.evening import Evening
from keizer.evening.ways import Already


def accepted(evening: Evening) -> PlayerId:
    """Round 33 paired and saved; a player it leaves out, excused."""
    evening.desk.solve(33, alternatives=0)
    evening.desk.accept(0)
    return next(pid for pid, kind in evening.season.round(33).entries if kind is EntryKind.EXCUSED)


def pairing(season: Season) -> tuple[object, ...]:
    rnd = season.round(33)
    return rnd.games, rnd.bye


@pytest.mark.parametrize("entry", [EntryKind.UNEXCUSED, EntryKind.DUTY, EntryKind.EXTERNAL_WIN])
def test_another_kind_of_absence_is_saved_at_once_in_one_step(evening: Evening, entry: EntryKind) -> None:
    """Was: it waited on the desk for r and a, though no board depends on it (`keizer attend` saved it)."""
    away = accepted(evening)
    before, head = evening.season, evening.revision
    label = evening.attendance.set(33, away, entry)
    assert evening.revision == head + 1 and label.startswith(f"round 33: {evening.season.player(away).name}")
    assert evening.season.round(33).entry_of(away) is entry and pairing(evening.season) == pairing(before)
    assert not evening.desk.late and "paired and saved" in desk_title(evening.desk)  # nothing waits for a re-pairing
    assert (away in evening.season.suspended) == (entry is EntryKind.UNEXCUSED and evening.ruleset.suspension)
    evening.history.undo()  # one action, one undo step: the season as it was
    assert evening.season == before


def test_the_round_screen_and_keizer_attend_save_the_same(evening: Evening, demo_store: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from keizer.tui.cli.main import main

    away = accepted(evening)
    before = evening.season
    said = evening.attendance.set(33, away, EntryKind.UNEXCUSED)
    by_screen = evening.season
    evening.history.undo()
    assert main(["attend", str(demo_store), away, "unexcused", "--round", "33"]) == 0
    assert capsys.readouterr().out.strip() == said
    assert evening.season == by_screen != before


def test_a_change_of_who_plays_still_waits_for_the_re_pairing(evening: Evening) -> None:
    away = accepted(evening)
    caller = evening.season.round(33).games[0].white
    head = evening.revision
    evening.attendance.set(33, away, None)  # a latecomer: absent → present
    evening.attendance.set(33, caller, EntryKind.UNEXCUSED)  # a call-off: present → absent
    assert evening.revision == head and evening.desk.late == {away: None, caller: EntryKind.UNEXCUSED}
    # the latecomer's mark waits: calling off again changes it on the desk, not the store
    evening.attendance.set(33, away, EntryKind.DUTY)
    assert evening.revision == head and evening.desk.late == {away: EntryKind.DUTY, caller: EntryKind.UNEXCUSED}
    same = evening.attendance.set(33, next(p for p, k in evening.season.round(33).entries
                                           if k is EntryKind.EXCUSED and p != away), EntryKind.EXCUSED)
    assert isinstance(same, Already) and "already excused" in str(same)  # nothing to save: said so


async def test_on_the_round_screen_the_kind_of_absence_is_saved_and_undone_at_once(demo_store: Path) -> None:
    from keizer.tui.app.app import make_app
    from keizer.tui.app.widgets.table import KeizerTable

    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        evening = app.evening
        away = accepted(evening)
        app.check_store()
        await pilot.pause()
        before, head = evening.season, evening.revision
        table = app.screen.query_one(KeizerTable)
        table.move_cursor(row=table.get_row_index(away))
        await pilot.press("d")
        await pilot.pause()
        assert evening.revision == head + 1 and evening.season.round(33).entry_of(away) is EntryKind.DUTY
        assert table.row_text(away)[2] == "duty" and not evening.desk.late
        assert app.said[-1].text.startswith(f"round 33: {evening.season.player(away).name} duty")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert evening.season == before and table.row_text(away)[2] == "excused"
