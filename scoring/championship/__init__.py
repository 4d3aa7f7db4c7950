"""The championship group's scores: who is proposed, the games it needs, its table, its state and a member who withdraws."""
