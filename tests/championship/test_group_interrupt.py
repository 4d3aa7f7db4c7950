"""ctrl+c stops `keizer championship schedule` at once, whatever the search has left (issue 20 item 2): the search
runs in a thread of its own while the command waits, the interrupt lands in the waiting thread, and the
search is told to stop on the way out."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from keizer.seasons.season_json.write import dump_season
from tests.conftest import REPO
from tests.publish.group_seasons import inside_season

SCRIPT = """\
import sys
from keizer.pairing.championship import model as group_model
from keizer.pairing.championship import schedule as group_schedule
from keizer.pairing.championship.check import ScheduleInstance
from keizer.seasons.model import PlayerId

# a search that runs until stopped: five members the model does not prove within an unbounded limit of work
members = tuple(PlayerId(f"m{i}") for i in range(5))
hard = ScheduleInstance(members, tuple((a, b) for a in members for b in members if a != b), tuple(range(21, 37)))
group_schedule.group_instance = lambda *args: (hard, ())
group_model.WORK_LIMIT = group_model.SAFETY_SECONDS = 1e9
solve = group_model._solve

def solving(*args):
    sys.stdout.write("searching\\n")
    sys.stdout.flush()
    return solve(*args)

group_model._solve = solving
from keizer.tui.cli.main import entry
entry()
"""


def test_ctrl_c_ends_a_schedule_search_with_one_line(tmp_path: Path) -> None:
    """A guard: a search that would run for ever ends with the command's one line and 130."""
    path = tmp_path / "season.json"
    path.write_text(dump_season(inside_season()))
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, "group", "schedule", str(path)], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"searching\n"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)  # a search not stopped would run for ever: this would time out
    assert (proc.returncode, err, out) == (130, b"keizer: interrupted\n", b"")
