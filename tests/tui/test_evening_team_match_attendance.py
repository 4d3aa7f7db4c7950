"""K counts a team match as taking part when it is played on the club evening (docs/rules.md §5; K
"Bondswedstrijden": "die op de clubavond gespeeld worden"): the director marking one is told so."""

from __future__ import annotations

from pathlib import Path

from keizer.evening.evening import Evening
from keizer.seasons.model import EntryKind
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.store.season_store import SeasonStore


def evening_of(tmp_path: Path, ruleset: str) -> Evening:
    obj = {"format": "keizer-season/1", "name": "four", "ruleset": ruleset, "rounds_planned": 10,
           "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)],
           "rounds": [{"round": 1, "games": [{"white": "p1", "black": "p2", "result": "1-0"},
                                             {"white": "p3", "black": "p4", "result": "0-1"}]}]}
    path = tmp_path / f"{ruleset}.keizer"
    SeasonStore.create(path, season_from_json(obj)).close()
    return Evening.open(path)


def test_marking_a_team_match_under_k_says_it_counts_as_taking_part(tmp_path: Path) -> None:
    e = evening_of(tmp_path, "kijk-uit")
    try:
        said = e.attendance.set(2, "p3", EntryKind.EXTERNAL_PENDING)
        assert "a team match on the club evening counts as taking part" in said
    finally:
        e.close()


def test_without_a_participation_rule_nothing_is_said(tmp_path: Path) -> None:
    e = evening_of(tmp_path, "doorn-driebergen-2019")
    try:
        said = e.attendance.set(2, "p3", EntryKind.EXTERNAL_PENDING)
        assert "counts as taking part" not in said
    finally:
        e.close()
