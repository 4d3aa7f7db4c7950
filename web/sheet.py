"""A saved round as it is printed: board numbers, white, black, the result, the bye and who does not play.

One formatter for `keizer pairing`, the notice's results and next pairing, and the site's round pages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from keizer.seasons.absence import round_date
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.web.cells import aligned, markdown_table, md_escape
from keizer.evening.words.localised import date as date_text
from keizer.seasons.result_text import SHOWN
from keizer.web.words import entry_word, say


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a saved round."""

    number: int
    """The board number, 1 first (the order of the saved pairing)."""
    white: PlayerId
    black: PlayerId
    white_name: str
    black_name: str
    result: str
    """As the notice board writes it: "1-0", "½-½", "+ -"; "" while pending."""
    group: bool = False
    """A championship group game of the schedule (docs/rules.md §8), marked on the printout and the notice."""


@dataclass(frozen=True, slots=True)
class RoundSheet:
    """A saved round: its boards in board order, its bye and the others who do not play."""

    round: int
    date: str | None
    """The evening, ISO ("2019-09-12"): its own date, else counted from the season's start (None: unknown)."""
    boards: tuple[Board, ...]
    bye: tuple[PlayerId, str] | None
    """(id, name) of who has the bye."""
    absent: tuple[tuple[PlayerId, str, EntryKind], ...]
    """(id, name, entry) of everyone else without a game, in the round's order (by id)."""

    @property
    def has_results(self) -> bool:
        return any(b.result for b in self.boards)


def round_sheet(season: Season, k: int) -> RoundSheet:
    """Round k as saved; KeizerError when round k does not exist or has no saved pairing."""
    if not 1 <= k <= len(season.rounds):
        raise KeizerError(f"round {k} does not exist (the season has {counted(len(season.rounds), 'round')})")
    rnd = season.round(k)
    if not rnd.is_paired:
        raise KeizerError(f"round {k} has no saved pairing (keizer pair --round {k} --save makes one)")
    name = lambda pid: season.player(pid).name  # noqa: E731 — a short local alias
    group = set() if season.championship is None else {frozenset((g.white, g.black))
                                                         for g in season.championship.games_in(k)}
    boards = tuple(Board(i, g.white, g.black, name(g.white), name(g.black), SHOWN[g.result],
                         frozenset((g.white, g.black)) in group)
                   for i, g in enumerate(rnd.games, start=1))
    bye = rnd.bye
    absent = tuple((pid, name(pid), kind) for pid, kind in rnd.entries if kind is not EntryKind.BYE)
    day = round_date(season, k)
    return RoundSheet(k, None if day is None else day.isoformat(), boards,
                      None if bye is None else (bye, name(bye)), absent)


def _cells(sheet: RoundSheet, lang: str, results: bool, codes: Mapping[int, str] | None = None
           ) -> tuple[list[str], list[list[str]], list[bool]]:
    headers = [say("board", lang), say("white", lang), say("black", lang)]
    right = [True, False, False]
    if results:
        headers.append(say("result", lang))
        right.append(False)
    rows = [[str(b.number), b.white_name, b.black_name, *([b.result] if results else [])] for b in sheet.boards]
    if codes:  # the sheet printed for the boards of a live evening: each board's code to report its result with
        headers.append(say("board_code", lang))
        right.append(False)
        for row, board in zip(rows, sheet.boards, strict=True):
            row.append(codes.get(board.number, ""))
    if any(b.group for b in sheet.boards):  # a column without a head, only where a group game is on the boards
        headers.append("")
        right.append(False)
        for row, board in zip(rows, sheet.boards, strict=True):
            row.append(say("group_game", lang) if board.group else "")
    return headers, rows, right


def _after(sheet: RoundSheet, lang: str) -> list[str]:
    lines = []
    if sheet.bye is not None:
        lines.append(f"{say('bye', lang)}: {sheet.bye[1]}")
    if sheet.absent:
        lines.append(f"{say('absent', lang)}: " + ", ".join(f"{name} ({entry_word(kind, lang)})"
                                                           for _, name, kind in sheet.absent))
    return lines


def sheet_title(sheet: RoundSheet, lang: str, results: bool) -> str:
    """"Indeling ronde 34 (12 september 2019)" or "Uitslagen ronde 33 (…)"."""
    title = say("results_of" if results else "pairing_of", lang, k=sheet.round)
    return title + (f" ({date_text(sheet.date, lang)})" if sheet.date else "")


def sheet_lines(sheet: RoundSheet, lang: str, results: bool, markdown: bool = False,
                codes: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """The round as aligned plain text (or a Markdown table): the boards, then the bye and who is absent.
    `results`: with a result column (blank where none is in yet: the printout to fill in); `codes`: each board's
    code for reporting its result (`keizer pairing --codes`: the sheet for the boards, never a published page)."""
    headers, rows, right = _cells(sheet, lang, results, codes)
    after = _after(sheet, lang)
    if markdown:
        return (*markdown_table(headers, rows, right), *([""] if after else []), *(md_escape(a) for a in after))
    return (*aligned(headers, rows, right), *([""] if after else []), *after)
