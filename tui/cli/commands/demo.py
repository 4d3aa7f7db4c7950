"""`keizer demo`: the bundled demo season in the TUI (a fresh copy; the bundled file is never modified)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from keizer import seasons

DEMO_SEASON = Path(seasons.__file__).resolve().parent / "samples" / "demo.json"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="open a fresh copy of the bundled demo season (44 players, D rules)",
                       description="Open the TUI on a fresh copy of the bundled demo season, in a temporary "
                                   "folder removed on quit (the bundled file is never modified). Without a terminal, print "
                                   "its standings instead.")
    p.add_argument("--no-mouse", action="store_true", help="leave the mouse to the terminal")
    p.set_defaults(instead=instead)


def instead(args: argparse.Namespace) -> list[str]:
    """The command `keizer demo` stands for, run through the parser: the same options and defaults as typed."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return ["open", "--demo", *(["--no-mouse"] if args.no_mouse else [])]
    print("keizer: no terminal here, so the demo's standings are printed instead of opening the TUI",
          file=sys.stderr)
    return ["standings", str(DEMO_SEASON)]
