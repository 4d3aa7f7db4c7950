"""`keizer championship`'s one-line errors and `keizer pair --fixed` refusing a broken rule (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def early(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("g") / "early.json"
    path.write_text(dump_season(simulate_season(10, 24, "doorn-driebergen-2019", seed=2, played=12)))
    return path


def test_the_group_before_its_round_says_when_it_forms(capsys: pytest.CaptureFixture[str], early: Path) -> None:
    code, out, _ = run(capsys, "championship", str(early))
    assert code == 0 and "Not formed yet: it forms after round 20." in out
    code, _, err = run(capsys, "championship", "form", str(early))
    assert code == 2 and "the group forms after round 20; the season has results up to round 12" in err
    code, _, err = run(capsys, "championship", "schedule", str(early))
    assert code == 2 and "has not been formed yet (keizer championship form)" in err


def test_a_ruleset_without_a_group_and_a_json_save_are_one_line(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    path = tmp_path / "classic.json"
    path.write_text(dump_season(simulate_season(6, 4, "keizer-classic", seed=1, played=2)))
    code, _, err = run(capsys, "championship", str(path))
    assert code == 2 and "ruleset has no championship group" in err
    code, _, err = run(capsys, "championship", "form", str(path), "--save")
    assert code == 2 and "--save needs a season store" in err


def test_usage_without_a_season(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "championship")
    assert code == 2 and "keizer championship form SEASON" in out


def test_pair_fixed_refuses_a_third_meeting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    season = simulate_season(6, 12, "doorn-driebergen-2019", seed=1, played=10)
    met: dict[tuple[str, str], int] = {}
    for r in season.rounds:
        for g in r.games:
            key = (min(g.players()), max(g.players()))
            met[key] = met.get(key, 0) + 1
    away = {pid for pid, _ in season.rounds[-1].entries}  # round 11's absences, listed to be paired
    pair = min(k for k, n in met.items() if n >= 2 and not set(k) & away)
    path = tmp_path / "s.json"
    path.write_text(dump_season(season))
    code, _, err = run(capsys, "pair", str(path), "--fixed", f"{pair[0]}:{pair[1]}")
    assert code == 2 and "max_meetings is 2" in err


def test_moving_a_game_says_what_it_breaks_and_a_hard_break_is_not_saved(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    import json

    from keizer.seasons.store.season_store import SeasonStore

    src = tmp_path / "s.json"
    src.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)))
    path = str(tmp_path / "s.keizer")
    assert main(["import", str(src), path]) == 0
    for argv in (["form", path, "--save"], ["unavailable", path, "p001", "30", "31", "--save"],
                 ["schedule", path, "--save"]):
        code, _, err = run(capsys, "championship", *argv)
        assert code == 0, err
    with SeasonStore.open(path, readonly=True) as store:
        group = store.season.championship
        head = store.head()
    assert group is not None and group.unavailable_rounds("p001") == (30, 31)
    game = group.schedule[0]
    clash = next(g for g in group.schedule if g.round != game.round and {g.white, g.black} & {game.white, game.black})
    code, out, err = run(capsys, "championship", "schedule", path, "--move", f"{game.white}:{game.black}:{clash.round}",
                         "--save")
    assert code == 2 and out == "" and "breaks (hard):" in err and "not saved" in err and err.count("\n") == 1
    with SeasonStore.open(path, readonly=True) as store:
        assert store.head() == head
    free = next(r for r in range(21, 37) if not any(g.round == r for g in group.schedule))
    code, out, err = run(capsys, "championship", "schedule", path, "--move", f"{game.white}:{game.black}:{free}", "--json")
    assert code == 0 and f"to round {free}" in err and "not saved: add --save to write it" in err
    data = json.loads(out)  # only JSON on stdout: what the move changes is said on stderr
    assert data["valid"] and {"round": free, "white": game.white, "black": game.black} in data["games"]
    code, _, err = run(capsys, "championship", "schedule", path, "--move", f"{game.white}:{game.black}:²")
    assert code == 2 and "expected W:B:ROUND" in err and err.count("\n") == 1  # one line, no traceback


def test_the_state_in_json_has_its_facts_and_the_sentence_has_names(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    """`state.kind`, `games_left`, `tied`, `tied_on` for scripts beside the old keys; `summary` and
    `group decide` say names (the ids that `--game` takes in brackets)."""
    import json

    season = simulate_season(16, 36, "doorn-driebergen-2019", seed=2, played=20)
    src = tmp_path / "s.json"
    src.write_text(dump_season(season))
    path = str(tmp_path / "s.keizer")
    assert main(["import", str(src), path]) == 0
    assert run(capsys, "championship", "form", path, "--save")[0] == 0
    code, out, _ = run(capsys, "championship", path, "--json")
    view = json.loads(out)
    state, left = view["state"], sum(r["to_play"] for r in view["table"]) // 2
    assert code == 0 and state["phase"] == "playing" and state["kind"] == "playing"
    assert state["games_left"] == left > 0 and state["tied"] == [] and state["tied_on"] is None
    assert state["tied_on_exact"] is None and {"champion", "contenders", "needed"} <= set(state)
    names = [season.player(p).name for p in state["contenders"]]
    assert state["summary"] == f"{left} group games to play; can still win: {', '.join(names)}"
    assert not any(p in state["summary"] for p in state["contenders"])
    code, out, _ = run(capsys, "championship", "decide", path)
    assert code == 0 and out == state["summary"] + "\n"
    code, out, _ = run(capsys, "championship", path)
    assert code == 0 and f"State: {state['summary']}" in out


def test_unavailable_rounds_are_checked_as_the_tui_checks_them(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    from keizer.seasons.store.season_store import SeasonStore

    src = tmp_path / "s.json"
    src.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)))
    path = str(tmp_path / "s.keizer")
    assert main(["import", str(src), path]) == 0
    assert run(capsys, "championship", "form", path, "--save")[0] == 0
    with SeasonStore.open(path, readonly=True) as store:
        group, head = store.season.championship, store.head()
    assert group is not None
    outsider = next(f"p{i:03d}" for i in range(1, 13) if f"p{i:03d}" not in group.members)
    member = group.members[0]
    for argv, said in (([member, "37"], "round 37: the group plays in rounds 21–36"),
                       ([member, "20", "30"], "round 20"),
                       ([outsider, "30"], "is not in the championship group")):
        code, _, err = run(capsys, "championship", "unavailable", path, *argv, "--save")
        assert code == 2 and said in err and err.count("\n") == 1, err
    with SeasonStore.open(path, readonly=True) as store:
        assert store.head() == head  # nothing written
    assert run(capsys, "championship", "unavailable", path, member, "30", "--save")[0] == 0
    code, out, _ = run(capsys, "championship", "unavailable", path, member, "30", "--save")
    assert code == 0 and "unchanged: nothing to save" in out
    with SeasonStore.open(path, readonly=True) as store:
        assert store.head() == head + 1


def test_a_player_is_named_as_every_other_command_names_one(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """`group` takes a name or its start, as `pair --lock` does (README: every option naming a player)."""
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.cli.commands.demo import DEMO_SEASON

    path = str(tmp_path / "demo.keizer")
    assert main(["import", str(DEMO_SEASON), path]) == 0
    code, out, err = run(capsys, "championship", "form", path, "--decline", "Quinten", "--save")
    assert code == 0, err
    assert "declined: Quinten Koster (quinten-koster)" in out
    code, out, err = run(capsys, "championship", "unavailable", path, "wim van", "34", "35", "--save")
    assert code == 0, err
    with SeasonStore.open(path, readonly=True) as store:
        group = store.season.championship
    assert group is not None and group.unavailable_rounds("wim-van-den-berg") == (34, 35)
    code, _, err = run(capsys, "championship", "unavailable", path, "Wim van den Burg", "34")
    assert code == 2 and "did you mean" in err and err.count("\n") == 1, err


def test_unavailable_is_labelled_as_the_tui_labels_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The undo step (keizer log, undo, the TUI's status line) names the player and the rounds."""
    from keizer.tui.cli.commands.demo import DEMO_SEASON

    path = str(tmp_path / "demo.keizer")
    assert main(["import", str(DEMO_SEASON), path]) == 0
    assert run(capsys, "championship", "form", path, "--save")[0] == 0
    code, out, err = run(capsys, "championship", "unavailable", path, "wim-van-den-berg", "35", "34", "--save")
    assert code == 0, err
    said = "rounds Wim van den Berg cannot play in the group: 34, 35"
    assert f"saved: {said}" in err and "saved" not in out  # stdout keeps the command's own output
    code, out, _ = run(capsys, "log", path)
    assert code == 0 and said in out


def test_an_option_before_the_season_is_taken_as_after_it(capsys: pytest.CaptureFixture[str], early: Path) -> None:
    """`keizer championship --json S` was refused ("unrecognized arguments: --json"): argparse set the option
    aside and handed `keizer championship` the rest. It is the show form's option wherever it stands."""
    code, out, err = run(capsys, "championship", "--json", str(early))
    assert code == 0 and out == run(capsys, "championship", str(early), "--json")[1], err
    with pytest.raises(SystemExit) as info:
        main(["championship", "--bogus", str(early)])
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == ""
    assert err.startswith("keizer championship: error: unrecognized arguments: --bogus\n")


def test_the_older_name_group_still_runs_the_championship_command(capsys: pytest.CaptureFixture[str],
                                                                   early: Path) -> None:
    """Issue 27: "group" meant three things; the championship group's command is `championship`, `group` its
    older name, still taken with the same words."""
    assert run(capsys, "championship", str(early)) == run(capsys, "group", str(early))
    code, _, err = run(capsys, "group", "form", str(early))
    assert code == 2 and "the group forms after round 20" in err
