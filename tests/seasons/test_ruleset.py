"""Rulesets: the presets say what docs/rules.md says, overrides merge key by key, bad keys are named."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from keizer.seasons import season_length as length_module
from keizer.seasons.errors import InputError
from keizer.seasons.model import Season
from keizer.seasons.ruleset import parse as parse_module
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.presets import PRESET_NAMES


def test_presets():
    assert PRESET_NAMES == ("keizer-classic", "doorn-driebergen-2019", "kijk-uit")
    d = parse_ruleset("doorn-driebergen-2019")
    # D's factors are entered "in sixths": 6, 3, 0 internal; 4, 4, 4 external; 6 bye; 2 mgr; 0 zgr.
    sixths = {k: d.factor(k) * 6 for k in ("win", "draw", "loss", "external_win", "external_draw",
                                          "external_loss", "bye", "excused", "unexcused")}
    assert sixths == {"win": 6, "draw": 3, "loss": 0, "external_win": 4, "external_draw": 4,
                      "external_loss": 4, "bye": 6, "excused": 2, "unexcused": 0}
    assert d.value.top == 80 and d.valuation == "frozen" and d.iterate == (20, "final")
    assert d.pairing.rematch_from_round == 21 and d.pairing.rematch_gap is None
    assert d.pairing.opening is not None and d.pairing.opening.distance == 10
    assert (d.pairing.bye.policy, d.pairing.bye.rank) == ("anchor", 25)
    k = parse_ruleset("kijk-uit")
    assert k.value.top == 100 and k.iterate == "always" and k.participation == F(1, 3)
    assert k.aalsmeer is not None and (k.aalsmeer.multiplier, k.aalsmeer.rounds) == (5, 5)
    assert (k.factor("external_draw"), k.factor("excused"), k.factor("duty")) == (F(1, 2), F(1, 3), 1)
    assert k.pairing.bye.policy == "lottery"
    c = parse_ruleset("keizer-classic")
    assert c.value.top is None and c.value.top_offset == 0  # top = N
    assert c.tiebreak == ("previous_rank", "start_rank")
    assert c.pairing.rematch_gap == 10 and c.pairing.colour.max_run == 2


def test_overrides_merge_key_by_key():
    r = parse_ruleset({"preset": "kijk-uit", "factors": {"excused": "2/6"}, "pairing": {"colour": {"max_run": 3}}})
    assert r.factor("excused") == F(1, 3) and r.factor("win") == 1
    assert r.pairing.colour.max_run == 3 and r.pairing.colour.max_balance == 2
    assert r.pairing.bye.policy == "lottery"


def test_a_new_ladder_replaces_the_old_one():
    r = parse_ruleset({"preset": "keizer-classic", "value": {"ladder": "range", "top": 200, "bottom": 100}})
    assert r.value.ladder == "range" and r.value.range_top == 200
    r = parse_ruleset({"preset": "keizer-classic", "value": {"top": "N+5"}})
    assert r.value.top is None and r.value.top_offset == 5


def test_tiebreak_always_ends_with_start_rank():
    assert parse_ruleset({"preset": "keizer-classic", "tiebreak": ["rating", "name"]}).tiebreak == \
        ("rating", "name", "start_rank")


@pytest.mark.parametrize("override, where", [
    ({"factors": {"win": 0.5}}, "ruleset.factors.win"),
    ({"factors": {"win": "a/b"}}, "ruleset.factors.win"),
    ({"value": {"top": "M"}}, "ruleset.value.top"),
    ({"value": {"ladder": "ratio", "ratio": 1}}, "ruleset.value.ratio"),
    ({"iterate": "sometimes"}, "ruleset.iterate"),
    ({"iterate": [20, 0]}, "ruleset.iterate[1]"),
    ({"tiebreak": ["elo"]}, "ruleset.tiebreak[0]"),
    ({"pairing": {"bye": {"policy": "random"}}}, "ruleset.pairing.bye.policy"),
    ({"pairing": {"colour": {"max_rnu": 3}}}, "ruleset.pairing.colour.max_rnu"),
    ({"absence_limit": {"count": 5, "kinds": ["bye", "holiday"]}}, "ruleset.absence_limit.kinds[1]"),
    ({"fixed_points": {"win": "40"}}, "ruleset.fixed_points.win"),
    ({"rounding": {"grid": "0"}}, "ruleset.rounding.grid"),
    ({"participation": "4/3"}, "ruleset.participation"),
    ({"self_value": "always"}, "ruleset.self_value"),
    ({"colour": 1}, "ruleset.colour"),
])
def test_bad_keys_are_named(override, where):
    with pytest.raises(InputError) as info:
        parse_ruleset({"preset": "keizer-classic", **override})
    assert info.value.where == where, str(info.value)


def test_iterate_may_name_the_final_round():
    r = parse_ruleset({"preset": "doorn-driebergen-2019", "iterate": [20, "final"]})
    assert r.iterates_at(20, 30) and r.iterates_at(30, 30) and not r.iterates_at(21, 30)


def test_d_recalculates_after_the_final_round_of_any_length():
    # D art. 23 "na de slotronde": a 34-round season is recalculated after round 34, not 36.
    d = parse_ruleset("doorn-driebergen-2019")
    assert d.iterates_at(34, 34) and d.iterates_at(20, 34) and not d.iterates_at(36, 34)
    # Without rounds_planned there is no final round to name: only round 20 (docs/rules.md §11).
    assert not d.iterates_at(36, None) and d.iterates_at(20, None)


def test_forfeit_and_columns_are_ruleset_keys():
    # Behaviour that differs by club is a key, never a test of the preset's name.
    classic, d, k = (parse_ruleset(name) for name in PRESET_NAMES)
    assert (classic.forfeit, d.forfeit, k.forfeit) == ("factors", "bye", "factors")
    assert (classic.columns, d.columns, k.columns) == ("d", "d", "k")
    r = parse_ruleset({"preset": "doorn-driebergen-2019", "forfeit": "factors", "columns": "k"})
    assert (r.forfeit, r.columns) == ("factors", "k")


@pytest.mark.parametrize("override, where", [
    ({"forfeit": "no-show"}, "ruleset.forfeit"),
    ({"forfeit": None}, "ruleset.forfeit"),
    ({"columns": "D"}, "ruleset.columns"),
])
def test_forfeit_and_columns_errors_name_the_key(override, where):
    with pytest.raises(InputError) as info:
        parse_ruleset({"preset": "keizer-classic", **override})
    assert info.value.where == where, str(info.value)


def test_a_preset_settings_object_is_a_fresh_copy() -> None:
    # Changing the settings a caller got (a settings dialog, a fuzzer) must not change the preset itself.
    from keizer.seasons.ruleset.presets import preset_settings

    settings = preset_settings("keizer-classic")
    settings["factors"]["win"] = "7"
    settings["pairing"]["colour"]["max_run"] = 9
    assert preset_settings("keizer-classic")["factors"]["win"] == "1"
    assert preset_settings("kijk-uit")["pairing"]["colour"]["max_run"] == 2


@pytest.mark.parametrize("value, where", [
    ({"share": "2"}, "ruleset.participation.share"),
    ({"counts": ["game"]}, "ruleset.participation.share"),
    ({"share": "1/3", "counts": ["played"]}, "ruleset.participation.counts[0]"),
    ({"share": "1/3", "counts": "game"}, "ruleset.participation.counts"),
    ({"share": "1/3", "what": 1}, "ruleset.participation.what"),
])
def test_participation_errors_name_the_key(value, where):
    with pytest.raises(InputError) as info:
        parse_ruleset({"preset": "kijk-uit", "participation": value})
    assert info.value.where == where, str(info.value)


def test_participation_as_a_share_counts_ks_opk():
    k = parse_ruleset("kijk-uit")
    assert k.participation == F(1, 3) and k.participation_counts == ("game", "bye", "duty", "external")
    r = parse_ruleset({"preset": "kijk-uit", "participation": {"share": "1/2", "counts": ["duty", "game"]}})
    assert r.participation == F(1, 2) and r.participation_counts == ("game", "duty")


@pytest.mark.parametrize("override, where", [
    ({"suspension": "yes"}, "ruleset.suspension"),
    ({"absence_deadline": {"weekday": "woensdag", "time": "20:00"}}, "ruleset.absence_deadline.weekday"),
    ({"absence_deadline": {"weekday": "wednesday", "time": "8pm"}}, "ruleset.absence_deadline.time"),
    ({"absence_deadline": {"weekday": "wednesday", "time": "24:00"}}, "ruleset.absence_deadline.time"),
    ({"absence_deadline": {"weekday": "wednesday"}}, "ruleset.absence_deadline.time"),
    ({"absence_deadline": {"time": "20:00"}}, "ruleset.absence_deadline.weekday"),
    ({"absence_deadline": {"weekday": "wednesday", "time": "20:00", "grace": 1}}, "ruleset.absence_deadline.grace"),
])
def test_club_evening_keys_errors_name_the_key(override, where):
    with pytest.raises(InputError) as info:
        parse_ruleset({"preset": "keizer-classic", **override})
    assert info.value.where == where, str(info.value)


def test_club_evening_keys_of_the_presets():
    classic, d, k = (parse_ruleset(name) for name in PRESET_NAMES)
    assert (classic.suspension, d.suspension, k.suspension) == (False, True, False)
    assert classic.absence_deadline is None
    assert (d.absence_deadline.weekday, str(d.absence_deadline.time)) == (2, "20:00:00")  # Wednesday
    assert (k.absence_deadline.weekday, str(k.absence_deadline.time)) == (3, "20:00:00")  # Thursday
    r = parse_ruleset({"preset": "kijk-uit", "absence_deadline": None, "suspension": True})
    assert r.absence_deadline is None and r.suspension


def test_a_team_result_scores_where_its_factors_differ() -> None:
    """D scores a team match 2/3 whatever its result (art. 18): nothing is owed and no table waits for it;
    K and the classic preset score it by its result (issue 20.8)."""
    from keizer.seasons.ruleset.parse import parse_ruleset

    assert not parse_ruleset("doorn-driebergen-2019").team_result_scores
    assert parse_ruleset("kijk-uit").team_result_scores and parse_ruleset("keizer-classic").team_result_scores
    assert parse_ruleset({"preset": "doorn-driebergen-2019", "factors": {"external_pending": "0"}}).team_result_scores
    assert parse_ruleset({"preset": "doorn-driebergen-2019",
                          "fixed_points": {"external_win": "30"}}).team_result_scores
    assert parse_ruleset({"preset": "doorn-driebergen-2019",
                          "absence_limit": {"count": 2, "kinds": ["external_pending"]}}).team_result_scores


def test_a_seasons_length_reads_the_preset_parsed_once(monkeypatch):
    # a forecast asks a season's length a few times a simulated round: a preset is parsed once, not each time
    season = Season(name="s", ruleset_spec="doorn-driebergen-2019", players=(), rounds=())
    assert length_module.season_length(season) == 36
    monkeypatch.setattr(parse_module, "_build", lambda *_: pytest.fail("the preset parsed again"))
    assert length_module.season_length(season) == 36
    assert length_module.season_length(replace(season, rounds_planned=30)) == 30
