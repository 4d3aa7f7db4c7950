"""`keizer publish`, `keizer notice` and `keizer pairing`: the week's notice as a site, as text, and the saved
pairing's printout (docs/publishing.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from keizer.evening.evening import Evening
from keizer.evening.forecasts import check_forecast_options, make_forecast
from keizer.evening.words.forecast import contenders_line
from keizer.evening.words.legend import LANGUAGES
from keizer.evening.words.tables import COLUMNS
from keizer.seasons.errors import KeizerError
from keizer.seasons.forecasts import Forecast
from keizer.seasons.load import is_store_file
from keizer.tui.cli.commands.forecast import add_run_options, progress_line
from keizer.tui.cli.commands.round_arg import standings_round
from keizer.web.notice import make_notice, notice_text
from keizer.web.sheet import round_sheet, sheet_lines, sheet_title
from keizer.web.site.build import build_site


def _common(p: argparse.ArgumentParser, round_help: str) -> None:
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K", help=round_help)
    p.add_argument("--lang", choices=LANGUAGES,
                   help="the language (default: the season's, the ruleset's `language`: nl in every preset)")


def register_publish(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("publish", help="write the week's notice as a static website",
                       description="Write a static site (plain HTML and one CSS file, no script, nothing loaded "
                                   "from elsewhere) of the standings after round K, its results and the next "
                                   "pairing, a cross table, a page per player and one per round, into DIR "
                                   "(replaced whole). On a season store it records what was published from which "
                                   "state.")
    _common(p, "standings after this round (default: the last round with results)")
    p.add_argument("--columns", choices=sorted(COLUMNS), help="which club's columns (default: the ruleset's)")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the site to")
    _forecast_options(p, "a forecast page: each player's chances after round K and the title race by round, from "
                         "the forecasts kept in the store (this one is kept with the record)")
    p.set_defaults(run=run_publish)


def register_notice(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("notice", help="print the week's notice as text for e-mail or messaging",
                       description="The standings after round K, its results and the next pairing as plain "
                                   "text aligned for a fixed-width font, or Markdown.")
    _common(p, "standings after this round (default: the last round with results)")
    p.add_argument("--columns", choices=sorted(COLUMNS), help="which club's columns (default: the ruleset's)")
    p.add_argument("--markdown", action="store_true", help="Markdown instead of plain text")
    _forecast_options(p, "one line more: the likeliest champions after round K (a forecast, docs/forecast.md)")
    p.set_defaults(run=run_notice)


def _forecast_options(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--forecast", action="store_true", help=what)
    add_run_options(p)


def _check_forecast(args: argparse.Namespace) -> None:
    """`--runs` and `--seed` refused in one line before anything is made, when `--forecast` asks for one."""
    if args.forecast:
        check_forecast_options(args.runs, args.seed)


def _forecast(evening: Evening, k: int, args: argparse.Namespace, needs: bool = False) -> Forecast | None:
    """The forecast after round k when `--forecast` asks for one (None otherwise); `needs`: with what each player
    needs (the site's player pages)."""
    if not args.forecast:
        return None
    return make_forecast(evening.season, k, args.runs, args.seed, progress=progress_line(), needs=needs)


def register_pairing(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pairing", help="print the saved pairing of a round",
                       description="Print round K's saved pairing as it was accepted (not a new one): board "
                                   "numbers, white, black, the result column, the bye and who does not play.")
    _common(p, "the round (default: the last paired round)")
    p.add_argument("--codes", action="store_true",
                   help="each board's code beside it, for reporting its result from the board (keizer serve "
                        "--results): the sheet for the boards of tonight, never one to publish")
    p.set_defaults(run=run_pairing)


def run_publish(args: argparse.Namespace) -> int:
    out = Path(args.output)
    _check_forecast(args)
    # A store is opened to be written (its record), a season file only read (it keeps none).
    with Evening.open(args.season) if is_store_file(args.season) else Evening.read(args.season) as evening:
        k = standings_round(evening.season, args.round)
        args.lang = args.lang or evening.ruleset.language
        evening.publications.check(k, out)  # every argument before the forecast's runs
        made = _forecast(evening, k, args, needs=True)
        kept = evening.forecasts.with_kept(made) if made is not None else ()
        label = evening.publications.publish(k, args.lang, out, lambda: build_site(evening, k, args.lang,
                                                                                   args.columns, kept), made, _said)
    if label is None:
        print(f"wrote the site of round {k} ({args.lang}) to {out}")
        print("keizer: a season file keeps no record of what was published; a season store does", file=sys.stderr)
    else:
        print(f"wrote the site of round {k} ({args.lang}) to {out}; recorded in the store: {label}")
    return 0


def _said(line: str) -> None:
    """What publishing left in place beside the site (it cannot tell it wrote it), on stderr."""
    print(f"keizer: {line}", file=sys.stderr)


def run_notice(args: argparse.Namespace) -> int:
    _check_forecast(args)
    with Evening.read(args.season) as evening:
        season = evening.season
        args.lang = args.lang or evening.ruleset.language
        k = standings_round(season, args.round)
        made = _forecast(evening, k, args)
        rep = evening.standings.replay(k)
        sys.stdout.write(notice_text(make_notice(season, rep, args.lang, args.columns), args.markdown))
        if made is not None:
            sys.stdout.write("\n" + contenders_line(made, lambda pid: season.player(pid).name, args.lang) + "\n")
    return 0


def run_pairing(args: argparse.Namespace) -> int:
    if args.codes and not is_store_file(args.season):
        raise KeizerError(f"{args.season}: --codes needs a season store (each board's code is made from its "
                          f"secret); a season file has none")
    # --codes: the store's secret is made if it has none yet (beside the store, not in it)
    with Evening.open(args.season) if args.codes else Evening.read(args.season) as evening:
        season = evening.season
        args.lang = args.lang or evening.ruleset.language
        k = args.round
        if k is None:
            k = max((r.number for r in season.rounds if r.is_paired), default=0)
            if k == 0:
                raise KeizerError("no round has a saved pairing yet")
        sheet = round_sheet(season, k)
        codes = evening.reports.codes(k) if args.codes else None
    title = f"{season.name} — {sheet_title(sheet, args.lang, False)}"
    sys.stdout.write("\n".join((title, "", *sheet_lines(sheet, args.lang, True, codes=codes))) + "\n")
    return 0
