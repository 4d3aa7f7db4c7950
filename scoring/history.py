"""A player's past read from the slot frame: colours, meetings, byes, lost evenings.

The one derivation of a colour history: the standings' colour columns and the pairing's colour rule
both start from `colour_history`.
"""

from __future__ import annotations

import polars as pl

from scoring.facts import forfeits_as_booked, price_table
from scoring.slots import frame_of, price_of, written_rows
from seasons.model import Colour, Season
from seasons.ruleset import parse_ruleset


def past_slots(season: Season, before_round: int) -> pl.DataFrame:
    """The slot frame of rounds 1..before_round−1 (those that exist) for every player, as written (unpriced).

    A replay's `slots` serve as well where the season is valid: `meetings` and `player_pasts` read only
    the written columns (kind, outcome, colour, opponent), which both frames hold for every player."""
    ruleset = parse_ruleset(season.ruleset_spec)
    prices = price_table(ruleset)
    season = forfeits_as_booked(season, ruleset)  # D art. 11: a forfeit there is a bye, which the bye order counts
    upto = max(0, min(before_round - 1, len(season.rounds)))
    rows = written_rows(season, range(len(season.players)), upto, price_of(prices, "none"))
    return frame_of([rows] if rows else [], prices)


def sat_at_board() -> pl.Expr:
    """A game the two sat down to: a pending game too, a forfeit not (no meeting, no colour: docs/rules.md §7)."""
    return (pl.col("kind") == "game") & ~pl.col("outcome").is_in(["forfeit_win", "forfeit_loss"]).fill_null(False)


def colour_history() -> pl.Expr:
    """In a group_by over the frame (its rows in round order): the `Colour` letters of the games sat at the
    board, oldest first ("WBW"); "" without one."""
    letter = (pl.when(pl.col("colour") == Colour.WHITE.sign).then(pl.lit(Colour.WHITE.letter))
              .otherwise(pl.lit(Colour.BLACK.letter)))
    return letter.filter(sat_at_board()).str.join("")


def colour_run(colours: pl.Expr) -> pl.Expr:
    """D's AL column from a colour history: the last run of one colour, "3W" or "2Z" (`Colour.dutch`); ""
    before the first game."""
    white, black = Colour.WHITE.letter, Colour.BLACK.letter
    run = colours.str.extract(f"({white}+|{black}+)$", 1)
    dutch = run.str.slice(0, 1).replace_strict([c.letter for c in Colour], [c.dutch for c in Colour],
                                                default=None)
    return (run.str.len_chars().cast(pl.Utf8) + dutch).fill_null("")


def colour_balance(colours: pl.Expr) -> pl.Expr:
    """Whites minus blacks (KL in D's standings) of a colour history: the sum of the colours' signs."""
    return (colours.str.count_matches(Colour.WHITE.letter) * Colour.WHITE.sign
            + colours.str.count_matches(Colour.BLACK.letter) * Colour.BLACK.sign).fill_null(0).cast(pl.Int64)


def meetings(slots: pl.DataFrame) -> pl.DataFrame:
    """Every game sat at the board: round, white, black (indices into `season.players`), by round and board
    colour. Each game is read from white's row, which removed players have too."""
    # eager, not lazy: on a club's few thousand slots the query planner costs more than the query
    return (slots.filter(sat_at_board() & (pl.col("colour") == Colour.WHITE.sign))
            .select("round", white=pl.col("player"), black=pl.col("opponent")))  # the frame's (round, player) order


def player_pasts(slots: pl.DataFrame) -> pl.DataFrame:
    """Per player with a past (a game sat at the board, a bye or club duty): player (index into
    `season.players`), colours (`colour_history`), byes, lost_evenings (byes plus club duty)."""
    kind = pl.col("kind")
    # the frame is in (round, player) order and group_by keeps it within a group: colours oldest first
    return (slots.group_by("player", maintain_order=True)
            .agg(colours=colour_history(), byes=(kind == "bye").sum().cast(pl.Int64),
                 lost_evenings=kind.is_in(["bye", "duty"]).sum().cast(pl.Int64))
            .filter((pl.col("colours") != "") | (pl.col("lost_evenings") > 0)).sort("player"))


__all__ = ["colour_balance", "colour_history", "colour_run", "meetings", "past_slots", "player_pasts", "sat_at_board"]
