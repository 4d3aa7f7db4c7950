"""Plain text that stays aligned in a fixed-width font, also with wide (CJK) and combining characters."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def cell_width(text: str) -> int:
    """The columns `text` takes in a fixed-width font: a combining mark or a zero-width character none, an
    East Asian wide or full-width character two, everything else one."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` filled with spaces to `width` columns (on the left when `right`)."""
    fill = " " * max(0, width - cell_width(text))
    return fill + text if right else text + fill


def aligned(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool],
            rule: bool = True) -> tuple[str, ...]:
    """An aligned table's lines: the headers, a rule of dashes, the rows; `right[i]` right-aligns column i.
    Columns are two spaces apart and lines carry no trailing spaces."""
    widths = [cell_width(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell_width(cell))

    def line(cells: Sequence[str]) -> str:
        return "  ".join(pad(c, w, r) for c, w, r in zip(cells, widths, right)).rstrip()

    dashes = ["-" * w for w in widths]
    return (line(headers), *([line(dashes)] if rule else []), *(line(r) for r in rows))


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> tuple[str, ...]:
    """A Markdown (GitHub) table's lines; every cell through `md_escape`, so a name is text, never markup."""

    def cell(text: str) -> str:
        return md_escape(text) or " "

    return ("| " + " | ".join(cell(h) for h in headers) + " |",
            "|" + "|".join("---:" if r else ":---" for r in right) + "|",
            *("| " + " | ".join(cell(c) for c in row) + " |" for row in rows))


_MARKDOWN = set("\\`*_[]<>|~#")


def md_escape(text: str) -> str:
    """`text` with Markdown's special characters backslash-escaped: shown as written, never as markup."""
    return "".join("\\" + c if c in _MARKDOWN else c for c in text)
