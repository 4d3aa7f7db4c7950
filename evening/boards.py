"""A round as the Results screen walks it: the games in board order, then everyone else's entry."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Round, Season
from keizer.seasons.roster import taking_part
from keizer.evening.attendance_rows import entry_text


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A game on a board, or a player without a game and their entry."""

    key: str
    """"board:N" or "player:ID": what `Results.set_result` is told."""
    board: int | None
    game: Game | None
    white: Player
    """White, or the player of an entry row."""
    black: Player | None
    white_rank: int | None
    """Places in the ranking the round was paired from (None before it is known)."""
    black_rank: int | None
    entry: EntryKind | None

    @property
    def entry_label(self) -> str:
        return self.label_within(None)

    def label_within(self, width: int | None) -> str:
        """The entry in words, shortened where `width` characters do not hold them (`entry_text`)."""
        return entry_text(self.entry, width) if self.entry is not None else "no game, no entry"


def board_rows(season: Season, rnd: Round, ranking: tuple[PlayerId, ...]) -> tuple[BoardRow, ...]:
    place = {pid: i + 1 for i, pid in enumerate(ranking)}
    rows = [BoardRow(key=f"board:{i}", board=i, game=g, white=season.player(g.white),
                     black=season.player(g.black), white_rank=place.get(g.white), black_rank=place.get(g.black),
                     entry=None)
            for i, g in enumerate(rnd.games, start=1)]
    for pid, entry in rnd.entries:
        if entry is not EntryKind.LATE and taking_part(season, pid, rnd.number):
            rows.append(BoardRow(key=f"player:{pid}", board=None, game=None, white=season.player(pid), black=None,
                                 white_rank=place.get(pid), black_rank=None, entry=entry))
    return tuple(rows)


def parse_row_key(key: str) -> tuple[int | None, str | None]:
    """(board, None) for a game row, (None, player id) for an entry row."""
    kind, _, rest = key.partition(":")
    if kind == "board" and rest.isdigit():
        return int(rest), None
    return None, rest
