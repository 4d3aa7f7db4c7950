"""keizer: a chess club's Keizer competition. Installed, every part lives under this one name.

The repository keeps its folders at the top (`seasons/`, `scoring/`, `pairing/`, `evening/`, `tui/`);
pyproject.toml maps each to `keizer.<folder>`, so that installing keizer beside a project named `tui`,
`pairing` or `scoring` breaks neither. The layers, from the bottom: `keizer.seasons` → `keizer.scoring` →
`keizer.pairing` → `keizer.evening` → `keizer.tui` (docs/ARCHITECTURE.md).
"""

__version__ = "0.1.0"
"""The program's version: the one place it is written (pyproject.toml reads it from here)."""
