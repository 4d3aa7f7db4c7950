"""The app's modes: one screen per task of the club evening, in the order of the mode bar and the F-keys."""

from __future__ import annotations

MODE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("round", "f2", "Round"),
    ("pairing", "f3", "Pairing"),
    ("results", "f4", "Results"),
    ("standings", "f5", "Standings"),
    ("players", "f6", "Players"),
    ("season", "f7", "Season"),
    ("groups", "f8", "Groups"),
)
"""(mode, key, title) of each mode."""
