"""A player's card: every round's entry and the value it scored at, colours, and rank over the season."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from rich.text import Text
from textual.widgets import DataTable, Footer, Sparkline, Static

from keizer.tui.app.widgets.table import plain
from keizer.evening.words.tables import points
from keizer.seasons.names import short_names
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.standings import CardLine, PlayerCard

COLUMNS = ("Rd", "Entry", "Opponent", "Col", "At", "Value", "Points")


WITHDRAWN = " (withdrawn)"
CARD_GUTTER = 6
"""The cells the card's border (2), its padding (2) and the table's scrollbar (2) take from the width."""


def line_cells(line: CardLine, names: dict[str, str] | None = None) -> tuple[str, ...]:
    """One round of the card as table cells; `names` says opponents short (`opponent_names`)."""
    if line.entry == "game":
        entry = line.result or ""
        name = line.opponent_name or ""
        opponent = (names or {}).get(name, name) + (WITHDRAWN if line.opponent_removed else "")
        colour = {"white": "W", "black": "B"}.get(line.colour or "", "")
    else:
        entry = line.entry.replace("_", " ") + (" (implied)" if line.implied else "")
        opponent, colour = "", ""
    at = "/".join(f"#{r}" for r in line.ranks)
    factor = "" if line.factor is None else f"{line.factor}×"
    value = "" if line.value is None else f"{factor}{points(line.value)}"
    return (str(line.round), entry, opponent, colour, at, value, points(line.points))


def opponent_names(lines: tuple[CardLine, ...], width: int) -> dict[str, str]:
    """The opponents' names said short where the card, `width` cells wide, has no room for them whole
    beside the other columns: the Points column stays in sight at 80 columns (the title names the player
    whole; an opponent's own card does)."""
    whole = [line_cells(line) for line in lines]
    others = sum(max([len(h), *(len(cells[i]) for cells in whole)]) for i, h in enumerate(COLUMNS) if i != 2)
    suffix = len(WITHDRAWN) if any(line.opponent_removed for line in lines) else 0
    room = max(len("Opponent"), width - CARD_GUTTER - 2 * len(COLUMNS) - others - suffix)
    return short_names(sorted({line.opponent_name for line in lines if line.opponent_name}), room, room)


def colour_history(card: PlayerCard) -> str:
    """W/B for each game in order, `-` for a round without a game."""
    return "".join({"white": "W", "black": "B"}.get(line.colour or "", "-") for line in card.lines)


class PlayerCardScreen(ModalScreen[None]):
    """The card after round K; esc goes back to the standings."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Back", key_display="esc")]

    def __init__(self, card: PlayerCard) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        c = self.card
        extra = []
        if c.bonus:
            extra.append(f"starting bonus left {points(c.bonus)}")
        if c.self_value:
            extra.append(f"own value {points(c.self_value)}")
        history = c.rank_history
        with Vertical(id="card-screen"):
            yield Static(f"{visible(c.name)} — #{c.rank} after round {c.round}: {points(c.score)} points, "
                         f"value {points(c.value)}" + (f" ({', '.join(extra)})" if extra else ""),
                         classes="title", markup=False)
            yield Static(f"Colours: {colour_history(c) or '—'}   Rank: " +
                         (f"#{history[0]} at the start → #{history[-1]}; best #{min(history)}, "
                          f"worst #{max(history)}" if history else "—"),
                         classes="subtitle", markup=False)
            with Vertical(id="card"):
                yield Static(f"Rank after rounds 0…{c.round} (a taller bar is a higher place):", markup=False)
                worst = max(history, default=1)
                yield Sparkline([worst + 1 - r for r in history], id="rank-chart")
                table: DataTable[Text] = DataTable(id="card-lines", cursor_type="row")
                table.add_columns(*COLUMNS)
                names = opponent_names(c.lines, self.app.size.width)
                for line in c.lines:
                    table.add_row(*(plain(cell) for cell in line_cells(line, names)), key=str(line.round))
                yield table
            yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#card-lines", DataTable).focus()  # the arrow keys walk the rounds at once

    def action_close(self) -> None:
        self.dismiss(None)
