"""A late absence report is a report (D art. 12, 16; docs/rules.md §2, §6): booked unexcused, never a suspension."""

from __future__ import annotations

from pathlib import Path

from keizer.evening.evening import Evening
from keizer.evening.listing import listed_round
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.store.season_store import SeasonStore

P1, P2 = PlayerId("p1"), PlayerId("p2")


def small_season(tmp_path: Path) -> Evening:
    """Six players under D's rules, Thursday evenings from 3 September 2026 (the deadline: Wednesday 20:00),
    round 1 played: round 2 is the one being prepared."""
    obj = {"format": "keizer-season/1", "name": "six", "ruleset": "doorn-driebergen-2019", "rounds_planned": 10,
           "start_date": "2026-09-03", "weekday": "thursday",
           "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 7)],
           "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p4", "result": "1-0"},
                                             {"white": "p5", "black": "p2", "result": "0-1"},
                                             {"white": "p3", "black": "p6", "result": "1/2-1/2"}]}]}
    path = tmp_path / "six.keizer"
    SeasonStore.create(path, season_from_json(obj)).close()
    return Evening.open(path)


def test_a_late_report_books_the_round_unexcused_and_suspends_nobody(tmp_path: Path) -> None:
    e = small_season(tmp_path)
    try:
        assert e.current_round() == 2
        said = e.attendance.report(2, "p1", "2026-09-09T21:15")  # after Wednesday 20:00: too late (art. 16)
        assert e.season.round(2).entry_of(P1) is EntryKind.UNEXCUSED and "too late" in said
        assert P1 not in e.season.suspended and "not suspended" in said  # art. 12: he has reported
        # so round 3 is not booked unexcused for him: he is paired again
        assert listed_round(e.season, 3).entry_of(P1) is None
    finally:
        e.close()


def test_a_report_readmits_a_suspended_player(tmp_path: Path) -> None:
    """Marked absent without notice, then his report comes in, late: he has reported (art. 12), readmitted,
    and the round stays unexcused (art. 16)."""
    e = small_season(tmp_path)
    try:
        e.attendance.set(2, "p2", EntryKind.UNEXCUSED)
        assert P2 in e.season.suspended
        said = e.attendance.report(2, "p2", "2026-09-10T19:00")
        assert P2 not in e.season.suspended and "readmitted" in said
        assert e.season.round(2).entry_of(P2) is EntryKind.UNEXCUSED
        e.history.undo()  # the report, its booking and the readmission are one action
        assert P2 in e.season.suspended and e.season.round(2).report_of(P2) is None
    finally:
        e.close()
