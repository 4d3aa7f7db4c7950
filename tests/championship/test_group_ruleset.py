"""The `championship` ruleset key: the presets, the defaults and the errors (docs/format.md)."""

from __future__ import annotations

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import ChampionshipRule


def test_the_presets_set_one_group_each() -> None:
    assert parse_ruleset("keizer-classic").championship is None
    d = parse_ruleset("doorn-driebergen-2019").championship
    k = parse_ruleset("kijk-uit").championship
    assert d == ChampionshipRule(after_round=20, size=6, mode="inside")
    assert k == ChampionshipRule(after_round=20, size=6, mode="separate")
    assert d.schedule_end(36) == 36  # D art. 4: rounds 21-36
    assert k.schedule_end(36) == 30  # K: ten rounds of a double six-player round robin


def test_an_override_may_give_part_or_switch_the_group_off() -> None:
    assert parse_ruleset({"championship": {"mode": "separate"}}).championship == ChampionshipRule(mode="separate")
    assert parse_ruleset({"preset": "kijk-uit", "championship": None}).championship is None
    rule = parse_ruleset({"preset": "doorn-driebergen-2019", "championship": {"size": 4, "last_round": 30}})
    assert rule.championship == ChampionshipRule(after_round=20, size=4, mode="inside", last_round=30)


@pytest.mark.parametrize(("override", "where"), [
    ({"size": 1}, "ruleset.championship.size"),
    ({"mode": "outside"}, "ruleset.championship.mode"),
    ({"after_round": 0}, "ruleset.championship.after_round"),
    ({"after_round": 20, "last_round": 20}, "ruleset.championship.last_round"),
    ({"members": 6}, "ruleset.championship.members"),
    (6, "ruleset.championship"),
])
def test_a_wrong_setting_names_its_key(override: object, where: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_ruleset({"championship": override})
    assert exc.value.where == where
