"""The command line on seasons: standings, import/export, validate, undo/redo, and one-line errors."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import shutil
from fractions import Fraction

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import ResultSet
from keizer.seasons.model import Result
from tests.conftest import DEMO, EVENING
from keizer.tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo_store(tmp_path):
    path = tmp_path / "demo.keizer"
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


def test_standings_json_is_formats_contract(capsys):
    code, out, _ = run(capsys, "standings", str(EVENING), "--round", "20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["round"] == 20 and set(data["iteration"]) >= {"iterations", "cycled"}
    expected = replay(load_season(EVENING), 20).standings()
    assert [r["player"] for r in data["standings"]] == [r.player for r in expected.rows]
    for row, st in zip(data["standings"], expected.rows):
        assert {"rank", "player", "name", "score", "score_exact", "value"} <= set(row)
        assert Fraction(row["score_exact"]) == st.score
        assert row["score"] == float(st.score) and row["rank"] == st.rank


def test_standings_text_and_csv_agree(capsys):
    _, text, _ = run(capsys, "standings", str(EVENING))
    _, data, _ = run(capsys, "standings", str(EVENING), "--csv")
    rows = list(csv.DictReader(io.StringIO(data)))
    assert "Ranglijst na ronde 32" in text  # the season's language: the clubs' Dutch
    top = text.splitlines()[4]  # title, blank, header, rule, first row
    assert rows[0]["name"] in top and rows[0]["rank"] == "1"
    _, ktext, _ = run(capsys, "standings", str(EVENING), "--columns", "k")
    assert "Keizer" in ktext.splitlines()[2] and "33%?" in ktext.splitlines()[2]


def test_the_columns_key_chooses_the_default_columns(tmp_path, capsys):
    season = tmp_path / "k-columns.json"
    season.write_text(EVENING.read_text().replace('"doorn-driebergen-2019"',
                                                  '{"preset": "doorn-driebergen-2019", "columns": "k"}'))
    _, dtext, _ = run(capsys, "standings", str(EVENING))
    _, ktext, _ = run(capsys, "standings", str(season))
    assert "GSP" in dtext.splitlines()[2] and "33%?" not in dtext.splitlines()[2]
    assert "Keizer" in ktext.splitlines()[2] and "33%?" in ktext.splitlines()[2]


def test_import_export_round_trip(tmp_path, capsys):
    store = tmp_path / "club.keizer"
    assert run(capsys, "import", str(EVENING), str(store))[0] == 0
    out = tmp_path / "out.json"
    assert run(capsys, "export", str(store), "-o", str(out))[0] == 0
    # the same text, but for the last key: the head of the store's log it came from (not part of the season)
    with SeasonStore.open(store, readonly=True) as s:
        head = str(s.log_head())
    assert out.read_text() == EVENING.read_text().removesuffix("  ]\n}\n") + f'  ],\n  "log_head": "{head}"\n}}\n'
    code, stdout, _ = run(capsys, "export", str(store))
    assert code == 0 and json.loads(stdout) == {**json.loads(EVENING.read_text()), "log_head": head}


def test_standings_read_a_store_like_a_file(demo_store, capsys):
    assert run(capsys, "standings", str(demo_store), "--json")[1] == run(capsys, "standings", str(EVENING), "--json")[1]


def test_undo_and_redo(demo_store, capsys):
    with SeasonStore.open(demo_store) as store:
        game = store.season.round(32).games[0]
        store.apply("result", ResultSet(32, game.white, game.black, Result.PENDING))
    before = run(capsys, "standings", str(demo_store), "--json", "--round", "32")[1]
    assert run(capsys, "undo", str(demo_store))[1].startswith("undone: result")
    after = run(capsys, "standings", str(demo_store), "--json", "--round", "32")[1]
    assert before != after
    assert run(capsys, "redo", str(demo_store))[0] == 0
    assert run(capsys, "standings", str(demo_store), "--json", "--round", "32")[1] == before
    code, _, err = run(capsys, "redo", str(demo_store))
    assert code == 2 and err == f"keizer: error: {demo_store}: nothing to redo\n"


@pytest.mark.parametrize("content, expected", [
    ('{"format": "keizer-season/1", "players": [', "not valid JSON"),
    (EVENING.read_text().replace('"result": "1-0"', '"result": "2-0"', 1), ".result: unknown result '2-0'"),
    (EVENING.read_text().replace('"doorn-driebergen-2019"', '{"preset": "kijk-uit", "colours": 1}'),
     "ruleset.colours: unknown key"),
    ("SQLite format 3\x00" + "x" * 200, "not a season store"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, expected):
    path = tmp_path / "season.json"
    path.write_text(content)
    for command in (["standings"], ["validate"], ["export"]):
        code, out, err = run(capsys, *command, str(path))
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and expected in err, err


def test_import_refuses_to_overwrite_and_writes_nothing_on_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "keizer-season/1"')
    target = tmp_path / "new.keizer"
    assert run(capsys, "import", str(bad), str(target))[0] == 2
    assert not target.exists()
    existing = tmp_path / "old.keizer"
    shutil.copy(EVENING, existing)
    code, _, err = run(capsys, "import", str(EVENING), str(existing))
    assert code == 2 and "already exists" in err and existing.read_text() == EVENING.read_text()


def test_undo_on_a_json_file_explains(capsys):
    code, _, err = run(capsys, "undo", str(EVENING))
    assert code == 2 and "needs a season store" in err


def test_missing_file_and_bad_round(capsys, tmp_path):
    code, _, err = run(capsys, "standings", str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json" in err
    code, _, err = run(capsys, "standings", str(EVENING), "--round", "99")
    assert code == 2 and "99" in err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.startswith("keizer ")
    for command in ("standings", "import", "export", "validate", "undo", "redo", "bench", "demo"):
        with pytest.raises(SystemExit) as info:
            main([command, "--help"])
        assert info.value.code == 0 and "usage: keizer " + command in capsys.readouterr().out


def test_demo_prints_the_bundled_season_and_leaves_it(capsys):
    before = DEMO.read_bytes()
    code, out, _ = run(capsys, "demo")
    assert code == 0 and "Ranglijst na ronde" in out
    assert DEMO.read_bytes() == before


def test_the_title_says_how_the_values_were_found(capsys):
    # D: iterated at round 20 (D art. 23), single pass after other rounds (frozen valuation).
    at_20 = run(capsys, "standings", str(EVENING), "--round", "20", "--lang", "en")[1].splitlines()[0]
    at_19 = run(capsys, "standings", str(EVENING), "--round", "19", "--lang", "en")[1].splitlines()[0]
    assert ("converged in" in at_20 or "cycled" in at_20) and at_19.endswith("(single pass)")
    dutch = run(capsys, "standings", str(EVENING), "--round", "19")[1].splitlines()[0]
    assert dutch.endswith("(één keer berekend)")  # the season's language: one language at a time


def test_backup_is_a_whole_store_with_its_history(demo_store, tmp_path, capsys):
    with SeasonStore.open(demo_store) as store:
        game = store.season.round(32).games[0]
        store.apply("result", ResultSet(32, game.white, game.black, Result.PENDING))
    copy = tmp_path / "copy.keizer"
    assert run(capsys, "backup", str(demo_store), str(copy))[0] == 0
    assert load_season(copy) == load_season(demo_store)
    assert run(capsys, "undo", str(copy))[1].startswith("undone: result")  # the history came along
    code, _, err = run(capsys, "backup", str(demo_store), str(copy))
    assert code == 2 and "already exists" in err


def test_standings_say_when_results_are_missing(tmp_path, capsys):
    season = load_season(EVENING)
    rnd = season.round(20)
    pending = dataclasses.replace(rnd, games=tuple(dataclasses.replace(g, result=Result.PENDING) if i < 2 else g
                                                   for i, g in enumerate(rnd.games)))
    path = tmp_path / "half.json"
    path.write_text(dump_season(season.with_round(pending)))
    code, out, _ = run(capsys, "standings", str(path), "--round", "20", "--json")
    data = json.loads(out)
    assert code == 0 and data["provisional"] is True and data["missing"] == 2
    _, out, _ = run(capsys, "standings", str(path), "--round", "20", "--lang", "en")
    assert "PROVISIONAL: 2 results still missing" in out.splitlines()[1]
    _, out, _ = run(capsys, "standings", str(path), "--round", "20", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {(r["provisional"], r["missing"]) for r in rows} == {("true", "2")}
    data = json.loads(run(capsys, "standings", str(path), "--round", "19", "--json")[1])
    assert data["provisional"] is False and data["missing"] == 0
