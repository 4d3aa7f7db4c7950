"""`keizer undo`, `redo` and `log`: walk a season store's action history."""

from __future__ import annotations

import argparse
from shlex import quote

from keizer.evening.evening import Evening
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import require_store_file

NO_HISTORY = "this needs a season store (.keizer); a JSON file has no history (import it first)"
"""Said of a season file (or anything but a store) given to a command that walks a store's history."""


def _reading(path: str) -> Evening:
    """The evening on the store in `path`, only read (nothing in the file changes, not even an older
    schema's upgrade); a missing file, a folder or an empty file said as such, not as a JSON file that has
    no history."""
    require_store_file(path, NO_HISTORY)
    return Evening.read(path)


def register_undo(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("undo", help="undo the last change to a season store")
    p.add_argument("season", metavar="SEASON.keizer")
    _expect_option(p)
    p.set_defaults(run=lambda args: _step(args.season, "undo", args.expect))


def register_redo(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("redo", help="redo the last undone change to a season store")
    p.add_argument("season", metavar="SEASON.keizer")
    _expect_option(p)
    p.set_defaults(run=lambda args: _step(args.season, "redo", args.expect))


def _expect_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--expect", type=int, metavar="N",
                   help="only if action N (the first column of `keizer log`) is still the newest: a change "
                        "made elsewhere since is then never the one taken back")


def _step(path: str, step: str, expect: int | None = None) -> int:
    """Undo or redo one action of the store's log, through the evening's history as ctrl+z and ctrl+y do (one
    transaction; with `expect`, a compare-and-set)."""
    require_store_file(path, NO_HISTORY)
    evening = Evening.open(path)
    try:
        history = evening.history
        label = history.undo(expect_head=expect) if step == "undo" else history.redo(expect_head=expect)
    finally:
        evening.close()
    if label is None:
        raise KeizerError(f"{path}: nothing to {step}")
    print(f"{'undone' if step == 'undo' else 'redone'}: {label}")
    return 0


def register_backup(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("backup", help="copy a season store safely, even while it is open elsewhere",
                       description="A consistent copy of the store with its whole history (never overwrites).")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("target", metavar="COPY.keizer")
    p.set_defaults(run=run_backup)


def run_backup(args: argparse.Namespace) -> int:
    with _reading(args.season) as evening:
        evening.backup(args.target)
    print(f"backed up {args.season} to {args.target}")
    return 0


def register_log(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("log", help="list the actions recorded in a season store")
    p.add_argument("season", metavar="SEASON.keizer")
    p.set_defaults(run=run_log)


def run_log(args: argparse.Namespace) -> int:
    with _reading(args.season) as evening:
        for action in evening.history.actions():
            mark = " (undone)" if action.undone else ""
            print(f"{action.id:>5}  {action.at:%Y-%m-%d %H:%M:%S}  {action.kind:<4}  {action.label}{mark}")
        head = evening.history.head()
    # The head covers the whole log: kept elsewhere, it tells a log rewritten or cut short later (docs/format.md).
    print(f"log head: {head}  (`keizer validate {quote(args.season)} --head {head}` checks the store against it)"
          if head is not None else "log head: none (an older store keeps no checksums until its first write)")
    return 0
