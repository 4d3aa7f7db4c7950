"""The door through the evening layer: the kiosk the director switches on, its one-time code, the members who
check in, and what a check-in does — a record in the log, never the director's mark undone, a latecomer left
to the director's re-pairing — and what it leaves alone (undo, the desk, a write from an older screen)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.door import Arrived
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.tonight import CLOSED_AFTER, FREE_TRIES
from keizer.seasons.errors import ChangedMeanwhile
from keizer.seasons.model import EntryKind, PlayerId
from tests.live.helpers import EVENING, TONIGHT, at, opened, pair, present_ids, tablet


@pytest.fixture
def live(demo_store: Path):  # type: ignore[no-untyped-def]
    evening = opened(demo_store)
    yield evening
    evening.close()


def test_a_check_in_is_a_record_that_changes_nothing_in_the_season(live: Evening) -> None:
    token = tablet(live)
    pid = present_ids(live)[0]
    season, changed = live.season, live.season_revision
    done = live.door.check_in(pid, token)
    assert done.arrived is Arrived.PRESENT and done.label == f"round 33: {done.player.name} checked in at the door"
    assert live.season == season and live.season_revision == changed and live.revision > changed
    assert live.history.actions()[-1].label == done.label
    assert set(live.door.arrivals(TONIGHT)) == {pid} and not live.door.arrivals(TONIGHT)[pid].late
    head = live.revision
    assert live.door.check_in(pid, token).arrived is Arrived.ALREADY and live.revision == head  # nothing written


def test_a_member_who_reported_an_absence_and_comes_is_present(live: Evening) -> None:
    live.attendance.report(TONIGHT, "visser", "2020-04-21 18:00")  # in time: excused
    assert live.season.round(TONIGHT).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    done = live.door.check_in("visser", tablet(live))
    assert done.arrived is Arrived.PRESENT
    assert live.season.round(TONIGHT).entry_of(PlayerId("visser")) is None
    assert "present after all" in live.history.actions()[-1].label
    live.history.undo()  # one action: the entry and the check-in go back together
    assert live.season.round(TONIGHT).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    assert "visser" not in live.door.arrivals(TONIGHT)


@pytest.mark.parametrize("pid,entry", [("bakker", EntryKind.EXCUSED), ("boer", EntryKind.DUTY),
                                       ("meer3", EntryKind.UNEXCUSED)])
def test_the_directors_own_mark_stands(live: Evening, pid: str, entry: EntryKind) -> None:
    done = live.door.check_in(pid, tablet(live))
    assert done.arrived is Arrived.SEE_DIRECTOR and "the director's mark stands" in live.history.actions()[-1].label
    assert live.season.round(TONIGHT).entry_of(PlayerId(pid)) is entry
    assert pid in live.door.arrivals(TONIGHT)


def test_a_report_the_director_changed_is_the_directors_mark(live: Evening) -> None:
    live.attendance.report(TONIGHT, "visser", "2020-04-21 18:00")
    live.attendance.set(TONIGHT, "visser", EntryKind.DUTY)
    assert live.door.check_in("visser", tablet(live)).arrived is Arrived.SEE_DIRECTOR
    assert live.season.round(TONIGHT).entry_of(PlayerId("visser")) is EntryKind.DUTY


def test_after_the_pairing_a_check_in_is_on_the_board_or_a_latecomer_nothing_re_paired(live: Evening) -> None:
    token = tablet(live)
    pair(live)
    rnd = live.season.round(TONIGHT)
    playing = rnd.games[0].white
    assert live.door.check_in(playing, token).arrived is Arrived.ON_BOARD
    late = live.door.check_in("bakker", token)  # excused, so not on the pairing
    assert late.arrived is Arrived.LATE and "after the pairing was saved" in (late.label or "")
    assert live.season.round(TONIGHT) == rnd  # the pairing as it was: the director re-pairs
    arrivals = live.door.arrivals(TONIGHT)
    assert arrivals["bakker"].late and not arrivals[playing].late


def test_undo_passes_the_records_by_and_redo_survives_them(live: Evening) -> None:
    token = tablet(live)
    marked = live.attendance.set(TONIGHT, "visser", EntryKind.EXCUSED)
    live.door.check_in(present_ids(live)[0], token)
    assert live.history.undo() == marked  # the director's change, not the check-in after it
    live.door.check_in(present_ids(live)[1], token)
    assert live.history.redo() == marked  # a record does not clear what redo brings back
    assert len(live.door.arrivals(TONIGHT)) == 2


def test_a_record_does_not_refuse_a_write_from_an_older_screen_but_a_change_does(demo_store: Path,
                                                                                  live: Evening) -> None:
    director = opened(demo_store)
    director.show(director.revision)  # the TUI: every write checked against what it shows
    live.door.check_in(present_ids(live)[0], tablet(live))
    director.attendance.set(TONIGHT, "visser", EntryKind.EXCUSED)  # written: only records came after
    live.attendance.set(TONIGHT, "mulder", EntryKind.EXCUSED)
    with pytest.raises(ChangedMeanwhile):
        director.attendance.set(TONIGHT, "dijk", EntryKind.EXCUSED)
    director.close()


def test_the_desks_proposals_stay_fresh_when_a_member_checks_in(live: Evening) -> None:
    token = tablet(live)
    live.desk.solve(TONIGHT, alternatives=0)
    live.door.check_in(present_ids(live)[0], token)
    assert not live.desk.stale
    live.desk.accept(0)
    assert live.season.round(TONIGHT).is_paired


def test_the_kiosk_code_pairs_one_tablet_once(live: Evening) -> None:
    code = live.door.kiosk_code()
    assert len(code) == 6 and code.isdigit()
    token = live.door.pair_tablet(code)
    live.door.tablet(token)  # good tonight
    with pytest.raises(Refused) as used:
        live.door.pair_tablet(code)
    assert used.value.why is Why.USED
    for bad in (None, "", "1.2020-04-23.00", token[:-1] + ("0" if token[-1] != "0" else "1")):
        with pytest.raises(Refused):
            live.door.tablet(bad)
    live.door.kiosk_off()
    with pytest.raises(Refused) as off:
        live.door.tablet(token)
    assert off.value.why is Why.ENDED
    with pytest.raises(Refused):
        live.door.check_in(present_ids(live)[0], token)


def test_the_tablets_token_ends_with_the_evening(live: Evening) -> None:
    token = tablet(live)
    at(live, dt.datetime(2020, 4, 24, 5, 59).astimezone())  # past midnight: still the evening
    live.door.tablet(token)
    at(live, dt.datetime(2020, 4, 24, 6, 0).astimezone())  # the next day: round 33 is dated the 23rd
    with pytest.raises(Refused) as next_day:
        live.door.check_in(present_ids(live)[0], token)
    assert next_day.value.why is Why.NOT_TONIGHT


def test_wrong_kiosk_codes_are_slowed_then_refused_and_said_to_the_director(live: Evening) -> None:
    code = live.door.kiosk_code()
    wrong = "000000" if code != "000000" else "111111"
    moment = EVENING
    for n in range(1, CLOSED_AFTER + 1):
        with pytest.raises(Refused) as refused:
            live.door.pair_tablet(wrong)
        assert refused.value.why is (Why.CLOSED if n == CLOSED_AFTER else Why.WRONG_CODE)
        if n >= FREE_TRIES and n < CLOSED_AFTER:  # slowed: the next one at once is not even looked at
            with pytest.raises(Refused) as slowed:
                live.door.pair_tablet(code)
            assert slowed.value.why is Why.SLOWED and slowed.value.retry_after > 0
            moment += dt.timedelta(seconds=slowed.value.retry_after)
            at(live, moment)
    with pytest.raises(Refused) as closed:
        live.door.pair_tablet(code)  # the right code too, for the rest of the evening
    assert closed.value.why is Why.CLOSED
    assert [(a.target, a.wrong, a.closed) for a in live.tonight.alarms()] == [("kiosk", CLOSED_AFTER, True)]
    live.door.tablet(live.door.pair_tablet(live.door.kiosk_code()))  # the director's new code forgives them
    assert live.tonight.alarms() == ()


def test_a_member_not_in_tonights_round_or_unknown_is_refused(live: Evening) -> None:
    token = tablet(live)
    for pid in ("nobody", "<script>"):
        with pytest.raises(Refused) as refused:
            live.door.check_in(pid, token)
        assert refused.value.why is Why.NOT_PLAYING
    assert live.door.find("") == () and all("de" in p.name.lower() for p in live.door.find("DE"))


def test_a_store_only_read_writes_nothing_and_makes_no_secret(demo_store: Path) -> None:
    with Evening.read(demo_store) as looking:
        at(looking)
        with pytest.raises(Refused) as refused:
            looking.door.kiosk_code()
        assert refused.value.why is Why.NOT_OPEN
        assert looking.reports.codes(TONIGHT) == {}
    assert not demo_store.with_name(demo_store.name + ".secret").exists()
