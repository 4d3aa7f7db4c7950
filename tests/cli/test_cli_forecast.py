"""`keizer forecast`: the chances as a table or JSON, the same for the same seed, one line for a mistake."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.conftest import EVENING, real_season_paths


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def d_season(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(dump_season(simulate_season(16, 24, "doorn-driebergen-2019", 6, played=20)))
    return path


def test_the_json_has_every_players_chances_and_repeats_for_the_seed(capsys, d_season):
    code, out, err = run(capsys, "forecast", str(d_season), "--runs", "12", "--seed", "4", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)  # only JSON on stdout
    assert (data["round"], data["last_round"], data["runs"], data["seed"], data["title"]) == (20, 24, 12, 4, "group")
    assert data["outcomes"] == ["title"]
    assert sum(p["title"] for p in data["players"]) == pytest.approx(1)
    first = data["players"][0]
    assert first["rank"] == 1 and first["name"] and sum(first["places"]) == 12
    assert first["place"]["best"] <= first["place"]["median"] <= first["place"]["worst"]
    assert set(data["certain"]["title"]) == {"every", "none"}
    assert run(capsys, "forecast", str(d_season), "--runs", "12", "--seed", "4", "--json")[1] == out


def test_the_text_names_the_round_the_runs_and_what_every_run_agreed_on(capsys, d_season):
    code, out, _ = run(capsys, "forecast", str(d_season), "--runs", "10", "--round", "20", "--lang", "en")
    assert code == 0
    assert "Forecast after round 20: rounds 21–24 played 10 times (seed 0)" in out
    assert "Title: winning the championship group" in out
    assert "Out of the title race in every simulation:" in out and "not a proof" in out
    assert "Final place" in out.splitlines()[3]
    code, dutch, _ = run(capsys, "forecast", str(d_season), "--runs", "10", "--round", "20")  # the season's
    assert code == 0 and "Vooruitblik na ronde 20: 10 keer ronde 21–24 gespeeld (zaadgetal 0)" in dutch


def test_the_club_evening_season_is_forecast_with_its_group_formed_as_proposed(capsys):
    code, out, _ = run(capsys, "forecast", str(EVENING), "--runs", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["round"], data["title"], data["group_after"]) == (32, "group", None)
    assert sum(p["title"] > 0 for p in data["players"]) <= 6  # only the six of the group can win it


def test_classes_give_the_chances_of_moving_at_the_next_reading(capsys, tmp_path):
    season = simulate_season(16, 24, "doorn-driebergen-2019", 6, played=12)
    season = replace(season, players=tuple(replace(p, klass="ABCD"[i // 4]) for i, p in enumerate(season.players)))
    path = tmp_path / "classes.json"
    path.write_text(dump_season(season))
    code, out, _ = run(capsys, "forecast", str(path), "--runs", "6", "--json")
    data = json.loads(out)
    assert data["outcomes"] == ["title", "group", "up", "down"] and data["class_reading"] == 20
    assert sum(p["up"] for p in data["players"]) == pytest.approx(3)  # one up over each of three boundaries
    assert sum(p["group"] for p in data["players"]) == pytest.approx(6)


@pytest.mark.parametrize("args,says", [(("--round", "99"), "--round must be between 0 and"),
                                       (("--runs", "0"), "--runs must be between 1 and"),
                                       (("--seed", "-3"), "--seed must be a whole number")])
def test_a_mistake_is_one_line_and_exit_2(capsys, d_season, args, says):
    code, out, err = run(capsys, "forecast", str(d_season), *args)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1


def test_the_real_seasons_forecast_adds_up_per_outcome_and_repeats_for_the_seed(capsys):
    for path in real_season_paths():
        code, out, err = run(capsys, "forecast", str(path), "--round", "25", "--runs", "10", "--seed", "2", "--json")
        assert code == 0 and err == ""
        data = json.loads(out)
        assert data["round"] == 25 and data["runs"] == 10
        for outcome in data["outcomes"]:  # one champion per run; a class move or a cup is each one's own
            assert all(0 <= p[outcome] <= 1 for p in data["players"])
        assert sum(p["title"] for p in data["players"]) == pytest.approx(1)
        for place in range(len(data["players"][0]["places"])):  # every place is somebody's in every run
            assert sum(p["places"][place] for p in data["players"]) == 10
        assert run(capsys, "forecast", str(path), "--round", "25", "--runs", "10", "--seed", "2", "--json")[1] == out


def test_runs_auto_says_the_runs_it_used_and_each_chance_has_its_margin(capsys, tmp_path):
    decided = tmp_path / "decided.json"  # one round left, the title decided: auto stops early
    decided.write_text(dump_season(simulate_season(12, 14, "keizer-classic", 3, played=13)))
    code, out, err = run(capsys, "forecast", str(decided), "--runs", "auto", "--json")
    data = json.loads(out)
    assert code == 0 and data["sharp"] and 100 <= data["runs"] < 1000
    again = run(capsys, "forecast", str(decided), "--runs", str(data["runs"]), "--json")[1]
    assert {**json.loads(again), "sharp": True} == data  # auto's forecast is that of the runs it used
    code, out, _ = run(capsys, "forecast", str(EVENING), "--runs", "40", "--seed", "1", "--lang", "en")
    table = out.splitlines()[3:12]
    assert code == 0 and any("% ± " in line for line in table)  # "79% ± 13"
    assert "Each chance ± the margin the true chance lies within (95% sure) after 40 simulations" in out
    data = json.loads(run(capsys, "forecast", str(EVENING), "--runs", "40", "--seed", "1", "--json")[1])
    leader = max(data["players"], key=lambda p: p["title"])
    assert 0 < leader["margins"]["title"] < 0.5


def test_runs_that_are_not_a_number_or_auto_are_said_as_the_parser_says_a_mistake(capsys, d_season):
    with pytest.raises(SystemExit) as stopped:
        main(["forecast", str(d_season), "--runs", "lots"])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == ""
    assert err.splitlines()[0] == "keizer forecast: error: argument --runs: must be a whole number or auto, got 'lots'"


def test_player_says_what_they_need_given_the_next_round_and_the_next_rounds_points(capsys, tmp_path):
    path = tmp_path / "open.json"  # p003 has about a third of the title, with three rounds to go
    path.write_text(dump_season(simulate_season(12, 14, "keizer-classic", 0, played=9)))
    code, out, err = run(capsys, "forecast", str(path), "--runs", "60", "--player", "p003", "--lang", "en")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[3].startswith("Player 3: Title ") and "What do I need?" in lines
    given = next(line for line in lines if line.startswith("Title after round 10 — "))
    assert all(f"{word}: " in given for word in ("win", "draw", "lose", "stay away")) and "± " in given
    assert any("of the title by points from rounds 10–12: " in line for line in lines)
    data = json.loads(run(capsys, "forecast", str(path), "--runs", "60", "--player", "Player 3", "--json")[1])
    needs = data["player"]["needs"]
    assert data["player"]["player"] == "p003" and needs["round"] == 10 and needs["next_rounds"] == [10, 12]
    assert set(needs["given"]) == {"won", "drawn", "lost", "absent"}
    assert sum(c["runs"] for c in needs["given"].values()) <= 60 and sum(r["runs"] for r in needs["by_points"]) == 60
    assert 0 <= needs["given"]["won"]["title"]["chance"] <= 1 and needs["given"]["won"]["title"]["margin"] > 0
    known = json.loads(run(capsys, "forecast", str(path), "--runs", "20", "--player", "p001", "--json")[1])
    assert [known["player"]["needs"]["given"][c]["runs"] for c in ("won", "drawn", "lost", "absent")] == [0, 0, 0, 20]


def test_an_unknown_player_is_one_line(capsys, d_season):
    code, out, err = run(capsys, "forecast", str(d_season), "--runs", "4", "--player", "nobody at all")
    assert code == 2 and out == "" and "--player: unknown player" in err and len(err.strip().splitlines()) == 1
