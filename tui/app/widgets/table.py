"""A DataTable that can be refilled without losing the director's place in it, showing every cell as data."""

from __future__ import annotations

from collections.abc import Sequence

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable

from keizer.evening.words.visible import visible

Cell = str | Text
Row = tuple[str, Sequence[Cell]]
"""(row key, cells)."""


def plain(cell: Cell) -> Text:
    """A cell as text to show, never markup: DataTable parses a `str` as Rich markup, so a name like
    `[@click=app.quit]Jan[/]` would become a link (or `[/]` an error); control characters show as escapes."""
    if isinstance(cell, Text):
        return cell
    return Text(visible(cell), end="")


class KeizerTable(DataTable[Cell]):
    """Rows have stable keys (player ids, board numbers); `fill` keeps the cursor on the same key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "first_row", "First", show=False),
        Binding("end", "last_row", "Last", show=False),
    ]

    def __init__(self, *, id: str | None = None, cursor_type: str = "row", cell_padding: int = 1) -> None:
        super().__init__(id=id, cursor_type=cursor_type, zebra_stripes=False,  # type: ignore[arg-type]
                         cell_padding=cell_padding)
        self._keys: list[str] = []
        self._cells: list[tuple[Cell, ...]] = []
        self._drawn_shape: tuple[int, tuple[int, ...]] | None = None
        """`_line_shape` when the lines were last drawn."""

    def _line_shape(self) -> tuple[int, tuple[int, ...]]:
        """What a line drawn depends on besides its cells and the cursor: the table's width (blanks fill a
        line to its right edge) and its columns' (measured when the table is idle, after the rows came)."""
        return self.size.width, tuple(column.get_render_width(self) for column in self.ordered_columns)

    def render_lines(self, crop: Region) -> list[Strip]:
        shape = self._line_shape()
        if shape != self._drawn_shape:  # DataTable keeps its lines by their cells, whatever the widths
            self._drawn_shape = shape
            self._update_count += 1  # as DataTable forgets them on a resize
        return super().render_lines(crop)

    def _on_resize(self, event: events.Resize) -> None:
        # DataTable forgets every line it drew on any resize; a table of another height only (the Pairing
        # screen's "solving" line comes and goes) keeps them instead, and is not drawn again cell by cell:
        # `render_lines` forgets them when the widths they were drawn at changed.
        event.prevent_default()  # DataTable's own handler, which only forgets the lines, is skipped

    def set_columns(self, columns: Sequence[tuple[str, str]]) -> None:
        """(label, key) columns; the rows are cleared."""
        self.clear(columns=True)
        for label, key in columns:
            self.add_column(plain(label), key=key)

    def fill(self, rows: Sequence[Row], anew: bool = False) -> None:
        """Show `rows`; the cursor stays on the row with the same key (else the same index). When the
        keys are the same as before, only the cells that changed are redrawn (a key press on a list of
        hundreds of players stays instant) — unless `anew`: the columns' widths change (names said
        shorter or longer), which cells changed one by one do not always redraw."""
        keys = [key for key, _ in rows]
        if keys and keys == self._keys and not anew:
            columns = list(self.columns)
            for (key, cells), old in zip(rows, self._cells):
                for i, (new_cell, old_cell) in enumerate(zip(cells, old)):
                    if new_cell != old_cell:
                        self.update_cell(key, columns[i], plain(new_cell), update_width=True)
            self._cells = [tuple(cells) for _, cells in rows]
            return
        landing = self.cursor_after_fill(keys)
        old_col = self.cursor_coordinate.column
        self.clear(columns=False)
        for key, cells in rows:
            self.add_row(*(plain(cell) for cell in cells), key=key)
        self._keys = keys
        self._cells = [tuple(cells) for _, cells in rows]
        self._measure_now()
        if landing is not None:
            self.move_cursor(row=keys.index(landing), column=old_col, animate=False, scroll=True)

    def _measure_now(self) -> None:
        """DataTable measures new rows when it is next idle: the first frame after a fill was drawn with the
        columns as wide as their headers (every name cut to "Name"'s four letters) and without the scrollbar,
        then every line again. Measured at once, the first frame a director sees is the right one (and the
        first screen is in sight one whole table sooner)."""
        if self.is_mounted and self._require_update_dimensions:
            self._require_update_dimensions = False
            new_rows = self._new_rows.copy()
            self._new_rows.clear()
            self._update_dimensions(new_rows)

    def cursor_after_fill(self, keys: Sequence[str]) -> str | None:
        """The key of the row the cursor is on after `fill` with rows of these keys: the same key, else the
        same index (the last row at most); None when there are none."""
        if not keys:
            return None
        old_key = self.cursor_key
        return old_key if old_key in keys else keys[min(self.cursor_coordinate.row, len(keys) - 1)]

    def clear(self, columns: bool = False) -> KeizerTable:
        self._keys, self._cells = [], []
        super().clear(columns)
        for column in self.columns.values():  # DataTable keeps the old rows' widths: narrower rows would scroll
            if column.auto_width:
                column.content_width = column.label.cell_len
        return self

    def text_room(self, width: int, scrollbar: bool = True) -> int:
        """The characters a row has for its cells' text when the table is `width` cells wide: less each
        column's padding and the vertical scrollbar (unless told there is none: kept free whether shown or
        not, a longer list does not push a column out of sight)."""
        bar = self.styles.scrollbar_size_vertical if scrollbar else 0
        return width - bar - 2 * self.cell_padding * len(self.columns)

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor, or None for an empty table."""
        if not self.row_count:
            return None
        row_key, _ = self.coordinate_to_cell_key(self.cursor_coordinate)
        return row_key.value

    def row_text(self, key: str) -> tuple[str, ...]:
        """The row with this key as the text it shows, cell by cell."""
        return tuple(cell.plain if isinstance(cell, Text) else str(cell) for cell in self.get_row(key))

    def action_first_row(self) -> None:
        self.move_cursor(row=0, animate=False, scroll=True)

    def action_last_row(self) -> None:
        self.move_cursor(row=max(0, self.row_count - 1), animate=False, scroll=True)

    def advance(self) -> None:
        """Move the cursor one row down (the next player, the next board): fast to walk down a list."""
        if self.cursor_row < self.row_count - 1:
            self.move_cursor(row=self.cursor_row + 1, animate=False, scroll=True)
