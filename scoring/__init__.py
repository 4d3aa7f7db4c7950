"""Standings after any round: an exact replay of rounds 1..K over one frame of slots, the table, the card."""
