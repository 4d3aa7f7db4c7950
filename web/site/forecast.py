"""The published site's forecast page: each player's chances after the round, and the title race round by round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import PlayerId
from keizer.web.site.chart import RACE_COLOURS, RACE_DASHES, Series, race_chart
from keizer.evening.words.forecast import (certain_lines, chance, headers, legend, margin_note, model_line,
                                            needs_lines, player_line, say, table_rows)

if TYPE_CHECKING:
    from keizer.web.site.data import Site

RACE_PLAYERS = 6
"""The title race draws this many players: the likeliest champions of the newest forecast."""

PHONE_COLUMNS = 4
PHONE_NAME = 20
"""A forecast table of at most this many columns, none of whose names is longer, fits a phone's 375 pixels
(the demo's: #, name, title, final place): it says nothing of swiping sideways. One more column did not fit
(tests/publish/test_forecast_browser.py)."""


def forecast_context(site: Site) -> Mapping[str, Any] | None:
    """The page's variables: the newest forecast (after the published round) as a table with its sentences,
    and the race of the forecasts kept before it; None without a forecast (published without `--forecast`)."""
    if not site.forecasts:
        return None
    lang, season = site.lang, site.season
    now = site.forecasts[-1]

    def name(pid: PlayerId) -> str:
        return season.player(pid).name if season.has_player(pid) else pid

    rows = table_rows(now, name, lang)
    head = headers(now, lang)
    runs = f"{now.runs:,}".replace(",", "." if lang == "nl" else ",")
    race, swatches = _race(site.forecasts, now, name, lang)
    kind = say("title_group" if now.title == "group" else "title_first", lang)
    intro = say("runs", lang, runs=runs, first=now.round + 1, last=now.last, seed=now.seed)
    return {
        "heading": say("heading", lang, k=now.round),
        "intro": intro[0].upper() + intro[1:],  # each a sentence of the page: a capital first
        "kind": kind[0].upper() + kind[1:],
        "head": head,
        "swipe": len(head) > PHONE_COLUMNS or any(len(cells[1]) > PHONE_NAME for _, cells in rows),
        "players": tuple(pid for pid, _ in rows),
        "rows": tuple(cells for _, cells in rows),
        "certain": certain_lines(now, name, lang),
        "model": model_line(now, lang),
        "honest": say("honest", lang, runs=runs),
        "race": race,
        "race_title": say("race", lang),
        "race_note": say("race_note", lang),
        "swatches": swatches,
        "legend_table": {"legend": legend(now, lang)},
    }


def player_needs(site: Site, pid: PlayerId) -> Mapping[str, Any] | None:
    """A player's page's "What do I need?": their chances after the round and what they need — given the next
    round won, drawn, lost or missed, and the points of the next rounds — each with its margin, from the newest
    forecast (published with `--forecast`); None without one, or for a player it says nothing of."""
    if not site.forecasts:
        return None
    now = site.forecasts[-1]
    needs = now.needs_of(pid)
    if needs is None or now.player(pid) is None:
        return None
    lang, name = site.lang, site.season.player(pid).name
    return {"heading": say("needs_heading", lang), "chances": player_line(now, pid, name, lang),
            "lines": needs_lines(now, needs, name, lang), "note": margin_note(now, lang),
            "runs": say("runs", lang, runs=f"{now.runs:,}".replace(",", "." if lang == "nl" else ","),
                        first=now.round + 1, last=now.last, seed=now.seed)}


def _race(kept: tuple[Forecast, ...], now: Forecast, name: Any, lang: str,
          ) -> tuple[Markup, tuple[tuple[str, str, str], ...]]:
    """The chart of the title chances of the newest forecast's likeliest champions, one point per forecast kept,
    and its legend: (name, colour, dash) per line."""
    leaders = [p.player for p in now.contenders(RACE_PLAYERS)]
    lines = []
    for pid in leaders:
        points = []
        for f in kept:
            p = f.player(pid)
            points.append((f.round, p.title if p is not None else 0.0))
        lines.append(Series(name(pid), tuple(points)))
    chart = race_chart(lines, say("race", lang), lambda v: chance(v, lang) or "0%")
    swatches = tuple((name(pid), RACE_COLOURS[i % len(RACE_COLOURS)], RACE_DASHES[i % len(RACE_DASHES)])
                     for i, pid in enumerate(leaders))
    return chart, swatches
