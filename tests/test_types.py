"""The packages type-check: mypy runs as part of the suite, so a type error fails like any test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PACKAGE_DIRS, REPO

FOLDERS = tuple(folder for folder in PACKAGE_DIRS if folder != "keizer")
"""The repository's folders that install as `keizer.<folder>` (pyproject.toml's package-dir)."""


def installed_layout(into: Path) -> Path:
    """The packages laid out as installed (`keizer/seasons`, …), as symbolic links to the repository's
    folders: mypy finds modules by their folders and cannot follow the editable install's mapping."""
    package = into / "keizer"
    package.mkdir()
    for file in (REPO / "keizer").glob("*.py"):
        (package / file.name).symlink_to(file)
    for folder in FOLDERS:
        (package / folder).symlink_to(REPO / folder, target_is_directory=True)
    return into


def test_mypy_is_clean(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is part of the test extra: pip install -e '.[test]'")
    root = installed_layout(tmp_path)
    out = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"),
                          "--cache-dir", str(REPO / ".mypy_cache"), "-p", "keizer"], cwd=root,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]
    assert "no issues found" in out.stdout and int(out.stdout.split(" in ")[1].split()[0]) > 200, out.stdout
