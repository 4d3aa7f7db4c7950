"""Fixtures for the terminal UI: players with long names from many languages (the season fixtures are the
suite's own, tests/conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore


FIRST_NAMES = ("Anne-Mariëlle", "Jean-François", "Zoë Cathérine", "Björn Älvar", "Geertruida Ågot",
               "Ólafur Þórðar", "Renée Séverine", "Maximiliaanté")
SURNAMES = ("van der Heijden-Wüstenhöfer", "de Vries-Übermeyer", "van 't Hoff-Çelik", "Dąbrowski-Løvenskiold",
            "ter Schegget-Ñúñez", "Vermeulen-Østergaard", "op den Kamp-Šťastný", "Müller-Lüdenscheidt")


@pytest.fixture
def long_names_store(demo_json: Path) -> Path:
    """The demo season with every player renamed to 30 to 43 characters, accents included, each in a class
    (A–D by starting rank) and a group (1–3): what a screen at 80 columns must fit."""
    season = json.loads(demo_json.read_text(encoding="utf-8"))
    players = season["players"]
    for i, player in enumerate(players):  # (first, surname) pairs differ: i // 8 < 8 shifts the surname
        player["name"] = f"{FIRST_NAMES[i % 8]} {SURNAMES[(i + i // 8) % 8]}"
        player["class"] = "ABCD"[i * 4 // len(players)]
        player["group"] = 1 + i % 3
    season["name"] = "Zomercompetitie 2026 — Schaakvereniging De Lange Namen"
    source = demo_json.with_name("long.json")
    source.write_text(json.dumps(season, ensure_ascii=False), encoding="utf-8")
    target = source.with_suffix(".keizer")
    SeasonStore.create(target, load_season(source), label="import long.json").close()
    return target
