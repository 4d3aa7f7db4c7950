"""`keizer kiosk SEASON.keizer [--off]`: the door's kiosk switched on for tonight (a one-time code for its tablet),
or off — the Round screen's k and K on the command line (docs/live.md)."""

from __future__ import annotations

import argparse

from keizer.evening.evening import Evening
from keizer.evening.live.door import CODE_DIGITS
from keizer.evening.live.refusals import Refused
from keizer.seasons.errors import KeizerError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "kiosk", help="switch the door's kiosk on for tonight (a one-time code for its tablet), or off",
        description="A one-time code that pairs one tablet at the door with `keizer serve --check-in` for tonight "
                    "(type it at /kiosk); each run makes another, for another tablet or after a wrong one. --off: "
                    "every tablet paired tonight checks nobody in any more. Nothing in the season's log: the "
                    "kiosk's passes are kept beside it.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("--off", action="store_true", help="switch the kiosk off for tonight")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with Evening.open(args.season) as evening:
        try:
            if args.off:
                ended = evening.door.kiosk_off()
                print("kiosk off: the door's tablet checks nobody in any more" if ended else "the kiosk was off")
                return 0
            code = evening.door.kiosk_code()
        except Refused as refused:
            raise KeizerError(f"kiosk: {refused}") from None
        tonight = evening.tonight.round()
    half = CODE_DIGITS // 2
    print(f"kiosk on for {tonight.said()}: type {code[:half]} {code[half:]} once on the door's tablet "
          f"(`keizer serve {args.season} --check-in`, then /kiosk)")
    return 0
