"""A process for the command line's kill harness (run as a script): one write after another, printing each
index once it returned.

    cli_child.py new FOLDER LIST      keizer new FOLDER/n0.keizer --players LIST --name Club, n1.keizer, …
    cli_child.py import JSON FOLDER   keizer import JSON FOLDER/i0.keizer, i1.keizer, … for ever
    cli_child.py backup STORE FOLDER  keizer backup STORE FOLDER/b0.keizer, b1.keizer, … for ever
    cli_child.py pair STORE           keizer pair --save, undo, redo, undo, pair --save, … (an action each)
    cli_child.py evening STORE        the evening layer: p01 excused in round 1, present again, … (an action each)
    cli_child.py rankings STORE       the evening layer: p01's rating changed (an action), then the ranking of
                                      round 1 kept in the store (`ranking_before`), … for ever
    cli_child.py publish STORE SITE   keizer publish STORE --round 3 -o SITE, then round 4 --forecast, 3, … (a record each)
    cli_child.py commands STORE       every write command of WRITE_CYCLE in turn, each undone (an action each)
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from keizer.seasons.model import EntryKind  # noqa: E402
from keizer.tui.cli.main import main as keizer_main  # noqa: E402

PAIR_CYCLE = (("pair", "--save"), ("undo",), ("redo",), ("undo",))
"""What `pair` mode runs, round and round: the season is paired after an odd number of these."""
RANKING_RATINGS = (1991, 1992, 1993, 1994, 1995)
"""What `rankings` mode sets p01's rating to, in turn (p01 starts at 1990): each a ranking of its own to keep."""
PUBLISHED_ROUNDS = (3, 4)
"""What `publish` mode publishes, in turn: the i-th run publishes PUBLISHED_ROUNDS[i % 2]."""
WRITE_CYCLE: tuple[tuple[str, ...], ...] = tuple(step for command in (
    ("result", "{S}", "1", "1-0"),
    ("attend", "{S}", "p003", "excused", "--round", "23"),
    ("report", "{S}", "p014", "2020-01-28T10:00", "--round", "23"),
    ("dates", "{S}", "--round", "23", "--date", "2020-03-05"),
    ("classes", "{S}", "--start", "--save"),
    ("player", "add", "{S}", "Nieuw Lid", "--rating", "1700"),
    ("player", "withdraw", "{S}", "p002", "--before", "24"),
    ("player", "group", "{S}", "p001", "2"),
    ("group", "form", "{S}", "--save"),
    ("pair", "{S}", "--round", "22", "--save", "--replace", "--forbid", "{W}:{K}"),
    ("season", "{S}", "--rounds", "40", "--name", "Killed club"),
) for step in (command, ("undo", "{S}")))
"""What `commands` mode runs, round and round (the race harness's writers that change the store, issue 22
item 7): each command and then its undo, an action each, on the season of `test_kill_cli.command_season`.
A later write command joins with one line."""


def keizer(*argv: str) -> None:
    """Run one command in this process; stop the child if it failed (the test sees it in stderr)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        code = keizer_main(list(argv))
    if code != 0:
        print(f"keizer {' '.join(argv)}: exit {code}: {err.getvalue()}", file=sys.stderr, flush=True)
        sys.exit(1)


def main(argv: list[str]) -> None:
    mode = argv[0]
    print("ready", flush=True)
    for i in range(10 ** 9):
        if mode == "new":
            keizer("new", str(Path(argv[1]) / f"n{i}.keizer"), "--players", argv[2], "--name", "Club")
        elif mode == "import":
            keizer("import", argv[1], str(Path(argv[2]) / f"i{i}.keizer"))
        elif mode == "backup":
            keizer("backup", argv[1], str(Path(argv[2]) / f"b{i}.keizer"))
        elif mode == "pair":
            command, *rest = PAIR_CYCLE[i % len(PAIR_CYCLE)]
            keizer(command, argv[1], *rest)
        elif mode == "commands":
            keizer(*(word.replace("{S}", argv[1]).replace("{W}", argv[2]).replace("{K}", argv[3])
                     for word in WRITE_CYCLE[i % len(WRITE_CYCLE)]))
        elif mode == "publish":
            forecast = ("--forecast", "--runs", "3") if i % 2 else ()  # its kept forecast: in the same action
            keizer("publish", argv[1], "--round", str(PUBLISHED_ROUNDS[i % 2]), "-o", argv[2], *forecast)
        elif mode == "rankings":
            from keizer.evening.evening import Evening

            evening = Evening.open(argv[1])
            try:
                evening.roster.edit("p01", "Player 1", RANKING_RATINGS[i % len(RANKING_RATINGS)], None, None)
                evening._session.ranking_before(1)  # kept beside the log: a write of its own, killed too
            finally:
                evening.close()
        elif mode == "evening":
            from keizer.evening.evening import Evening

            evening = Evening.open(argv[1])
            try:
                evening.attendance.set(1, "p01", EntryKind.EXCUSED if i % 2 == 0 else None)
            finally:
                evening.close()
        print(i, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
