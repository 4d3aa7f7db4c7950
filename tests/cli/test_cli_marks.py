"""`keizer attend` and `keizer result`: a whole club evening from the command line, as the TUI keys do it."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.ways import Already
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def head(path: Path) -> int:
    store = SeasonStore.open(path, readonly=True)
    try:
        return store.head()
    finally:
        store.close()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"  # club D, round 33 to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


def test_an_evening_marks_pairs_enters_corrects_and_undoes(store: Path, capsys: pytest.CaptureFixture[str]):
    season = load_season(store)
    present = [p.id for p in season.players if season.round(33).entry_of(p.id) is None][:4]
    marks = [(present[0], "excused", EntryKind.EXCUSED), (present[1], "unexcused", EntryKind.UNEXCUSED),
             (present[2], "external", EntryKind.EXTERNAL_PENDING), (present[3], "duty", EntryKind.DUTY)]
    for pid, status, _ in marks:
        code, out, err = run(capsys, "attend", str(store), pid, status)
        assert code == 0, err
        assert out.startswith("round 33: ")
    rnd = load_season(store).round(33)
    assert [rnd.entry_of(PlayerId(pid)) for pid, _, _ in marks] == [entry for _, _, entry in marks]
    assert PlayerId(present[1]) in load_season(store).suspended  # D art. 12 goes with an unexcused mark
    code, out, _ = run(capsys, "attend", str(store), present[3], "duty")
    assert code == 0 and "already duty in round 33" in out  # a success that says so (nothing written)

    assert run(capsys, "pair", str(store), "--save")[0] == 0
    # After the pairing a latecomer is the re-pairing's: the command says which one.
    code, _, err = run(capsys, "attend", str(store), present[0], "present")
    assert code == 2 and "--keep-accepted --present" in err

    games = load_season(store).round(33).games
    assert run(capsys, "result", str(store), "1", "1-0")[0] == 0
    assert run(capsys, "result", str(store), "2", "=")[0] == 0
    assert run(capsys, "result", str(store), "3", "--", "-+")[0] == 0
    code, out, _ = run(capsys, "result", str(store), "4", "--no-show", "black")
    assert code == 0 and "did not come" in out
    before = head(store)
    code, _, err = run(capsys, "result", str(store), "1", "0-1")  # a mistake is changed only on purpose
    assert code == 2 and "already has 1-0: --change replaces it" in err and head(store) == before
    assert run(capsys, "result", str(store), "1", "0-1", "--change")[0] == 0
    played = load_season(store).round(33)
    assert [g.result for g in played.games[:4]] == [Result.BLACK_WINS, Result.DRAW, Result.BLACK_FORFEIT_WIN,
                                                    Result.WHITE_FORFEIT_WIN]
    assert [g.players() for g in played.games] == [g.players() for g in games]  # every game on its board
    assert run(capsys, "undo", str(store))[0] == 0
    assert load_season(store).round(33).games[0].result is Result.WHITE_WINS
    assert run(capsys, "redo", str(store))[0] == 0
    # The team match's result, once known: its round named, as tonight's is the next one after the results.
    assert run(capsys, "attend", str(store), present[2], "external-won", "--round", "33")[0] == 0
    assert load_season(store).round(33).entry_of(PlayerId(present[2])) is EntryKind.EXTERNAL_WIN


def test_mistakes_are_one_line_and_write_nothing(store: Path, capsys: pytest.CaptureFixture[str]):
    before = head(store)
    for argv, words in [
        (("result", str(store), "1", "1-0", "--round", "33"), "round 33 is not paired yet"),
        (("result", str(store), "1"), "give either RESULT or --no-show"),
        (("result", str(store), "1", "2-0"), "'2-0' is not a result"),
        (("attend", str(store), "nobody", "present"), "unknown player"),
        (("attend", str(EVENING), "visser", "present"), "not a season store"),
    ]:
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, (argv, err)
    assert head(store) == before


def test_the_bye_of_a_played_round_goes_only_on_purpose(store: Path, capsys: pytest.CaptureFixture[str]):
    played = load_season(store).round(30)
    assert played.bye is not None
    code, _, err = run(capsys, "attend", str(store), played.bye, "excused", "--round", "30")
    assert code == 2 and "--take-bye" in err
    code, out, err = run(capsys, "attend", str(store), played.bye, "excused", "--round", "30", "--take-bye")
    assert code == 0 and "instead of the bye" in out, err


def test_an_absentee_of_a_paired_round_is_marked_again_at_once(store: Path, capsys: pytest.CaptureFixture[str]):
    """No board depends on who is absent how: the team match's result, or excused turned unexcused, is saved
    at once (it was refused with a hint, `pair --keep-accepted --absent`, that refused it in turn)."""
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    rnd = load_season(store).round(33)
    absent = next(pid for pid, entry in rnd.entries if entry is EntryKind.EXCUSED)
    games = rnd.games
    code, out, err = run(capsys, "attend", str(store), absent, "external-won")
    assert code == 0 and out.startswith("round 33: "), err
    after = load_season(store).round(33)
    assert after.entry_of(absent) is EntryKind.EXTERNAL_WIN and after.games == games
    code, out, _ = run(capsys, "attend", str(store), absent, "external-won")
    assert code == 0 and "already" in out
    assert run(capsys, "undo", str(store))[0] == 0
    assert load_season(store).round(33).entry_of(absent) is EntryKind.EXCUSED


def test_present_for_a_player_on_the_pairing_says_so(store: Path, capsys: pytest.CaptureFixture[str]):
    """Not a hint to re-pair them as a latecomer, which `pair --keep-accepted` then refuses."""
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    white = load_season(store).round(33).games[0].white
    code, out, _ = run(capsys, "attend", str(store), white, "present")
    assert code == 0 and "already present in round 33 (board 1)" in out and "--keep-accepted" not in out


def test_a_call_off_not_excused_is_told_how_to_book_it_after_the_re_pairing(store: Path,
                                                                             capsys: pytest.CaptureFixture[str]):
    """`pair --keep-accepted --absent` books excused: the hint says how the mark asked for follows it."""
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    white = load_season(store).round(33).games[0].white
    code, _, err = run(capsys, "attend", str(store), white, "duty")
    assert code == 2 and "--keep-accepted --absent" in err
    assert f"then `keizer attend {store} {white} duty`" in err
    code, _, err = run(capsys, "attend", str(store), white, "excused")
    assert code == 2 and "--keep-accepted --absent" in err and "then" not in err


def test_black_wins_by_forfeit_is_typed_as_it_is_written(store: Path, capsys: pytest.CaptureFixture[str]):
    """`keizer result S 3 -+`, as the README writes it: argparse read the leading - as an unknown option."""
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    code, out, err = run(capsys, "result", str(store), "3", "-+")
    assert code == 0 and out.rstrip().endswith("-+"), err
    assert load_season(store).round(33).games[2].result is Result.BLACK_FORFEIT_WIN
    code, _, err = run(capsys, "result", str(store), "4", "1-0", "-+")  # still one result a command
    assert code == 2 and "one RESULT" in err
    code, _, err = run(capsys, "result", str(store), "4", "-+", "--no-show", "white")
    assert code == 2 and "either RESULT or --no-show" in err


def test_a_mark_for_a_player_of_a_played_round_names_the_command_that_corrects_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not the Results screen's key (F4): `keizer result` with the board, the round, --change, and the
    season's path quoted for the shell (a folder with a space in it)."""
    path = tmp_path / "my club" / "d.keizer"
    path.parent.mkdir()
    SeasonStore.create(path, load_season(EVENING)).close()
    game = load_season(path).round(30).games[2]
    code, out, err = run(capsys, "attend", str(path), game.black, "excused", "--round", "30")
    quoted = f"'{path}'"
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "F4" not in err and "board 3 of round 30" in err
    assert f"`keizer result {quoted} 3 RESULT --round 30 --change`" in err
    assert f"`keizer result {quoted} 3 --no-show black --round 30 --change`" in err
    code, out, err = run(capsys, "result", str(path), "3", "--no-show", "black", "--round", "30", "--change")
    assert code == 0 and "did not come" in out, err  # the hint's command does what it says


def test_the_re_pairing_hint_quotes_the_season_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "my club" / "d.keizer"
    path.parent.mkdir()
    SeasonStore.create(path, load_season(EVENING)).close()
    assert run(capsys, "pair", str(path), "--save")[0] == 0
    white = load_season(path).round(33).games[0].white
    code, _, err = run(capsys, "attend", str(path), white, "duty")
    assert code == 2 and f"`keizer pair '{path}' --round 33 --keep-accepted --absent {white} --save`" in err
    assert f"then `keizer attend '{path}' {white} duty`" in err


# -- marks that scripts can rely on (issue 31, item 7): marking a player what they already are is a success that
# says so (exit 0, nothing written), in `attend` and `report` alike; a withdrawn player marked present is told they
# withdrew; `export --trf` without `--round` reports the last round with results or names the round to give.

def _present(path: Path) -> list[str]:
    season = load_season(path)
    rnd = season.round(33) if len(season.rounds) >= 33 else None
    return [p.id for p in season.players if rnd is None or rnd.entry_of(p.id) is None
            and season.withdrawal_of(p.id) is None and p.joined <= 33]


def test_present_for_everyone_present_is_a_success_that_says_so(store: Path, capsys: pytest.CaptureFixture[str]):
    before = head(store)
    for pid in _present(store)[:3]:
        code, out, err = run(capsys, "attend", str(store), pid, "present")
        assert (code, err) == (0, "") and "already present in round 33" in out
    assert head(store) == before  # nothing written
    pid = _present(store)[0]
    assert run(capsys, "attend", str(store), pid, "duty")[0] == 0
    code, out, _ = run(capsys, "attend", str(store), pid, "duty")
    assert code == 0 and "already duty in round 33" in out


def test_the_service_returns_the_fact(store: Path) -> None:
    pid = _present(store)[0]
    with Evening.open(store) as evening:
        said = evening.attendance.set(33, pid, None)
        assert isinstance(said, Already) and said.player == PlayerId(pid) and said.round == 33


def test_on_the_pairing_present_is_a_success_too(store: Path, capsys: pytest.CaptureFixture[str]):
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    white = load_season(store).round(33).games[0].white
    before = head(store)
    code, out, err = run(capsys, "attend", str(store), white, "present")
    assert (code, err) == (0, "") and "already present in round 33 (board 1)" in out and head(store) == before


def test_a_withdrawn_player_marked_present_is_told_they_withdrew(store: Path, capsys: pytest.CaptureFixture[str]):
    pid = _present(store)[0]
    assert run(capsys, "player", "withdraw", str(store), pid, "--before", "33")[0] == 0
    code, out, err = run(capsys, "attend", str(store), pid, "present")
    assert code == 2 and out == "" and "withdrew before round 33" in err and "already" not in err


def test_the_same_report_again_is_a_success_that_says_so(store: Path, capsys: pytest.CaptureFixture[str]):
    pid = _present(store)[0]
    assert run(capsys, "report", str(store), pid, "2020-04-22T19:00", "--round", "33")[0] == 0
    before = head(store)
    code, out, err = run(capsys, "report", str(store), pid, "2020-04-22T19:00", "--round", "33")
    assert (code, err) == (0, "") and "already excused in round 33" in out and head(store) == before


def test_the_rating_report_without_round_takes_the_last_round_with_results(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]):
    season = load_season(EVENING)
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, season).close()
    assert run(capsys, "pair", str(path), "--save")[0] == 0  # round 33 saved, not played
    code, out, err = run(capsys, "export", str(path), "--trf")
    assert code == 0 and "--round" not in err
    dates = next(line for line in out.splitlines() if line.startswith("132"))
    assert len(re.findall(r"\d\d/\d\d/\d\d", dates)) == season.last_scored_round  # rounds 1..32, not 33
    first = tmp_path / "first.json"  # only round 1 paired, no result yet
    one = replace(season, rounds=(replace(season.rounds[0], games=tuple(replace(g, result=Result.PENDING)
                                                                        for g in season.rounds[0].games)),))
    first.write_text(dump_season(one))
    code, out, err = run(capsys, "export", str(first), "--trf")
    assert code == 2 and "--round 0" not in err and "--round 1" in err and "no round has results" in err
