"""The user's side: the evening layer (`tui/evening`, headless) and its two shells, `tui/cli` and `tui/app`."""

__version__ = "0.1.0"
"""The program's version: the one place it is written (pyproject.toml reads it from here)."""
