"""Rulesets: the clubs' presets (docs/rules.md) and their validated, exact form."""
