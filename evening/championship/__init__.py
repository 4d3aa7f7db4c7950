"""The championship group on the evening: each action as its change, the service that commits it, the view the director reads."""
