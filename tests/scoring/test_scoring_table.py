"""The standings table (docs/rules.md §10): both clubs' columns, computed with polars."""

from __future__ import annotations

import pytest

from keizer.scoring.replay import replay
from keizer.scoring.table import standings_table
from keizer.scoring.table import COLUMNS
from scoring_builders import season

PLAYERS = [{"id": "p1", "name": "P1", "group": 1, "class": "A"}, {"id": "p2", "name": "P2", "group": 2},
           {"id": "p3", "name": "P3", "class": "C"}, {"id": "p4", "name": "P4"}]
ROUNDS = ["p1-p2 1-0, p3-p4 1/2-1/2",
          "p1-p3 0-1, p4-p2 1-0",
          "p1-p4 1/2-1/2; p2 bye, p3 excused",
          "p2-p1 +-, p3-p4 1-0"]


@pytest.fixture(scope="module")
def table():  # type: ignore[no-untyped-def]
    return standings_table(replay(season(PLAYERS, ROUNDS)))


def row(table, pid: str) -> dict:  # type: ignore[no-untyped-def]
    return table.filter(table["player"] == pid).to_dicts()[0]


def test_columns_and_rank_order(table) -> None:  # type: ignore[no-untyped-def]
    assert tuple(table.columns) == COLUMNS
    assert table["rank"].to_list() == [1, 2, 3, 4]
    assert table["score"].to_list() == sorted(table["score"].to_list(), reverse=True)


def test_game_counts_colours_and_board_points(table) -> None:  # type: ignore[no-untyped-def]
    p1 = row(table, "p1")
    # p1: white in rounds 1–3 (won, lost, drew), lost round 4 by forfeit
    assert (p1["games"], p1["won"], p1["drawn"], p1["lost"], p1["forfeits"]) == (3, 1, 1, 1, 1)
    assert (p1["colour_balance"], p1["colour_run"], p1["board_points"]) == (3, "3W", 1.5)
    assert p1["score_pct"] == pytest.approx(100 * 1.5 / 4)
    assert p1["attended"] == 3  # the forfeit loss is not "present"
    p2 = row(table, "p2")
    assert (p2["colour_balance"], p2["colour_run"], p2["byes"], p2["board_points"], p2["attended"]) == \
        (-2, "2Z", 1, 1.0, 4)
    p3 = row(table, "p3")
    assert (p3["colour_run"], p3["excused"], p3["won"], p3["drawn"], p3["board_points"]) == ("1W", 1, 2, 1, 2.5)
    p4 = row(table, "p4")
    assert (p4["colour_run"], p4["colour_balance"], p4["score_pct"]) == ("2Z", -2, 50.0)


def test_player_columns(table) -> None:  # type: ignore[no-untyped-def]
    p1, p4 = row(table, "p1"), row(table, "p4")
    assert (p1["lot"], p1["group"], p1["class"], p4["lot"], p4["group"], p4["class"]) == (1, 1, "A", 4, None, None)
    assert row(table, "p1")["eligible"] is None  # keizer-classic has no participation rule
    assert {"name", "score_exact", "value", "unexcused", "duty", "external", "pending"} <= set(table.columns)


def test_round_zero_has_no_games_and_no_score_pct() -> None:
    t = standings_table(replay(season(PLAYERS, ROUNDS)), 0)
    assert t["games"].to_list() == [0, 0, 0, 0] and t["score_pct"].null_count() == 4
    assert t["colour_run"].to_list() == ["", "", "", ""]
    assert t["player"].to_list() == ["p1", "p2", "p3", "p4"]


def test_exact_score_and_float_view_agree(table) -> None:  # type: ignore[no-untyped-def]
    from fractions import Fraction
    rp = replay(season(PLAYERS, ROUNDS))
    exact = {r.player: r.score for r in rp.standings().rows}
    for d in table.to_dicts():
        assert Fraction(d["score_exact"]) == exact[d["player"]] and d["score"] == float(exact[d["player"]])
        assert d["value"] == float(rp.value_ladder()[d["rank"] - 1])


# -- the class column: the class in force at the table's round (docs/rules.md §9) -----------------------------
CLASSED = [{"id": "p1", "name": "P1", "class": "A"}, {"id": "p2", "name": "P2", "class": "A"},
           {"id": "p3", "name": "P3", "class": "B"}, {"id": "p4", "name": "P4"}]
CLASS_RULES = {"preset": "doorn-driebergen-2019", "classes": {"names": ["A", "B"], "read_after": [2, "final"]}}


def classed_season():  # type: ignore[no-untyped-def]
    """Four rounds; the reading after round 2 moved p2 down to B, p3 up to A and gave p4 (unclassed) B."""
    from keizer.seasons.classes import with_class_moves
    from keizer.seasons.model import PlayerId

    moves = ((PlayerId("p2"), "B"), (PlayerId("p3"), "A"), (PlayerId("p4"), "B"))
    return with_class_moves(season(CLASSED, ROUNDS, CLASS_RULES, rounds_planned=4), 2, moves)


def test_the_class_column_is_the_class_of_the_tables_round() -> None:
    """The finding: the column showed the starting class after the moves had been accepted."""
    s = classed_season()
    classes = lambda k: {r["player"]: r["class"] for r in standings_table(replay(s, k)).to_dicts()}  # noqa: E731
    first_half = {"p1": "A", "p2": "A", "p3": "B", "p4": None}
    assert classes(0) == classes(1) == classes(2) == first_half  # the table after 2 is read with these
    assert classes(3) == classes(4) == {"p1": "A", "p2": "B", "p3": "A", "p4": "B"}
    assert {r["player"]: r["class"] for r in standings_table(replay(s, 4), 2).to_dicts()} == first_half


def test_the_class_column_through_the_cli_and_the_evening(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`keizer standings --json`/`--csv` and the evening's cached replays show the class of round K."""
    import csv
    import io
    import json
    from dataclasses import replace

    from keizer.seasons.season_json.write import dump_season
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.cli.main import main
    from keizer.evening.evening import Evening

    s = classed_season()
    path = tmp_path / "s.json"
    path.write_text(dump_season(s), encoding="utf-8")
    for k, want in (("2", "A"), ("3", "B")):
        assert main(["standings", str(path), "--round", k, "--json"]) == 0
        rows = json.loads(capsys.readouterr().out)["standings"]
        assert next(r["class"] for r in rows if r["player"] == "p2") == want
        assert main(["standings", str(path), "--round", k, "--csv"]) == 0
        rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
        assert next(r["class"] for r in rows if r["player"] == "p2") == want

    store = SeasonStore.create(tmp_path / "s.keizer", replace(s, class_moves=()))
    evening = Evening.on(store)
    try:
        before = standings_table(evening._session.replay(3))
        assert before.filter(before["player"] == "p2")["class"].to_list() == ["A"]
        evening.classes.accept(2)  # a cached replay kept the old classes: the column must not
        after = standings_table(evening._session.replay(3))
        accepted = dict(evening.season.class_moves[0].moves)
        assert accepted and after["class"].to_list() != before["class"].to_list()
        assert {r["player"]: r["class"] for r in after.to_dicts()} == {
            pid: accepted.get(pid, c) for pid, c in zip(before["player"], before["class"])}
    finally:
        store.close()
