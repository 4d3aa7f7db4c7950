"""Build a validated Ruleset from its season-file form; every error names the offending key."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from keizer.seasons.errors import InputError
from keizer.seasons.json_input import check_json
from keizer.seasons.limits import describe
from keizer.seasons.ruleset.checks import Default, Reader, boolean, choice, optional, round_number, rounds_or_word
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.pairing_keys import pairing
from keizer.seasons.ruleset.presets import PRESET_NAMES, merge, preset_settings
from keizer.seasons.ruleset.prize_keys import championship, classes, cups
from keizer.seasons.ruleset.scoring_keys import (
    aalsmeer,
    absence_deadline,
    absence_limit,
    factors,
    fixed_points,
    participation,
    rounding,
    tiebreak,
    value_ladder,
    withdrawal,
)


def parse_ruleset(spec: Any, where: str = "ruleset") -> Ruleset:
    """A preset name or `{"preset": NAME, …overrides}` → Ruleset, or InputError naming the key."""
    try:  # a spec built in code, not read by load_json, may nest deep enough to break `merge`
        check_json(spec)
    except InputError as exc:
        raise InputError(f"{where}.{exc.where}" if exc.where else where, exc.message) from None
    if isinstance(spec, str):
        preset, overrides = spec, {}
    elif isinstance(spec, dict):
        preset = spec.get("preset", "keizer-classic")
        overrides = {k: v for k, v in spec.items() if k != "preset"}
        if not isinstance(preset, str):
            raise InputError(f"{where}.preset", "must be a preset name")
    else:
        raise InputError(where, "must be a preset name or an object with overrides")
    if preset not in PRESET_NAMES:
        raise InputError(f"{where}.preset" if isinstance(spec, dict) else where,
                         f"unknown preset {describe(preset)} (known: {', '.join(PRESET_NAMES)})")
    settings = merge(preset_settings(preset), overrides)
    return _build(preset, settings, where)


def ruleset_for(spec: Any) -> Ruleset:
    """The rule set of a season's spec, parsed once per preset name: a season's rules are asked for again
    and again (each round of an evening, of a forecast's runs), a preset name is immutable and the Ruleset
    frozen, so one parse serves every call; a spec with overrides is parsed each time."""
    return _preset(spec) if isinstance(spec, str) else parse_ruleset(spec)


@lru_cache(maxsize=16)
def _preset(name: str) -> Ruleset:
    return parse_ruleset(name)  # an unknown name raises, and lru_cache keeps no failure


def ruleset_settings(spec: Any) -> dict[str, Any]:
    """The complete settings object (preset merged with overrides), as the season file would write it."""
    if isinstance(spec, str):
        return preset_settings(spec)
    preset = spec.get("preset", "keizer-classic")
    return merge(preset_settings(preset), {k: v for k, v in spec.items() if k != "preset"})


_TOP_KEYS = ("value", "factors", "fixed_points", "self_value", "absence_limit", "valuation", "iterate",
             "aalsmeer", "withdrawal", "rounding", "participation", "tiebreak", "pairing", "forfeit", "columns",
             "suspension", "absence_deadline", "classes", "cups",
             "championship", "rounds_planned", "regulations", "language", "reported_results")


def _build(preset: str, settings: dict[str, Any], where: str) -> Ruleset:
    r = Reader(settings, where)
    r.done(_TOP_KEYS)
    share, counts = r.get("participation", participation)
    return Ruleset(
        preset=preset,
        value=r.get("value", value_ladder),
        factors=r.get("factors", factors),
        fixed_points=r.get("fixed_points", fixed_points),
        self_value=r.get("self_value", optional(choice("current", "initial"))),
        absence_limit=r.get("absence_limit", optional(absence_limit)),
        valuation=r.get("valuation", choice("current", "frozen")),
        iterate=r.get("iterate", rounds_or_word),
        aalsmeer=r.get("aalsmeer", optional(aalsmeer)),
        withdrawal=r.get("withdrawal", withdrawal),
        rounding=r.get("rounding", optional(rounding)),
        participation=share,
        participation_counts=counts,
        tiebreak=r.get("tiebreak", tiebreak),
        pairing=r.get("pairing", pairing),
        forfeit=r.get("forfeit", choice("factors", "bye")),
        columns=r.get("columns", choice("d", "k")),
        suspension=r.get("suspension", boolean),
        absence_deadline=r.get("absence_deadline", optional(absence_deadline)),
        # Absent from a spec written before these keys existed: no classes, no cups.
        classes=optional(classes)(r.obj.get("classes"), r.at("classes")),
        cups=optional(cups)(r.obj.get("cups"), r.at("cups")),
        championship=optional(championship)(settings.get("championship"), r.at("championship")),
        rounds_planned=r.get("rounds_planned", optional(round_number)),
        regulations=r.get("regulations", optional(choice("D", "K"))),
        language=r.get("language", choice("nl", "en")),
        # The live evening's (docs/live.md): in no preset, so a spec without it means the director takes each.
        reported_results=r.get("reported_results", Default("director", choice("director", "agreed"))),
    )
