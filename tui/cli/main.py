"""Entry point of the `keizer` command: parse, dispatch, and turn a user's mistake into one line and exit 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from seasons.errors import KeizerError
from tui import __version__
from tui.cli import commands

EXIT_USER_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="keizer",
        description="Run a chess club's Keizer competition: standings, pairings, and a terminal UI.",
        epilog="SEASON is a season JSON file (keizer-season/1) or a season store (.keizer) in every command.",
    )
    parser.add_argument("--version", action="version", version=f"keizer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for register in commands.REGISTRY:
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeizerError as exc:
        print(f"keizer: error: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("keizer: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `keizer standings … | head`: the reader left, nothing to report
        return 0


if __name__ == "__main__":
    sys.exit(main())
