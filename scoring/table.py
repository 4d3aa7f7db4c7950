"""The standings table with both clubs' columns (RULES.md §10), computed with polars expressions."""

from __future__ import annotations

import numpy as np
import polars as pl

from scoring.facts import GAME, KIND_CODE, OUTCOME_CODE, WHITE
from scoring.replay import Replay
from scoring.values import exact_text

COLUMNS = ("rank", "player", "name", "score", "score_exact", "value", "games", "won", "drawn", "lost", "pending",
           "forfeits", "score_pct", "colour_balance", "colour_run", "byes", "excused", "unexcused", "duty",
           "external", "board_points", "attended", "eligible", "lot", "group", "class")
"""The table's columns, in order."""

_O = OUTCOME_CODE
_K = KIND_CODE


def _long(replay: Replay, k: int) -> pl.DataFrame:
    """One row per ranked player per round 1..k: round, idx (ranked index), kind, outcome, colour."""
    rounds = replay.facts.rounds[:k]
    n = len(replay.players)
    if not rounds:
        return pl.DataFrame(schema={"round": pl.Int64, "idx": pl.Int64, "kind": pl.Int8, "outcome": pl.Int8,
                                    "colour": pl.Int8})
    return pl.DataFrame({
        "round": np.repeat(np.array([rf.number for rf in rounds], dtype=np.int64), n),
        "idx": np.tile(np.arange(n, dtype=np.int64), len(rounds)),
        "kind": np.concatenate([rf.kind for rf in rounds]),
        "outcome": np.concatenate([rf.outcome for rf in rounds]),
        "colour": np.concatenate([rf.colour for rf in rounds]),
    })


def _counts(long: pl.DataFrame) -> pl.DataFrame:
    """Per player: the game, entry and board-point counts of D's and K's tables."""
    kind, outcome = pl.col("kind"), pl.col("outcome")
    forfeit = outcome.is_in([_O["forfeit_win"], _O["forfeit_loss"]])
    played = (kind == GAME) & ~forfeit  # sat at the board: pending games too, forfeits not
    won, drawn, lost = (outcome == _O["win"]), (outcome == _O["draw"]), (outcome == _O["loss"])
    board = won.cast(pl.Float64) + 0.5 * drawn.cast(pl.Float64) + (outcome == _O["forfeit_win"]).cast(pl.Float64)
    decided = won.cast(pl.Int64) + drawn.cast(pl.Int64) + lost.cast(pl.Int64) + forfeit.cast(pl.Int64)
    present = ((kind == GAME) & (outcome != _O["forfeit_loss"])) | kind.is_in([_K["bye"], _K["duty"]])
    return long.group_by("idx").agg(
        games=played.sum(), won=won.sum(), drawn=drawn.sum(), lost=lost.sum(),
        pending=(outcome == _O["pending"]).sum(), forfeits=forfeit.sum(),
        board_points=board.sum(), decided=decided.sum(),
        colour_balance=pl.when(played).then(pl.col("colour").cast(pl.Int64)).otherwise(0).sum(),
        byes=(kind == _K["bye"]).sum(), excused=(kind == _K["excused"]).sum(),
        unexcused=(kind == _K["unexcused"]).sum(), duty=(kind == _K["duty"]).sum(),
        external=kind.is_in([_K["external_win"], _K["external_draw"], _K["external_loss"]]).sum(),
        attended=present.sum(),
    )


def _colour_runs(long: pl.DataFrame) -> pl.DataFrame:
    """AL (D): the run of one colour over the last played games, "3W" or "2Z" (W = white, Z = zwart)."""
    played = long.filter((pl.col("kind") == GAME)
                         & ~pl.col("outcome").is_in([_O["forfeit_win"], _O["forfeit_loss"]])).sort(["idx", "round"])
    changes = (pl.col("colour") != pl.col("colour").shift(1)).fill_null(True).cast(pl.Int64)
    played = played.with_columns(run=changes.cum_sum().over("idx"))
    runs = played.group_by("idx").agg(last=pl.col("colour").sort_by("round").last(),
                                      length=(pl.col("run") == pl.col("run").max()).sum())
    return runs.select("idx", colour_run=pl.col("length").cast(pl.Utf8)
                       + pl.when(pl.col("last") == WHITE).then(pl.lit("W")).otherwise(pl.lit("Z")))


def standings_table(replay: Replay, k: int | None = None) -> pl.DataFrame:
    """One row per ranked player in Keizer rank order, with D's and K's columns (RULES.md §10)."""
    st = replay.standings(k)
    index = {p.id: i for i, p in enumerate(replay.players)}
    players = [replay.players[index[r.player]] for r in st.rows]
    head = pl.DataFrame({
        "rank": [r.rank for r in st.rows],
        "idx": [index[r.player] for r in st.rows],
        "player": [str(r.player) for r in st.rows],
        "name": [p.name for p in players],
        "score": [float(r.score) for r in st.rows],
        "score_exact": [exact_text(r.score) for r in st.rows],
        "value": [float(r.value) for r in st.rows],
        "eligible": [r.eligible for r in st.rows],
        "lot": [replay.season.start_rank(p.id) for p in players],
        "group": [p.group for p in players],
        "class": [p.klass for p in players],
    }, schema_overrides={"rank": pl.Int64, "idx": pl.Int64, "eligible": pl.Boolean, "group": pl.Int64,
                         "class": pl.Utf8, "lot": pl.Int64})
    long = _long(replay, st.round)
    counts = _counts(long)
    table = (head.join(counts, on="idx", how="left").join(_colour_runs(long), on="idx", how="left")
             .with_columns([pl.col(c).fill_null(0).cast(pl.Int64) for c in
                            ("games", "won", "drawn", "lost", "pending", "forfeits", "colour_balance", "byes",
                             "excused", "unexcused", "duty", "external", "attended", "decided")])
             .with_columns(pl.col("board_points").fill_null(0.0).cast(pl.Float64),
                           pl.col("colour_run").fill_null(""))
             .with_columns(score_pct=pl.when(pl.col("decided") > 0)
                           .then(100.0 * pl.col("board_points") / pl.col("decided")).otherwise(None))
             .sort("rank"))
    return table.select(COLUMNS)


__all__ = ["COLUMNS", "standings_table"]
