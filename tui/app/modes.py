"""The app's modes: one screen per task of the club evening, in the order of the mode bar and the F-keys."""

from __future__ import annotations

MODE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("round", "f2", "Round"),
    ("pairing", "f3", "Pairing"),
    ("results", "f4", "Results"),
    ("standings", "f5", "Standings"),
    ("players", "f6", "Players"),
    ("season", "f7", "Season"),
    ("prizes", "f8", "Prizes"),
)
"""(mode, key, title) of each mode."""

MODE_SCREENS: dict[str, tuple[str, str]] = {
    "round": ("round", "RoundScreen"),
    "pairing": ("pairing.screen", "PairingScreen"),
    "results": ("results", "ResultsScreen"),
    "standings": ("standings", "StandingsScreen"),
    "players": ("players", "PlayersScreen"),
    "season": ("season", "SeasonScreen"),
    "prizes": ("prizes", "PrizesScreen"),
}
"""Each mode's screen, as (module under `tui/app/screens`, class): imported when the mode is first shown, so
that the app starts with the first screen's code only."""
