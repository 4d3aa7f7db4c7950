"""The architecture holds: the core imports no UI, and only `pairing` uses the solvers."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

FORBIDDEN = {
    "seasons": {"textual", "ortools", "rustworkx", "polars", "numpy", "scoring", "pairing", "tui"},
    "scoring": {"textual", "ortools", "rustworkx", "pairing", "tui"},
    "pairing": {"textual", "tui"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_each_layer_imports_only_what_it_may():
    for package, forbidden in FORBIDDEN.items():
        for path in sorted((REPO / package).rglob("*.py")):
            bad = imported_modules(path) & forbidden
            assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"


def test_importing_the_core_does_not_load_textual():
    code = ("import sys, seasons.season_json, seasons.ruleset, scoring, pairing; "
            "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_importing_the_evening_layer_does_not_load_textual():
    code = "import sys, tui.evening; print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
