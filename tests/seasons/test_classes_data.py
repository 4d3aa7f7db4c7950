"""D art. 5's classes in the data: the ruleset keys, the file's `class_moves` and `started_from`, the store event."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.classes import class_in_round, classes_in_round
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import ClassMoves, Player, PlayerId, Season, SeasonOrigin
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import ClassRules, CupRules
from keizer.seasons.season_json.read import parse_season_text, season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import ClassMovesSet

P = PlayerId


def season() -> Season:
    players = tuple(Player(id=P(f"p{i}"), name=f"P {i}", rating=2000 - i, klass="AB"[i > 2]) for i in range(1, 5))
    return Season(name="S", ruleset_spec="doorn-driebergen-2019", players=players, rounds_planned=36)


def test_presets_set_classes_and_cups() -> None:
    assert parse_ruleset("doorn-driebergen-2019").classes == ClassRules(("A", "B", "C", "D"), (20, "final"), 1, True)
    assert parse_ruleset("doorn-driebergen-2019").cups is None
    assert parse_ruleset("kijk-uit").cups == CupRules(top=2, participation=True)
    assert parse_ruleset("kijk-uit").classes is None
    assert parse_ruleset("keizer-classic").classes is None and parse_ruleset("keizer-classic").cups is None


def test_class_rules_read_their_rounds() -> None:
    rules = parse_ruleset({"preset": "keizer-classic", "classes": {"names": ["A", "B"], "read_after": [10, "final"]}})
    assert rules.classes is not None and rules.classes.reading_rounds(30) == (10, 30)
    assert rules.classes.reading_rounds(None) == (10,) and rules.classes.moves == 1


@pytest.mark.parametrize(("classes", "where"), [
    ({"names": ["A"]}, "ruleset.classes.names"),
    ({"names": ["A", "A"]}, "ruleset.classes.names[1]"),
    ({"names": ["A", "E"]}, "ruleset.classes.names[1]"),
    ({"read_after": "always"}, "ruleset.classes.read_after"),
    ({"moves": -1}, "ruleset.classes.moves"),
    ({"balance": 1}, "ruleset.classes.balance"),
    ({"colour": 1}, "ruleset.classes.colour"),
])
def test_bad_class_rules_name_the_key(classes: object, where: str) -> None:
    with pytest.raises(InputError) as err:
        parse_ruleset({"preset": "keizer-classic", "classes": classes})
    assert err.value.where == where


def test_bad_cups_name_the_key() -> None:
    with pytest.raises(InputError) as err:
        parse_ruleset({"preset": "kijk-uit", "cups": {"top": 0}})
    assert err.value.where == "ruleset.cups.top"


def test_the_class_of_a_half_follows_the_moves() -> None:
    s = replace(season(), class_moves=(ClassMoves(20, ((P("p2"), "B"), (P("p3"), "A"))),))
    assert class_in_round(s, P("p2"), 20) == "A" and class_in_round(s, P("p2"), 21) == "B"
    assert classes_in_round(s, 21) == {"p1": "A", "p2": "B", "p3": "A", "p4": "B"}


def test_class_moves_and_origin_round_trip() -> None:
    s = replace(season(), class_moves=(ClassMoves(20, ((P("p2"), "B"), (P("p3"), "A"))), ClassMoves(36, ())),
                started_from=SeasonOrigin("Club 2025-26", 36))
    obj = season_to_json(s)
    assert obj["class_moves"] == [{"after_round": 20, "moves": {"p2": "B", "p3": "A"}},
                                  {"after_round": 36, "moves": {}}]
    assert obj["started_from"] == {"season": "Club 2025-26", "round": 36}
    assert season_from_json(obj) == s and parse_season_text(dump_season(s)) == s


def test_a_season_without_them_writes_neither() -> None:
    obj = season_to_json(season())
    assert "class_moves" not in obj and "started_from" not in obj


@pytest.mark.parametrize(("patch", "where"), [
    ({"class_moves": {}}, "class_moves"),
    ({"class_moves": [{"after_round": 0, "moves": {}}]}, "class_moves[0].after_round"),
    ({"class_moves": [{"after_round": 20, "moves": {"zz": "A"}}]}, "class_moves[0].moves.zz"),
    ({"class_moves": [{"after_round": 20, "moves": {"p1": "E"}}]}, "class_moves[0].moves.p1"),
    ({"class_moves": [{"after_round": 20}, {"after_round": 20}]}, "class_moves[1].after_round"),
    ({"class_moves": [{"after_round": 20, "move": {}}]}, "class_moves[0].move"),
    ({"started_from": {"season": "x"}}, "started_from.round"),
    ({"started_from": {"season": "x", "round": 3, "file": "y"}}, "started_from.file"),
])
def test_bad_class_data_names_its_place(patch: dict[str, object], where: str) -> None:
    obj = {**season_to_json(season()), **patch}
    with pytest.raises(InputError) as err:
        season_from_json(obj)
    assert err.value.where == where


def test_accepting_moves_is_one_undo_step(tmp_path: Path) -> None:
    store = SeasonStore.create(tmp_path / "s.keizer", season())
    try:
        store.apply("accept class moves", ClassMovesSet(20, ((P("p2"), "B"), (P("p3"), "A"))))
        assert class_in_round(store.season, P("p3"), 21) == "A"
        store.apply("change class moves", ClassMovesSet(20, ((P("p3"), "A"),)))
        assert class_in_round(store.season, P("p2"), 21) == "A"
        store.undo()
        assert class_in_round(store.season, P("p2"), 21) == "B"
        store.undo()
        assert store.season.class_moves == ()
        with pytest.raises(KeizerError, match="no class moves"):
            store.apply("x", ClassMovesSet(20, None))
        with pytest.raises(KeizerError, match="unknown player"):
            store.apply("x", ClassMovesSet(20, ((P("zz"), "A"),)))
    finally:
        store.close()
