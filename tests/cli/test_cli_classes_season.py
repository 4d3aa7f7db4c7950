"""A simulated D season with classes through the CLI: starting classes, the readings after rounds 20 and 36,
and the next season starting from the classes the last reading left (docs/rules.md §9)."""

from __future__ import annotations

import json

from keizer.seasons.classes import class_in_round
from keizer.seasons.load import load_season
from keizer.tui.cli.main import main


def without_head(text: str) -> str:
    """An export's text without its `log_head` key (docs/format.md "Export")."""
    head, sep, _ = text.rpartition(',\n  "log_head": ')
    return head + "\n}\n" if sep else text


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_d_season_reads_its_classes_twice(tmp_path, capsys):
    sim, store = tmp_path / "d.json", tmp_path / "d.keizer"
    assert run(capsys, "simulate", "--players", "40", "--rounds", "36", "--ruleset", "doorn-driebergen-2019",
               "-o", str(sim))[0] == 0
    assert run(capsys, "import", str(sim), str(store))[0] == 0
    assert run(capsys, "classes", str(store), "--start", "--save")[0] == 0
    season = load_season(store)
    assert [sum(p.klass == c for p in season.players) for c in "ABCD"] == [10, 10, 10, 10]

    readings = {}
    for k in (20, 36):
        code, out, _ = run(capsys, "classes", str(store), "--round", str(k), "--json")
        data = json.loads(out)
        assert code == 0 and data["reading"] and data["sizes"] == {"A": 10, "B": 10, "C": 10, "D": 10}
        # art. 5 with equal classes: exactly one up and one down between neighbours, nothing extra
        assert sorted((m["from"], m["to"]) for m in data["proposed"]) == sorted(
            [("B", "A"), ("C", "B"), ("D", "C"), ("A", "B"), ("B", "C"), ("C", "D")])
        for m in data["proposed"]:
            table = next(t["rows"] for t in data["classes"] if t["class"] == m["from"])
            ends = table[0] if m["reason"] == "promotion" else table[-1]
            assert m["player"] == ends["player"]  # the best of the lower, the worst of the upper
        assert run(capsys, "classes", str(store), "--round", str(k), "--accept")[0] == 0
        readings[k] = {m["player"]: m["to"] for m in data["proposed"]}

    season = load_season(store)
    assert [m.after_round for m in season.class_moves] == [20, 36]
    for pid, klass in readings[20].items():
        assert class_in_round(season, pid, 21) == klass and class_in_round(season, pid, 20) != klass
    # the table after round 36 reads the second half's classes
    code, out, _ = run(capsys, "classes", str(store), "--round", "36", "--json")
    tables = {t["class"]: {r["player"] for r in t["rows"]} for t in json.loads(out)["classes"]}
    assert all(class_in_round(season, pid, 36) == c for c, members in tables.items() for pid in members)
    code, out, _ = run(capsys, "standings", str(store), "--prizes", "--json")
    prizes = json.loads(out)["class_prizes"]
    assert [len(t["rows"]) for t in prizes] == [10, 10, 10, 10]

    nxt = tmp_path / "next.keizer"
    assert run(capsys, "new", str(nxt), "--from", str(store))[0] == 0
    new = load_season(nxt)
    assert all(p.klass == class_in_round(season, p.id, 37) for p in new.players)
    assert [sum(p.klass == c for p in new.players) for c in "ABCD"] == [10, 10, 10, 10]

    # export and import keep the readings and the origin: the same text again
    for path in (store, nxt):
        first, again, copy = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "copy.keizer"
        assert run(capsys, "export", str(path), "-o", str(first))[0] == 0
        assert run(capsys, "import", str(first), str(copy))[0] == 0
        assert run(capsys, "export", str(copy), "-o", str(again))[0] == 0
        # the same text but for the last key, the head of the store's log each came from (not the season's)
        assert without_head(first.read_text()) == without_head(again.read_text())
        assert load_season(copy) == load_season(path)
        for leftover in (first, again, copy):
            leftover.unlink()
    assert load_season(nxt).started_from is not None and load_season(store).class_moves
