"""`keizer open SEASON`: the terminal UI on a season store (a JSON season is imported into one first)."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from keizer.evening.evening import WRITE_WAIT_SECONDS, Evening
from keizer.seasons.errors import KeizerError
from keizer.seasons.files import check_name
from keizer.seasons.load import is_store_file, load_season
from keizer.seasons.moving_in.sniff import file_kind
from keizer.seasons.rating_list import read_rating_list
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.commands.demo import DEMO_SEASON
from keizer.tui.cli.commands.moving_in import meant_instead

STORE_SUFFIX = ".keizer"
EXIT_CRASHED = 1
"""The terminal UI stopped on an error (not a user's mistake, so not 2)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "open", help="open the terminal UI on a season",
        description="The director's club evening in the terminal: attendance, pairing, results, standings. "
                    "A JSON season (club.json) is first imported into a new store beside it (club.keizer).")
    p.add_argument("season", metavar="SEASON", nargs="?", help="a season store (.keizer) or a JSON season")
    p.add_argument("--demo", action="store_true",
                   help="open a fresh copy of the bundled demo season (in a temporary folder, removed on quit)")
    p.add_argument("--read-only", action="store_true",
                   help="only look: every key that would change the season says so (a second terminal on a "
                        "season being run; a season that cannot be written opens so by itself)")
    p.add_argument("--no-mouse", action="store_true",
                   help="leave the mouse to the terminal (text selection over SSH and tmux)")
    p.add_argument("--rating-list", metavar="FILE",
                   help="the national rating list (KNSB, semicolon-separated): adding a player looks members up in it")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.demo == bool(args.season):
        raise KeizerError("open: give a SEASON file or --demo (one of the two)")
    # A file that cannot be opened is said before anything else; a store is opened here, once, for the app.
    evening = open_season_file(Path(args.season), readonly=args.read_only) if args.season else None
    try:
        rating_list = None
        if args.rating_list:  # read before the UI takes the screen: a broken list is one line, nothing written
            rating_list = read_rating_list(args.rating_list)
        if not sys.stdin.isatty() or not sys.stdout.isatty():
            # A Textual app without a terminal never exits: refuse before anything is written.
            raise KeizerError("open: needs a terminal (stdin and stdout must be a TTY); for scripts use "
                              "`keizer standings`, `keizer export`, …")
    except BaseException:
        if evening is not None:
            evening.close()
        raise
    if evening is not None:
        store = Path(args.season)
    else:
        store = demo_store() if args.demo else prepare_store(Path(args.season))
    if args.demo:  # said before the UI takes the screen; the terminal shows it again after it
        print(f"keizer: the demo opens a fresh copy, {store} (removed when you quit)", file=sys.stderr)
    from keizer.tui.app.app import make_app

    app = make_app(store if evening is None else evening, readonly=args.read_only)
    if rating_list is not None:
        app.evening.roster.rating_list = rating_list
    try:
        app.run(mouse=not args.no_mouse)
    finally:
        app.evening.close()
    return after_the_app(store, app.return_code, demo=args.demo, readonly=app.evening.readonly)


def open_season_file(path: Path, *, readonly: bool) -> Evening | None:
    """The season store in `path` opened for the app (read once before the UI starts, not once to check it and
    again to use it), or None for a JSON season, checked (`check_season_file`); KeizerError as that says."""

    if not check_season_file(path, open_store=False):
        if readonly:  # importing it would write a new store
            raise KeizerError(f"open: {path} is a JSON season: --read-only opens a season store (.keizer) only "
                              f"(nothing was written)")
        return None
    return Evening.open(path, readonly=readonly, timeout=WRITE_WAIT_SECONDS)


def after_the_app(store: Path, return_code: int | None, *, demo: bool, readonly: str | None = None) -> int:
    """What is said once the app has stopped, and the exit code. A crash is never reported as a clean
    end: Textual has printed the error, and only what was committed before it is in the store. A demo's
    copy is removed unless the app crashed (it is what the error happened on). `readonly`: why the season
    could only be read."""
    if return_code:
        print(f"keizer: the terminal UI stopped on an error (shown above); only what was saved before it "
              f"is in {store}", file=sys.stderr)
        return EXIT_CRASHED
    if demo:
        shutil.rmtree(store.parent, ignore_errors=True)
        print("keizer: the demo's copy is removed (the bundled season is never changed)", file=sys.stderr)
        return 0
    if readonly is not None:
        print(f"keizer: {store} was only read ({readonly}); nothing in it changed", file=sys.stderr)
        return 0
    print(f"keizer: every change is saved in {store}", file=sys.stderr)
    return 0


def check_season_file(path: Path, *, open_store: bool = True) -> bool:
    """KeizerError naming the file if it is missing, a folder, a damaged store or an invalid JSON season,
    or if importing it would have to overwrite a file; nothing is written. True for a season store (opened to
    check it; `open_store` False: the caller opens it next, which says the same), False for a JSON season."""

    check_name(path, "a season file")
    check_name(path.with_suffix(STORE_SUFFIX), "a season store")  # where a JSON season is imported to
    if not path.exists():
        store = path if path.suffix == STORE_SUFFIX else path.with_suffix(STORE_SUFFIX)
        raise KeizerError(f"{path}: no such file; a new season starts with `keizer new {store}` "
                          f"(or try `keizer demo`)")
    if path.is_dir():
        raise KeizerError(f"{path}: is a folder, not a season file")
    kind = file_kind(path)
    if kind != "season":  # another program's file, or a player list: say which command makes a season of it
        raise KeizerError(meant_instead(path, kind))
    if is_store_file(path):
        if open_store:
            Evening.read(path).close()  # a check: nothing in the file changes yet
        return True
    load_season(path)
    target = path.with_suffix(STORE_SUFFIX)
    if target.exists():
        raise KeizerError(f"{path}: is a JSON season and {target} already exists; open that store "
                          f"(`keizer open {target}`) or move it away (nothing was written)")
    return False


def prepare_store(path: Path) -> Path:
    """The store to open: `path` itself, or for a JSON season a new store beside it (`club.json` →
    `club.keizer`), never overwriting a file."""

    check_season_file(path)
    if is_store_file(path):
        return path
    target = path.with_suffix(STORE_SUFFIX)
    season = load_season(path)
    SeasonStore.create(target, season, label=f"import {path.name}").close()
    print(f"keizer: imported {path} into {target}", file=sys.stderr)
    return target


def demo_store(folder: Path | None = None) -> Path:
    """A fresh store holding the bundled demo season, in a new temporary folder (the bundled file is
    only read)."""

    folder = folder or Path(tempfile.mkdtemp(prefix="keizer-demo-"))
    target = folder / ("demo" + STORE_SUFFIX)
    SeasonStore.create(target, load_season(DEMO_SEASON), label="import demo.json").close()
    return target
