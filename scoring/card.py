"""A player's card: every round's points after round K, exactly, and why (docs/rules.md §2–4)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from typing import Any

import numpy as np
import polars as pl

from keizer.scoring.engine import RoundState
from keizer.scoring.replay import Replay
from keizer.scoring.values import round_to_grid
from keizer.seasons.errors import InputError
from keizer.seasons.model import Colour, PlayerId
from keizer.seasons.numbers import points_text

_RESULT_WORDS = {"win": "won", "draw": "drew", "loss": "lost", "forfeit_win": "won by forfeit",
                 "forfeit_loss": "lost by forfeit", "pending": "pending"}
_PHRASE = {"won": "beat", "drew": "drew with", "lost": "lost to", "won by forfeit": "won by forfeit against",
           "lost by forfeit": "lost by forfeit to", "pending": "pending against"}
_ENTRY_WORDS = {"bye": "bye", "excused": "excused", "unexcused": "unexcused", "duty": "duty", "late": "not yet joined",
                "final_group": "in the final group (docs/rules.md §8)",
                "external_win": "external win", "external_draw": "external draw", "external_loss": "external loss",
                "external_pending": "external, result to come", "none": "no entry"}


@dataclass(frozen=True, slots=True)
class CardLine:
    """One round of one player, priced as it counts in the standings after round K."""

    round: int
    """The round this line is about (1..K)."""
    entry: str
    """"game", or the entry's factor key ("bye", "excused", "external_draw", "late", …)."""
    result: str | None
    """For a game: "won", "drew", "lost", "won by forfeit", "lost by forfeit" or "pending"."""
    opponent: PlayerId | None
    """For a game: the opponent (also when removed)."""
    opponent_name: str | None
    colour: str | None
    """"white" or "black" for a game."""
    opponent_removed: bool
    """The opponent withdrew early and left the system: the own value counts (D art. 22)."""
    implied: bool
    """Not written in the round: before `joined` (late) or after a kept withdrawal (excused)."""
    price: str
    """The ruleset item that scores it: "win", "excused", "withdrawal_draw", "fixed:bye", "absence_limit", …"""
    factor: Fraction | None
    """The factor of `priced_by`'s value (None for a constant)."""
    priced_by: PlayerId | None
    """Whose value the factor multiplies (the opponent's or the own; None for a constant)."""
    ranks: tuple[int, ...]
    """`priced_by`'s rank in the ranking(s) whose values count (several: a cycle, docs/rules.md §3)."""
    value: Fraction | None
    """`priced_by`'s value there (the mean over a cycle)."""
    points: Fraction
    """What this round adds to the score after round K (the mean over a cycle)."""


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """Everything that makes up one player's score after round K: lines + bonus + self value = score."""

    player: PlayerId
    name: str
    round: int
    """K: the card shows the standings after this round."""
    rank: int
    """Rank after round K."""
    score: Fraction
    """The exact score after round K."""
    value: Fraction
    """The player's value at the ranking after round K."""
    lines: tuple[CardLine, ...]
    """Rounds 1..K."""
    bonus: Fraction
    """Aalsmeer starting bonus still left after round K (docs/rules.md §4)."""
    self_value: Fraction
    """The own value added once ("self-victory", docs/rules.md §6b), 0 without that rule."""
    rank_history: tuple[int, ...]
    """Rank after rounds 0..K."""

    def total(self) -> Fraction:
        return sum((line.points for line in self.lines), Fraction(0)) + self.bonus + self.self_value

    def describe(self) -> str:
        """The card as text: a header, one line per round, the bonus, the self value and the rank history."""
        out = [f"{self.name} ({self.player}): #{self.rank} after round {self.round} — "
               f"{_points(self.score)} (value {points_text(self.value)})"]
        out += [f"round {line.round}: {_describe(line)} — {_points(line.points)}" for line in self.lines]
        if self.bonus:
            out.append(f"starting bonus left: {_points(self.bonus)}")
        if self.self_value:
            out.append(f"own value: {_points(self.self_value)}")
        out.append("rank after each round: " + ", ".join(f"{r}: #{k}" for r, k in enumerate(self.rank_history)))
        return "\n".join(out)


def _points(x: Fraction) -> str:
    return f"{points_text(x)} point" + ("" if x == 1 else "s")


def _ranks_text(line: CardLine) -> str:
    return "/".join(f"#{r}" for r in line.ranks)


def _describe(line: CardLine) -> str:
    """The middle of a card line: "beat #8 (P. Hamersma, white)", "excused, 1/3 × own value at #12"."""
    cycle = f", mean over a cycle of {len(line.ranks)}" if len(line.ranks) > 1 else ""
    if line.entry == "game":
        phrase = _PHRASE[line.result or "pending"]
        if line.opponent_removed:
            return f"{phrase} {line.opponent_name} ({line.colour}; withdrawn: own value at {_ranks_text(line)} " \
                   f"counts{cycle})"
        if line.priced_by is None:
            return f"{phrase} {line.opponent_name} ({line.colour})"
        return f"{phrase} {_ranks_text(line)} ({line.opponent_name}, {line.colour}{cycle})"
    words = _ENTRY_WORDS[line.entry] + (" (implied)" if line.implied else "")
    if line.price == "absence_limit":
        return f"{words}, over the absence limit"
    if line.priced_by is None:
        return f"{words}, fixed points" if line.price.startswith("fixed:") else words
    if not line.factor:
        return words
    return f"{words}, {line.factor} × own value at {_ranks_text(line)}{cycle}"


def player_card(replay: Replay, player: PlayerId, k: int | None = None) -> PlayerCard:
    """The card of a ranked player after round k (default: the replay's last round)."""
    segment = replay.at(k)  # the segment that publishes round k's table (docs/rules.md §6)
    if player not in {p.id for p in segment.players}:
        raise InputError("player", f"{player!r} is not in the standings (unknown or removed by a withdrawal)")
    return player_cards(replay, k, (player,))[player]


def player_cards(replay: Replay, k: int | None = None, players: tuple[PlayerId, ...] | None = None
                 ) -> dict[PlayerId, PlayerCard]:
    """The cards of the ranked `players` (default: all) after round k, reading the frame and the published
    rankings once for all of them (a site has a page for every player)."""
    replay = replay.at(k)  # the segment that publishes round k's table (docs/rules.md §6)
    index = {p.id: i for i, p in enumerate(replay.players)}
    st = replay.states[replay.upto if k is None else _check(replay, k)]
    wanted = tuple(replay.players[i].id for i in range(len(replay.players))) if players is None else players
    chosen = [index[p] for p in wanted]
    slots = replay.slots.filter(pl.col("ranked").is_in(chosen) & (pl.col("round") <= st.round)).sort("ranked", "round")
    rows: dict[int, list[dict[str, Any]]] = {i: [] for i in chosen}
    for slot in slots.iter_rows(named=True):
        rows[slot["ranked"]].append(slot)
    published = [{pid: place for place, pid in enumerate(replay.ranking_after(r), start=1)}
                 for r in range(st.round + 1)]
    ranked = frozenset(replay.season.start_rank(p.id) - 1 for p in replay.players)
    return {player: _card(replay, st, player, index[player], rows[index[player]], published, ranked)
            for player in wanted}


def _card(replay: Replay, st: RoundState, player: PlayerId, i: int, slots: list[dict[str, Any]],
          published: list[dict[PlayerId, int]], ranked: frozenset[int]) -> PlayerCard:
    """Ranked player i's card after round `st.round`, from their rows of the frame in round order."""
    values = replay.value_ladder()
    rules = replay.ruleset
    lines = []
    for slot in slots:
        r = slot["round"]
        pricing = replay.states[st.base_round if r <= st.base_round else r].valuations
        lines.append(_line(replay, slot, pricing, values, ranked))
    own_ranks = [int(pos[i]) for pos in st.valuations]
    self_value = Fraction(0)
    if rules.self_value == "current":
        self_value = sum((values[r] for r in own_ranks), Fraction(0)) / len(own_ranks)
    v0 = replay.starting[i] if replay.starting else values[i]  # docs/rules.md §4: the starting value
    if rules.self_value == "initial":
        self_value = v0
    bonus = Fraction(0)
    if rules.aalsmeer is not None and (not replay.bonus or replay.bonus[i]) \
            and replay.players[i].joined <= max(st.round, 1):  # a joiner's ("entered") from their round on
        a = rules.aalsmeer
        bonus = a.multiplier * v0 * max(0, a.rounds - st.round) / a.rounds
    place = int(np.flatnonzero(st.order == i)[0])
    history = tuple(_published_rank(replay, published, player, i, r) for r in range(st.round + 1))
    return PlayerCard(player=player, name=replay.players[i].name, round=st.round, rank=place + 1,
                      score=Fraction(int(st.num[i]), st.den), value=values[place], lines=tuple(lines), bonus=bonus,
                      self_value=self_value, rank_history=history)


def _published_rank(replay: Replay, published: list[dict[PlayerId, int]], player: PlayerId, i: int, r: int) -> int:
    """The player's place in the table published after round r (docs/rules.md §6: an earlier segment's), or,
    before they joined, their place in the ranking this replay priced that round with (they stood last)."""
    if player in published[r]:
        return published[r][player]
    return int(np.flatnonzero(replay.states[r].order == i)[0]) + 1


def _check(replay: Replay, k: int) -> int:
    replay.ranking_after(k)  # raises InputError("round", …) when out of range
    return k


def _line(replay: Replay, slot: dict[str, Any], pricing: tuple[np.ndarray, ...], values: tuple[Fraction, ...],
          ranked: frozenset[int]) -> CardLine:
    """One row of the slot frame, priced at the ranking(s) `pricing` (a cycle's points are the mean);
    `ranked`: the season indices of the ranked players."""
    price = replay.prices[slot["price"]]
    amount = Fraction(slot["factor_num"], slot["factor_den"])
    grid = replay.ruleset.rounding
    opponent = opponent_name = colour = result = None
    removed = False
    if slot["kind"] == "game":
        other = replay.season.players[slot["opponent"]]
        opponent, opponent_name = other.id, other.name
        removed = slot["opponent"] not in ranked
        colour = Colour.of_sign(slot["colour"]).word
        result = _RESULT_WORDS[slot["outcome"]]
    who: int | None = slot["who"]
    ranks: tuple[int, ...] = ()
    value: Fraction | None = None
    if who is None:
        points = round_to_grid(amount, grid)
    else:
        ranks = tuple(int(pos[who]) + 1 for pos in pricing)
        at = [values[r - 1] for r in ranks]
        points = sum((round_to_grid(amount * v, grid) for v in at), Fraction(0)) / len(at)
        value = sum(at, Fraction(0)) / len(at)
    return CardLine(round=slot["round"], entry=slot["kind"], result=result, opponent=opponent,
                    opponent_name=opponent_name, colour=colour, opponent_removed=removed,
                    implied=slot["implied"], price=price.label, factor=None if who is None else amount,
                    priced_by=None if who is None else replay.players[who].id, ranks=ranks, value=value,
                    points=points)


__all__ = ["CardLine", "PlayerCard", "player_card", "player_cards"]
