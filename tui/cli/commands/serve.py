"""`keizer serve SEASON.keizer`: the live evening on the club's network — pages for the phones and the wall, the
kiosk at the door (`--check-in`), results from the boards (`--results`) — until ctrl+c (docs/live.md)."""

from __future__ import annotations

import argparse
import errno
import socket
import sys

from keizer.evening.evening import WRITE_WAIT_SECONDS, Evening
from keizer.evening.live.refusals import Refused
from keizer.evening.words.legend import LANGUAGES
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import is_store_file
from keizer.web.live.served import LiveConfig
from keizer.web.live.server import serve

DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve", help="serve the live evening on the club's network: pages, the door's kiosk, board reports",
        description="A web server for the club evening beside the TUI on the same store: tonight's pairing with "
                    "the results as they come in, the standings, each player's page, a wall view for a beamer "
                    "(/wall) and a phone view (/). Read-only unless --check-in (a kiosk at the door: a tablet "
                    "paired with the one-time code this prints) or --results (each board reports its result with "
                    "its code, printed by `keizer pairing --codes` and on the wall of this laptop). Every write "
                    "goes through the evening layer, as a key in the TUI does; stop it with ctrl+c.")
    p.add_argument("season", metavar="SEASON.keizer", help="a season store (a season file serves the pages only)")
    p.add_argument("--check-in", action="store_true", help="switch the kiosk on for tonight and print its code")
    p.add_argument("--results", action="store_true", help="take results reported from the boards")
    p.add_argument("--host", default="0.0.0.0",
                   help="the address to listen on (default 0.0.0.0: every network of this machine; 127.0.0.1: "
                        "this machine alone)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--lang", choices=LANGUAGES,
                   help="the pages' language (default: the season's, the ruleset's `language`: nl in every preset)")
    p.add_argument("--name", action="append", default=[], metavar="HOST",
                   help="a host name the club reaches this machine by (its addresses and own name are taken)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    writes = args.check_in or args.results
    if writes and not is_store_file(args.season):
        raise KeizerError(f"{args.season}: --check-in and --results write into a season store (.keizer); a season "
                          f"file is only served to read (keizer import makes a store of it)")
    if not 0 <= args.port <= 65535:
        raise KeizerError(f"--port {args.port}: a port is 0 to 65535")
    listening = _bound(args.host, args.port)
    evening = Evening.open(args.season, timeout=WRITE_WAIT_SECONDS) if writes else Evening.read(args.season)
    try:
        if writes and evening.readonly is not None:
            raise KeizerError(f"{args.season}: can only be read ({evening.readonly}): --check-in and --results "
                              f"need to write")
        tonight = evening.tonight.round()
        print(f"tonight: {tonight.said()}")
        code = _kiosk(evening) if args.check_in else None
        if args.results:
            evening.reports.codes(tonight.number)  # the store's secret, made now if need be
        config = LiveConfig(check_in=args.check_in, results=args.results, lang=args.lang or evening.ruleset.language, names=tuple(args.name))

        def ready(url: str) -> None:
            _say_where(url, args.host, code, args.results)

        serve(evening, config, listening, ready)
    finally:
        evening.close()
    print("stopped: every change was saved as it was made")
    return 0


def _bound(host: str, port: int) -> socket.socket:
    """The listening socket, bound here: a port taken is one line, before anything else happens."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        why = "is taken by another program" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
        raise KeizerError(f"--host {host} --port {port}: {why}; --port picks another") from None
    return sock


def _kiosk(evening: Evening) -> str | None:
    """The kiosk switched on for tonight: its one-time code (None, said why, when there is no evening tonight)."""
    try:
        return evening.door.kiosk_code()
    except Refused as refused:
        print(f"the kiosk stays off: {refused}", file=sys.stderr)
        return None


def _say_where(url: str, host: str, code: str | None, results: bool) -> None:
    """Where the phones, the wall and the tablet find the evening; the last line says how to stop it."""
    port = url.rstrip("/").rpartition(":")[2]
    shown = [url]
    if host in ("0.0.0.0", "::"):
        shown = [f"http://{address}:{port}/" for address in _addresses()] + [f"http://127.0.0.1:{port}/"]
    print(f"listening on {', '.join(shown)}")
    print(f"phones: {shown[0]} · the wall (a beamer on this laptop): http://127.0.0.1:{port}/wall")
    if code is not None:
        print(f"the kiosk: open {shown[0]}kiosk on the door's tablet and type {code[:3]} {code[3:]} (once, tonight)")
    if results:
        print("results from the boards: each board's code is on the wall here and on `keizer pairing --codes`")
    print("ctrl+c stops it")
    sys.stdout.flush()


def _addresses() -> list[str]:
    """This machine's address on the club's network (the one a route out would leave from), if it has one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, the kernel only picks the way out
        address = probe.getsockname()[0]
    except OSError:
        return []
    finally:
        probe.close()
    return [address] if not address.startswith("127.") else []
