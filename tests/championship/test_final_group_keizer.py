"""K's final group leaves the Keizer (docs/rules.md §8): pinned at the top, no points, not paired, oracle agrees."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from keizer.pairing.instance import build_instance
from keizer.pairing.ranking import keizer_ranked
from keizer.scoring.replay import replay
from tests.oracle.reference import reference_replay
from keizer.seasons.model import ChampionshipGroup
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from keizer.seasons.store.championship_events import GroupFormed
from tests.scoring.scoring_builders import ids, round_json
from keizer.tui.cli.main import main
from keizer.evening.attendance_rows import attendance_rows, summary
from keizer.evening.mark_checks import check_change

# Frozen valuation, single pass: every round priced at the ranking before it, so the numbers are hand-worked.
SPEC = {"preset": "keizer-classic", "valuation": "frozen", "iterate": "never",
        "championship": {"after_round": 2, "size": 2, "mode": "separate"}}
ROUNDS = (
    "p1-p8 1-0, p2-p7 1-0, p3-p6 0-1, p4-p5 1/2-1/2",  # at 8..1: p1 1, p2 2, p6 6, p4 2, p5 2½
    "p6-p5 1-0, p2-p4 0-1, p1-p3 1-0, p7-p8 1/2-1/2",  # at p6 8 p5 7 p2 6 p4 5 p1 4 p3 3 p7 2 p8 1
    "p1-p5 1-0, p2-p8 0-1, p7-p3 1-0",  # p6 and p4 left after round 2: p1 +5, p8 +4, p7 +1
    "p1-p8 0-1, p5-p2 1-0, p7-p3 0-1",  # at p6 8 p4 7 | p1 6 p8 5 p5 4 p2 3 p7 2 p3 1: p8 +6, p5 +3, p3 +2
)


def _obj(rounds: tuple[str, ...] = ROUNDS, spec: Any = SPEC, group: bool = True) -> dict[str, Any]:
    obj: dict[str, Any] = {"format": "keizer-season/1", "name": "test", "ruleset": spec,
                           "players": [{"id": p, "name": p.upper()} for p in ids(8)],
                           "rounds": [round_json(i + 1, text) for i, text in enumerate(rounds)]}
    if group:
        obj["championship"] = {"formed_after": 2, "members": ["p6", "p4"]}
    return obj


def _season(rounds: tuple[str, ...] = ROUNDS, spec: Any = SPEC, group: bool = True) -> Season:
    return season_from_json(_obj(rounds, spec, group))


def _table(s: Season, k: int) -> list[tuple[str, Fraction]]:
    return [(r.player, r.score) for r in replay(s, k).standings(k).rows]


def test_the_finalists_keep_places_one_and_two_and_score_nothing_more() -> None:
    s = _season()
    f = Fraction
    assert _table(s, 2) == [("p6", 13), ("p4", 8), ("p1", 4), ("p5", f(5, 2)), ("p2", 2), ("p8", 1),
                            ("p7", f(1, 2)), ("p3", 0)]
    # p1's 9 is more than p4's 8, but p4 stays second: the finalists are frozen at the top
    assert _table(s, 3) == [("p6", 13), ("p4", 8), ("p1", 9), ("p8", 5), ("p5", f(5, 2)), ("p2", 2),
                            ("p7", f(3, 2)), ("p3", 0)]
    assert _table(s, 4) == [("p6", 13), ("p4", 8), ("p8", 11), ("p1", 9), ("p5", f(11, 2)), ("p2", 2),
                            ("p3", 2), ("p7", f(3, 2))]
    rows = replay(s, 4).standings(4).rows
    assert [r.value for r in rows] == [8, 7, 6, 5, 4, 3, 2, 1]  # the ladder as ever: ranks 3.. keep theirs


def test_the_tables_up_to_the_groups_round_are_those_without_it() -> None:
    with_group, without = replay(_season(), 4), replay(_season(ROUNDS[:2], group=False), 2)
    for k in range(3):
        assert with_group.standings(k) == without.standings(k)


@pytest.mark.parametrize("spec", [SPEC, dict(SPEC, valuation="current", iterate="always"),
                                  {"preset": "kijk-uit", "championship": {"after_round": 2, "size": 2}},
                                  dict(SPEC, iterate=[3])])
def test_the_oracle_agrees(spec: Any) -> None:
    s = _season(spec=spec)
    fast = replay(s, 4)
    for ref in reference_replay(s, 4):
        got = fast.standings(ref.round)
        assert tuple(r.player for r in got.rows) == ref.order, ref.round
        assert tuple(r.score for r in got.rows) == ref.scores, ref.round
    assert fast.ranking_after(4)[:2] == ("p6", "p4")


def test_an_inside_group_stays_in_the_keizer() -> None:
    rounds = ROUNDS[:2] + ("p1-p5 1-0, p2-p8 0-1, p7-p3 1-0, p6-p4 1/2-1/2",)
    inside = _season(rounds, dict(SPEC, championship={"after_round": 2, "size": 2, "mode": "inside"}))
    plain = _season(rounds, dict(SPEC, championship=None), group=False)
    assert replay(inside, 3).standings(3) == replay(plain, 3).standings(3)


@pytest.mark.parametrize("text, where", [("p1-p5 1-0, p2-p8 0-1, p7-p3 1-0, p6-p4 1-0", "rounds[2].games[3]"),
                                         ("p1-p5 1-0, p2-p6 0-1, p7-p3 1-0, p4-p8 1-0", "rounds[2].games[1]")])
def test_a_keizer_game_of_a_finalist_is_refused(text: str, where: str) -> None:
    with pytest.raises(InputError) as err:
        _season(ROUNDS[:2] + (text,))
    assert where in str(err.value) and "final group" in str(err.value)


def test_an_entry_of_a_finalist_is_kept_and_scores_nothing() -> None:
    noted = _season(ROUNDS[:2] + ("p1-p5 1-0, p2-p8 0-1, p7-p3 1-0; p6 excused, p4 bye",) + ROUNDS[3:])
    assert noted.round(3).entry_of(PlayerId("p6")) is not None
    assert _table(noted, 4) == _table(_season(), 4)
    for ref in reference_replay(noted, 4):
        assert tuple(r.score for r in replay(noted, 4).standings(ref.round).rows) == ref.scores


def test_the_finalists_are_not_paired_in_the_keizer() -> None:
    obj = _obj(ROUNDS[:2])
    obj["rounds"].append({"round": 3, "games": [], "entries": {}})
    s = season_from_json(obj)
    ranked = keizer_ranked(s, 3)
    inst = build_instance(s, 3, ranked.ranking, ranked.values, slots=ranked.slots)
    assert {p.id for p in inst.players} == {PlayerId(p) for p in ("p1", "p2", "p3", "p5", "p7", "p8")}
    assert dict(inst.unavailable) == {"p6": "final group", "p4": "final group"}
    # round 2 (before the group leaves) pairs everyone
    early = replace(s, rounds=s.rounds[:1] + (replace(s.rounds[1], games=()),))
    ranked = keizer_ranked(early, 2)
    assert len(build_instance(early, 2, ranked.ranking, ranked.values, slots=ranked.slots).players) == 8


def test_export_and_import_keep_it() -> None:
    s = _season()
    assert season_from_json(season_to_json(s)) == s
    assert s.championship == ChampionshipGroup(2, (PlayerId("p6"), PlayerId("p4")))


def test_the_standings_mark_the_finalists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "season.json"
    path.write_text(dump_season(_season()), encoding="utf-8")
    assert main(["standings", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["player"], r["final_group"]) for r in rows[:3]] == [("p6", True), ("p4", True), ("p8", False)]
    assert main(["standings", str(path), "--round", "2", "--json"]) == 0
    assert not any(r["final_group"] for r in json.loads(capsys.readouterr().out)["standings"])
    assert main(["standings", str(path), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "P6 (final group)" in text and "P8 (final group)" not in text
    plain = tmp_path / "plain.json"
    plain.write_text(dump_season(_season(ROUNDS[:2], group=False)), encoding="utf-8")
    assert main(["standings", str(plain), "--json"]) == 0
    assert "final_group" not in json.loads(capsys.readouterr().out)["standings"][0]


def test_the_round_screen_says_final_group_and_takes_no_mark_for_them() -> None:
    obj = _obj(ROUNDS[:2])
    obj["rounds"].append({"round": 3, "games": [], "entries": {}})
    s = season_from_json(obj)
    rows = attendance_rows(s, s.round(3), replay(s, 2).ranking_after(2))
    assert [(r.player.id, r.status) for r in rows[:3]] == [("p6", "final group"), ("p4", "final group"),
                                                           ("p1", "present")]
    assert "6 present" in summary(s.round(3), rows).text
    with pytest.raises(KeizerError, match="final group"):
        check_change(s, s.round(3), s.player(PlayerId("p6")), EntryKind.EXCUSED)
    with pytest.raises(KeizerError, match="played on board"):  # round 2: still in the Keizer, on a board
        check_change(s, s.round(2), s.player(PlayerId("p6")), None)


def test_forming_a_final_group_that_already_played_on_in_the_keizer_is_refused() -> None:
    played_on = _season(ROUNDS[:2] + ("p1-p5 1-0, p2-p8 0-1, p7-p3 1-0, p6-p4 1-0",), group=False)
    with pytest.raises(KeizerError, match=r"rounds\[2\]\.games\[3\].*final group"):
        GroupFormed(2, (PlayerId("p6"), PlayerId("p4"))).apply(played_on)
    waiting = _season(ROUNDS[:2], group=False)  # nothing played after round 2 yet: it forms
    assert GroupFormed(2, (PlayerId("p6"), PlayerId("p4"))).apply(waiting).championship is not None


@pytest.mark.parametrize("spec", [SPEC, {"preset": "kijk-uit", "championship": {"after_round": 2, "size": 2}}])
def test_a_newcomer_enters_below_the_finalists(spec: Any) -> None:
    obj = _obj(ROUNDS[:3] + ("p1-p8 0-1, p5-p2 1-0, p7-p3 0-1; p9 excused",), spec)
    obj["players"].append({"id": "p9", "name": "P9", "rating": 2500, "joined": 4})
    s = season_from_json(obj)
    rp = replay(s, 4)
    assert rp.entry_ranking(4)[0][:3] == ("p6", "p4", "p9")  # by rating the first place, but the six hold theirs
    for ref in reference_replay(s, 4):
        assert tuple(r.player for r in rp.standings(ref.round).rows) == ref.order, ref.round
        assert tuple(r.score for r in rp.standings(ref.round).rows) == ref.scores, ref.round


def test_keizer_attend_for_a_finalist_names_keizer_group(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's way to their games, not the Groups screen's key (F8)."""
    from keizer.seasons.store.season_store import SeasonStore

    obj = _obj(ROUNDS[:2])
    obj["rounds"].append({"round": 3, "games": [], "entries": {}})
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, season_from_json(obj)).close()
    assert main(["attend", str(path), "p6", "excused", "--round", "3"]) == 2
    err = capsys.readouterr().err
    assert "F8" not in err and f"P6 plays in the final group in round 3, not in the Keizer: `keizer group {path}`" \
        in err, err
