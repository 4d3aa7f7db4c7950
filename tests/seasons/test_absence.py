"""Round dates from the season's start and weekday; absence reports booked by the ruleset's deadline."""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import pytest

from keizer.seasons.absence import book_report, first_evening, parse_date, parse_moment, report_deadline, round_date
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import AbsenceReport, EntryKind, PlayerId
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, ReportSet, SeasonDatesSet
from tests.conftest import EVENING
from tests.seasons.test_season_json import MINIMAL

D = parse_ruleset("doorn-driebergen-2019")
K = parse_ruleset("kijk-uit")


def dated(**keys: object) -> dict:
    obj = copy.deepcopy(MINIMAL)
    obj.update(keys)
    return obj


def test_round_dates_follow_the_start_and_the_weekday() -> None:
    # 2019-09-02 is a Monday; the club plays on Thursday: the first evening is Thursday 2019-09-05.
    season = season_from_json(dated(start_date="2019-09-02", weekday="thursday"))
    assert first_evening(season) == dt.date(2019, 9, 5)
    assert round_date(season, 1) == dt.date(2019, 9, 12)  # round 1 has its own date in MINIMAL
    assert round_date(season, 2) == dt.date(2019, 9, 19)  # a week after the last dated round
    assert round_date(season, 10) == dt.date(2019, 11, 14)  # rounds not listed yet too
    undated = season_from_json(dated(start_date="2019-09-05", rounds=[]))
    assert round_date(undated, 1) == dt.date(2019, 9, 5)  # no weekday: the start date's own
    assert round_date(undated, 3) == dt.date(2019, 9, 19)
    assert round_date(season_from_json(dated(rounds=[])), 1) is None  # nothing fixes a date


def test_deadlines_of_both_clubs() -> None:
    thursday, friday = dt.date(2019, 9, 12), dt.date(2019, 9, 13)
    assert report_deadline(D.absence_deadline, thursday) == dt.datetime(2019, 9, 11, 20, 0)  # Wednesday 20:00
    assert report_deadline(K.absence_deadline, friday) == dt.datetime(2019, 9, 12, 20, 0)  # Thursday 20:00
    assert parse_ruleset("keizer-classic").absence_deadline is None


def test_a_report_is_booked_by_the_deadline_unless_force_majeure() -> None:
    evening = dt.date(2019, 9, 12)
    p = PlayerId("dekker")
    assert book_report(AbsenceReport(p, "2019-09-11T20:00"), D, evening).entry is EntryKind.EXCUSED  # "uiterlijk"
    late = book_report(AbsenceReport(p, "2019-09-11T20:01"), D, evening)
    assert late.entry is EntryKind.UNEXCUSED and "too late" in late.reason
    ruled = book_report(AbsenceReport(p, "2019-09-12T19:00", "ill at work"), D, evening)
    assert ruled.entry is EntryKind.EXCUSED and ruled.reason == "force majeure: ill at work"
    classic = parse_ruleset("keizer-classic")
    assert book_report(AbsenceReport(p, "2019-09-12T21:00"), classic, evening).entry is EntryKind.EXCUSED
    assert book_report(AbsenceReport(p, "2019-09-12T21:00"), D, None).deadline is None


def test_dates_and_reports_round_trip_and_are_left_out_when_absent() -> None:
    obj = dated(start_date="2019-09-02", weekday="thursday")
    obj["rounds"][0]["reports"] = [{"player": "kruijff", "at": "2019-09-11T18:00"},
                                   {"player": "bontenbal", "at": "2019-09-12T18:00", "force_majeure": "flu"}]
    season = season_from_json(obj)
    assert [r.player for r in season.round(1).reports] == ["bontenbal", "kruijff"]
    assert season_from_json(json.loads(dump_season(season))) == season
    out = season_to_json(season)
    assert list(out)[:6] == ["format", "name", "ruleset", "rounds_planned", "start_date", "weekday"]
    plain = season_to_json(season_from_json(copy.deepcopy(MINIMAL)))
    assert "start_date" not in plain and "weekday" not in plain
    assert all("reports" not in r for r in plain["rounds"])


@pytest.mark.parametrize("change, where", [
    ({"start_date": "5 Sept"}, "start_date"),
    ({"start_date": 20190905}, "start_date"),
    ({"weekday": "Thursday"}, "weekday"),
    ({"reports": {"kruijff": "x"}}, "rounds[0].reports"),
    ({"reports": [{"player": "nobody", "at": "2019-09-11T18:00"}]}, "rounds[0].reports[0].player"),
    ({"reports": [{"player": "kruijff", "at": "2019-09-11"}]}, "rounds[0].reports[0].at"),
    ({"reports": [{"player": "kruijff", "at": "2019-09-11T18:00", "force_majeure": ""}]},
     "rounds[0].reports[0].force_majeure"),
    ({"reports": [{"player": "kruijff", "at": "2019-09-11T18:00"}, {"player": "kruijff", "at": "2019-09-11T19:00"}]},
     "rounds[0].reports[1].player"),
    ({"reports": [{"player": "kruijff", "at": "2019-09-11T18:00", "when": 1}]}, "rounds[0].reports[0].when"),
])
def test_date_and_report_errors_name_the_path(change: dict, where: str) -> None:
    obj = copy.deepcopy(MINIMAL)
    if "reports" in change:
        obj["rounds"][0]["reports"] = change["reports"]
    else:
        obj.update(change)
    with pytest.raises(InputError) as info:
        season_from_json(obj)
    assert info.value.where == where, str(info.value)


def test_reports_and_dates_through_the_store(tmp_path: Path) -> None:
    season = season_from_json(copy.deepcopy(MINIMAL))
    path = tmp_path / "club.keizer"
    with SeasonStore.create(path, season) as store:
        report = ReportSet(round=2, player=PlayerId("dekker"), at="2019-09-18T21:00", force_majeure="car broke down")
        booking = book_report(AbsenceReport(report.player, report.at, report.force_majeure), K, dt.date(2019, 9, 19))
        store.apply("dekker reports", report, EntrySet(round=2, player=report.player, entry=booking.entry))
        store.apply("dates", SeasonDatesSet(start_date="2019-09-05", weekday=None))
        with pytest.raises(KeizerError):
            store.apply("bad", SeasonDatesSet(start_date="2019-09-05", weekday="someday"))
        after = store.season
    assert after.round(2).report_of(PlayerId("dekker")) == AbsenceReport(PlayerId("dekker"), "2019-09-18T21:00",
                                                                           "car broke down")
    assert after.round(2).entry_of(PlayerId("dekker")) is EntryKind.EXCUSED
    assert after.start_date == "2019-09-05"
    again = tmp_path / "again.keizer"
    SeasonStore.create(again, season_from_json(json.loads(dump_season(after)))).close()
    with SeasonStore.open(again) as store:
        assert store.season == after


@pytest.mark.parametrize("text", ["2026-W01-1", "20260101", "2026-001", "2026-1-1", " 2026-01-01", "2026-01-01 "])
def test_a_date_is_written_as_the_messages_say_it(text: str) -> None:
    """Python's ISO reader also takes week dates and dates without dashes (issue 22): refused, as the messages
    ask for 2019-09-12."""
    with pytest.raises(InputError, match='expected a date like "2019-09-12"'):
        parse_date(text, "start_date")


@pytest.mark.parametrize("text", ["2026-W01-1T19:30", "20260101T1930", "2026-01-01T1930", "2026-01-01T19"])
def test_a_moment_is_written_as_the_messages_say_it(text: str) -> None:
    with pytest.raises(InputError, match='expected a local time like "2019-09-11T19:30"'):
        parse_moment(text, "at")


def test_a_round_date_in_a_file_is_a_date() -> None:
    from keizer.seasons.season_json.read import parse_season_text

    text = EVENING.read_text().replace('"date": "2019-09-12"', '"date": "20190912"', 1)
    assert '"20190912"' in text
    with pytest.raises(InputError, match=r'rounds\[0\]\.date: expected a date like "2019-09-12", got \'20190912\''):
        parse_season_text(text)
