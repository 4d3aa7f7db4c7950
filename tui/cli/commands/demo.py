"""`keizer demo`: show the bundled demo season without ever modifying it."""

from __future__ import annotations

import argparse
from pathlib import Path

import seasons

DEMO_SEASON = Path(seasons.__file__).resolve().parent / "samples" / "demo.json"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="show the bundled demo season (44 players, D rules)",
                       description="Print the standings of the bundled demo season; the file is never modified.")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from tui.cli.commands import standings

    return standings.run(argparse.Namespace(season=str(DEMO_SEASON), round=None, json=False, csv=False,
                                            columns=None))
