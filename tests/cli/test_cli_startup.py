"""A fast start: each command loads only what it uses (measured figures are in the README, not here)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import DEMO, REPO

HEAVY = ("numpy", "polars", "ortools", "rustworkx", "textual", "keizer.scoring", "keizer.pairing")


def modules_loaded_by(*argv: str, whole: bool = False) -> set[str]:
    """The top-level modules a `keizer` command has imported when it is done (keizer's by layer: `keizer.scoring`;
    `whole`: every module by its full name)."""
    name = "m" if whole else "'.'.join(m.split('.')[:2 if m.startswith('keizer.') else 1])"
    code = ("import contextlib, io, json, sys\n"
            "from keizer.tui.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n"
            f"        main({list(argv)!r})\n"
            "    except SystemExit:\n"
            "        pass\n"
            f"print(json.dumps(sorted({{{name} for m in sys.modules}})))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_version_and_help_load_nothing_heavy():
    for argv in (["--version"], ["--help"], ["pair", "--help"]):
        assert not modules_loaded_by(*argv) & set(HEAVY), argv


def test_standings_loads_neither_the_solvers_nor_textual():
    loaded = modules_loaded_by("standings", str(DEMO))
    assert "keizer.scoring" in loaded  # it did compute the table
    assert not loaded & {"ortools", "rustworkx", "textual", "keizer.pairing"}


def test_standings_of_a_season_file_loads_no_store():
    """A JSON season has no log to fold: the store and its event classes (some 20 ms) stay unloaded."""
    loaded = modules_loaded_by("standings", str(DEMO), whole=True)
    assert "keizer.scoring.replay" in loaded  # it did compute the table
    log = {"season_store", "events", "round_events", "championship_events", "log_queries", "log_rows", "timeline"}
    assert not loaded & {f"keizer.seasons.store.{m}" for m in log}


def test_a_mark_loads_no_scoring_no_solver_no_dataframe(tmp_path):
    # One mark is one row in the store: `keizer attend`, `result` and `report` need neither polars nor numpy
    # nor the pairing engine (the README's startup table holds them to 15 times a bare Python).
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.seasons.load import load_season
    from tests.conftest import EVENING

    store = tmp_path / "club.keizer"
    SeasonStore.create(store, load_season(EVENING)).close()
    marks = (["attend", str(store), "quinten", "excused"],
             ["result", str(store), "1", "1-0", "--round", "32", "--change"],
             ["report", str(store), "quinten", "2020-05-01T10:00", "--round", "34"])
    for argv in marks:
        assert not modules_loaded_by(*argv) & set(HEAVY), argv
    with SeasonStore.open(store, readonly=True) as written:  # each did its work: no refusal passed for light
        assert len(written.history()) == 1 + len(marks), [a.label for a in written.history()]


def test_the_version_loads_no_command():
    """Each command module imports what it uses at its top (issue 27): `keizer --version` builds none of their
    parsers, so it loads none of them (`--help` lists every command, and loads them all)."""
    loaded = modules_loaded_by("--version", whole=True)
    assert not {m for m in loaded if m.startswith("keizer.tui.cli.commands.")} - {"keizer.tui.cli.commands.registry"}
    assert not {m for m in loaded if m.startswith("keizer.evening.")} - {"keizer.evening.words",
                                                                      "keizer.evening.words.visible"}
