"""A team match's result is refused for a round not played yet: later than tonight's (docs/rules.md §13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening


def _listed_tonight(evening: Evening) -> PlayerId:
    """Round 33 (tonight's) listed by a mark, so that round 34 is the next one to list; a player free in both."""
    free = [row.player.id for row in evening.attendance.rows(33) if row.entry is None and not row.late]
    evening.attendance.set(33, free[0], EntryKind.EXCUSED)
    assert evening.current_round() == 33 and len(evening.season.rounds) == 33
    return free[1]


def test_a_result_for_a_later_round_is_refused(evening: Evening) -> None:
    pid = _listed_tonight(evening)
    name = evening.season.player(pid).name
    head = evening.revision
    for entry in (EntryKind.EXTERNAL_WIN, EntryKind.EXTERNAL_DRAW, EntryKind.EXTERNAL_LOSS):
        with pytest.raises(KeizerError, match=f"^{name}'s team match in round 34 has no result yet: round 34 is "
                                              f"not played \\(tonight is round 33\\)"):
            evening.attendance.set(34, pid, entry)
    assert evening.revision == head
    evening.attendance.set(34, pid, EntryKind.EXTERNAL_PENDING)  # away for a team match: known ahead
    assert evening.season.round(34).entry_of(pid) is EntryKind.EXTERNAL_PENDING
    evening.attendance.set(33, pid, EntryKind.EXTERNAL_WIN)  # tonight's: it may have been played this week
    assert evening.season.round(33).entry_of(pid) is EntryKind.EXTERNAL_WIN


def test_keizer_attend_refuses_it_in_one_line(demo_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evening = Evening.open(demo_store)
    try:
        pid = _listed_tonight(evening)
    finally:
        evening.close()
    before = load_season(demo_store)
    capsys.readouterr()
    assert main(["attend", str(demo_store), pid, "external-won", "--round", "34"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and "team match in round 34 has no result yet" in err
    assert before.player(pid).name in err
    assert load_season(demo_store) == before
