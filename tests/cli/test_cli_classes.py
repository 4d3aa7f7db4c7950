"""`keizer classes`: the class tables, the proposed moves, accepting and taking them back (docs/rules.md §9)."""

from __future__ import annotations

import json

from keizer.seasons.classes import class_in_round
from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId
from tests.conftest import EVENING, real_season_paths
from keizer.tui.cli.main import main

import pytest


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def store(tmp_path, capsys):
    path = tmp_path / "d.keizer"
    assert run(capsys, "import", str(EVENING), str(path))[0] == 0
    return path


def test_start_classes_then_the_reading_after_round_20(store, capsys):
    code, out, _ = run(capsys, "classes", str(store))
    assert code == 0 and "44 players without a class" in out
    # --start shows them and writes only with --save, as the group commands and `pair` do.
    code, out, err = run(capsys, "classes", str(store), "--start", "--move", "visser:B")
    assert code == 0 and "starting classes for 44 players:" in out and "  B  Frank Visser (visser)" in out
    assert err == "not saved: add --save to write it\n"
    assert all(p.klass is None for p in load_season(store).players)
    code, out, err = run(capsys, "classes", str(store), "--start", "--move", "visser:B", "--save")
    assert code == 0 and "starting classes for 44 players:" in out and err == "saved: starting classes of 44 players\n"
    season = load_season(store)
    assert season.player(PlayerId("visser")).klass == "B"
    assert [sum(p.klass == c for p in season.players) for c in "ABCD"] == [10, 12, 11, 11]
    code, out, _ = run(capsys, "classes", str(store), "--start", "--save")
    assert code == 0 and out == "every player already has that class: nothing to give\n"
    assert run(capsys, "classes", str(store), "--start", "--move", "visser:C", "--save")[0] == 0
    assert load_season(store).player(PlayerId("visser")).klass == "C"
    assert run(capsys, "undo", str(store))[0] == 0

    code, out, _ = run(capsys, "classes", str(store), "--json")
    data = json.loads(out)
    assert code == 0 and data["round"] == 20 and data["reading"] and data["accepted"] is None
    assert [c["class"] for c in data["classes"]] == ["A", "B", "C", "D"]
    ranks = [r["rank"] for c in data["classes"] for r in c["rows"]]
    assert sorted(ranks) == list(range(1, 45))
    for table in data["classes"]:  # each class in Keizer order, placed 1, 2, …
        assert [r["rank"] for r in table["rows"]] == sorted(r["rank"] for r in table["rows"])
        assert [r["place"] for r in table["rows"]] == list(range(1, len(table["rows"]) + 1))
    best_b = data["classes"][1]["rows"][0]["player"]
    worst_a = data["classes"][0]["rows"][-1]["player"]
    reasons = {m["player"]: (m["from"], m["to"], m["reason"]) for m in data["proposed"]}
    assert reasons[best_b] == ("B", "A", "promotion") and reasons[worst_a] == ("A", "B", "relegation")
    assert data["sizes"] == {"A": 11, "B": 11, "C": 11, "D": 11}
    assert sum(m["reason"] == "balance" for m in data["proposed"]) == 1  # B had one too many

    code, out, _ = run(capsys, "classes", str(store), "--accept", "--move", f"{worst_a}:A")
    assert code == 0 and "accepted" in out
    season = load_season(store)
    assert class_in_round(season, PlayerId(worst_a), 21) == "A"  # the director kept them in A
    assert class_in_round(season, PlayerId(best_b), 21) == "A" and class_in_round(season, PlayerId(best_b), 20) == "B"
    code, out, _ = run(capsys, "classes", str(store), "--round", "20", "--json")
    assert json.loads(out)["accepted"][best_b] == "A" and worst_a not in json.loads(out)["accepted"]

    code, out, _ = run(capsys, "classes", str(store), "--take-back", "--round", "20")
    assert code == 0 and load_season(store).class_moves == ()
    assert run(capsys, "undo", str(store))[0] == 0
    assert load_season(store).class_moves != ()


def test_mistakes_are_one_line(store, capsys):
    code, _, err = run(capsys, "classes", str(store), "--move", "visser:B")
    assert code == 2 and "--accept or --start" in err
    code, _, err = run(capsys, "classes", str(store), "--accept", "--round", "12")
    assert code == 2 and "not a reading" in err
    code, _, err = run(capsys, "classes", str(store), "--start", "--move", "visser:Q")
    assert code == 2 and "one of A, B, C, D" in err
    code, _, err = run(capsys, "classes", str(store), "--start", "--move", "visser")
    assert code == 2 and "PLAYER:CLASS" in err
    code, _, err = run(capsys, "classes", str(EVENING), "--accept")
    assert code == 2 and "store" in err
    code, _, err = run(capsys, "classes", str(store), "--take-back", "--round", "20")
    assert code == 2 and "no class moves" in err


def test_a_club_without_classes_is_told(tmp_path, capsys):
    path = tmp_path / "k.keizer"
    assert run(capsys, "new", str(path), "--ruleset", "kijk-uit")[0] == 0
    code, _, err = run(capsys, "classes", str(path))
    assert code == 2 and "no classes" in err


def test_the_real_seasons_read_their_classes(capsys):
    """The real seasons have no classes: with D's `classes` set over them every ranked player lands
    in a class, the sizes come out within one, and the proposal moves each player at most once."""
    from keizer.scoring.replay import replay
    from keizer.scoring.classes import propose_start_classes
    from keizer.seasons.ruleset.parse import parse_ruleset
    from dataclasses import replace
    from keizer.evening.classes import classes_view

    for path in real_season_paths():
        season = load_season(path)
        spec = {"preset": "keizer-classic", "classes": {"read_after": [20]}}
        season = replace(season, ruleset_spec=spec)
        start = dict(propose_start_classes(season, ("A", "B", "C", "D")))
        season = replace(season, players=tuple(replace(p, klass=start[p.id]) for p in season.players))
        assert parse_ruleset(spec).classes is not None
        view = classes_view(season, replay(season, 20), 20)
        assert sum(len(t.rows) for t in view.tables) == len(replay(season, 20).standings(20).rows)
        sizes = [n for _, n in view.sizes]
        assert max(sizes) - min(sizes) <= 1
        assert len({m.player for m in view.proposal}) == len(view.proposal)


def test_move_names_a_player_as_every_other_option_does(store, capsys):
    # "Frank Visser" has the id `visser`: his name, or its unique start, names him too
    code, out, _ = run(capsys, "classes", str(store), "--start", "--move", "frank viss:D", "--save")
    assert code == 0 and load_season(store).player(PlayerId("visser")).klass == "D"
    code, out, err = run(capsys, "classes", str(store), "--accept", "--move", "vissr:A")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("keizer: error: --move vissr:A: unknown player 'vissr'; did you mean Frank Visser")
