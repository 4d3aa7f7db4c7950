"""The season as one frame of slots: its schema, the views derived from it, and exactness past 64 bits."""

from __future__ import annotations

from fractions import Fraction

import polars as pl
import pytest

from keizer.pairing.history import season_history
from keizer.pairing.simulate import simulate_season
from keizer.scoring.replay import replay
from keizer.scoring.card import player_card
from keizer.scoring.history import Pasts, colour_history, past_slots, pasts, sat_at_board
from keizer.scoring.slots import SLOT_SCHEMA, exact_series
from keizer.scoring.table import EXACT_COLUMNS, prize_table, standings_frame, standings_table
from keizer.seasons.model import Colour
from scoring_builders import ids, season

ROUNDS = ["p1-p2 1-0, p3-p4 1/2-1/2; p5 bye",
          "p4-p1 +-, p2-p5 *; p3 excused",
          "p5-p1 0-1, p3-p2 1-0; p4 duty"]


def test_one_row_per_player_per_round_with_the_schema() -> None:
    rp = replay(season(ids(5), ROUNDS))
    slots = rp.slots
    assert dict(slots.schema) == SLOT_SCHEMA
    assert slots.height == 5 * 3 and slots.select("round", "player").is_unique().all()
    assert slots["round"].to_list() == sorted(slots["round"].to_list())
    p1 = slots.filter(pl.col("player") == 0).to_dicts()
    assert [(s["kind"], s["outcome"], s["colour"], s["opponent"]) for s in p1] == [
        ("game", "win", Colour.WHITE.sign, 1), ("game", "forfeit_loss", Colour.BLACK.sign, 3),
        ("game", "win", Colour.BLACK.sign, 4)]
    assert [(s["whose"], s["who"], Fraction(s["factor_num"], s["factor_den"])) for s in p1][0] == \
        ("opponent", 1, rp.ruleset.factor("win"))
    p5 = slots.filter(pl.col("player") == 4).to_dicts()
    assert (p5[0]["kind"], p5[0]["outcome"], p5[0]["colour"], p5[0]["whose"], p5[0]["who"]) == \
        ("bye", None, None, "own", 4)
    assert (p5[1]["outcome"], p5[1]["whose"], p5[1]["who"]) == ("pending", "constant", None)  # D art. 11


def test_a_removed_player_has_rows_that_price_nothing() -> None:
    s = season(ids(4), ["p1-p2 1-0, p3-p4 0-1", "p1-p3 1/2-1/2; p2 excused"],
               ruleset="doorn-driebergen-2019", withdrawals=[("p4", 2)])
    rp = replay(s)
    p4 = rp.slots.filter(pl.col("player") == 3).to_dicts()
    assert [(r["ranked"], r["kind"], r["outcome"], r["whose"]) for r in p4] == [
        (None, "game", "win", "constant"), (None, "none", None, "constant")]
    p3 = rp.slots.filter(pl.col("player") == 2).row(0, named=True)
    assert (p3["opponent"], p3["whose"], p3["who"]) == (3, "own", 2)  # D art. 22: the own value counts
    assert {r.player for r in rp.standings().rows} == {"p1", "p2", "p3"}
    history = season_history(s, 3)  # the pairing history still knows the removed player's games
    assert history.of("p4").colours == "B" and [m.round for m in history.meetings_of("p3", "p4")] == [1]
    assert season_history(s, 3, rp.slots) == history


def test_pairing_history_reads_the_frame() -> None:
    s = season(ids(5), ROUNDS)
    slots = past_slots(s, 4)
    read = pasts(slots)
    assert read.games == ((1, 0, 1), (1, 2, 3), (2, 1, 4), (3, 2, 1), (3, 4, 0))
    by_player = {p: (colours, byes, lost) for p, colours, byes, lost in read.players}
    assert (by_player[0][0], by_player[3][0], by_player[3][2]) == ("WB", "B", 1)
    assert by_player[4] == ("BW", 1, 1)
    assert [m.round for m in season_history(s, 4).meetings_of("p1", "p4")] == []  # a forfeit is no meeting
    # a replay's frame gives the same history
    assert pasts(replay(s, 3).slots) == read
    assert season_history(s, 4, replay(s, 3).slots) == season_history(s, 4)


def _pasts_by_polars(slots: pl.DataFrame) -> Pasts:
    """The same view as the polars queries it replaced: the oracle `pasts` is held to."""
    games = (slots.filter(sat_at_board() & (pl.col("colour") == Colour.WHITE.sign))
             .select("round", "player", "opponent").rows())
    kind = pl.col("kind")
    players = (slots.group_by("player", maintain_order=True)
               .agg(colours=colour_history(), byes=(kind == "bye").sum().cast(pl.Int64),
                    lost=kind.is_in(["bye", "duty"]).sum().cast(pl.Int64))
               .filter((pl.col("colours") != "") | (pl.col("lost") > 0)).sort("player").rows())
    return Pasts(tuple(games), tuple(players))


@pytest.mark.parametrize("players, rounds, seed", [(12, 8, 1), (31, 14, 2), (60, 20, 3)])
def test_the_pairing_reads_the_colours_the_table_reads(players: int, rounds: int, seed: int) -> None:
    simulated = simulate_season(players, rounds + 1, "doorn-driebergen-2019", seed, played=rounds)
    for slots in (past_slots(simulated, rounds + 1), replay(simulated, rounds).slots):
        assert pasts(slots) == _pasts_by_polars(slots)
    assert pasts(past_slots(simulated, 1)) == Pasts((), ())


def test_the_table_carries_exact_integers_and_floats_only_for_display() -> None:
    rp = replay(season(ids(5), ROUNDS, ruleset={"preset": "keizer-classic", "factors": {"draw": "1/3"}}))
    frame = standings_frame(rp)
    assert all(frame[c].dtype == pl.Int64 for c in EXACT_COLUMNS)
    for row, st in zip(frame.to_dicts(), rp.standings().rows):
        assert Fraction(row["score_num"], row["score_den"]) == st.score
        assert Fraction(row["value_num"], row["value_den"]) == st.value
        assert row["score"] == float(st.score)
    assert standings_table(rp).columns == [c for c in frame.columns if c not in EXACT_COLUMNS]


BIG = {"preset": "keizer-classic", "factors": {
    "win": "1/10000019", "draw": "1/10000079", "loss": "0", "forfeit_win": "1", "forfeit_loss": "0",
    "external_win": "1", "external_draw": "1/2", "external_loss": "0", "bye": "1/10000103",
    "excused": "1/3", "unexcused": "0", "duty": "1", "late": "0"}}
"""Three primes near 10^7: each factor fits 64 bits (a ruleset's terms are at most 10^9), scores do not."""


def test_past_64_bits_the_frame_falls_back_to_python_ints() -> None:
    # p1 wins, draws and has a bye: a score over all three primes
    rounds = ["p1-p2 1-0, p3-p4 1/2-1/2; p5 bye", "p1-p3 1/2-1/2, p2-p5 1-0; p4 bye",
              "p2-p3 1-0, p4-p5 0-1; p1 bye"]
    rp = replay(season(ids(5), rounds, ruleset=BIG))
    frame = standings_frame(rp)
    assert frame["score_den"].dtype == pl.Object and max(frame["score_den"].to_list()) > 2**63
    for row, st in zip(frame.to_dicts(), rp.standings().rows):
        assert Fraction(row["score_num"], row["score_den"]) == st.score
    line = next(x for x in player_card(rp, "p1").lines if x.price == "win")
    assert line.factor == Fraction(1, 10000019)
    assert exact_series("factor_den", [3, 2**64]).dtype == pl.Object  # a column past 64 bits keeps Python ints


def test_prize_order_is_one_rule() -> None:
    away = "p1-p3 1-0; p2 unexcused, p4 unexcused"
    s = season(ids(4), ["p1-p2 0-1, p3-p4 1-0", away, away, away], ruleset="kijk-uit")
    rp = replay(s)
    prizes = prize_table(rp)
    assert False in prizes["eligible"].to_list()
    assert prizes["player"].to_list() != standings_table(rp)["player"].to_list()
    assert prizes["player"].to_list() == [str(r.player) for r in rp.standings().prize_order()]
    assert prizes["eligible"].to_list() == sorted(prizes["eligible"].to_list(), reverse=True)
    assert prizes.columns == standings_table(rp).columns


def test_one_colour_type() -> None:
    assert [(c.letter, c.sign, c.word, c.dutch) for c in Colour] == [("W", 1, "white", "W"), ("B", -1, "black", "Z")]
    assert all(Colour.of_letter(c.letter) is c and Colour.of_sign(c.sign) is c and c.other.other is c for c in Colour)
