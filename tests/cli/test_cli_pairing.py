"""The command line on pairings: pair (JSON, costs, alternatives, explain, locks, save), check-pairing, simulate."""

from __future__ import annotations

import json

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def pair_json(capsys, *extra: str) -> dict:
    code, out, err = run(capsys, "pair", str(EVENING), "--json", *extra)
    assert code == 0, err
    return json.loads(out)


def test_pair_json_is_formats_contract_and_costs_add_up(capsys):
    data = pair_json(capsys, "--costs", "--alternatives", "2")
    season = load_season(EVENING)
    k = data["round"]
    assert k == 33 and {"pairings", "bye", "objective"} <= set(data)
    present = {pid for pid in (p.id for p in season.players) if season.round(k).entry_of(pid) is None}
    placed = [p for g in data["pairings"] for p in (g["white"], g["black"])] + [data["bye"]]
    assert sorted(placed) == sorted(present)
    cost = {frozenset((a, b)): c for a, b, c in data["pair_costs"]}
    total = sum(cost[frozenset((g["white"], g["black"]))] for g in data["pairings"]) + data["bye_costs"][data["bye"]]
    assert total == data["objective"]
    assert data["players"][0] == json.loads(run(capsys, "standings", str(EVENING), "--json")[1])["standings"][0]["player"]
    objectives = [data["objective"]] + [a["objective"] for a in data["alternatives"]]
    assert objectives == sorted(objectives) and len(set(objectives)) == 3


def test_pair_is_deterministic(capsys):
    assert pair_json(capsys) == pair_json(capsys)


def test_both_solvers_agree_through_the_command(capsys):
    cpsat, matching = pair_json(capsys, "--solver", "cpsat"), pair_json(capsys, "--solver", "matching")
    assert cpsat["objective"] == matching["objective"] and cpsat["pairings"] == matching["pairings"]


def test_locks_forbids_and_a_volunteer_bye(capsys):
    best = pair_json(capsys)
    first = best["pairings"][0]
    forbidden = pair_json(capsys, "--forbid", f"{first['white']}:{first['black']}")
    assert {first["white"], first["black"]} not in [{g["white"], g["black"]} for g in forbidden["pairings"]]
    a, b = best["pairings"][0]["white"], best["pairings"][1]["white"]
    locked = pair_json(capsys, "--lock", f"{a}:{b}")
    assert {a, b} in [{g["white"], g["black"]} for g in locked["pairings"]]
    volunteer = best["pairings"][-1]["black"]
    assert pair_json(capsys, "--bye", volunteer)["bye"] == volunteer


def test_text_output_lists_the_forbidden_pairs(capsys):
    """As the boards table marks the locks: each pair once (either order), by name; none, no line."""
    code, out, err = run(capsys, "pair", str(EVENING), "--forbid", "meer:visser", "--forbid", "Frank Visser:meer",
                         "--forbid", "bos2:dijk")
    assert code == 0, err
    lines = [line for line in out.splitlines() if line.startswith("Forbidden: ")]
    assert lines == ["Forbidden: Hans van der Meer – Frank Visser, Xandra Bos – Eva van Dijk"]
    assert "Forbidden" not in run(capsys, "pair", str(EVENING))[1]


def test_text_output_with_explanations(capsys):
    code, out, _ = run(capsys, "pair", str(EVENING), "--explain", "--alternatives", "1")
    assert code == 0
    assert "Board" in out and "Bye:" in out and "rank distance" in out
    assert "Alternative 1 — " in out and "Alternative 2" not in out  # numbered as the TUI numbers them
    season = load_season(EVENING)
    assert season.players[0].name in out


@pytest.mark.parametrize("argv, expected", [
    (["--round", "32"], "round 32 already has results"),
    (["--round", "40"], "round 40 is out of range"),
    (["--lock", "visser:nobody"], "unknown player 'nobody'"),
    (["--lock", "visser"], "write two players (ids or names) as A:B"),
    (["--bye", "ghost"], "unknown player 'ghost'"),
    (["--save"], "--save needs a season store"),
])
def test_pair_bad_requests(capsys, argv, expected):
    code, out, err = run(capsys, "pair", str(EVENING), *argv)
    assert code == 2 and out == "" and expected in err and err.count("\n") == 1


def test_contradicting_locks(capsys):
    best = pair_json(capsys)
    a, b, c = best["pairings"][0]["white"], best["pairings"][0]["black"], best["pairings"][1]["white"]
    code, _, err = run(capsys, "pair", str(EVENING), "--lock", f"{a}:{b}", "--lock", f"{a}:{c}")
    assert code == 2 and a in err


def test_pair_save_is_one_undoable_action(tmp_path, capsys):
    store = tmp_path / "demo.keizer"
    SeasonStore.create(store, load_season(EVENING)).close()
    best = pair_json(capsys)
    code, _, err = run(capsys, "pair", str(store), "--save")
    assert code == 0 and "saved: pairing of round 33" in err
    saved = load_season(store).round(33)
    assert [[g.white, g.black] for g in saved.games] == [[p["white"], p["black"]] for p in best["pairings"]]
    assert run(capsys, "undo", str(store))[0] == 0
    assert not load_season(store).round(33).is_paired


def test_check_pairing_agrees_with_the_solver(tmp_path, capsys):
    best = pair_json(capsys)
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(best))
    code, out, _ = run(capsys, "check-pairing", str(EVENING), str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["valid"] and report["objective"] == best["objective"]
    text = tmp_path / "theirs.txt"
    games = best["pairings"]
    games[0]["black"], games[1]["black"] = games[1]["black"], games[0]["black"]
    text.write_text("\n".join(f"{g['white']} {g['black']}" for g in games) + f"\nbye {best['bye']}\n")
    code, out, _ = run(capsys, "check-pairing", str(EVENING), str(text))
    assert code in (0, 1) and ("Optimal cost" in out) == (code == 0)  # an invalid pairing is not priced
    assert (code == 1) == ("breaks the rules" in out)


def test_check_pairing_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("visser\n")
    code, _, err = run(capsys, "check-pairing", str(EVENING), str(path))
    assert code == 2 and "bad.txt: line 1" in err


def test_simulate_writes_a_valid_season(tmp_path, capsys):
    out = tmp_path / "sim.json"
    assert run(capsys, "simulate", "--players", "12", "--rounds", "6", "--played", "4", "--ruleset", "kijk-uit",
               "--seed", "3", "-o", str(out))[0] == 0
    season = load_season(out)
    assert len(season.players) == 12 and season.played_rounds == 4 and len(season.rounds) == 5
    again = tmp_path / "again.json"
    run(capsys, "simulate", "--players", "12", "--rounds", "6", "--played", "4", "--ruleset", "kijk-uit",
        "--seed", "3", "-o", str(again))
    assert again.read_text() == out.read_text()
    code, _, err = run(capsys, "simulate", "--players", "1", "--rounds", "6")
    assert code == 2 and "--players" in err


def test_pairing_after_a_round_with_pending_games_warns(tmp_path, capsys):
    from dataclasses import replace

    from keizer.seasons.model import Result
    from keizer.seasons.season_json.write import dump_season

    season = load_season(EVENING)
    last = season.round(32)
    games = (replace(last.games[0], result=Result.PENDING),) + last.games[1:]
    path = tmp_path / "pending.json"
    path.write_text(dump_season(season.with_round(replace(last, games=games))))
    code, out, err = run(capsys, "pair", str(path), "--json")
    assert code == 0 and json.loads(out)["round"] == 33
    assert "round 32 has 1 game without a result" in err


def test_a_fixed_game_is_placed_with_its_colours(capsys):
    best = pair_json(capsys)
    a, b = best["pairings"][-1]["white"], best["pairings"][0]["white"]  # far apart in the ranking
    data = pair_json(capsys, "--fixed", f"{b}:{a}")
    fixed = [g for g in data["pairings"] if g.get("fixed")]
    assert fixed == [{"white": b, "black": a, "fixed": True}]
    others = [p for g in data["pairings"] if not g.get("fixed") for p in (g["white"], g["black"])]
    assert a not in others and b not in others


def test_a_pair_naming_one_player_twice_is_refused(capsys):
    code, _, err = run(capsys, "pair", str(EVENING), "--forbid", "visser:visser")
    assert code == 2 and "names one player twice" in err


def test_check_pairing_refuses_an_avoidable_rule_break(tmp_path, capsys):
    # D art. 8: no rematch before round 21. In round 2 a rematch of round 1 is avoidable: invalid, exit 1.
    players = [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 5)]
    season = {"format": "keizer-season/1", "name": "t", "ruleset": "doorn-driebergen-2019", "players": players,
              "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p2", "result": "1-0"},
                                                {"white": "p3", "black": "p4", "result": "1-0"}],
                          "entries": {}}, {"round": 2, "games": [], "entries": {}}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(season))
    rematch = tmp_path / "rematch.txt"
    rematch.write_text("p2 p1\np4 p3\n")
    code, out, _ = run(capsys, "check-pairing", str(path), str(rematch))
    assert code == 1 and "although a pairing that keeps every hard rule exists" in out
    binary = tmp_path / "odd.txt"
    binary.write_bytes(b"\xff\xfe")
    code, _, err = run(capsys, "check-pairing", str(path), str(binary))
    assert code == 2 and "not UTF-8" in err


@pytest.mark.parametrize("text, message", [
    ("[]", "expected `WHITE BLACK`"),  # not an object: read as the text form
    ('{"pairings": [], "pairings": []}', "pairings"),
    ('{"pairings": ' + "[" * 2000 + "]" * 2000 + "}", "nested more than"),
    ('{"pairings": [{"white": 1e999999, "black": "x"}]}', "white"),
    ('{"pairings": [{"white": "a\\nkeizer: everything is fine", "black": "x"}]}', "unknown player"),
])
def test_check_pairing_reads_its_json_with_the_one_reader(tmp_path, capsys, text, message):
    path = tmp_path / "pairing.json"
    path.write_text(text)
    code, out, err = run(capsys, "check-pairing", str(EVENING), str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1 and message in err, err


def test_pair_says_a_saved_pairing_exists_and_save_over_it_needs_replace(tmp_path, capsys):
    store = tmp_path / "demo.keizer"
    SeasonStore.create(store, load_season(EVENING)).close()
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    first = load_season(store).round(33).games
    code, out, err = run(capsys, "pair", str(store), "--round", "33", "--json")
    assert code == 0 and json.loads(out)["round"] == 33  # stdout stays the one JSON object
    assert "round 33 already has a saved pairing" in err and err.count("\n") == 1
    code, out, err = run(capsys, "pair", str(store), "--round", "33", "--forbid",
                         f"{first[0].white}:{first[0].black}", "--save")
    assert code == 2 and out == "" and "--replace" in err and err.count("\n") == 1
    assert load_season(store).round(33).games == first  # nothing written
    code, _, err = run(capsys, "pair", str(store), "--round", "33", "--forbid",
                       f"{first[0].white}:{first[0].black}", "--save", "--replace")
    assert code == 0 and "saved" in err
    assert load_season(store).round(33).games != first
    assert run(capsys, "undo", str(store))[0] == 0
    assert load_season(store).round(33).games == first  # one action, one undo step
    code, _, err = run(capsys, "pair", str(store), "--replace")
    assert code == 2 and "--save" in err


def test_pair_options_take_names(capsys):
    best = pair_json(capsys)
    first = best["pairings"][0]
    season = load_season(EVENING)
    white, black = season.player(first["white"]).name, season.player(first["black"]).name
    forbidden = pair_json(capsys, "--forbid", f"{white.upper()}:{black}")
    assert {first["white"], first["black"]} not in [{g["white"], g["black"]} for g in forbidden["pairings"]]
    volunteer = season.player(best["pairings"][-1]["black"]).name
    assert pair_json(capsys, "--bye", volunteer.lower())["bye"] == best["pairings"][-1]["black"]
    code, out, err = run(capsys, "pair", str(EVENING), "--bye", "Hend")
    assert code == 2 and out == "" and "fits 2 players" in err and "Rosa Hendriks (hendriks)" in err
    code, _, err = run(capsys, "pair", str(EVENING), "--bye", "Frank Vissr")
    assert code == 2 and "did you mean Frank Visser (visser)" in err and err.count("\n") == 1
    code, _, err = run(capsys, "pair", str(EVENING), "--lock", "visser:Frank Visser")
    assert code == 2 and "names one player twice" in err


def test_check_pairing_files_take_names(tmp_path, capsys):
    best = pair_json(capsys)
    season = load_season(EVENING)
    name = lambda pid: season.player(pid).name  # noqa: E731
    text = tmp_path / "names.txt"
    text.write_text("\ufeff" + "\r\n".join(f"{name(g['white'])} - {name(g['black']).lower()}" for g in best["pairings"])
                    + f"\r\nbye {name(best['bye'])}\r\n", encoding="utf-8")
    by_id = tmp_path / "ids.json"
    by_id.write_text(json.dumps(best))
    by_name = tmp_path / "names.json"
    by_name.write_text(json.dumps({"pairings": [{"white": name(g["white"]), "black": name(g["black"])}
                                                for g in best["pairings"]], "bye": name(best["bye"])}))
    reports = [json.loads(run(capsys, "check-pairing", str(EVENING), str(f), "--json")[1]) for f in (by_id, text, by_name)]
    assert reports[0]["valid"] and reports[0] == reports[1] == reports[2]
    bad = tmp_path / "bad.txt"
    bad.write_text("Frank Visser - Hend\n")
    code, _, err = run(capsys, "check-pairing", str(EVENING), str(bad))
    assert code == 2 and "bad.txt: line 1: 'Hend' fits 2 players" in err


def test_check_pairing_refuses_a_line_that_names_one_player_twice(tmp_path, capsys):
    # One name on a line reads as two words; both naming the same player is a mistake in the file, not a
    # pairing that breaks a rule.
    name = load_season(EVENING).player(PlayerId("vos")).name  # "Gerda Vos": each word names her alone
    path = tmp_path / "pairing.txt"
    path.write_text(f"{name}\n")
    code, out, err = run(capsys, "check-pairing", str(EVENING), str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"line 1: '{name}' names {name} twice: a game is two players, `WHITE - BLACK`" in err


def test_a_team_match_is_said_in_words_not_in_the_file_notation(capsys):
    from tests.conftest import DEMO

    code, out, _ = run(capsys, "pair", str(DEMO))  # round 34: Jan Peters plays a team match, drawn
    assert code == 0 and "Jan Peters (external: drawn)" in out and "external:1/2" not in out
    code, out, err = run(capsys, "pair", str(DEMO), "--bye", "jan pet")
    assert code == 2 and "is not available in round 34 (external: drawn)" in err
