"""The week's notice (D art. 6): the standings after round K, its results and the next pairing, as plain text
that stays aligned in a fixed-width font, or Markdown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keizer.evening.standings import table_of
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.rounds import team_results_to_come
from keizer.seasons.season_length import season_length
from keizer.evening.words.tables import standings_cells
from keizer.evening.words.legend import header, legend
from keizer.web.cells import aligned, cell_width, markdown_table, md_escape
from keizer.evening.words.localised import date as date_text
from keizer.evening.words.localised import number
from keizer.web.sheet import RoundSheet, round_sheet, sheet_lines, sheet_title
from keizer.web.words import say

if TYPE_CHECKING:
    from keizer.evening.standings import Replay


@dataclass(frozen=True, slots=True)
class Table:
    """The standings after a round in the club's columns, every cell as published in one language."""

    headers: tuple[str, ...]
    right: tuple[bool, ...]
    """Right-aligned (a number column)."""
    rows: tuple[tuple[str, ...], ...]
    players: tuple[PlayerId, ...]
    """The player of each row."""
    legend: tuple[tuple[str, str], ...]
    """(header, meaning) of every abbreviation in `headers`."""



@dataclass(frozen=True, slots=True)
class ToCome:
    """A team match of rounds 1..K whose result is still to come: the standings after K are provisional
    until it is entered, and the notice says whose (it may come days later, docs/rules.md §13)."""

    round: int
    player: PlayerId
    name: str
    """The player's name as written in the season (data: escaped wherever it is published)."""


def to_come(season: Season, k: int) -> tuple[ToCome, ...]:
    """The team results of rounds 1..k still to come, in round order, then by player id."""
    return tuple(ToCome(j, pid, season.player(pid).name) for j, pid in team_results_to_come(season, k))


def to_come_sentence(items: tuple[ToCome, ...], lang: str) -> str:
    """"2 team results are still to come: Ann Visser (round 31), Bob Jansen (round 32)." in `lang`; "" for
    none. Plain text: each shell escapes it as its own markup needs."""
    if not items:
        return ""
    names = ", ".join(say("to_come_who", lang, name=t.name, k=t.round) for t in items)
    return say("to_come", lang, n=len(items), names=names)


@dataclass(frozen=True, slots=True)
class Notice:
    """Everything published for one week, in one language."""

    season: str
    round: int
    """The standings are those after this round (0: the starting ranking)."""
    lang: str
    date: str | None
    """Round `round`'s evening, ISO."""
    table: Table
    missing: int
    """Results of rounds 1..round still missing: the standings are provisional while any is."""
    to_come: tuple[ToCome, ...]
    """The team results among `missing`, named (the rest are games on a board without a result)."""
    results: RoundSheet | None
    """Round `round` with its results (None for round 0)."""
    next: RoundSheet | None
    """Round `round` + 1 when it is paired."""
    final: bool = False
    """`round` is the season's last planned round: the table is the final standings ("Eindstand")."""


def standings_for(rep: Replay, style: str, lang: str, k: int | None = None, table: Any = None) -> Table:
    """The table after round k (default: `rep.upto`) in the club's columns (evening/words/tables.py COLUMNS), numbers in
    `lang`: a replay up to K holds the table after every round before it (docs/rules.md §6). `table`: that
    round's `standings_table` (a polars frame), when the caller has it already."""
    columns, rows = standings_cells(rep, table_of(rep, k) if table is None else table, style, lang, k)
    headers = tuple(h for h, _ in columns)
    right = tuple(r for _, r in columns)
    words = {"ja": say("yes", lang), "nee": say("no", lang)}

    def shown(cell: str, is_number: bool) -> str:
        return number(cell, lang) if is_number else words.get(cell, cell)

    cells = tuple(tuple(shown(c, r) for c, r in zip(row, right)) for _, row in rows)
    return Table(tuple(header(h, lang) for h in headers), right, cells,
                 tuple(PlayerId(pid) for pid, _ in rows), legend(headers, lang))


def make_notice(season: Season, rep: Replay, lang: str, style: str | None = None) -> Notice:
    """The notice after round `rep.upto` in `lang`, in `style`'s columns (default: the ruleset's)."""
    k = rep.upto
    style = style or rep.ruleset.columns
    results = round_sheet(season, k) if k >= 1 else None
    paired_next = k + 1 <= len(season.rounds) and season.round(k + 1).is_paired
    return Notice(season=season.name, round=k, lang=lang, date=None if results is None else results.date,
                  table=standings_for(rep, style, lang), missing=rep.standings().missing,
                  to_come=to_come(season, k), results=results,
                  next=round_sheet(season, k + 1) if paired_next else None, final=is_last_round(season, k))


def is_last_round(season: Season, k: int) -> bool:
    """Round k is the season's last planned one: its table is the final standings (provisional while a result
    is missing, which the note above it says)."""
    planned = season_length(season)
    return planned is not None and k >= planned > 0


def standings_title(k: int, lang: str, final: bool) -> str:
    """"Ranglijst na ronde 12", "Eindstand" after the last planned round, or the starting ranking."""
    if k == 0:
        return say("start_ranking", lang)
    return say("final_standings", lang) if final else say("standings_after", lang, k=k)


def title(notice: Notice) -> str:
    """The notice's table's title (`standings_title`)."""
    return standings_title(notice.round, notice.lang, notice.final)


def notice_text(notice: Notice, markdown: bool = False) -> str:
    """The notice as plain aligned text, or Markdown: title, standings, legend, results, next pairing."""
    lang = notice.lang
    out: list[str] = []

    def heading(text: str, level: int) -> None:
        if markdown:
            out.extend([f"{'#' * level} {md_escape(text)}", ""])
        else:
            out.extend([text, ("=" if level == 1 else "-") * cell_width(text), ""])

    heading(notice.season, 1)
    when = f" ({date_text(notice.date, lang)})" if notice.date else ""
    heading(title(notice) + when, 2)
    if notice.missing:
        out.append(say("provisional", lang, n=notice.missing))
        if owed := to_come_sentence(notice.to_come, lang):
            out.append(md_escape(owed) if markdown else owed)
        out.append("")
    table = notice.table
    out.extend(markdown_table(table.headers, table.rows, table.right) if markdown
               else aligned(table.headers, table.rows, table.right))
    out.append("")
    if table.legend:
        out.append(f"{say('legend', lang)}:")
        for abbr, meaning in table.legend:
            out.append(f"- {md_escape(abbr)}: {meaning}" if markdown else f"  {abbr:<7}{meaning}")
        out.append("")
    for sheet, results in ((notice.results, True), (notice.next, False)):
        if sheet is not None:
            heading(sheet_title(sheet, lang, results), 2)
            out.extend(sheet_lines(sheet, lang, results, markdown))
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
