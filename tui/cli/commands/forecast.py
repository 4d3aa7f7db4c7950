"""`keizer forecast`: each player's chances of what the season can still bring, from its rest played many times."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Literal

from keizer.evening.evening import Evening
from keizer.evening.forecasts import make_forecast
from keizer.evening.words.forecast import (certain_lines, headers, margin_note, model_line, needs_lines, player_line,
                                            say, table_rows)
from keizer.evening.words.tables import text_table
from keizer.seasons.forecasts import Forecast, PlayerNeeds, forecast_to_json, margin
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import PlayerId, Season


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
    p.add_argument("--player", metavar="NAME",
                   help="what this player needs: their chances given the next round won, drawn, lost or missed, "
                        "and the points of the next three rounds that keep a chance alive")
    p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    p.add_argument("--lang", choices=("nl", "en"),
                   help="the text's language (default: the season's, the ruleset's `language`)")
    p.set_defaults(run=run)


def add_run_options(p: argparse.ArgumentParser) -> None:
    """`--runs` and `--seed`, as every command that makes a forecast takes them."""
    p.add_argument("--runs", type=runs_arg, default=1000, metavar="N|auto",
                   help="runs of the rest of the season (default 1000); auto: until every chance is as sharp as "
                        "it is shown, 1000 at most (the runs used are said)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed of the runs (default 0)")


def runs_arg(text: str) -> int | Literal["auto"]:
    """`--runs`: a whole number (checked by the forecast) or "auto"."""
    if text.strip().lower() == "auto":
        return "auto"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number or auto, got {text!r}") from None


def run(args: argparse.Namespace) -> int:
    with Evening.read(args.season) as evening:
        season = evening.season
        lang = args.lang or evening.ruleset.language
    player = resolve_player(season, args.player, "--player") if args.player is not None else None
    made = make_forecast(season, args.round, args.runs, args.seed, progress=progress_line(), needs=player is not None)
    if args.json:
        data = forecast_json(season, made) if player is None else needs_json(season, made, player)
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write((forecast_text(season, made, lang) if player is None
                          else needs_text(season, made, player, lang)) + "\n")
    return 0


def progress_line() -> Any:
    """A progress line on a terminal's stderr (nothing when stderr is a file: a script's log stays clean)."""
    if not sys.stderr.isatty():
        return None

    def say(so_far: Forecast, runs: int) -> None:
        done = so_far.runs
        end = "\n" if done == runs or so_far.sharp and done >= 100 else ""
        sys.stderr.write(f"\rforecast: {done:,} of {runs:,} runs, every chance within ±"
                         f"{100 * so_far.widest():.1f} points{end}")
        sys.stderr.flush()

    return say


def forecast_text(season: Season, forecast: Forecast, lang: str = "en") -> str:
    """The forecast as an aligned text table with its heading, each chance with its margin ("38% ± 3"), its
    certainties and its model, in `lang`."""

    def name(pid: str) -> str:
        return season.player(pid).name  # type: ignore[arg-type]

    head = headers(forecast, lang)
    rows = table_rows(forecast, name, lang, margins=True)
    table = text_table(head, [cells for _, cells in rows], [True, False] + [True] * (len(head) - 2))
    kind = say("title_group" if forecast.title == "group" else "title_first", lang)
    lines = [heading(season, forecast, lang), kind[0].upper() + kind[1:], "", table, ""]
    lines += certain_lines(forecast, name, lang)
    lines += [margin_note(forecast, lang), model_line(forecast, lang), say("honest", lang, runs=_runs(forecast, lang))]
    return "\n".join(lines)


def _runs(forecast: Forecast, lang: str) -> str:
    """The number of runs as the language writes a thousand ("1.000" in Dutch)."""
    return f"{forecast.runs:,}".replace(",", "." if lang == "nl" else ",")


def heading(season: Season, forecast: Forecast, lang: str = "en") -> str:
    return (f"{season.name} — {say('heading', lang, k=forecast.round)}: "
            f"{say('runs', lang, runs=_runs(forecast, lang), first=forecast.round + 1, last=forecast.last, seed=forecast.seed)}")


def needs_text(season: Season, forecast: Forecast, pid: PlayerId, lang: str = "en") -> str:
    """What one player needs (`--player`): their chances, then given the next round and the next rounds' points."""
    name = season.player(pid).name
    needs = forecast.needs_of(pid)
    kind = say("title_group" if forecast.title == "group" else "title_first", lang)
    lines = [heading(season, forecast, lang), kind[0].upper() + kind[1:], "", player_line(forecast, pid, name, lang), ""]
    if needs is None:
        lines.append(f"{name} speelt de komende ronden niet." if lang == "nl" else
                     f"{name} does not play in the rounds to come.")
    else:
        lines += [say("needs_heading", lang), *needs_lines(forecast, needs, name, lang)]
    lines += ["", margin_note(forecast, lang), model_line(forecast, lang), say("honest", lang, runs=_runs(forecast, lang))]
    return "\n".join(lines)


def needs_json(season: Season, forecast: Forecast, pid: PlayerId) -> dict[str, Any]:
    """The forecast's JSON with `player`: what that player needs (docs/format.md)."""
    out = forecast_json(season, forecast)
    needs = forecast.needs_of(pid)
    out["player"] = {"player": pid, "name": season.player(pid).name,
                     "needs": None if needs is None else _needs(needs, forecast.outcomes)}
    return out


def _needs(needs: PlayerNeeds, outcomes: tuple[str, ...]) -> dict[str, Any]:
    def chances(items: tuple[tuple[str, float, float], ...]) -> dict[str, Any]:
        return {o: {"chance": c, "margin": m} for o, c, m in items}

    return {"round": needs.first, "next_rounds": [needs.first, needs.last],
            "given": {c.condition: {"runs": c.runs, **chances(c.chances)} for c in needs.conditions},
            "by_points": [{"points": float(row.points), "runs": row.runs, **chances(row.chances)}
                          for row in needs.points],
            "needed": {o: None if (least := needs.needed(o)) is None else float(least)  # type: ignore[arg-type]
                       for o in ("title", "group") if o in outcomes}}


def forecast_json(season: Season, forecast: Forecast) -> dict[str, Any]:
    """The forecast's JSON (docs/format.md): the stored form with each player's name, place band and the
    outcomes all runs agreed on, each chance's margin."""
    out = forecast_to_json(forecast)
    for item, p in zip(out["players"], forecast.players):
        item["name"] = season.player(p.player).name
        item["place"] = {"best": p.best, "median": p.median, "worst": p.worst}
        item["margins"] = {o: margin(c, forecast.runs) for o in forecast.outcomes if (c := p.chance(o)) is not None}
    out["sharp"] = forecast.sharp
    out["certain"] = {o: dict(zip(("every", "none"), map(list, forecast.certain(o)))) for o in forecast.outcomes}
    return out
