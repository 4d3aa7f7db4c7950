"""A player's past read from the slot frame: colours, meetings, byes, lost evenings.

Which games give a colour is said once (`sat_at_board`); the standings' colour columns read it through
`colour_history` (polars, in the table's group_by), the pairing's colour rule through `pasts` (numpy, once
per round); a test holds the two to the same letters.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from keizer.scoring.facts import forfeits_as_booked, price_table
from keizer.scoring.slots import frame_of, price_of, written_rows
from keizer.seasons.model import Colour, Season
from keizer.seasons.ruleset.parse import parse_ruleset


def past_slots(season: Season, before_round: int) -> pl.DataFrame:
    """The slot frame of rounds 1..before_round−1 (those that exist) for every player, as written (unpriced).

    A replay's `slots` serve as well where the season is valid: `pasts` reads only
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
    """In a group_by over the frame: the `Colour` letters of the games sat at the board, oldest first ("WBW");
    "" without one. Sorted by round here: a group_by over several tables at once (`standings_frames`) does
    not keep its rows in the frame's order."""
    letter = (pl.when(pl.col("colour") == Colour.WHITE.sign).then(pl.lit(Colour.WHITE.letter))
              .otherwise(pl.lit(Colour.BLACK.letter)))
    return letter.sort_by("round").filter(sat_at_board().sort_by("round")).str.join("")


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


@dataclass(frozen=True, slots=True)
class Pasts:
    """What the rounds in a slot frame say about pairing: who met whom, and each player's past."""

    games: tuple[tuple[int, int, int], ...]
    """Every game sat at the board as (round, white, black), indices into `season.players`, in the frame's
    (round, white) order. Read from white's row, which removed players have too."""
    players: tuple[tuple[int, str, int, int], ...]
    """Per player with a past (a game sat at the board, a bye or club duty), by index: (player, colours
    (`colour_history`'s letters, oldest first), byes, lost_evenings (byes plus club duty))."""


def pasts(slots: pl.DataFrame) -> Pasts:
    """The pairing's view of a slot frame, read once per round. One polars select marks the rows (the games
    sat at the board by `sat_at_board`, the byes, the lost evenings); numpy groups them per player: at club
    size the two polars queries this replaces (a filter and a group_by with a string join) cost ~5× as much."""
    kind = pl.col("kind")
    marked = slots.select("round", "player", pl.col("opponent").fill_null(-1), pl.col("colour").fill_null(0),
                          sat=sat_at_board().fill_null(False), bye=kind == "bye",
                          lost=kind.is_in(["bye", "duty"]))
    rnd, player, opponent, colour, sat, bye, lost = (marked.get_column(c).to_numpy() for c in marked.columns)
    at = np.flatnonzero(sat)
    white = at[colour[at] == Colour.WHITE.sign]
    games = tuple(zip(rnd[white].tolist(), player[white].tolist(), opponent[white].tolist()))
    size = int(player.max()) + 1 if player.size else 0
    # the frame is in (round, player) order: a stable sort by player keeps each player's games oldest first
    order = at[np.argsort(player[at], kind="stable")]
    letters = np.where(colour[order] == Colour.WHITE.sign, Colour.WHITE.letter, Colour.BLACK.letter).tolist()
    counts = np.bincount(player[order], minlength=size).tolist()
    byes = np.bincount(player[bye], minlength=size).tolist()
    lost_evenings = np.bincount(player[lost], minlength=size).tolist()
    out: list[tuple[int, str, int, int]] = []
    start = 0
    for p in range(size):
        colours = "".join(letters[start:start + counts[p]])
        start += counts[p]
        if colours or lost_evenings[p]:
            out.append((p, colours, byes[p], lost_evenings[p]))
    return Pasts(games, tuple(out))


__all__ = ["Pasts", "colour_balance", "colour_history", "colour_run", "past_slots", "pasts", "sat_at_board"]
