"""One proposed pairing as a column of boards, with its cost per criterion and what rules it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from keizer.seasons.numbers import counted
from keizer.tui.app.widgets.table import Cell, KeizerTable
from keizer.evening.words.tables import points
from keizer.seasons.names import short, short_names
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.desk.proposals import BoardView, PlayerRef, ProposalView as Proposal

LOCK_MARK = "L"
DIFF_MARK = "*"
FORBID_MARK = "x"
GROUP_MARK = "G"
SWAP_MARK = "▸"
SIDE_MARK = "›"
"""Before the player of the cursor's board that s (swap) and w (why) take: White or Black, ← and →."""
DIFF_STYLE = "bold yellow"
WIDE = 54
"""A column at least this wide also shows the values."""
MIN_WIDTH = 38
"""Proposals side by side need at least this much each."""
BORDER = 2
"""The cells a proposal's border takes from its width."""
MIN_NAME = 6
"""A name is said no shorter than this, whatever the width."""
BESIDE_BOARDS = 13
"""The lines of a terminal the boards' rows do not get: the mode bar, title, status line and footer, the
column's border and title, its costs (up to four lines) and the table's header."""


def _row_width(columns: list[tuple[str, str]], rows: list[tuple[str, list[Cell]]]) -> int:
    """The characters a table's widest cells take, column by column (the header included)."""
    return sum(max([len(label), *(len(str(cells[i])) for _, cells in rows)]) for i, (label, _) in enumerate(columns))


def proposals_in_sight(width: int, count: int, second: int) -> list[int]:
    """Which of `count` proposals (1-based) columns in `width` show: all that fit; values need wider columns
    (WIDE). When not all fit, the best and `second` are in sight."""
    fit = width // WIDE if width // WIDE >= 2 else max(1, width // MIN_WIDTH)
    second = min(second, count)
    if count <= fit:
        return list(range(1, count + 1))
    if fit == 1:
        return [second]
    return [1, second] + [n for n in range(2, count + 1) if n != second][: fit - 2]


class BoardsTable(KeizerTable):
    """A proposal's boards: the cursor covers the whole board, ← and → choose its White or Black player."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "side('white')", "White", show=False),
        Binding("right", "side('black')", "Black", show=False),
    ]

    def action_side(self, side: str) -> None:
        column = next((a for a in self.ancestors if isinstance(a, ProposalColumn)), None)
        if column is not None:
            column.choose_side(side)


class ProposalColumn(Vertical):
    """The boards of one proposal; the marks column says L (locked), * (differs from the first), x (forbidden),
    G (a championship group game of the schedule, a fixed board)."""

    def __init__(self, index: int) -> None:
        super().__init__(id=f"proposal-{index}", classes="proposal")
        self.index = index
        self.shown = index + 1
        """Which proposal (1-based, as the keys 1–3 say) this column shows."""
        self.swap_from: str | None = None
        """The player picked as the first half of a swap (marked ▸)."""
        self._shorts: dict[str, str] = {}
        """The short names of the proposal shown, unique among its players."""
        self.side = "white"
        """Which player of the cursor's board the keys take (marked `SIDE_MARK`)."""
        self._shown: tuple[Proposal, int, int, Proposal | None] | None = None
        """What `show` last drew: drawn again when the cursor or the side moves (the marks follow)."""
        self._name_width = 0
        """The characters a name had when last drawn: another width draws the table anew."""
        self._marked: tuple[str | None, str] | None = None
        """(row key, side) the side mark was last drawn at (no row: the column has no focus)."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="proposal-title", markup=False)
        yield BoardsTable()
        yield Static("", classes="costs", markup=False)
        yield Static("", classes="problems", markup=False)

    @property
    def table(self) -> KeizerTable:
        return self.query_one(KeizerTable)

    def show(self, proposal: Proposal, width: int, number: int, best: Proposal | None) -> None:
        """Draw `proposal` (the director's number `number`) in a column `width` cells wide: values only
        when there is room. Each table column costs two cells of padding, the border and scrollbar four,
        the ranks three a side."""
        self._shown = (proposal, width, number, best)
        self.shown = number
        wide = width >= WIDE
        name_width = max(MIN_NAME, (width - (28 if wide else 21)) // 2)
        columns = [("", "mark"), ("Bd", "board"), ("White", "white"), ("Black", "black")]
        if wide:
            columns = [("", "mark"), ("Bd", "board"), ("White", "white"), ("Val", "wv"),
                       ("Black", "black"), ("Val", "bv")]
        table = self.table
        if [c.key.value for c in table.columns.values()] != [k for _, k in columns]:
            table.set_columns(columns)
        refs = [p for b in proposal.boards for p in (b.white, b.black)] + ([proposal.bye] if proposal.bye else [])
        # the side mark goes where the cursor is once the table is filled: not drawn again when it lands there
        keys = [f"board:{b.board}" for b in proposal.boards] + (["bye"] if proposal.bye is not None else [])
        here = table.cursor_after_fill(keys) if table.has_focus else None
        self._marked = (here, self.side)
        # when the boards fit the column's height no scrollbar takes room from the names; told from the
        # terminal's height (the table's own is not laid out at the first proposal), so names do not change
        # as the director moves
        rows_over = len(proposal.boards) + 1 > self.app.size.height - BESIDE_BOARDS
        room = table.text_room(width - BORDER, scrollbar=rows_over)
        while True:  # names said shorter until the boards fit: a bye, a side mark or 3-digit ranks take room
            self._shorts = short_names([p.name for p in refs], name_width, most=name_width)
            # one more for the side mark (›), drawn or not: the names do not change as the focus moves
            if name_width <= MIN_NAME or _row_width(columns, self._rows(proposal, name_width, None, wide)) \
                    + len(SIDE_MARK) <= room:
                break
            name_width -= 1
        rows = self._rows(proposal, name_width, here, wide)
        table.fill(rows, anew=name_width != self._name_width)
        self._name_width = name_width
        differ = sum(1 for b in proposal.boards if b.differs)
        notes = []
        versus = proposal.versus(best) if best is not None and proposal is not best else ""
        if versus:
            notes.append(versus + (" against the best" if proposal.kind == "manual" else ""))
        if differ:
            notes.append(f"{counted(differ, 'board')} *")
        title = f"{number} {proposal.title}" + (f" ({', '.join(notes)})" if notes else "")
        self.query_one(".proposal-title", Static).update(visible(title))
        moved = f"; {proposal.moved}" if proposal.moved else ""  # a re-pairing keeping the accepted boards
        told = "".join(f"\n{note[0].upper()}{note[1:]}." for note in proposal.notes)  # D art. 7's opening
        self.query_one(".costs", Static).update(visible(proposal.cost_text + moved + told))
        problems = self.query_one(".problems", Static)
        problems.update("\n".join(f"✗ {visible(p)}" for p in proposal.problems))
        problems.display = bool(proposal.problems)

    def _rows(self, proposal: Proposal, name_width: int, here: str | None, wide: bool) -> list[tuple[str, list[Cell]]]:
        rows: list[tuple[str, list[Cell]]] = []
        for b in proposal.boards:
            on = here == f"board:{b.board}"
            cells: list[Cell] = [self._marks(b), str(b.board),
                                 self._player(b.white, name_width, on and self.side == "white")]
            if wide:
                cells.append(points(b.white.value, 1))
            cells.append(self._player(b.black, name_width, on and self.side == "black"))
            if wide:
                cells.append(points(b.black.value, 1))
            if b.differs:  # the marker says it without colour; the style repeats it
                cells = [Text(visible(str(c)), style=DIFF_STYLE) for c in cells]
            rows.append((f"board:{b.board}", cells))
        if proposal.bye is not None:
            cells = ["", "bye", self._player(proposal.bye, name_width, here == "bye"), ""]
            if wide:
                cells[3:3] = [points(proposal.bye.value, 1)]
                cells.append("")
            rows.append(("bye", cells))
        return rows

    def _marks(self, board: BoardView) -> str:
        return ((GROUP_MARK if board.group else "") + (LOCK_MARK if board.locked else "") +
                (FORBID_MARK if board.forbidden else "") +
                (DIFF_MARK if board.differs else "")) or " "

    def _player(self, ref: PlayerRef, width: int, chosen: bool = False) -> str:
        mark = SWAP_MARK if ref.id == self.swap_from else SIDE_MARK if chosen else ""
        return f"{mark}{ref.rank:>2} {self._shorts.get(ref.name) or short(ref.name, width)}"

    def choose_side(self, side: str) -> None:
        """← White, → Black: the player of the cursor's board that swap and why take."""
        self.side = side
        self._redraw()

    def on_data_table_row_highlighted(self) -> None:
        self._redraw()  # the side mark follows the cursor

    def on_descendant_focus(self) -> None:
        self._redraw()

    def on_descendant_blur(self) -> None:
        self._redraw()

    def _mark_at(self) -> str | None:
        """The row the side mark goes on: the cursor's, when the column has the focus (the keys act on the
        focused column only)."""
        table = self.table
        return table.cursor_key if table.has_focus else None

    def _redraw(self) -> None:
        """Draw the side mark where the cursor and the side now are. Only when it moves: refilling the table
        (after every solve) moves the cursor back to its row and focus comes and goes, each posting an event
        that would draw the same rows again."""
        if self._shown is not None and self._marked != (self._mark_at(), self.side):
            self.show(*self._shown)

    def cursor_player(self, proposal: Proposal) -> tuple[int | None, str | None]:
        """(board, player id) under the cursor: the board's White or Black player, as `side` chose."""
        key = self.table.cursor_key
        if key is None:
            return None, None
        if key == "bye":  # the bye row has one player, whichever side is chosen
            return None, proposal.bye.id if proposal.bye is not None else None
        board = int(key.split(":")[1])
        b = proposal.boards[board - 1]
        return board, b.white.id if self.side == "white" else b.black.id
