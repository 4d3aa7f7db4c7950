"""The standings table with both clubs' columns (docs/rules.md §10), computed with polars expressions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import polars as pl

from keizer.scoring.history import colour_balance, colour_history, colour_run, sat_at_board
from keizer.scoring.replay import Replay
from keizer.scoring.slots import exact_series
from keizer.seasons.classes import classes_in_round
from keizer.seasons.numbers import exact_text
from keizer.seasons.ruleset.model import EXTERNAL_FACTOR_KEYS

COLUMNS = ("rank", "player", "name", "score", "score_exact", "value", "games", "won", "drawn", "lost", "pending",
           "forfeits", "score_pct", "colour_balance", "colour_run", "byes", "excused", "unexcused", "duty",
           "external", "board_points", "attended", "eligible", "lot", "group", "class")
"""The table's columns, in order (the published table: `keizer standings --csv`, FORMAT's JSON)."""
EXACT_COLUMNS = ("score_num", "score_den", "value_num", "value_den")
"""`standings_frame` adds these: the exact score and value as reduced numerator/denominator (Int64, or Python
ints as Object when one does not fit in 64 bits). `score` and `value` are their float views, for display."""

_COUNTS = ("games", "won", "drawn", "lost", "pending", "forfeits", "byes", "excused", "unexcused",
           "duty", "external", "attended", "decided", "board_halves")


def _played(k: int) -> pl.Expr:
    """The ranked players' slots of rounds 1..k."""
    return pl.col("ranked").is_not_null() & (pl.col("round") <= k)


def _counts(slots: pl.LazyFrame) -> pl.LazyFrame:
    """Per table (`upto`) and ranked player: the game, entry and board-point counts of D's and K's tables."""
    kind, outcome = pl.col("kind"), pl.col("outcome")
    forfeit = outcome.is_in(["forfeit_win", "forfeit_loss"]).fill_null(False)
    sat = sat_at_board()  # pending games too, forfeits not
    won, drawn, lost = (outcome == "win").fill_null(False), (outcome == "draw").fill_null(False), \
        (outcome == "loss").fill_null(False)
    # Board points in halves: exact integers (a draw is half a point).
    halves = 2 * won.cast(pl.Int64) + drawn.cast(pl.Int64) + 2 * (outcome == "forfeit_win").fill_null(False)
    return slots.group_by("upto", "ranked", maintain_order=True).agg(  # keeps round order: the colour history
        games=sat.sum(), won=won.sum(), drawn=drawn.sum(), lost=lost.sum(),
        pending=(outcome == "pending").fill_null(False).sum(), forfeits=forfeit.sum(),
        board_halves=halves.sum(), decided=(won | drawn | (outcome == "loss").fill_null(False) | forfeit).sum(),
        byes=(kind == "bye").sum(), excused=(kind == "excused").sum(),
        unexcused=(kind == "unexcused").sum(), duty=(kind == "duty").sum(),
        external=kind.is_in(EXTERNAL_FACTOR_KEYS).sum(),
        colours=colour_history(),
    )


def standings_frame(replay: Replay, k: int | None = None) -> pl.DataFrame:
    """The table's columns and the exact ones (EXACT_COLUMNS), one row per ranked player in Keizer rank
    order, derived from the replay's slot frame."""
    k = replay.at(k).standings(k).round
    return standings_frames(replay, (k,))[k]


def standings_frames(replay: Replay, rounds: Iterable[int]) -> dict[int, pl.DataFrame]:
    """`standings_frame` after each of `rounds`, in one polars query per segment of the replay (a site
    publishes the table after every round: one query each cost more than the site's pages)."""
    segments: dict[int, tuple[Replay, list[int]]] = {}
    for k in sorted(set(rounds)):
        segment = replay.at(k)  # the segment that publishes round k's table (docs/rules.md §6)
        segments.setdefault(id(segment), (segment, []))[1].append(k)
    out: dict[int, pl.DataFrame] = {}
    for segment, ks in segments.values():
        slots = pl.concat([segment.slots.lazy().filter(_played(k)).with_columns(upto=pl.lit(k, dtype=pl.Int32))
                           for k in ks])
        table = (_heads(segment, ks).lazy()
                 .join(_counts(slots), on=["upto", "ranked"], how="left")
                 .with_columns([pl.col(c).fill_null(0).cast(pl.Int64) for c in _COUNTS])
                 .with_columns(colour_run=colour_run(pl.col("colours")),
                               colour_balance=colour_balance(pl.col("colours")),
                               board_points=pl.col("board_halves").cast(pl.Float64) / 2)
                 .with_columns(score_pct=pl.when(pl.col("decided") > 0)
                               .then(100.0 * pl.col("board_points") / pl.col("decided")).otherwise(None))
                 .sort("upto", "rank"))
        frame = table.select(("upto", *COLUMNS, *EXACT_COLUMNS)).collect()
        for k in ks:
            out[k] = frame.filter(pl.col("upto") == k).drop("upto")
    return out


def _heads(replay: Replay, rounds: list[int]) -> pl.DataFrame:
    """The columns read off the standings after each of `rounds` (`upto`), one row per ranked player."""
    columns: dict[str, list[Any]] = {name: [] for name in (
        "upto", "rank", "ranked", "player", "name", "score", "score_exact", "value", "score_num", "score_den",
        "value_num", "value_den", "eligible", "lot", "group", "class", "attended")}
    index = {p.id: i for i, p in enumerate(replay.players)}
    for k in rounds:
        st = replay.standings(k)
        rows = st.rows
        players = [replay.players[index[r.player]] for r in rows]
        # The class each played round K in (rules §9), as the class tables read it: the starting class changed
        # by the moves accepted at the readings before K. The full season's, whatever the segment scored.
        classes = classes_in_round(replay.season, st.round)
        # K's "Opk" (docs/rules.md §5): the Keizer's slots and K's finalists' evenings in their group (§8)
        attended = replay.attended(st.round)
        for name, values in (
                ("upto", [k] * len(rows)), ("rank", [r.rank for r in rows]),
                ("ranked", [index[r.player] for r in rows]), ("player", [str(r.player) for r in rows]),
                ("name", [p.name for p in players]),
                # the display floats (the published `score` is a float), correctly rounded from the exact fractions
                ("score", [float(r.score) for r in rows]), ("score_exact", [exact_text(r.score) for r in rows]),
                ("value", [float(r.value) for r in rows]), ("score_num", [r.score.numerator for r in rows]),
                ("score_den", [r.score.denominator for r in rows]), ("value_num", [r.value.numerator for r in rows]),
                ("value_den", [r.value.denominator for r in rows]), ("eligible", [r.eligible for r in rows]),
                ("lot", [replay.season.start_rank(p.id) for p in players]), ("group", [p.cup_group for p in players]),
                ("class", [classes.get(p.id) for p in players]),
                ("attended", [int(attended[index[r.player]]) for r in rows])):
            columns[name].extend(values)
    exact = ("score_num", "score_den", "value_num", "value_den")
    types = {"upto": pl.Int32, "rank": pl.Int64, "ranked": pl.Int32, "player": pl.Utf8, "name": pl.Utf8,
             "score": pl.Float64, "score_exact": pl.Utf8, "value": pl.Float64, "eligible": pl.Boolean,
             "lot": pl.Int64, "group": pl.Int64, "class": pl.Utf8, "attended": pl.Int64}
    return pl.DataFrame([exact_series(name, values) if name in exact else pl.Series(name, values, dtype=types[name])
                         for name, values in columns.items()])


def standings_table(replay: Replay, k: int | None = None) -> pl.DataFrame:
    """One row per ranked player in Keizer rank order, with D's and K's columns (docs/rules.md §10)."""
    return standings_frame(replay, k).select(COLUMNS)


def prize_table(replay: Replay, k: int | None = None) -> pl.DataFrame:
    """The standings table in prize order: `Standings.prize_order()` (docs/rules.md §5)."""
    order = [str(r.player) for r in replay.standings(k).prize_order()]
    place = pl.DataFrame({"player": order, "prize_place": range(len(order))},
                         schema={"player": pl.Utf8, "prize_place": pl.Int64})
    return standings_table(replay, k).join(place, on="player").sort("prize_place").drop("prize_place")


def with_status(table: pl.DataFrame, missing: int) -> pl.DataFrame:
    """The table with two last columns on every row: `provisional` (results still missing) and `missing`
    (how many), for outputs like CSV that have no place for a note above the rows (docs/rules.md §5)."""
    return table.with_columns(provisional=pl.lit(missing > 0), missing=pl.lit(missing, dtype=pl.Int64))


__all__ = ["COLUMNS", "EXACT_COLUMNS", "prize_table", "standings_frame", "standings_frames", "standings_table",
           "with_status"]
