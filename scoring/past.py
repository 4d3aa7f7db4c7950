"""What rounds 1..K−1 say about pairing round K (meetings, colours, byes, lost evenings), from the slot frame."""

from __future__ import annotations

import polars as pl

from scoring.facts import price_table
from scoring.slots import frame_of, price_of, written_rows
from seasons.model import Colour, Season
from seasons.ruleset import parse_ruleset


def past_slots(season: Season, before_round: int) -> pl.DataFrame:
    """The slot frame of rounds 1..before_round−1 (those that exist) for every player, as written (unpriced).

    A replay's `slots` serve as well where the season is valid: `meetings` and `player_pasts` read only
    the written columns (kind, outcome, colour, opponent), which both frames hold for every player."""
    prices = price_table(parse_ruleset(season.ruleset_spec))
    upto = max(0, min(before_round - 1, len(season.rounds)))
    rows = written_rows(season, range(len(season.players)), upto, price_of(prices, "none"))
    return frame_of([rows] if rows else [], prices)


def _sat() -> pl.Expr:
    """A game the two sat down to: a pending game too, a forfeit not (RULES.md §7: no meeting, no colour)."""
    return (pl.col("kind") == "game") & ~pl.col("outcome").is_in(["forfeit_win", "forfeit_loss"])


def meetings(slots: pl.DataFrame) -> pl.DataFrame:
    """Every game sat at the board: round, white, black (indices into `season.players`), by round and board
    colour. Each game is read from white's row, which removed players have too."""
    return (slots.lazy().filter(_sat() & (pl.col("colour") == Colour.WHITE.sign))
            .select("round", white=pl.col("player"), black=pl.col("opponent"))
            .sort("round", "white").collect())


def player_pasts(slots: pl.DataFrame) -> pl.DataFrame:
    """Per player with a past (a game sat at the board, a bye or club duty): player (index into
    `season.players`), colours (the `Colour` letters of the games sat at the board, oldest first), byes,
    lost_evenings (byes plus club duty)."""
    letter = (pl.when(pl.col("colour") == Colour.WHITE.sign).then(pl.lit(Colour.WHITE.letter))
              .otherwise(pl.lit(Colour.BLACK.letter)))
    kind = pl.col("kind")
    # the frame is in (round, player) order and group_by keeps it within a group: colours oldest first
    return (slots.lazy()
            .group_by("player", maintain_order=True)
            .agg(colours=letter.filter(_sat()).str.join(""), byes=(kind == "bye").sum().cast(pl.Int64),
                 lost_evenings=kind.is_in(["bye", "duty"]).sum().cast(pl.Int64))
            .filter((pl.col("colours") != "") | (pl.col("lost_evenings") > 0))
            .sort("player").collect())


__all__ = ["meetings", "past_slots", "player_pasts"]
