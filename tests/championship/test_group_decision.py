"""Two decision games, no more (issue 19 item 3, D art. 2 "2 beslissingspartijen"; still tied → shared
title): a third is refused in one line, so is a play-off game beyond its double round robin, and a third in
a season file does not count."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.evening.championship.changes import decision
from keizer.evening.championship.view import group_view
from keizer.scoring.championship.state import group_state
from keizer.seasons.championship import sorted_schedule
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import DecisionGame, PlayerId, Result, Season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.championship.test_group_rules import rows
from tests.publish.group_seasons import separate_season

P = PlayerId
W, X = Result.WHITE_WINS, Result.DRAW


def recorded(season: Season, *games: tuple[PlayerId, PlayerId, Result]) -> Season:
    """The season with these decision games recorded one by one, as the director records them."""
    for game in games:
        (event,) = decision(season, game).events
        season = event.replay(season)
    return season


def test_a_third_decision_game_is_refused_and_the_title_stays_shared() -> None:
    season = separate_season(decision=())
    a, b = season.championship.members[:2]  # type: ignore[union-attr]
    season = recorded(season, (a, b, X), (b, a, X))
    assert group_view(season).state.phase == "shared"
    with pytest.raises(KeizerError) as refused:
        decision(season, (a, b, W))
    said = str(refused.value)
    assert "\n" not in said and "have played their two decision games" in said and "share the title" in said
    assert group_view(season).state.phase == "shared"


def test_a_third_in_the_season_file_does_not_count() -> None:
    """Today a third game turned "share the title" into "a is champion"."""
    tied = rows(("a", "4", 0), ("b", "4", 0), ("c", "2", 0), ("d", "2", 0))
    games = (DecisionGame(P("a"), P("b"), X), DecisionGame(P("b"), P("a"), X), DecisionGame(P("a"), P("b"), W))
    state = group_state(tied, games)
    assert (state.phase, state.champion) == ("shared", ("a", "b"))


def test_a_decision_game_nobody_needs_is_refused() -> None:
    season = separate_season(decision=())
    members = season.championship.members  # type: ignore[union-attr]
    with pytest.raises(KeizerError, match="is not tied for first"):
        decision(season, (members[0], members[3], W))
    won = recorded(season, (members[0], members[1], W), (members[1], members[0], X))
    assert group_view(won).state.phase == "champion"
    with pytest.raises(KeizerError, match="have played their two decision games"):
        decision(won, (members[0], members[1], W))


def three_tied() -> Season:
    """K's final group all drawn but for one win each of the first three over the last three: those three
    tie on 5½ and play a double round robin among them (6 games)."""
    season = separate_season(decision=())
    group = season.championship
    assert group is not None
    m = group.members
    wins = {frozenset((m[0], m[5])): m[0], frozenset((m[1], m[4])): m[1], frozenset((m[2], m[3])): m[2]}
    schedule, done = [], set()
    for g in group.schedule:
        pair = frozenset((g.white, g.black))
        if pair in wins and pair not in done:
            done.add(pair)
            g = replace(g, result=W if wins[pair] == g.white else Result.BLACK_WINS)
        else:
            g = replace(g, result=X)
        schedule.append(g)
    return replace(season, championship=replace(group, schedule=sorted_schedule(schedule)))


def test_a_play_off_game_beyond_its_double_round_robin_is_refused() -> None:
    season = three_tied()
    state = group_view(season).state
    assert state.phase == "playoff" and len(state.needed) == 6
    season = recorded(season, *((w, b, X) for w, b in state.needed))
    assert group_view(season).state.phase == "shared"
    a, b = state.needed[0]
    with pytest.raises(KeizerError, match="have played both their play-off games"):
        decision(season, (a, b, W))


def test_a_recorded_game_is_corrected_not_added_to() -> None:
    """The Prizes screen's result keys on a recorded decision game correct it (`at`), never add a third."""
    season = separate_season(decision=())
    a, b = season.championship.members[:2]  # type: ignore[union-attr]
    season = recorded(season, (a, b, X), (b, a, X))
    (event,) = decision(season, (a, b, W), at=0).events
    season = event.replay(season)
    assert [g.result for g in season.championship.decision] == [W, X]  # type: ignore[union-attr]
    assert group_view(season).state.champion == (a,)


def test_the_cli_refuses_a_third_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    season = separate_season(decision=(X, X))
    a, b = season.championship.members[:2]  # type: ignore[union-attr]
    path = tmp_path / "k.json"
    path.write_text(dump_season(season))
    assert main(["championship", "decide", str(path), "--game", f"{a}:{b}:1-0"]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "have played their two decision games" in err and not out
