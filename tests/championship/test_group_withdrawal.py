"""A withdrawal and the championship group (issue 19 items 1–2, docs/rules.md §8): a player who withdrew is
passed over as one who declines; a member who withdraws after it formed keeps their results (at least half
played) or none (fewer), and the group reaches its end."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from keizer.evening.championship.changes import formation, members_of
from keizer.evening.championship.view import PassedOver, group_view
from keizer.pairing.simulate import simulate_season
from keizer.scoring.championship.state import group_state
from keizer.scoring.championship.table import PlayedGame
from keizer.scoring.championship.withdrawal import group_table, member_withdrawals
from keizer.scoring.replay import replay
from keizer.seasons.championship import sorted_schedule
from keizer.seasons.model import ChampionshipGroup, Player, PlayerId, Result, Season, Withdrawal
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.publish.group_seasons import separate_season

P = PlayerId
A, B, C, D = P("a"), P("b"), P("c"), P("d")
W, L, X = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def test_a_player_who_withdrew_before_the_group_is_passed_over_and_the_next_moves_up() -> None:
    """D art. 4 with art. 22: today the player who withdrew before round 21 was proposed and formed."""
    season = simulate_season(10, 36, "doorn-driebergen-2019", seed=1, played=20)
    ranking = replay(season, 20).ranking_after(20)
    gone = ranking[1]
    season = replace(season, withdrawals=(Withdrawal(gone, 21),))
    view = group_view(season)
    assert view.proposal == tuple(p for p in ranking if p != gone)[:6]  # the seventh moves up
    assert view.passed_over == (PassedOver(gone, withdrew=True),)
    formed = members_of(formation(season, ()))
    assert gone not in formed.members and gone not in formed.declined and len(formed.members) == 6


def test_the_cli_says_who_is_passed_over(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    season = simulate_season(10, 36, "doorn-driebergen-2019", seed=1, played=20)
    season = replace(season, rounds=season.rounds[:20])  # round 21 listed would have an entry of theirs
    gone = replay(season, 20).ranking_after(20)[0]
    path = tmp_path / "s.json"
    path.write_text(dump_season(replace(season, withdrawals=(Withdrawal(gone, 21),))))
    assert main(["championship", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Passed over, withdrew: {season.player(gone).name}" in out
    assert main(["championship", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["passed_over"] == [{"player": gone, "name": season.player(gone).name, "reason": "withdrew"}]
    assert gone not in [p["player"] for p in shown["proposal"]]


def small(withdrawn_before: int) -> Season:
    players = tuple(Player(id=p, name=p.upper()) for p in (A, B, C, D))
    return Season(name="S", ruleset_spec="doorn-driebergen-2019", players=players,
                  withdrawals=(Withdrawal(D, withdrawn_before),))


GROUP = ChampionshipGroup(2, (A, B, C, D))


def test_fewer_than_half_played_none_of_their_games_count() -> None:
    """d played 2 of 6 (a beat d, d beat b): struck out, and so are those results."""
    games = (PlayedGame(1, A, D, W), PlayedGame(2, D, B, W), PlayedGame(3, A, B, X), PlayedGame(3, B, C, L))
    withdrawn = member_withdrawals(small(4), GROUP, games)
    assert [(w.player, w.played, w.total, w.counted) for w in withdrawn] == [(D, 2, 6, False)]
    rows = group_table(GROUP.members, games, withdrawn)
    assert [(r.player, r.points, r.played, r.to_play) for r in rows] == [
        (C, Fraction(1), 1, 3), (A, Fraction(1, 2), 1, 3), (B, Fraction(1, 2), 2, 2)]
    assert "fewer than half: none of their group games count" in withdrawn[0].sentence(str)


def test_at_least_half_played_their_results_stand_and_the_rest_are_forfeits() -> None:
    """d played 3 of 6: those stand; each of the 3 games d does not play is won by the opponent."""
    games = (PlayedGame(1, A, D, W), PlayedGame(2, D, B, W), PlayedGame(3, C, D, X))
    withdrawn = member_withdrawals(small(4), GROUP, games)
    assert withdrawn[0].counted
    rows = {r.player: r for r in group_table(GROUP.members, games, withdrawn)}
    assert (rows[D].points, rows[D].played, rows[D].to_play) == (Fraction(3, 2), 6, 0)
    assert (rows[A].points, rows[A].played) == (Fraction(2), 2)  # the win, and d's second game by forfeit
    assert (rows[B].points, rows[B].played) == (Fraction(1), 2)
    assert (rows[C].points, rows[C].played) == (Fraction(3, 2), 2)


def test_two_withdrawn_members_games_between_them_are_played_for_nobody() -> None:
    season = replace(small(4), withdrawals=(Withdrawal(C, 4), Withdrawal(D, 4)))
    games = (PlayedGame(1, A, C, X), PlayedGame(1, B, D, X), PlayedGame(2, C, B, X), PlayedGame(2, D, A, X),
             PlayedGame(3, C, D, X))
    withdrawn = member_withdrawals(season, GROUP, games)
    assert [w.counted for w in withdrawn] == [True, True]
    rows = {r.player: r for r in group_table(GROUP.members, games, withdrawn)}
    assert all(r.to_play == 0 for p, r in rows.items() if p in (C, D))
    assert rows[C].points == rows[D].points == Fraction(3, 2)  # 3 draws each, the second c–d game: no points


def separate(withdrawn_before: int) -> Season:
    """K's final group played out (tests/publish/group_seasons.py), its third member withdrawn before a round:
    the games they had from that round on never played (no result)."""
    season = separate_season(decision=())
    group = season.championship
    assert group is not None
    gone = group.members[2]
    schedule = tuple(replace(g, result=Result.PENDING) if gone in (g.white, g.black) and g.round >= withdrawn_before
                     else g for g in group.schedule)
    return replace(season, withdrawals=(Withdrawal(gone, withdrawn_before),),
                   championship=replace(group, schedule=sorted_schedule(schedule)))


@pytest.mark.parametrize(("before", "counted"), [(26, True), (24, False)])
def test_a_member_who_withdraws_lets_the_group_reach_its_end(before: int, counted: bool) -> None:
    """Their games never played were "missed" for ever ("2 group games still to play"): now they are
    "withdrawn" and the state is decided."""
    season = separate(before)
    group = season.championship
    assert group is not None
    gone = group.members[2]
    view = group_view(season)
    left = [r for r in view.schedule if gone in (r.game.white, r.game.black) and r.game.round >= before]
    assert left and all(r.state == "withdrawn" for r in left)
    assert all(r.result.is_forfeit for r in left) if counted else all(not r.result.is_decided for r in left)
    assert view.state.games_left == 0 and view.state.phase in ("champion", "decision", "playoff")
    assert (gone in [r.player for r in view.table]) == counted
    assert [w.player for w in view.withdrawn] == [gone] and view.withdrawn[0].counted == counted


def test_the_director_sees_it_in_keizer_group(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    season = separate(24)
    gone = season.championship.members[2]  # type: ignore[union-attr]
    path = tmp_path / "k.json"
    path.write_text(dump_season(season))
    assert main(["championship", str(path)]) == 0
    out = capsys.readouterr().out
    name = season.player(gone).name
    assert f"Withdrawn: {name} withdrew before round 24 after 3 of 10 group games, fewer than half" in out
    assert "withdrawn" in out.split("State:")[0] and "missed" not in out
    assert main(["championship", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["withdrawn"] == [{"player": gone, "before_round": 24, "played": 3, "total": 10, "counted": False}]
    assert shown["state"]["games_left"] == 0
    assert {g["state"] for g in shown["schedule"] if gone in (g["white"], g["black"]) and g["round"] >= 24} \
        == {"withdrawn"}


def test_the_group_state_decides_a_tie_with_a_withdrawn_member_for_the_other() -> None:
    from tests.championship.test_group_rules import rows

    tied = rows(("a", "4", 0), ("b", "4", 0), ("c", "2", 0), ("d", "2", 0))
    state = group_state(tied, (), frozenset({B}))
    assert (state.phase, state.champion) == ("champion", (A,))
