"""A whole D season with its championship group and classes, driven through the CLI (issue 9's "done when").

Rounds 1–20 are simulated; then `keizer championship form`, `keizer championship schedule`, and rounds 21–36 each
paired with `keizer pair --save` (results entered in the store as the TUI does); a member's absence
makes a game missed, which `keizer championship schedule --save` places again. At the end every game art. 4
requires has been played once with its colours, no two members met outside the schedule, and the group
has a champion or says which decision games it needs. K's final group likewise ends with a champion.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.pairing.synthetic import elo_result
from keizer.scoring.championship.table import earlier_games, required_games
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, ResultSet, RoundAdded
from keizer.tui.cli.main import main

pytestmark = pytest.mark.slow


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def store_of(tmp_path: Path, season: Season) -> str:
    src = tmp_path / "season.json"
    src.write_text(dump_season(season), encoding="utf-8")
    path = str(tmp_path / "season.keizer")
    assert main(["import", str(src), path]) == 0
    return path


def apply(path: str, label: str, *events: object) -> Season:
    with SeasonStore.open(path) as store:
        store.apply(label, *events)  # type: ignore[arg-type]
        return store.season


def play_round(path: str, k: int, rng: random.Random, rating: dict[PlayerId, int]) -> None:
    with SeasonStore.open(path) as store:
        games = store.season.round(k).games
        store.apply(f"results of round {k}", *(ResultSet(k, g.white, g.black, elo_result(rng, rating[g.white],
                                                                                       rating[g.black]))
                                               for g in games))


def test_a_d_season_of_40_players_ends_with_its_champion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = simulate_season(40, 36, "doorn-driebergen-2019", seed=3, played=20)
    rating = {p.id: p.rating or 0 for p in season.players}
    path = store_of(tmp_path, season)
    capsys.readouterr()
    cli(capsys, "classes", path, "--start", "--save")  # D art. 5: classes A-D, read after round 20 and the final round
    cli(capsys, "classes", path, "--round", "20", "--accept")
    cli(capsys, "championship", "form", path, "--decline", "p002", "--save")
    cli(capsys, "championship", "schedule", path, "--save")
    rng = random.Random(9)
    with SeasonStore.open(path, readonly=True) as store:
        group = store.season.championship
    assert group is not None and "p002" in group.declined and "p002" not in group.members
    absent_round = next(k for k in range(22, 30) if group.games_in(k))
    absent_member = group.games_in(absent_round)[0].white
    rescheduled = 0
    for k in range(21, 37):
        if k > 21:
            apply(path, f"list round {k}", RoundAdded(k))
        if k == absent_round:  # a member calls off: their scheduled game is missed and placed again
            apply(path, "absent", EntrySet(k, absent_member, EntryKind.EXCUSED))
        cli(capsys, "pair", path, "--save")
        play_round(path, k, rng, rating)
        view = json.loads(cli(capsys, "championship", path, "--json"))
        if any(g["state"] == "missed" for g in view["schedule"]):
            cli(capsys, "championship", "schedule", path, "--save")
            rescheduled += 1
    assert rescheduled == 1
    cli(capsys, "classes", path, "--round", "36", "--accept")
    with SeasonStore.open(path, readonly=True) as store:
        season = store.season
    assert [m.after_round for m in season.class_moves] == [20, 36]
    assert all(len(m.moves) >= 6 for m in season.class_moves)  # one up and one down between each two classes
    group = season.championship
    assert group is not None
    rule = parse_ruleset(season.ruleset_spec).championship
    assert rule is not None
    members = set(group.members)
    # Every game art. 4 requires was played once, in rounds 21-36, with its colours; no other member game.
    need = sorted(required_games(season, group, rule))
    later = sorted((g.white, g.black) for r in season.rounds[20:] for g in r.games
                   if g.white in members and g.black in members)
    assert later == need
    assert len(earlier_games(season, group)) + len(need) == 2 * 15  # a double six-player round robin
    for g in group.schedule:  # the final schedule, the missed game in its new round: each on its board
        assert (g.white, g.black) in {(b.white, b.black) for b in season.round(g.round).games}
    view = json.loads(cli(capsys, "championship", path, "--json"))
    assert all(row["to_play"] == 0 for row in view["table"])
    state = view["state"]
    assert state["phase"] in ("champion", "decision", "playoff")
    if state["phase"] != "champion":  # the decision games or play-off, recorded through the CLI
        for need_game in state["needed"]:
            cli(capsys, "championship", "decide", path, "--game", f"{need_game['white']}:{need_game['black']}:1-0",
                "--save")
        state = json.loads(cli(capsys, "championship", path, "--json"))["state"]
        assert state["phase"] in ("champion", "shared")
    assert state["champion"]


def test_a_k_final_group_is_scheduled_and_ends_with_its_champion(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """K's season: after round 20 the six leave the Keizer for their final group (rules §8); the other ten
    play on in the Keizer in rounds 21-30 for the group cups, the six held at places 1-6."""
    season = simulate_season(16, 30, "kijk-uit", seed=2, played=20)
    season = replace(season, players=tuple(replace(p, cup_group=1 + 3 * i // 16) for i, p in enumerate(season.players)))
    rating = {p.id: p.rating or 0 for p in season.players}
    path = store_of(tmp_path, season)
    capsys.readouterr()
    cli(capsys, "championship", "form", path, "--save")
    cli(capsys, "championship", "schedule", path, "--save")
    view = json.loads(cli(capsys, "championship", path, "--json"))
    assert view["mode"] == "separate" and len(view["schedule"]) == 30
    assert sorted({g["round"] for g in view["schedule"]}) == list(range(21, 31))  # ten rounds, all new games
    members = [m["player"] if isinstance(m, dict) else m for m in view["members"]]
    after_20 = [r["player"] for r in json.loads(cli(capsys, "standings", path, "--json"))["standings"]]
    assert members == after_20[:6]
    rng = random.Random(4)
    for k in range(21, 31):
        if k > 21:
            apply(path, f"list round {k}", RoundAdded(k))
        cli(capsys, "pair", path, "--save")
        with SeasonStore.open(path, readonly=True) as store:
            paired = {p for g in store.season.round(k).games for p in g.players()}
        assert paired and not paired & set(members)  # the six play no Keizer game
        play_round(path, k, rng, rating)
        for g in (g for g in view["schedule"] if g["round"] == k):
            result = elo_result(rng, rating[g["white"]], rating[g["black"]]).value
            cli(capsys, "championship", "result", path, str(g["round"]), f"{g['white']}:{g['black']}", result, "--save")
    state = json.loads(cli(capsys, "championship", path, "--json"))["state"]
    if state["phase"] != "champion":
        for need_game in state["needed"]:
            cli(capsys, "championship", "decide", path, "--game", f"{need_game['white']}:{need_game['black']}:1/2-1/2",
                "--save")
        state = json.loads(cli(capsys, "championship", path, "--json"))["state"]
    assert state["phase"] in ("champion", "shared") and state["champion"]
    final = json.loads(cli(capsys, "standings", path, "--prizes", "--json"))
    assert final["round"] == 30
    rows = final["standings"]
    assert [r["player"] for r in rows[:6]] == members and all(r["final_group"] for r in rows[:6])
    assert not any(r["final_group"] for r in rows[6:])
    scores = [Fraction(r["score_exact"]) for r in rows[6:]]
    assert scores == sorted(scores, reverse=True)  # the others ranked by score below the six
    cups = final["cups"]
    assert [c["group"] for c in cups] == [1, 2, 3]
    in_cups = {r["player"] for c in cups for r in c["rows"]}
    assert in_cups == {r["player"] for r in rows[6:]}  # the final group plays for no cup
    assert all(sum(r["cup"] for r in c["rows"]) <= 2 for c in cups) and any(r["cup"] for c in cups for r in c["rows"])
