"""Seasons: the domain model, rulesets, the season JSON format and the season store."""
