"""Inside the documented limits every command answers, without a traceback and without running for minutes: a
limit the program can check before the work starts is checked there (issue 22)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from keizer.seasons.model import Player, PlayerId
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.conftest import EVENING


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("differ", ["100000000000000000000", "9223372036854775808", "50002", "0"])
def test_differ_beyond_any_pairing_is_one_line(capsys: pytest.CaptureFixture[str], differ: str) -> None:
    """The finding: --differ 10^20 reached OR-Tools as a number it cannot take (a TypeError)."""
    code, out, err = run(capsys, "pair", str(EVENING), "--alternatives", "2", "--differ", differ)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--differ 1 to 50,001" in err


def test_differ_past_the_boards_of_the_round_finds_no_alternative(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pair", str(EVENING), "--alternatives", "2", "--differ", "50001", "--json")
    assert code == 0, err
    import json

    assert json.loads(out).get("alternatives", []) == []


def test_the_rating_report_refuses_too_many_players_before_it_scores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding: 60,030 players were replayed for 72 s before the report said TRF numbers 9999 at most."""
    from keizer.seasons.load import load_season
    from keizer.scoring import replay as replay_module

    season = load_season(EVENING)
    more = tuple(Player(id=PlayerId(f"x{i}"), name=f"X {i}", joined=34) for i in range(10_000))
    big = dataclasses.replace(season, players=season.players + more)
    path = tmp_path / "big.json"
    path.write_text(dump_season(big))

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("replayed before the report's own limits were checked")

    monkeypatch.setattr(replay_module, "replay", never)
    code, _, err = run(capsys, "export", str(path), "--trf")
    assert code == 2 and "TRF numbers at most 9999 players; this season has 10044" in err


def test_standings_past_what_keizer_scores_in_time_are_refused_before_scoring(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding: 40 players × 100 rounds of random results took 22 s, 500 rounds over 300 s. The iteration
    cap bounds each round (docs/rules.md §3); what it cannot bound, the season's size, is checked first."""
    from keizer.scoring import replay as replay_module
    from keizer.tui.cli.commands.bench_limits import random_season

    path = tmp_path / "big.json"
    path.write_text(dump_season(random_season(40, 500, seed=1)))

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("scored before the limit was checked")

    monkeypatch.setattr(replay_module, "_segment", never)
    for argv in (("standings", str(path)), ("pair", str(path)), ("notice", str(path))):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert "40 players over" in err and "more than keizer scores in time" in err


@pytest.mark.parametrize("spec", [
    "keizer-classic", "doorn-driebergen-2019", {"preset": "doorn-driebergen-2019", "iterate": "always"},
    {"preset": "keizer-classic", "withdrawal": {"removal_before_round": 21}}])
def test_the_worst_case_bounds_what_a_replay_does(spec: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The estimate the limit is checked on is never below the work done, counted at every step the engine
    takes: each segment from round 1 again where a player joins or is removed, the replays without the
    removed players (D art. 22), a cap small enough that the searches reach it."""
    from keizer.scoring import engine
    from keizer.scoring.replay import replay
    from keizer.scoring.work import ITERATION_OVERHEAD, worst_case_work
    from keizer.seasons.ruleset.parse import parse_ruleset
    from keizer.tui.cli.commands.bench_limits import random_season

    season = dataclasses.replace(random_season(14, 24, seed=2, joining=4, leaving=3), ruleset_spec=spec,
                                 rounds_planned=24)
    games = [0]
    for r in season.rounds:
        games.append(games[-1] + len(r.games))
    done = [0]
    step = engine.Engine.step

    def counted(self: engine.Engine, k: int, terms: object, search: bool = True) -> object:
        state = step(self, k, terms, search)  # type: ignore[arg-type]
        done[0] += state.iterations * (len(season.players) + 2 * games[k] + ITERATION_OVERHEAD)
        return state

    monkeypatch.setattr(engine.Engine, "step", counted)
    rep = replay(season, 24, cap=5)
    rep.entry_ranking(25)  # the next round's pairing: its ranking without those removed from it
    for k in range(25):
        rep.standings(k)
    estimate = worst_case_work(season, parse_ruleset(spec), 24, 5)  # type: ignore[arg-type]
    assert done[0] <= estimate


def test_more_alternatives_than_found_in_time_are_refused_before_the_solve(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding: 1,030 players with --alternatives 2 took 33 s (one took 131 s here)."""
    from keizer.evening.desk import solve
    from keizer.tui.cli.commands.bench_limits import random_season

    path = tmp_path / "field.json"
    path.write_text(dump_season(dataclasses.replace(random_season(402, 2, seed=3), rounds=())))

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("solved before the limit was checked")

    monkeypatch.setattr(solve, "solve_request", never)
    code, _, err = run(capsys, "pair", str(path), "--alternatives", "1")
    assert code == 2 and err.count("\n") == 1
    assert "with 402 players present keizer finds no alternatives in time (the best pairing only)" in err
    path.write_text(dump_season(dataclasses.replace(random_season(300, 2, seed=3), rounds=())))
    code, _, err = run(capsys, "pair", str(path), "--alternatives", "50")
    assert code == 2 and "with 300 players present keizer finds at most 44 in time" in err


def test_a_site_past_what_keizer_writes_in_time_is_refused_before_it_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding: 1,030 players' site took over 120 s."""
    from keizer.tui.cli.commands.bench_limits import random_season
    from keizer.tui.cli.commands import publish as publish_command

    path = tmp_path / "club.json"
    path.write_text(dump_season(random_season(1030, 6, seed=4)))

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("built before the limit was checked")

    monkeypatch.setattr(publish_command, "build_site", never)
    code, _, err = run(capsys, "publish", str(path), "-o", str(tmp_path / "site"))
    assert code == 2 and err.count("\n") == 1 and "a site of 1,030 players after round 6" in err
    assert not (tmp_path / "site").exists()


def test_a_club_season_with_a_joiner_every_round_is_inside_the_scoring_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every joiner starts a segment of the replay from round 1 again (docs/rules.md §6). Each used to search
    its rounds before its start too, so the worst case grew with the joiners: 60 players over 36 rounds, one
    joining in each of rounds 2..31, were refused as more than keizer scores in time."""
    from keizer.scoring.fixpoint import ITERATION_CAP
    from keizer.scoring.work import worst_case_work
    from keizer.seasons.limits import MAX_SCORING_WORK
    from keizer.seasons.ruleset.parse import parse_ruleset
    from keizer.tui.cli.commands.bench_limits import random_season

    season = random_season(60, 36, seed=5, joining=30)
    assert worst_case_work(season, parse_ruleset("keizer-classic"), 36, ITERATION_CAP) <= MAX_SCORING_WORK
    path = tmp_path / "club.json"
    path.write_text(dump_season(season))
    code, out, err = run(capsys, "standings", str(path), "--round", "30")
    assert code == 0 and err == "" and "Ranglijst na ronde 30" in out and "Player 59" in out


def test_a_segment_does_not_search_its_rounds_before_its_start_and_publishes_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What a later segment computes before its start is never published (its rankings are set from the
    earlier segment's): pricing those rounds once gives the same standings and cards as searching them."""
    from keizer.scoring import engine
    from keizer.scoring.card import player_card
    from keizer.scoring.replay import replay
    from keizer.tui.cli.commands.bench_limits import random_season

    def published(season: object) -> list[object]:
        rep = replay(season, bounded=False)  # type: ignore[arg-type]
        return [(rep.standings(k), [player_card(rep, p.id, k) for p in rep.at(k).players]) for k in range(13)]

    searched: list[int] = []
    step = engine.Engine.step

    def counted(self: engine.Engine, k: int, terms: object, search: bool = True) -> object:
        searched.append(search)
        return step(self, k, terms, search)  # type: ignore[arg-type]

    for spec in ("keizer-classic", "doorn-driebergen-2019"):
        season = dataclasses.replace(random_season(16, 12, seed=6, joining=5, leaving=2), ruleset_spec=spec,
                                     rounds_planned=12)
        monkeypatch.setattr(engine.Engine, "step", counted)
        fast = published(season)
        assert searched.count(False) >= sum(range(1, 6))  # rounds 1..start-1 of the segments at 2..6 at least
        monkeypatch.setattr(engine.Engine, "step", lambda self, k, t, search=True: step(self, k, t, True))
        assert published(season) == fast
        searched.clear()
