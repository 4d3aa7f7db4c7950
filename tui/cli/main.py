"""Entry point of the `keizer` command: parse, dispatch, and turn a user's mistake into one line and exit 2.

ctrl+c at any moment is one line and exit 130. `main` first installs a SIGINT handler; everything
else is imported after it (the first half second of a command is imports). An interrupt that lands
inside an import ends the process at once: a KeyboardInterrupt raised there can be turned into an
ImportError by a compiled module or swallowed by one (and the imports come before the writes; were one
cut short, SQLite's journal undoes it as after a kill). Anywhere else it is raised as usual, so a
transaction is rolled back and a temp file removed on the way out. A compiled library can still turn it
into another error (polars, interrupted inside a callback of its own, reports it as "unraisable" and
raises a TypeError): so once ctrl+c was pressed, whatever error ends the command is the interrupt.
"""

from __future__ import annotations

import os
import _signal as signal  # the C module: `signal` imports enum, functools, …: start-up time
import sys

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing typing is start-up time ctrl+c could land in
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from types import FrameType
    from typing import Any, TextIO

EXIT_USER_ERROR = 2
EXIT_INTERRUPTED = 130


def build_parser(command: str | None = None, *, commands: bool = True) -> argparse.ArgumentParser:
    """`keizer`'s parser: with every command, or with `command` alone when it names one (the parsers of
    27 commands, and their modules, took 30 ms of each command's start); `commands` False: keizer's own
    options alone (`keizer --version` imports no command's module)."""
    from keizer import __version__
    from keizer.tui.cli.commands.registry import registers
    from keizer.tui.cli.parser import Parser

    parser = Parser(
        prog="keizer",
        description="Run a chess club's Keizer competition: standings, pairings, and a terminal UI.",
        epilog="SEASON is a season JSON file (keizer-season/1) or a season store (.keizer) in every command.",
    )
    parser.add_argument("--version", action="version", version=f"keizer {__version__}")
    # Not required=True: argparse would say "the following arguments are required: COMMAND".
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in registers(command) if commands else ():
        register(sub)
    return parser


def entry() -> None:
    """The `keizer` command: `main`, then the process ends. ctrl+c while Python shuts down — the command
    done, its output written — has nothing left to stop, so from `main`'s end on it is ignored: else
    Python reports it as "Exception ignored in …" from whatever it was finishing, and exits 0."""
    sys.exit(main(ending=True))


def main(argv: Sequence[str] | None = None, *, ending: bool = False) -> int:
    """Run one command; its exit code (0 done, 1 a pairing that breaks a rule or a crashed terminal UI,
    2 a user's mistake, 130 interrupted). `ending`: the process ends after it (`entry`), so ctrl+c is not
    given back to Python's own handler."""
    global _pressed, _unraisable
    _pressed, _unraisable = False, sys.unraisablehook
    sys.unraisablehook = _quiet_interrupt
    try:
        previous = signal.signal(signal.SIGINT, _on_interrupt)
    except ValueError:  # called from another thread (a caller's own harness): its SIGINT is not ours
        previous = None
    try:
        return _run(argv)
    except KeyboardInterrupt:
        _say(INTERRUPTED)
        return EXIT_INTERRUPTED
    except BaseException as exc:  # BaseException: a Rust library's panic (pyo3's PanicException) is one
        if not _pressed or isinstance(exc, SystemExit):
            raise
        _say(INTERRUPTED)  # the interrupt, turned into another error by a compiled library on its way
        return EXIT_INTERRUPTED
    finally:
        sys.unraisablehook = _unraisable
        if previous is not None:
            signal.signal(signal.SIGINT, signal.SIG_IGN if ending else previous)


INTERRUPTED = "keizer: interrupted"


_pressed = False
"""ctrl+c was pressed during this command."""
_unraisable = sys.unraisablehook
"""The hook `_quiet_interrupt` passes every other unraisable error to."""


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """ctrl+c: inside an import, the line and exit 130 now; elsewhere a KeyboardInterrupt for `main`."""
    global _pressed
    _pressed = True
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            os.write(2, (INTERRUPTED + "\n").encode())
            os._exit(EXIT_INTERRUPTED)
        frame = frame.f_back
    raise KeyboardInterrupt


def _quiet_interrupt(unraisable: Any) -> None:
    """A KeyboardInterrupt a compiled library could not raise is not reported ("Exception ignored in …"):
    `main` says the interrupt once."""
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        _unraisable(unraisable)


def _run(argv: Sequence[str] | None) -> int:
    from keizer.seasons.errors import KeizerError
    from keizer.evening.words.visible import visible

    from keizer.tui.cli.parser import before_command, command_parser

    argv = sys.argv[1:] if argv is None else list(argv)
    # keizer's own options (--help, --version) take no value: the first other word is the command's name
    command = next((word for word in argv if not word.startswith("-")), None)
    alone = command is None and "--version" in argv and not {"-h", "--help"} & set(argv)
    parser = build_parser(command, commands=not alone)
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.error(f"unrecognized arguments: {' '.join(extra)}" if extra else "no COMMAND given")
    ahead = before_command(argv, args.command)
    if ahead:  # `keizer --bogus standings S`: keizer's own option, not one of the command's
        parser.error(f"unrecognized arguments: {' '.join(ahead)}")
    if getattr(args, "own_words", False):
        # A command that parses its own words (`keizer group`) gets them in the order typed: argparse set
        # an option first (`keizer group --json S`) aside as unknown and kept the rest.
        args.words, extra = list(argv[len(ahead) + 1:]), []
    if extra:  # said by the command's parser, so the line names the command whose options these are not
        command_parser(parser, args.command).error(f"unrecognized arguments: {' '.join(extra)}")
    while getattr(args, "instead", None) is not None:  # a command that stands for another (`keizer demo`)
        words = args.instead(args)
        args = build_parser(words[0]).parse_args(words)
    with _shown_as_text(terminal_ui=args.command in ("open", "demo")):
        try:
            return int(args.run(args) or 0)
        except KeizerError as exc:
            # One line whatever the message holds: a key or a name from a file is escaped (a newline in it
            # would forge a second line, an ESC would act on the terminal).
            print(f"keizer: error: {visible(_said(exc))}{_hint(exc, getattr(args, 'season', None))}", file=sys.stderr)
            return EXIT_USER_ERROR
        except BrokenPipeError:  # `keizer standings … | head`: the reader left, nothing to report
            _quiet_stdout()
            return 0
        except OSError as exc:
            import errno

            if exc.errno != errno.ENAMETOOLONG:  # a path no file system takes: refused before anything is made
                raise
            print(f"keizer: error: {visible(str(exc.filename)[:60])}…: a name longer than the file system "
                  f"allows; nothing was written", file=sys.stderr)
            return EXIT_USER_ERROR


def _said(exc: Exception) -> str:
    """A user's problem as the command line says it: a refusal's ways forward as commands."""
    from keizer.evening.ways import WayOut
    from keizer.tui.cli.ways import commanded

    return commanded(exc) if isinstance(exc, WayOut) else str(exc)


def _hint(exc: Exception, season: object = None) -> str:
    """What the command line adds to a domain's fact: its own way to act on it (the domain names none), with
    the season's path when the command was given one."""
    from shlex import quote

    from keizer.seasons.rounds import RoundsUnplanned, SeasonComplete

    path = quote(season) if isinstance(season, str) else "SEASON.keizer"
    if isinstance(exc, SeasonComplete):
        return f" (`keizer season {path} --rounds R` plans more)"
    if isinstance(exc, RoundsUnplanned):
        return f" (`keizer season {path} --rounds R` plans them)"
    return ""


def _say(line: str) -> None:
    """A line on stderr, if there still is one."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):  # stderr closed: the exit code says it
        pass


def _quiet_stdout() -> None:
    """After a broken pipe, Python's flush at exit would report it once more: point stdout at nothing."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no file (captured by a test)
        pass


class _Shown:
    """A text stream whose writes show user text as data: control characters, bidi overrides and lone
    surrogates escaped (`tui.visible`), line breaks and tabs kept, and a character the terminal's
    encoding lacks written as an escape instead of failing."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from keizer.evening.words.visible import visible

        text = visible(text, keep="\n\t")
        try:
            return self._stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self._stream, "encoding", None) or "ascii"
            return self._stream.write(text.encode(encoding, "backslashreplace").decode(encoding))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _shown_as_text:
    """stdout and stderr as `_Shown` streams while a command runs (not under the terminal UI, which
    draws the screen itself)."""

    def __init__(self, terminal_ui: bool) -> None:
        self.active = not terminal_ui and not isinstance(sys.stdout, _Shown)
        self.saved: tuple[Any, Any] = (None, None)

    def __enter__(self) -> None:
        if self.active:
            self.saved = sys.stdout, sys.stderr
            setattr(sys, "stdout", _Shown(sys.stdout))  # noqa: B010 (a stand-in, not a TextIO subclass)
            setattr(sys, "stderr", _Shown(sys.stderr))  # noqa: B010

    def __exit__(self, *exc: object) -> None:
        if self.active:
            sys.stdout, sys.stderr = self.saved


if __name__ == "__main__":
    entry()
