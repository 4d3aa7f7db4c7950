"""The ruleset spec as the Season form edits it: a preset plus an overrides object, and a summary line."""

from __future__ import annotations

import json
from typing import Any

from seasons.errors import InputError
from seasons.ruleset import Ruleset
from tui.format import points


def spec_parts(spec: object) -> tuple[str, dict[str, Any]]:
    """(preset, overrides) of a ruleset spec as the season file writes it."""
    if isinstance(spec, str):
        return spec, {}
    if isinstance(spec, dict):
        return str(spec.get("preset", "keizer-classic")), {k: v for k, v in spec.items() if k != "preset"}
    return "keizer-classic", {}


def spec_from_parts(preset: str, overrides_text: str) -> object:
    """The spec to save: the preset name alone, or `{"preset": …, …overrides}`; InputError if not JSON."""
    text = overrides_text.strip()
    try:
        overrides = json.loads(text) if text else {}
    except json.JSONDecodeError as exc:
        raise InputError("overrides", f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(overrides, dict):
        raise InputError("overrides", "must be a JSON object like {\"factors\": {\"bye\": \"2/3\"}}")
    if "preset" in overrides and overrides["preset"] != preset:
        raise InputError("overrides.preset", "choose the preset in the preset field, not in the overrides")
    overrides.pop("preset", None)
    return {"preset": preset, **overrides} if overrides else preset


def ruleset_summary(rs: Ruleset) -> str:
    """The settings a director checks first, in one line."""
    v = rs.value
    if v.ladder == "linear":
        top = str(v.top) if v.top is not None else ("N" if not v.top_offset else f"N+{v.top_offset}")
        value = f"values {top} down by {points(v.step)}"
    else:
        value = f"values: {v.ladder} ladder"
    iterate = rs.iterate if isinstance(rs.iterate, str) else "at " + ", ".join(str(r) for r in rs.iterate)
    factors = " ".join(f"{k} {points(f)}" for k, f in rs.factors if k in ("win", "draw", "bye", "excused"))
    parts = [f"{rs.preset}: {value}", f"{rs.valuation} valuation", f"iterate {iterate}", factors]
    if rs.aalsmeer is not None:
        parts.append(f"Aalsmeer bonus {points(rs.aalsmeer.multiplier)}× over {rs.aalsmeer.rounds} rounds")
    if rs.participation is not None:
        parts.append(f"participation {rs.participation}")
    return " · ".join(parts)
