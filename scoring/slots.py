"""The season as one polars frame of slots: one row per player per round, what happened and how it prices.

Built once per replay from the validated facts; the replay's terms, the standings table, the player card
and the pairing history all read this frame. Exact numbers are integer columns, never floats.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import polars as pl

from keizer.scoring.facts import BLACK, KIND_CODE, KINDS, OUTCOME_CODES_OF, OUTCOMES, WHITE, Price, RoundFacts, SeasonFacts
from keizer.seasons.model import Season

WHOSE = ("opponent", "own", "constant")
"""Whose value a slot's factor multiplies (a constant multiplies nobody's)."""
INT64_MAX = 2**63 - 1

SlotFrame = pl.DataFrame
"""The season as one frame of slots (round × player, `SLOT_SCHEMA`): the name layers above scoring use for
it, without importing polars themselves."""

SLOT_SCHEMA: dict[str, pl.DataType] = {
    "round": pl.Int32(),
    "player": pl.Int32(),
    "ranked": pl.Int32(),
    "kind": pl.Enum(KINDS),
    "outcome": pl.Enum(OUTCOMES[1:]),
    "colour": pl.Int8(),
    "opponent": pl.Int32(),
    "implied": pl.Boolean(),
    "price": pl.Int16(),
    "whose": pl.Enum(WHOSE),
    "who": pl.Int32(),
    "factor_num": pl.Int64(),
    "factor_den": pl.Int64(),
}
"""The slot frame's columns, sorted by (round, player):

- round: 1..K;  player: index into `season.players`;  ranked: the ranked index (null: removed by a withdrawal)
- kind: "game", an entry's factor key ("bye", "excused", …) or "none" (a round not yet paired)
- outcome: a game's outcome for this player ("win", "forfeit_loss", "pending", …), null without a game
- colour: the player's `Colour.sign` (+1 white, −1 black), null without a game
- opponent: the opponent's index into `season.players` (removed ones too), null without a game
- implied: not written in the round, but following from `joined` or a kept withdrawal
- price: index into the replay's price table;  whose: "opponent", "own" or "constant"
- who: the ranked index whose value the factor multiplies (null: a constant, pending, over the absence limit)
- factor_num / factor_den: the price's exact factor (or, for a constant, its points before the grid);
  Int64, or Python ints (Object) in the rare ruleset whose factor does not fit in 64 bits

A removed player's rows say what they did (kind, outcome, colour, opponent) and price nothing.
"""


def exact_series(name: str, values: Sequence[int]) -> pl.Series:
    """Exact integers as Int64, or as Python ints (dtype Object) when one does not fit in 64 bits."""
    if all(-INT64_MAX <= v <= INT64_MAX for v in values):
        return pl.Series(name, values, dtype=pl.Int64)
    return pl.Series(name, list(values), dtype=pl.Object)


def _ranked_rows(facts: SeasonFacts, rounds: Sequence[RoundFacts]) -> dict[str, np.ndarray]:
    n, k = len(facts.ranked), len(rounds)
    if not k or not n:
        return {}
    ranked = np.tile(np.arange(n, dtype=np.int32), k)
    who = np.concatenate([rf.who for rf in rounds])
    return {
        "round": np.repeat(np.array([rf.number for rf in rounds], dtype=np.int32), n),
        "player": np.array(facts.ranked, dtype=np.int32)[ranked],
        "ranked": ranked,
        "kind": np.concatenate([rf.kind for rf in rounds]),
        "outcome": np.concatenate([rf.outcome for rf in rounds]),
        "colour": np.concatenate([rf.colour for rf in rounds]),
        "opponent": np.concatenate([rf.opponent for rf in rounds]),
        "implied": np.concatenate([rf.implied for rf in rounds]),
        "price": np.concatenate([rf.price for rf in rounds]),
        "who": who,
    }


def written_rows(season: Season, players: Sequence[int], upto: int, none_price: int) -> dict[str, np.ndarray]:
    """What `players` (indices into `season.players`) did in rounds 1..upto as the file writes it, unchecked
    and unpriced: for removed players (in no ranking, D art. 22) and for the pairing history, which reads
    seasons that scoring would refuse to price (an entry before `joined`, say)."""
    m = len(players)
    if not m or not upto:
        return {}
    index = {p.id: i for i, p in enumerate(season.players)}
    local = np.full(len(season.players) + 1, -1, dtype=np.int64)  # season index → column; the last: unknown
    local[np.array(players, dtype=np.int64)] = np.arange(m)
    kind = np.full((upto, m + 1), KIND_CODE["none"], dtype=np.int8)  # column m collects the players not asked for
    outcome = np.zeros((upto, m + 1), dtype=np.int8)
    colour = np.zeros((upto, m + 1), dtype=np.int8)
    opponent = np.full((upto, m + 1), -1, dtype=np.int32)
    unknown = len(season.players)
    for r, rnd in enumerate(season.rounds[:upto]):
        if rnd.entries:
            who = local[[index.get(pid, unknown) for pid, _ in rnd.entries]]
            kind[r, who] = [KIND_CODE[entry.factor_key] for _, entry in rnd.entries]
        if rnd.games:  # a game outweighs an entry of the same round (D art. 18)
            white = np.array([index.get(g.white, unknown) for g in rnd.games], dtype=np.int64)
            black = np.array([index.get(g.black, unknown) for g in rnd.games], dtype=np.int64)
            codes = np.array([OUTCOME_CODES_OF[g.result] for g in rnd.games], dtype=np.int8)
            for me, other, side, col in ((white, black, 0, WHITE), (black, white, 1, BLACK)):
                j = local[me]
                kind[r, j], outcome[r, j], colour[r, j] = KIND_CODE["game"], codes[:, side], col
                opponent[r, j] = np.where(other < unknown, other, -1)
    rounds = np.array([rnd.number for rnd in season.rounds[:upto]], dtype=np.int32)
    return {"round": np.repeat(rounds, m), "player": np.tile(np.array(players, dtype=np.int32), upto),
            "ranked": np.full(upto * m, -1, dtype=np.int32), "kind": kind[:, :m].ravel(),
            "outcome": outcome[:, :m].ravel(), "colour": colour[:, :m].ravel(),
            "opponent": opponent[:, :m].ravel(), "implied": np.zeros(upto * m, dtype=bool),
            "price": np.full(upto * m, none_price, dtype=np.int16), "who": np.full(upto * m, -1, dtype=np.int32)}


def slots_frame(season: Season, facts: SeasonFacts, upto: int | None = None) -> pl.DataFrame:
    """The slot frame of rounds 1..upto (default: every round in `facts`), ranked and removed players alike."""
    rounds = facts.rounds if upto is None else facts.rounds[:upto]
    removed = [i for i in range(len(season.players)) if facts.rank_index[i] < 0]
    parts = [p for p in (_ranked_rows(facts, rounds),
                         written_rows(season, removed, len(rounds), price_of(facts.prices, "none"))) if p]
    return frame_of(parts, facts.prices)


def round_frame(rf: RoundFacts, prices: tuple[Price, ...], ranked: Sequence[int]) -> pl.DataFrame:
    """One round's slots of the ranked players (for a replay built round by round, as the generator does)."""
    n = len(ranked)
    cols = {
        "round": np.full(n, rf.number, dtype=np.int32), "player": np.array(ranked, dtype=np.int32),
        "ranked": np.arange(n, dtype=np.int32), "kind": rf.kind, "outcome": rf.outcome, "colour": rf.colour,
        "opponent": rf.opponent, "implied": rf.implied, "price": rf.price, "who": rf.who,
    }
    return frame_of([cols] if n else [], prices)


def frame_of(parts: Iterable[dict[str, np.ndarray]], prices: tuple[Price, ...]) -> pl.DataFrame:
    """Raw code arrays (−1 or 0 for "nothing", as RoundFacts holds them) into the typed, sorted slot frame."""
    parts = list(parts)
    if not parts:
        return pl.DataFrame(schema=SLOT_SCHEMA)
    raw = pl.DataFrame({c: np.concatenate([p[c] for p in parts]) for c in parts[0]})

    def table(values: pl.Series, code: str) -> pl.Expr:  # a lookup table indexed by a code column
        return pl.lit(values).gather(pl.col(code).cast(pl.UInt32))

    game = pl.col("kind") == KIND_CODE["game"]
    frame = raw.select(
        pl.col("round").cast(pl.Int32), pl.col("player").cast(pl.Int32),
        pl.when(pl.col("ranked") >= 0).then(pl.col("ranked")).cast(pl.Int32).alias("ranked"),
        table(pl.Series(KINDS, dtype=SLOT_SCHEMA["kind"]), "kind").alias("kind"),
        pl.when(game).then(table(pl.Series(OUTCOMES, dtype=pl.Utf8), "outcome"))
        .cast(SLOT_SCHEMA["outcome"]).alias("outcome"),
        pl.when(game).then(pl.col("colour")).cast(pl.Int8).alias("colour"),
        pl.when(game).then(pl.col("opponent")).cast(pl.Int32).alias("opponent"),
        pl.col("implied").cast(pl.Boolean), pl.col("price").cast(pl.Int16),
        table(pl.Series([p.whose for p in prices], dtype=SLOT_SCHEMA["whose"]), "price").alias("whose"),
        pl.when(pl.col("who") >= 0).then(pl.col("who")).cast(pl.Int32).alias("who"),
        table(exact_series("", [p.amount.numerator for p in prices]), "price").alias("factor_num"),
        table(exact_series("", [p.amount.denominator for p in prices]), "price").alias("factor_den"),
    )
    # the ranked players' rows come in (round, player) order already; removed players' rows are added after
    return frame if len(parts) == 1 else frame.sort("round", "player")


def price_of(prices: tuple[Price, ...], label: str) -> int:
    """The index of a price label in the price table."""
    return next(i for i, p in enumerate(prices) if p.label == label)


def indexed_by(slots: pl.DataFrame, scored: Season, season: Season) -> pl.DataFrame:
    """The frame of `scored` (the season as of a round, maybe without later joiners) with `player` and
    `opponent` indexing `season.players`, as every reader of a replay's frame expects."""
    if scored.players == season.players:
        return slots
    index = {p.id: i for i, p in enumerate(season.players)}
    table = pl.Series([index[p.id] for p in scored.players], dtype=pl.Int32)  # increasing: the order stays
    return slots.with_columns(pl.lit(table).gather(pl.col("player")).alias("player"),
                              pl.when(pl.col("opponent").is_not_null())
                              .then(pl.lit(table).gather(pl.col("opponent").fill_null(0))).alias("opponent"))


__all__ = ["SLOT_SCHEMA", "WHOSE", "exact_series", "frame_of", "indexed_by", "price_of", "round_frame", "slots_frame",
           "written_rows"]
