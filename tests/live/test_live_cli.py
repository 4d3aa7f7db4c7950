"""The live evening on the command line: `keizer kiosk` (the Round screen's k and K), `keizer pairing --codes` (the
sheet for the boards), each a user's mistake in one line and exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keizer.tui.cli.main import main
from tests.conftest import EVENING
from tests.live.helpers import TONIGHT, opened, pair
from tests.live.serving import tonight_dated


def test_the_kiosk_is_switched_on_and_off(demo_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tonight_dated(demo_store)
    capsys.readouterr()
    assert main(["kiosk", str(demo_store)]) == 0
    first = re.search(r"type (\d{3}) (\d{3}) once", capsys.readouterr().out)
    assert main(["kiosk", str(demo_store)]) == 0
    second = re.search(r"type (\d{3}) (\d{3}) once", capsys.readouterr().out)
    assert first and second
    with opened(demo_store) as evening:
        from keizer.evening.live.tonight import evening_day, local_now

        evening.tonight.clock = local_now
        assert evening_day(local_now()) == evening.tonight.day()
        token = evening.door.pair_tablet(first.group(1) + first.group(2))  # each pairs a tablet
        assert main(["kiosk", str(demo_store), "--off"]) == 0
        assert "kiosk off" in capsys.readouterr().out
        from keizer.evening.live.refusals import Refused

        with pytest.raises(Refused):
            evening.door.tablet(token)


def test_no_kiosk_on_an_evening_without_a_round(demo_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kiosk", str(demo_store)]) == 2  # round 33 is dated 2020-04-23: no club evening now
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no club evening" in err


def test_the_sheet_for_the_boards_has_their_codes(demo_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with opened(demo_store) as evening:
        pair(evening)
        codes = evening.reports.codes(TONIGHT)
    capsys.readouterr()
    assert main(["pairing", str(demo_store), "--codes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.startswith("Bord"))
    assert header.rstrip().endswith("Code")
    printed = {int(line.split()[0]): line.split()[-1] for line in lines if line[:4].strip().isdigit()}
    assert printed == codes
    assert main(["pairing", str(demo_store)]) == 0
    assert not capsys.readouterr().out.splitlines()[2].rstrip().endswith("Code")  # the plain sheet has none
    assert main(["pairing", str(EVENING), "--codes"]) == 2
