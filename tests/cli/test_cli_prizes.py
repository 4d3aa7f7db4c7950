"""`keizer standings --prizes`: each class's prize list (D) and each group's cups (K), text and JSON."""

from __future__ import annotations

import json
from dataclasses import replace

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind
from keizer.seasons.season_json.write import dump_season
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def k_season(tmp_path):
    """The test evening under K's rules, groups 1-3 by starting thirds; `vos` (group 1) excused all season."""
    season = load_season(EVENING)
    n = len(season.players)
    players = tuple(replace(p, group=1 + 3 * i // n) for i, p in enumerate(season.players))
    season = replace(season, ruleset_spec="kijk-uit", players=players)
    path = tmp_path / "k.json"
    path.write_text(dump_season(season))
    return season, path


def test_group_cups_in_json(tmp_path, capsys):
    season, path = k_season(tmp_path)
    code, out, _ = run(capsys, "standings", str(path), "--prizes", "--json")
    data = json.loads(out)
    assert code == 0 and data["class_prizes"] == [] and [c["group"] for c in data["cups"]] == [1, 2, 3]
    ranking = {r["player"]: r for r in data["standings"]}
    for cup in data["cups"]:
        members = [r["player"] for r in cup["rows"]]
        assert all(season.player(p).group == cup["group"] for p in members)
        eligible = [r for r in cup["rows"] if r["eligible"]]
        # the eligible first, in Keizer order; the first two of them win the cups
        assert cup["rows"][:len(eligible)] == eligible
        assert [r["rank"] for r in eligible] == sorted(r["rank"] for r in eligible)
        assert [r["player"] for r in cup["rows"] if r["cup"]] == [r["player"] for r in eligible[:2]]
        assert all(ranking[r["player"]]["eligible"] == r["eligible"] for r in cup["rows"])


def test_the_33_percent_rule_keeps_a_cup_from_who_rarely_came(tmp_path, capsys):
    season, _ = k_season(tmp_path)
    # the group's best player, excused in every round but the first: under the threshold
    first = season.players[0].id
    absent = replace(season, rounds=tuple(
        rnd if rnd.number == 1 else _excused(rnd, first) for rnd in season.rounds))
    path = tmp_path / "k2.json"
    path.write_text(dump_season(absent))
    code, out, _ = run(capsys, "standings", str(path), "--prizes", "--json")
    assert code == 0
    group = json.loads(out)["cups"][0]["rows"]
    me = next(r for r in group if r["player"] == first)
    assert me["eligible"] is False and me["cup"] is False and group[-1]["player"] == first


def _excused(rnd, pid):
    """Round `rnd` with `pid` excused: their opponent gets the bye (a test's shortcut, not a club rule)."""
    game = rnd.game_of(pid)
    if game is None:
        return rnd.with_entry(pid, EntryKind.EXCUSED)
    other = game.opponent_of(pid)
    return replace(rnd, games=tuple(g for g in rnd.games if g is not game)).with_entry(
        pid, EntryKind.EXCUSED).with_entry(other, EntryKind.BYE)


def test_class_prize_lists_in_text(tmp_path, capsys):
    store = tmp_path / "d.keizer"
    assert run(capsys, "import", str(EVENING), str(store))[0] == 0
    assert run(capsys, "classes", str(store), "--start", "--save")[0] == 0
    code, out, _ = run(capsys, "standings", str(store), "--prizes", "--lang", "en")
    assert code == 0 and "Class A\n" in out and "Class D\n" in out
    code, out, _ = run(capsys, "standings", str(store), "--prizes")  # the season's language
    assert code == 0 and "Klasse A\n" in out and "Class" not in out
    code, out, _ = run(capsys, "standings", str(store), "--json")
    assert "class_prizes" not in json.loads(out)  # the JSON without --prizes is as it always was


def test_prizes_say_why_there_is_no_prize_list(tmp_path, capsys):
    store = tmp_path / "d.keizer"
    assert run(capsys, "import", str(EVENING), str(store))[0] == 0
    code, out, _ = run(capsys, "standings", str(store), "--prizes", "--lang", "en")  # D's classes, nobody has one
    assert code == 0 and "Class A\n" not in out
    assert out.endswith("\nClass prizes: nobody has a class yet (`keizer classes SEASON --start --save` gives the "
                        "starting classes)\n")
    path = tmp_path / "classic.json"
    path.write_text(dump_season(replace(load_season(EVENING), ruleset_spec="keizer-classic")))
    code, out, _ = run(capsys, "standings", str(path), "--prizes", "--lang", "en")
    assert code == 0 and out.endswith("\nNo class or group prizes: this season's ruleset has neither (ruleset "
                                      "keys `classes`, `cups`)\n")
