"""The four packages type-check: mypy runs as part of the suite, so a type error fails like any test."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO


def test_mypy_is_clean() -> None:
    pytest.importorskip("mypy", reason="mypy is part of the test extra: pip install -e '.[test]'")
    out = subprocess.run([sys.executable, "-m", "mypy", "seasons", "scoring", "pairing", "tui"], cwd=REPO,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]
