"""How numbers and tables look to a person: shared by the shells (the app, the CLI, publishing)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from keizer.seasons.model import Colour
from keizer.seasons.names import short_names
from keizer.seasons.numbers import exact_text as exact
from keizer.seasons.numbers import points_text as points
from keizer.seasons.numbers import whole_half_up

if TYPE_CHECKING:
    from keizer.scoring.replay import Replay


def fit_names(names: Sequence[str], say: Callable[[Mapping[str, str]], str], width: int, lines: int = 1,
              at_least: int = 2) -> str | None:
    """`say(shorts)` — a text that names each player as `shorts[name]` — with the names as long as they can be
    for the text to wrap into at most `lines` lines of `width` characters: whole where they fit, else
    `short_names` of one width; None where even names `at_least` characters long do not fit (the caller says
    less, or lets the text take more lines)."""
    longest = max(map(len, names), default=0)
    for room in (longest, *range(longest - 1, max(1, at_least) - 1, -1)):
        shorts = {name: name for name in names} if room == longest else short_names(names, room, room)
        text = say(shorts)
        # wrapped the way a Static wraps: at spaces only, a word longer than the line folded
        if len(textwrap.wrap(text, width, break_on_hyphens=False)) <= lines:
            return text
    return None



def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain aligned table; `right[i]` right-aligns column i (numbers)."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


# (header, table column, how to show it, right-aligned): the two clubs' published columns (docs/rules.md §10).
Column = tuple[str, str, Callable[[Any], str], bool]


def _int(v: Any) -> str:
    return "" if v is None else str(v)


def _signed(v: Any) -> str:
    return "" if v is None else f"{v:+d}" if v else "0"


def _pct(v: Any) -> str:
    """A score percentage, whole, a half up: 62.5% is "63%" as 37.5% is "38%". The table's float is the exact
    quotient to the half (board points in halves over whole games: an x.5 is a binary number)."""
    return "" if v is None else f"{whole_half_up(v)}%"


def colour_run_text(run: str, lang: str = "en") -> str:
    """A colour run as the reader's language writes it: "3W"/"2B" in English, "3W"/"2Z" (wit, zwart) in
    Dutch. The standings table and its JSON keep D's Dutch letters (`scoring.history.colour_run`)."""
    if lang == "nl":
        return run
    return run.replace(Colour.BLACK.dutch, Colour.BLACK.letter)


def _flag(v: Any) -> str:
    return "" if v is None else ("ja" if v else "nee")


COLUMNS: dict[str, tuple[Column, ...]] = {
    "d": (
        ("#", "rank", _int, True), ("Name", "name", str, False), ("Points", "score", points, True),
        ("Value", "value", points, True), ("GSP", "games", _int, True), ("GW", "won", _int, True),
        ("RM", "drawn", _int, True), ("VL", "lost", _int, True), ("AF", "pending", _int, True),
        ("%", "score_pct", _pct, True), ("KL", "colour_balance", _signed, True),
        ("AL", "colour_run", str, False), ("ON", "byes", _int, True), ("NG", "excused", _int, True),
        ("ZK", "unexcused", _int, True),
    ),
    "k": (
        ("Pl", "rank", _int, True), ("Wrd", "value", points, True), ("Naam", "name", str, False),
        ("Lot", "lot", _int, True), ("Keizer", "score", lambda v: points(v, 1), True),
        ("Groep", "group", _int, True), ("Bordpt", "board_points", lambda v: points(Fraction(v), 1), True),
        ("Gesp", "games", _int, True), ("Opk", "attended", _int, True),
        ("Kleur", "colour_balance", _signed, True), ("33%?", "eligible", _flag, False),
    ),
}


FINAL_GROUP_MARK = {"en": "(final group)", "nl": "(finalegroep)"}
"""The mark after a finalist's name in a standings table (docs/rules.md §8)."""


def standings_cells(rep: Replay, table: Any, style: str, lang: str = "en", k: int | None = None
                    ) -> tuple[tuple[tuple[str, bool], ...], list[tuple[str, list[str]]]]:
    """(header, right-aligned) per column and (player id, cells) per row of a standings table after round k
    (default: the replay's last), in club D's or club K's published columns; colour runs in `lang`'s letters.
    Scores and values are shown from the exact fractions, not the table's display floats."""
    columns = COLUMNS[style]
    exact_of = {str(r.player): r for r in rep.standings(rep.upto if k is None else k).rows}
    players = table.get_column("player").to_list()
    standings = [exact_of[pid] for pid in players]
    mark = FINAL_GROUP_MARK[lang if lang in FINAL_GROUP_MARK else "en"]
    own: dict[str, list[Any]] = {  # column by column: a site shows a table after every round
        "score": [st.score for st in standings], "value": [st.value for st in standings],
        "colour_run": [colour_run_text(run, lang) for run in table.get_column("colour_run").to_list()],
        # docs/rules.md §8: a finalist is held at the top while the final group plays
        "name": [f"{name} {mark}" if st.final_group else name
                 for name, st in zip(table.get_column("name").to_list(), standings)],
    }
    shown = [[show(v) for v in (own[col] if col in own else table.get_column(col).to_list())]
             for _, col, show, _ in columns]
    rows = [(pid, list(cells)) for pid, cells in zip(players, zip(*shown))]
    return tuple((c[0], c[3]) for c in columns), rows


