"""A season as a spreadsheet of games (`keizer export --csv`): the players in the starting ranking's order,
then a row per game in board order and a row per absence, so that a club can keep its spreadsheet and check
keizer against it; `keizer import` reads it back (docs/format.md "Moving in", "From a spreadsheet")."""

from __future__ import annotations

import csv
import io

from keizer.seasons.model import Season
from keizer.seasons.spreadsheet.read import FORMULA
from keizer.seasons.spreadsheet.words import ABSENCE_WORDS, HEADER, WITHDREW, WRITTEN


def spreadsheet_text(season: Season) -> str:
    """The season as CSV the way a Dutch spreadsheet opens it: `;` between fields, CRLF line ends, UTF-8 with a
    byte order mark (Excel reads the accents right only so). Rows: one per player without a round (the
    starting ranking, with the rating), then per round its games in board order and its absences in the
    players' order, then each withdrawal in the round before which it took effect."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(HEADER)
    names = {p.id: _cell(p.name) for p in season.players}
    for p in season.players:
        writer.writerow(("", "", names[p.id], "", "", "" if p.rating is None else p.rating))
    order = {p.id: i for i, p in enumerate(season.players)}
    for rnd in season.rounds:
        date = rnd.date or ""
        for g in rnd.games:
            writer.writerow((rnd.number, date, names[g.white], names[g.black], WRITTEN[g.result], ""))
        for pid, kind in sorted(rnd.entries, key=lambda e: order[e[0]]):
            writer.writerow((rnd.number, date, names[pid], "", ABSENCE_WORDS[kind], ""))
    for w in season.withdrawals:
        writer.writerow((w.before_round, "", names[w.player], "", WITHDREW[0], ""))
    return out.getvalue()


def _cell(name: str) -> str:
    """A name a spreadsheet program would take for a formula (`=…`, `+…`) with a `'` before it: text, never
    run (the import takes the `'` off again)."""
    return "'" + name if name.startswith(FORMULA) else name
