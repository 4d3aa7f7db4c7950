"""`keizer standings` reproduces the seeds' worked numbers end to end (file → command → JSON)."""

from __future__ import annotations

import json
from fractions import Fraction

from keizer.seasons.season_json.write import dump_season
from tests.scoring.scoring_builders import aalsmeer_field, ids, season
from keizer.tui.cli.main import main


def standings_json(tmp_path, capsys, s, *extra: str) -> dict:
    path = tmp_path / "season.json"
    path.write_text(dump_season(s))
    assert main(["standings", str(path), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_k_aalsmeer_example_through_the_command(tmp_path, capsys):
    data = standings_json(tmp_path, capsys, season(ids(45), aalsmeer_field(), ruleset="kijk-uit"))
    by_start = {row["player"]: row for row in data["standings"]}
    p = ids(45)
    assert [Fraction(by_start[p[i]]["score_exact"]) for i in (5, 6, 7, 8)] == \
        [426, Fraction(1219, 3), 402, Fraction(831, 2)]
    assert (by_start[p[6]]["rank"], by_start[p[7]]["rank"]) == (10, 11)


def test_k_game_values_through_the_command(tmp_path, capsys):
    # K, top 100: #16 beats #21 → 80; a draw → 40 and 42½; #21 beats #16 → 85 (single pass, round 1).
    plain = {"preset": "kijk-uit", "aalsmeer": None, "iterate": "never"}
    p = ids(30)
    rest = ", ".join(f"{p[i]} excused" for i in range(30) if i not in (15, 20))
    for result, expected in (("1-0", (80, 0)), ("1/2-1/2", (40, Fraction(85, 2))), ("0-1", (0, 85))):
        data = standings_json(tmp_path, capsys, season(p, [f"{p[15]}-{p[20]} {result}; {rest}"], ruleset=plain))
        rows = {row["player"]: row for row in data["standings"]}
        assert (Fraction(rows[p[15]]["score_exact"]), Fraction(rows[p[20]]["score_exact"])) == expected


def test_the_prize_list_puts_players_under_33_percent_last(tmp_path, capsys):
    # K's 33% rule (docs/rules.md §5): p4, never present, scores more than p2 (excused points) but is listed
    # after everyone eligible on the prize list; the Keizer ranking and the JSON keep their order.
    rules = {"preset": "kijk-uit", "aalsmeer": None, "iterate": "never"}
    s = season(ids(4), ["p1-p2 1-0; p3 bye, p4 excused"] * 3, ruleset=rules)
    data = standings_json(tmp_path, capsys, s)
    order = [row["player"] for row in data["standings"]]
    assert order.index("p4") < order.index("p2") and data["standings"][order.index("p4")]["eligible"] is False
    assert main(["standings", str(tmp_path / "season.json"), "--csv", "--prizes"]) == 0
    prize = [line.split(",")[1] for line in capsys.readouterr().out.splitlines()[1:]]
    assert prize == [p for p in order if p != "p4"] + ["p4"]
