"""Reusable widgets of the Textual app."""
