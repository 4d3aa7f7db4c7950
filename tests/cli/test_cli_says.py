"""The command line says what it did and keeps its output machine-readable (issue 20.6): `--json` prints only
JSON on stdout, also with `--save` and when the save is refused; a command that writes only with `--save`
says so when it is missing; every command takes the same typed results and times."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from keizer.tui.cli.saving import NOT_SAVED
from tests.conftest import EVENING, REPO


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def keizer(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command as a script runs it: its own process, stdout and stderr apart."""
    return subprocess.run([sys.executable, "-m", "keizer", *argv], cwd=REPO, capture_output=True, text=True,
                          timeout=300)


def head(path: Path | str) -> int:
    with SeasonStore.open(path, readonly=True) as store:
        return store.head()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"  # club D, round 33 (Thursday 2020-04-23) to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


@pytest.fixture
def d_group(tmp_path: Path) -> str:
    """A D season after round 20 whose championship group is formed (its schedule not yet made)."""
    src = tmp_path / "d.json"
    src.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)))
    path = str(tmp_path / "d.keizer")
    assert main(["import", str(src), path]) == 0
    assert main(["group", "form", path, "--save"]) == 0
    return path


@pytest.fixture
def k_group(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """K's final group of two after round 2 (a separate group: its games have no Keizer board), scheduled."""
    spec = {"preset": "kijk-uit", "championship": {"after_round": 2, "size": 2}}
    src = tmp_path / "k.json"
    src.write_text(dump_season(simulate_season(8, 6, spec, seed=3, played=2)))
    path = str(tmp_path / "k.keizer")
    assert main(["import", str(src), path]) == 0
    assert main(["group", "form", path, "--save"]) == 0
    assert main(["group", "schedule", path, "--save"]) == 0
    capsys.readouterr()
    return path


def test_group_schedule_json_with_save_prints_only_json(d_group: str) -> None:
    done = keizer("group", "schedule", d_group, "--json", "--save")
    assert done.returncode == 0, done.stderr
    schedule = json.loads(done.stdout)  # the whole of stdout is the one object
    assert schedule["games"] and done.stderr == "saved: set the championship group's schedule\n"
    with SeasonStore.open(d_group, readonly=True) as s:
        assert s.season.championship is not None and len(s.season.championship.schedule) == len(schedule["games"])


def test_a_refused_pair_save_prints_no_pairing(store: Path) -> None:
    assert keizer("pair", str(store), "--save").returncode == 0
    before = head(store)
    again = keizer("pair", str(store), "--round", "33", "--save", "--replace", "--json")
    # the same pairing again would be an action that changes nothing: refused, and no pairing on stdout a
    # script could take for the one saved
    assert (again.returncode, again.stdout) == (2, "") and again.stderr.count("\n") == 1
    assert "already paired like this: nothing saved" in again.stderr and head(store) == before


def test_pair_json_with_save_prints_only_json_and_says_saved_on_stderr(store: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pair", str(store), "--json", "--save")
    assert code == 0 and json.loads(out)["pairings"] and err.startswith("saved: pairing of round 33")


def test_pair_without_save_says_it_saved_nothing(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = head(store)
    code, out, err = run(capsys, "pair", str(store), "--json")
    assert code == 0 and json.loads(out) and err == NOT_SAVED + "\n" and head(store) == before


@pytest.mark.parametrize("argv", [("form",), ("schedule",), ("unavailable", "p001", "30")])
def test_each_group_action_without_save_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                argv: tuple[str, ...]) -> None:
    src = tmp_path / "d.json"
    src.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)))
    path = str(tmp_path / "d.keizer")
    assert main(["import", str(src), path]) == 0
    if argv[0] != "form":
        assert main(["group", "form", path, "--save"]) == 0
    capsys.readouterr()
    before = head(path)
    code, out, err = run(capsys, "group", argv[0], path, *argv[1:])
    assert code == 0 and out and err == NOT_SAVED + "\n" and head(path) == before


def test_group_result_without_save_says_it_wrote_nothing(k_group: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = load_season(k_group).championship.schedule[0]  # type: ignore[union-attr]
    before = head(k_group)
    code, out, err = run(capsys, "group", "result", k_group, str(game.round), f"{game.white}:{game.black}", "1-0")
    assert code == 0 and err == NOT_SAVED + "\n" and head(k_group) == before
    assert out.strip()  # what it would record, on stdout


@pytest.mark.parametrize("typed", ["=", "½-½", "1/2-1/2"])
def test_group_result_takes_a_draw_as_keizer_result_does(k_group: str, capsys: pytest.CaptureFixture[str],
                                                         typed: str) -> None:
    game = load_season(k_group).championship.schedule[0]  # type: ignore[union-attr]
    code, _, err = run(capsys, "group", "result", k_group, str(game.round), f"{game.white}:{game.black}", typed,
                       "--save")
    assert code == 0 and err.startswith("saved: ")
    assert load_season(k_group).championship.schedule[0].result is Result.DRAW  # type: ignore[union-attr]


def test_group_decide_takes_a_draw_typed_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.publish.group_seasons import separate_season

    src, tied = tmp_path / "k.json", tmp_path / "k.keizer"  # a group whose games are all played, two tied
    src.write_text(dump_season(separate_season(decision=())))
    assert main(["import", str(src), str(tied)]) == 0
    members = load_season(str(tied)).championship.members  # type: ignore[union-attr]
    code, _, err = run(capsys, "group", "decide", str(tied), "--game", f"{members[0]}:{members[1]}:=", "--save")
    assert code == 0 and err.startswith("saved: decision game")
    decision = load_season(str(tied)).championship.decision  # type: ignore[union-attr]
    assert [g.result for g in decision] == [Result.DRAW]


def test_a_result_that_is_none_is_refused_alike_everywhere(k_group: str, store: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    game = load_season(k_group).championship.schedule[0]  # type: ignore[union-attr]
    _, _, group = run(capsys, "group", "result", k_group, str(game.round), f"{game.white}:{game.black}", "2-0")
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    _, _, board = run(capsys, "result", str(store), "1", "2-0")
    assert group == board == ("keizer: error: RESULT: '2-0' is not a result: write one of 1-0, 0-1, =, ½-½, "
                              "1/2-1/2, +-, -+, *, pending\n")


@pytest.mark.parametrize("at", ["2020-04-22 19:30", "2020-04-22T19:30", " 2020-04-22  19:30 "])
def test_report_takes_a_time_with_a_space_or_a_t(store: Path, capsys: pytest.CaptureFixture[str], at: str) -> None:
    code, out, err = run(capsys, "report", str(store), "visser", at, "--round", "33")
    assert code == 0, err
    assert "reported 2020-04-22 19:30: in time" in out
    assert load_season(store).round(33).report_of(PlayerId("visser")).at == "2020-04-22T19:30"  # type: ignore[union-attr]


def test_the_same_report_again_is_a_success_as_the_same_mark_is(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "attend", str(store), "visser", "excused")[0] == 0
    code, out, _ = run(capsys, "attend", str(store), "visser", "excused")  # issue 31: a success that says so
    assert code == 0 and "Frank Visser is already excused in round 33" in out
    # a report for the player marked excused adds its time: that is a change
    assert run(capsys, "report", str(store), "visser", "2020-04-22 19:30", "--round", "33")[0] == 0
    before = head(store)
    code, out, err = run(capsys, "report", str(store), "visser", "2020-04-22T19:30", "--round", "33")
    assert (code, err) == (0, "") and head(store) == before  # nothing written
    assert "Frank Visser is already excused in round 33 (reported 2020-04-22 19:30: in time" in out
    # another time is another report: it may book otherwise
    code, out, _ = run(capsys, "report", str(store), "visser", "2020-04-22 20:30", "--round", "33")
    assert code == 0 and load_season(store).round(33).entry_of(PlayerId("visser")) is EntryKind.UNEXCUSED
