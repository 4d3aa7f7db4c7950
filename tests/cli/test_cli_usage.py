"""A mistake on the command line itself: one line naming the command, one hint, exit 2; help unchanged."""

from __future__ import annotations

import pytest

from tests.conftest import EVENING
from keizer.tui.cli.main import main


GROUP_ACTIONS = "'form', 'fill', 'schedule', 'unavailable', 'decide', 'result'"


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """The error line and the hint line of `keizer argv`, which must exit 2 and print nothing else."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == "", (argv, info.value.code, out)
    lines = err.splitlines()
    assert len(lines) == 2 and err.endswith("\n"), (argv, err)
    return lines[0], lines[1]


@pytest.mark.parametrize(("argv", "line", "hint"), [
    ((), "keizer: error: no COMMAND given", "see 'keizer --help'"),
    (("--versoin",), "keizer: error: unrecognized arguments: --versoin", "see 'keizer --help'"),
    (("standngs", "x"), "keizer: error: unknown command 'standngs'; did you mean 'standings'?",
     "see 'keizer --help'"),
    (("xyzzy",), "keizer: error: unknown command 'xyzzy'", "see 'keizer --help'"),
    (("pair",), "keizer pair: error: the following arguments are required: SEASON", "see 'keizer pair --help'"),
    (("pair", "s.json", "--bogus"), "keizer pair: error: unrecognized arguments: --bogus",
     "see 'keizer pair --help'"),
    (("pair", "s.json", "--solver", "cpsta"),
     "keizer pair: error: argument --solver: invalid choice 'cpsta'; did you mean 'cpsat'? "
     "(choose from 'auto', 'cpsat', 'matching')", "see 'keizer pair --help'"),
    (("standings", "s.json", "--round", "x"), "keizer standings: error: argument --round/-r: invalid int value: 'x'",
     "see 'keizer standings --help'"),
    (("group", "form"), "keizer group form: error: the following arguments are required: SEASON",
     "see 'keizer group form --help'"),
    # An option before the command is keizer's, not the command's: the line names keizer.
    (("--bogus", "standings", "s.json"), "keizer: error: unrecognized arguments: --bogus", "see 'keizer --help'"),
    (("--bogus", "group", "form", "s.json"), "keizer: error: unrecognized arguments: --bogus",
     "see 'keizer --help'"),
    # A misspelt action of `keizer group` is answered like a misspelt command, not taken for SEASON.
    (("group", "frm", "s.json"), "keizer group: error: unknown command 'frm'; did you mean 'form'? "
     f"(choose from {GROUP_ACTIONS})", "see 'keizer group --help'"),
    (("group", "shedule"), "keizer group: error: unknown command 'shedule'; did you mean 'schedule'? "
     f"(choose from {GROUP_ACTIONS})", "see 'keizer group --help'"),
    (("group", "propose", "s.json", "--save"),
     f"keizer group: error: unknown command 'propose' (choose from {GROUP_ACTIONS})", "see 'keizer group --help'"),
    (("group", str(EVENING), "form"), "keizer group: error: unrecognized arguments: form",
     "see 'keizer group --help'"),
])
def test_a_usage_mistake_is_one_line_and_a_hint(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                                line: str, hint: str) -> None:
    assert usage_error(capsys, *argv) == (line, hint)


def test_user_text_in_a_usage_mistake_is_shown_as_data(capsys: pytest.CaptureFixture[str]) -> None:
    line, _ = usage_error(capsys, "standings", str(EVENING), "--bogus\x1b]0;owned\x07")
    assert "\x1b" not in line and "\x07" not in line and "\\x1b" in line


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_still_shows_the_usage_and_exits_0(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    for argv in ([flag], ["pair", flag], ["group", "form", flag]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        out, err = capsys.readouterr()
        assert info.value.code == 0 and out.startswith("usage: keizer") and err == "", argv
