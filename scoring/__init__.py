"""Standings after any round: an exact replay of rounds 1..K over one frame of slots, the table, the card."""

from scoring.card import CardLine, PlayerCard, player_card
from scoring.replay import IterationReport, Replay, StandingRow, Standings, replay
from scoring.table import standings_frame, standings_table

__all__ = [
    "CardLine",
    "IterationReport",
    "PlayerCard",
    "Replay",
    "StandingRow",
    "Standings",
    "player_card",
    "replay",
    "standings_frame",
    "standings_table",
]
