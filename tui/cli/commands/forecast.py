"""`keizer forecast`: each player's chances of what the season can still bring, from its rest played many times."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from keizer.seasons.forecasts import Forecast
    from keizer.seasons.model import Season


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("forecast", help="each player's chances: the title, the final place, classes, cups",
                       description="Play the rest of the season many times from the standings after round K, "
                                   "each round paired by the engine and scored as on a club evening, results "
                                   "drawn from the ratings, attendance from each player's own this season; "
                                   "report each player's chances (docs/forecast.md). The same season, round, "
                                   "runs and seed give the same forecast.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="forecast from the standings after this round (default: the last round with results)")
    add_run_options(p)
    p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    p.add_argument("--lang", choices=("nl", "en"),
                   help="the text's language (default: the season's, the ruleset's `language`)")
    p.set_defaults(run=run)


def add_run_options(p: argparse.ArgumentParser) -> None:
    """`--runs` and `--seed`, as every command that makes a forecast takes them."""
    p.add_argument("--runs", type=int, default=1000, metavar="N", help="runs of the rest of the season (default 1000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed of the runs (default 0)")


def run(args: argparse.Namespace) -> int:
    from keizer.evening.forecasts import make_forecast
    from keizer.seasons.load import load_season

    from keizer.seasons.ruleset.parse import parse_ruleset

    season = load_season(args.season)
    made = make_forecast(season, args.round, args.runs, args.seed, progress=progress_line())
    if args.json:
        sys.stdout.write(json.dumps(forecast_json(season, made), ensure_ascii=False, indent=1) + "\n")
    else:
        lang = args.lang or parse_ruleset(season.ruleset_spec).language
        sys.stdout.write(forecast_text(season, made, lang) + "\n")
    return 0


def progress_line() -> Any:
    """A progress line on a terminal's stderr (nothing when stderr is a file: a script's log stays clean)."""
    if not sys.stderr.isatty():
        return None

    def say(done: int, runs: int) -> None:
        end = "\n" if done == runs else ""
        sys.stderr.write(f"\rforecast: {done:,} of {runs:,} runs{end}")
        sys.stderr.flush()

    return say


def forecast_text(season: Season, forecast: Forecast, lang: str = "en") -> str:
    """The forecast as an aligned text table with its heading, its certainties and its model, in `lang`."""
    from keizer.evening.words.tables import text_table
    from keizer.evening.words.forecast import certain_lines, headers, model_line, say, table_rows

    def name(pid: str) -> str:
        return season.player(pid).name  # type: ignore[arg-type]

    head = headers(forecast, lang)
    rows = table_rows(forecast, name, lang)
    table = text_table(head, [cells for _, cells in rows], [True, False] + [True] * (len(head) - 2))
    runs = f"{forecast.runs:,}".replace(",", "." if lang == "nl" else ",")
    title = (f"{season.name} — {say('heading', lang, k=forecast.round)}: "
             f"{say('runs', lang, runs=runs, first=forecast.round + 1, last=forecast.last, seed=forecast.seed)}")
    kind = say("title_group" if forecast.title == "group" else "title_first", lang)
    lines = [title, kind[0].upper() + kind[1:], "", table, ""]
    lines += certain_lines(forecast, name, lang)
    lines += [model_line(forecast, lang), say("honest", lang, runs=runs)]
    return "\n".join(lines)


def forecast_json(season: Season, forecast: Forecast) -> dict[str, Any]:
    """The forecast's JSON (docs/format.md): the stored form with each player's name, place band and the
    outcomes all runs agreed on."""
    from keizer.seasons.forecasts import forecast_to_json

    out = forecast_to_json(forecast)
    for item, p in zip(out["players"], forecast.players):
        item["name"] = season.player(p.player).name
        item["place"] = {"best": p.best, "median": p.median, "worst": p.worst}
    out["certain"] = {o: dict(zip(("every", "none"), map(list, forecast.certain(o)))) for o in forecast.outcomes}
    return out
