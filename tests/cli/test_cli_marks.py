"""`keizer attend` and `keizer result`: a whole club evening from the command line, as the TUI keys do it."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result
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
