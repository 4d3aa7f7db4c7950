"""Same input, same output — across processes, whatever Python's hash seed (no dict or set order leaks)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import EVENING, REPO


def keizer(*argv: str, hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, "-m", "keizer.tui.cli.main", *argv], cwd=REPO, env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout


def test_pairing_and_standings_do_not_depend_on_the_hash_seed():
    for argv in (("pair", str(EVENING), "--json", "--alternatives", "2", "--costs"),
                 ("standings", str(EVENING), "--json", "--round", "20")):
        assert keizer(*argv, hash_seed="1") == keizer(*argv, hash_seed="2")
