"""The static site of the week's notice: pages rendered from Jinja2 templates into {file name: text}."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import resources
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from keizer.evening.evening import Evening
from keizer.evening.standings import cards_of, frames_of
from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import PlayerId
from keizer.evening.words.legend import LANGUAGES
from keizer.web.site.chart import RACE_COLOURS, RACE_DASHES, Series, line_chart
from keizer.web.site.forecast import forecast_context, player_needs
from keizer.web.site.championship import group_context
from keizer.evening.words.localised import date as date_text
from keizer.evening.words.localised import number, points
from keizer.web.notice import (Table, is_last_round, make_notice, standings_for, standings_title,
                                       title, to_come, to_come_sentence)
from keizer.web.site.players import cross_cells, history, page_names, standings_by_round
from keizer.web.site.prizes import classes_context, cups_context
from keizer.web.sheet import RoundSheet, round_sheet, sheet_title
from keizer.web.site.data import ExtraPage, Site
from keizer.web.words import entry_word, say

if TYPE_CHECKING:
    from keizer.evening.standings import PlayerCard, StandingRow


EXTRA_PAGES: tuple[ExtraPage, ...] = (
    ExtraPage("kampioensgroep.html", "group.html", ("Kampioensgroep", "Championship group"), group_context,
              "championship-group.html"),
    ExtraPage("klassen.html", "classes.html", ("Klassen", "Classes"), classes_context, "classes.html"),
    ExtraPage("bekers.html", "cups.html", ("Groepsbekers", "Group cups"), cups_context, "cups.html"),
    ExtraPage("vooruitblik.html", "forecast.html", ("Vooruitblik", "Forecast"), forecast_context, "forecast.html"),
)
"""The hook for the pages of other parts of the competition: each adds one entry here."""

CSS_FILE = "site.css"


def environment() -> Environment:
    """Templates shipped in the package, every value escaped unless it is already markup (an SVG chart)."""
    env = Environment(loader=PackageLoader("keizer.web", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      auto_reload=False)  # one site is one run: a template is not edited meanwhile
    env.globals["player_link"] = player_link
    env.globals["standings_rows"] = standings_rows
    return env


_MARKUP = re.compile("[&<>\"']")
"""A character that HTML must have escaped (markupsafe's five): a cell without one is written as it is."""


def standings_rows(table: Table, pages: Mapping[PlayerId, str], root: str) -> Markup:
    """The rows of a standings table as HTML, every cell escaped, a name linked to the player's page. Written
    here, not in the template: a site has a table after every round, and Jinja's loops over some 30,000
    cells took more time than everything else the site computes."""
    kinds = ["name" if h in ("Naam", "Name") else "num" if right else "" for h, right in zip(table.headers, table.right)]
    lines = []
    for pid, row in zip(table.players, table.rows):
        cells = []
        for cell, kind in zip(row, kinds):
            if kind == "name":
                cells.append(f'<td class="name">{player_link(pid, cell, pages, root)}</td>')
            else:
                text = escape(cell) if _MARKUP.search(cell) else cell
                cells.append(f'<td class="{kind}">{text}</td>' if kind else f"<td>{text}</td>")
        lines.append(f"<tr>{''.join(cells)}</tr>\n")
    return Markup("".join(lines))


def player_link(pid: PlayerId, name: str, pages: Mapping[PlayerId, str], root: str) -> Markup:
    """A player's name linked to their page, or the name alone for a player without one (escaped)."""
    if pid in pages:
        return Markup(f'<a href="{escape(root)}players/{escape(pages[pid])}">{escape(name)}</a>')
    return escape(name)


def build_site(evening: Evening, k: int, lang: str, style: str | None = None,
               forecasts: tuple[Forecast, ...] = ()) -> dict[str, str]:
    """Every file of the site after round k in `lang` ("nl" or "en"), by relative path, read through the
    evening (its replay: a publish replays the season once): the same season gives the same bytes (no clock,
    no random ids). `forecasts`: the forecast after round k last, those kept before it first (the forecast
    page; none: no page)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    season = evening.season
    rep = evening.standings.replay(k)
    notice = make_notice(season, rep, lang, style)
    site = Site(season, rep, notice, lang, style or rep.ruleset.columns,
                {pid: name for pid, name in page_names(season).items() if pid in set(notice.table.players)},
                forecasts)
    env = environment()
    extras = [(page, page.context(site)) for page in EXTRA_PAGES]
    menu = [("index.html", say("home", lang)), ("cross.html", say("cross_table", lang)),
            ("rounds/index.html", say("archive", lang))]
    if notice.next is not None or notice.results is not None:
        menu.append(("pairing.html", say("print_pairing", lang)))
    menu += [(page.file_in(lang), page.title[0 if lang == "nl" else 1]) for page, ctx in extras if ctx is not None]

    def render(path: str, template: str, **context: Any) -> None:
        root = "../" * path.count("/")
        files[path] = env.get_template(template).render(
            say=lambda key, **fill: say(key, lang, **fill), lang=lang, root=root, menu=menu, season=season.name,
            css=root + CSS_FILE, here=path, pages=site.pages, date=lambda iso: date_text(iso, lang),
            sheet_title=lambda sheet, results: sheet_title(sheet, lang, results),
            entry=lambda kind: entry_word(kind, lang), owed=lambda items: to_come_sentence(items, lang),
            **context)

    files: dict[str, str] = {CSS_FILE: resources.files("keizer.web").joinpath("templates", CSS_FILE).read_text("utf-8")}
    # club night: the next round is paired and none of its results is in — its pairing goes first
    tonight = notice.next is not None and not season.round(notice.next.round).has_results
    render("index.html", "index.html", notice=notice, heading=title(notice), tonight=tonight)
    # the next round's results, already in when an older round is published, are after K: left blank
    next_or_last = _without_results(notice.next) if notice.next is not None else notice.results
    if next_or_last is not None:
        # always with the result column: blank on the notice board's copy, for the results as they come in
        render("pairing.html", "pairing.html", sheet=next_or_last, results=True,
               heading=sheet_title(next_or_last, lang, notice.next is None))
    order = notice.table.players
    cells = cross_cells(rep, order, lang)
    render("cross.html", "cross.html", heading=f"{say('cross_table', lang)} — {title(notice)}", order=order,
           rounds=tuple(range(1, k + 1)), cells=cells, table=notice.table,
           names={pid: season.player(pid).name for pid in order},
           withdrawn=any(where == say("cross_withdrawn", lang) for row in cells.values() for where, _, _ in row))
    _player_pages(site, render)
    _round_pages(site, render)
    for page, ctx in extras:
        if ctx is not None:
            # a page's context may give a fuller heading ("Klassen na ronde 32") than its menu label
            render(page.file_in(lang), page.template, **{"heading": page.title[0 if lang == "nl" else 1], **ctx})
            if page.file_in(lang) != page.file:  # the old (Dutch) name, where a club linked it: sent on
                files[page.file] = env.get_template("moved.html").render(
                    lang=lang, to=page.file_in(lang), title=page.title[0 if lang == "nl" else 1],
                    said=say("moved", lang), season=season.name)
    return files


def _without_results(sheet: RoundSheet) -> RoundSheet:
    """The round's pairing with every result column blank: the notice board's copy to fill in."""
    return replace(sheet, boards=tuple(replace(board, result="") for board in sheet.boards))


def _player_pages(site: Site, render: Callable[..., None]) -> None:
    after = standings_by_round(site.replay)
    cards = cards_of(site.replay, site.replay.upto, tuple(site.pages))
    for pid, file in site.pages.items():
        render(f"players/{file}", "player.html", **player_context(site, pid, after, cards[pid]))


def player_context(site: Site, pid: PlayerId, after: Sequence[Mapping[PlayerId, StandingRow]] | None = None,
                   card: PlayerCard | None = None) -> dict[str, Any]:
    """What `player.html` shows of one player after the site's round: the published site's pages and the live
    evening's (`web/live/pages.py`). `after` and `card`: computed for every page at once by the caller."""
    lang, rep = site.lang, site.replay
    after = standings_by_round(rep) if after is None else after
    card = cards_of(rep, rep.upto, (pid,))[pid] if card is None else card
    rows, series = history(rep, pid, lang, after, card)
    standing = after[rep.upto][pid]
    name = site.season.player(pid).name
    rank_chart = line_chart(Series(say("chart_rank", lang), tuple((j, float(r)) for j, _, r, _ in series), True),
                            f"{say('chart_rank', lang)}: {name}", lambda v: number(str(int(v)), lang))
    # the table's Total and the points as published: one story, both lines drawn and named (a round is
    # priced again as values change, so the two part where a player's opponents moved)
    scores = (Series(say("chart_published", lang), tuple((j, float(s)) for j, s, _, _ in series)),
              Series(say("chart_today", lang), tuple((j, float(t)) for j, _, _, t in series)))
    score_chart = line_chart(scores, f"{say('chart_score', lang)}: {name}", lambda v: number(f"{v:.0f}", lang))
    score_lines = tuple((s.label, RACE_COLOURS[i], RACE_DASHES[i]) for i, s in enumerate(scores))
    return dict(rows=rows, name=name, legend_table={"legend": _rounds_legend(lang, rep.upto)},
                needs=player_needs(site, pid), heading=say("player_after", lang, name=name, k=rep.upto),
                summary=say("place_points", lang, rank=standing.rank, score=points(standing.score, lang),
                            value=points(standing.value, lang)),
                rank_chart=rank_chart, score_chart=score_chart, score_lines=score_lines, k=rep.upto)


def _rounds_legend(lang: str, k: int) -> tuple[tuple[str, str], ...]:
    """The short headers of a player's rounds, each with its meaning."""
    return tuple((say(f"col_{key}", lang), say(f"legend_{key}", lang, k=k))
                 for key in ("round", "colour", "result", "points", "total", "place"))


def _round_pages(site: Site, render: Callable[..., None]) -> None:
    rep = site.replay
    listed = []
    # the table after each round j as a replay up to j gives it: the replay up to K keeps them (rules §6)
    tables = frames_of(rep, range(1, rep.upto))
    for j in range(1, rep.upto + 1):
        context = round_context(site, j, tables.get(j))
        render(f"rounds/{j}.html", "round.html", **context)
        listed.append((j, context["sheet"].date))
    render("rounds/index.html", "archive.html", heading=say("archive", site.lang), listed=tuple(reversed(listed)))


def round_context(site: Site, j: int, frame: Any = None) -> dict[str, Any]:
    """What `round.html` shows of round j (≤ the site's round): its boards and the table after it, as the replay
    up to the site's round keeps it (`frame`: that table, when the caller computed them together). The published
    site's pages and the live evening's."""
    lang, season, rep = site.lang, site.season, site.replay
    sheet = round_sheet(season, j)
    table = site.notice.table if j == rep.upto else standings_for(rep, site.style, lang, j, frame)
    return dict(sheet=sheet, table=table, missing=rep.standings(j).missing, to_come=to_come(season, j),
                heading=sheet_title(sheet, lang, True),
                standings_title=standings_title(j, lang, is_last_round(season, j)),
                previous=j - 1 if j > 1 else None, following=j + 1 if j < rep.upto else None)
