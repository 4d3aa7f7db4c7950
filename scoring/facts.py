"""What each ranked player did in each round and how it is priced, a slot per player per round (docs/rules.md §2)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

import numpy as np

from keizer.seasons.championship import final_group
from keizer.seasons.model import ChampionshipGroup
from keizer.seasons.errors import InputError
from keizer.seasons.model import Colour, EntryKind, Player, PlayerId, Result, Round, Season, Withdrawal
from keizer.seasons.ruleset.model import ENTRY_FACTOR_KEYS, Ruleset

KINDS = ("game",) + ENTRY_FACTOR_KEYS + ("final_group", "none")
"""Slot kinds: a game, an entry (named by its factor key), "final_group" (a member of a "separate" group,
out of the Keizer after it formed: docs/rules.md §8, always implied, scores 0) or nothing (not yet paired)."""
GAME, NONE = 0, len(KINDS) - 1
KIND_CODE = {k: i for i, k in enumerate(KINDS)}
OUTCOMES = ("", "win", "draw", "loss", "forfeit_win", "forfeit_loss", "pending")
"""A game's outcome for one player ("" for a slot without a game)."""
OUTCOME_CODE = {o: i for i, o in enumerate(OUTCOMES)}
WHITE, BLACK = Colour.WHITE.sign, Colour.BLACK.sign
"""The int8 colour codes of RoundFacts: the signs of `Colour` (0 without a game)."""

# (white's outcome, black's outcome) of each result.
_OUTCOMES_OF = {
    Result.WHITE_WINS: ("win", "loss"),
    Result.BLACK_WINS: ("loss", "win"),
    Result.DRAW: ("draw", "draw"),
    Result.WHITE_FORFEIT_WIN: ("forfeit_win", "forfeit_loss"),
    Result.BLACK_FORFEIT_WIN: ("forfeit_loss", "forfeit_win"),
    Result.PENDING: ("pending", "pending"),
}
OUTCOME_CODES_OF = {res: (OUTCOME_CODE[w], OUTCOME_CODE[b]) for res, (w, b) in _OUTCOMES_OF.items()}
# A game against a removed player scores a withdrawal factor of the own value (D art. 22).
_WITHDRAWAL_KEY = {"win": "win", "forfeit_win": "win", "draw": "draw", "loss": "loss", "forfeit_loss": "loss"}


@dataclass(frozen=True, slots=True)
class Price:
    """How one kind of slot scores: a factor of somebody's value, or a constant."""

    label: str
    """"win", "excused", "withdrawal_draw", "fixed:bye", "pending", "absence_limit", "none", …"""
    whose: Literal["opponent", "own", "constant"]
    """Whose value the factor multiplies (D art. 17: the opponent's; entries: the own value)."""
    amount: Fraction
    """The factor, or for a constant the points (before the rounding grid)."""


def price_table(ruleset: Ruleset) -> tuple[Price, ...]:
    """Every price a slot can have under this ruleset, in a fixed order."""
    prices = [Price(k, "opponent", ruleset.factor(k)) for k in ("win", "draw", "loss", "forfeit_win", "forfeit_loss")]
    prices += [Price(k, "own", ruleset.factor(k)) for k in ENTRY_FACTOR_KEYS]
    w = ruleset.withdrawal
    prices += [Price("withdrawal_win", "own", w.win), Price("withdrawal_draw", "own", w.draw),
               Price("withdrawal_loss", "own", w.loss)]
    prices += [Price(f"fixed:{k}", "constant", p) for k, p in ruleset.fixed_points]
    prices += [Price(label, "constant", Fraction(0)) for label in ("pending", "absence_limit", "none")]
    return tuple(prices)


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """One round for every ranked player (arrays indexed by ranked player, in starting order)."""

    number: int
    kind: np.ndarray
    """int8 codes into KINDS."""
    outcome: np.ndarray
    """int8 codes into OUTCOMES."""
    opponent: np.ndarray
    """int32: the opponent's index in `season.players` (removed players included), −1 without a game."""
    colour: np.ndarray
    """int8: the `Colour.sign` of the player's colour (WHITE, BLACK), or 0 without a game."""
    implied: np.ndarray
    """bool: the slot was not written in the round but follows from `joined` or a kept withdrawal."""
    who: np.ndarray
    """int32: the ranked player whose value prices the slot, −1 for a constant."""
    price: np.ndarray
    """int16 index into the price table."""


@dataclass(slots=True)
class _RoundSlots:
    """One round's slots while FactsBuilder fills them (arrays indexed by ranked player), and where each
    player was placed so far."""

    builder: FactsBuilder
    number: int
    kind: np.ndarray
    outcome: np.ndarray
    opponent: np.ndarray
    colour: np.ndarray
    implied: np.ndarray
    is_late: list[bool]
    is_gone: list[bool]
    in_group: list[bool]
    """Out of the Keizer in the final group this round: no game or entry may place them."""
    placed: dict[int, int | PlayerId]
    """Where each player placed so far is: a game's index, or (an entry) their own id."""

    @classmethod
    def start(cls, builder: FactsBuilder, r: int) -> _RoundSlots:
        """The slots the round's text does not write: before `joined` the slot is `late`; from a kept
        withdrawal's before_round on, `excused` (D art. 22). Withdrew before ever joining: `late`
        throughout — one cannot be excused from what one never joined. A member of a "separate" group is
        `final_group` from the round after it formed (docs/rules.md §8): in no Keizer game, scoring 0."""
        n = builder.n
        kind, implied, late, gone, group = builder.round_template(r)
        return cls(builder, r, kind.copy(), np.zeros(n, dtype=np.int8), np.full(n, -1, dtype=np.int32),
                   np.zeros(n, dtype=np.int8), implied.copy(), late, gone, group, {})

    @property
    def where(self) -> str:
        return f"rounds[{self.number - 1}]"

    def place(self, i: int, at: str, allow_late: bool) -> None:
        """The InputError of placing ranked player i at `at` when they already are placed, have not joined
        yet, or have withdrawn (the callers check those first, at C speed, and record the place themselves)."""
        b = self.builder
        pid = b.players[b.ranked[i]].id
        if i in self.placed:
            first = self.placed[i]
            also = f"{self.where}.games[{first}]" if isinstance(first, int) else f"{self.where}.entries.{first}"
            raise InputError(at, f"player {pid!r} appears twice in round {self.number} (also at {also})")
        if self.is_late[i] and not allow_late:
            raise InputError(at, f"player {pid!r} has not joined yet (joined: round {b.joined[i]})")
        if self.in_group[i]:
            raise InputError(at, f"player {pid!r} plays in the final group from round {b.group_from[i]} and has "
                                 f"no Keizer game in round {self.number} (docs/rules.md §8)")
        if self.is_gone[i]:
            raise InputError(at, f"player {pid!r} withdrew before round {b.gone_from[i]}")

    def check_complete(self) -> None:
        """In a paired round every ranked player has a game or an entry."""
        missing = np.flatnonzero(self.kind == NONE)
        if missing.size:
            b = self.builder
            pid = b.players[b.ranked[int(missing[0])]].id
            raise InputError(self.where, f"player {pid!r} has neither a game nor an entry in round {self.number}")


def removed_players(season: Season, ruleset: Ruleset, by_round: int | None = None) -> frozenset[PlayerId]:
    """Players whose withdrawal removes them from every ranking (D art. 22): `before_round` at or below the
    ruleset's removal threshold ("vóór de 21ste speelronde", read literally: `≤`). `by_round`: only the
    withdrawals that have taken effect when that round is paired (before_round ≤ by_round)."""
    limit = ruleset.withdrawal.removal_before_round
    if limit is None:
        return frozenset()
    last = limit if by_round is None else min(limit, by_round)
    return frozenset(w.player for w in season.withdrawals if w.before_round <= last)


RoundTemplate = tuple[np.ndarray, np.ndarray, list[bool], list[bool], list[bool]]
"""A round's slots before its text is read: kinds, implied, and who is late, gone, in the final group."""


class FactsBuilder:
    """Turns rounds into RoundFacts one at a time (it counts absences for the absence limit as it goes)."""

    def __init__(self, players: tuple[Player, ...], withdrawals: tuple[Withdrawal, ...], ruleset: Ruleset,
                 removed: frozenset[PlayerId], final_group: ChampionshipGroup | None = None) -> None:
        """`final_group`: a "separate" group (`seasons.championship.final_group`), whose members are out of
        the Keizer from the round after it formed."""
        self.players = players
        self.ruleset = ruleset
        self.season_index = {p.id: i for i, p in enumerate(players)}
        self.ranked = tuple(i for i, p in enumerate(players) if p.id not in removed)
        self.n = len(self.ranked)
        rank_index = np.full(len(players), -1, dtype=np.int32)
        rank_index[list(self.ranked)] = np.arange(self.n, dtype=np.int32)
        self.rank_index = rank_index
        self._rank_of: list[int] = rank_index.tolist()
        self.joined = np.array([players[i].joined for i in self.ranked], dtype=np.int64)
        kept = {w.player: w.before_round for w in withdrawals if w.player not in removed}
        big = np.iinfo(np.int64).max
        self.gone_from = np.array([kept.get(players[i].id, big) for i in self.ranked], dtype=np.int64)
        leave = {} if final_group is None else {p: final_group.formed_after + 1 for p in final_group.members}
        self.group_from = np.array([leave.get(players[i].id, big) for i in self.ranked], dtype=np.int64)
        self.prices = price_table(ruleset)
        self._tables()
        limit = ruleset.absence_limit
        self._limit_count = limit.count if limit else 0
        self._limit_kinds = np.array([KIND_CODE[k] for k in limit.kinds] if limit else [], dtype=np.int8)
        self._absences = np.zeros(self.n, dtype=np.int64)
        self._templates: dict[int, tuple[np.ndarray, RoundTemplate]] = {}
        """`round_template` by round, with the final group's rounds it was made for (forks share them)."""

    def round_template(self, r: int) -> RoundTemplate:
        """Round r's slots before its text is read (`_RoundSlots.start`: the kinds, which are implied, and who
        is late, gone or in the final group), kept per round while the final group's rounds stay the same
        (read-only: the caller copies the arrays it fills) — a forecast's runs start every round alike."""
        kept = self._templates.get(r)
        if kept is not None and kept[0] is self.group_from:
            return kept[1]
        kind = np.full(self.n, NONE, dtype=np.int8)
        implied = np.zeros(self.n, dtype=bool)
        gone = r >= self.gone_from
        late = (r < self.joined) | (gone & (self.gone_from <= self.joined))
        kind[gone] = KIND_CODE["excused"]
        kind[late] = KIND_CODE["late"]
        group = r >= self.group_from
        kind[group] = KIND_CODE["final_group"]
        implied[late | gone | group] = True
        made = (kind, implied, late.tolist(), gone.tolist(), group.tolist())
        self._templates[r] = (self.group_from, made)
        return made

    def fork(self) -> FactsBuilder:
        """A builder going on from here on its own (a forecast's run): what either adds next is not counted
        by the other (the absence limit's counts)."""
        other = copy.copy(self)
        other._absences = self._absences.copy()
        return other

    def _tables(self) -> None:
        """Lookup tables from kind/outcome codes to prices, so that pricing a round is vectorised."""
        p = {price.label: i for i, price in enumerate(self.prices)}
        self._price = p
        game = [p["none"], p["win"], p["draw"], p["loss"], p["forfeit_win"], p["forfeit_loss"], p["pending"]]
        self._game_price = np.array(game, dtype=np.int16)
        # D art. 22: against a removed player, a withdrawal factor of the own value; pending stays 0.
        removed = [p["none"]] + [p["withdrawal_" + _WITHDRAWAL_KEY[o]] for o in OUTCOMES[1:-1]] + [p["pending"]]
        self._removed_price = np.array(removed, dtype=np.int16)
        entry = [p.get(f"fixed:{k}", p.get(k, p["none"])) for k in KINDS]
        self._entry_price = np.array(entry, dtype=np.int16)
        self._entry_own = np.array([f"fixed:{k}" not in p and k in p for k in KINDS], dtype=bool)

    def add(self, rnd: Round) -> RoundFacts:
        """The next round's slots; a player placed twice, too early or too late is an InputError."""
        slots = _RoundSlots.start(self, rnd.number)
        self._place_games(slots, rnd)
        self._place_entries(slots, rnd)
        if rnd.is_paired:
            slots.check_complete()
        who, price = self._prices(slots.kind, slots.outcome, slots.opponent)
        return RoundFacts(number=rnd.number, kind=slots.kind, outcome=slots.outcome, opponent=slots.opponent,
                          colour=slots.colour, implied=slots.implied, who=who, price=price)

    def _place_games(self, slots: _RoundSlots, rnd: Round) -> None:
        """Both sides of every game; a removed player vanishes and only the opponent's side is scored."""
        rank_of, index_of = self._rank_of, self.season_index
        placed, late, gone, in_group = slots.placed, slots.is_late, slots.is_gone, slots.in_group
        rows: list[int] = []
        colours: list[int] = []
        outcomes: list[int] = []
        opponents: list[int] = []  # the opponent's season index
        for g, game in enumerate(rnd.games):  # every round of a forecast's runs: each side written out
            white, black = index_of.get(game.white, -1), index_of.get(game.black, -1)
            if white < 0 or black < 0:
                self._season_idx(game.white if white < 0 else game.black, f"{slots.where}.games[{g}]")  # raises
            out_white, out_black = OUTCOME_CODES_OF[game.result]
            for me, colour, outcome, opponent in ((white, WHITE, out_white, black), (black, BLACK, out_black, white)):
                i = rank_of[me]
                if i < 0:
                    continue
                if i in placed or late[i] or gone[i] or in_group[i]:
                    slots.place(i, f"{slots.where}.games[{g}]", allow_late=False)  # raises
                placed[i] = g
                rows.append(i)
                colours.append(colour)
                outcomes.append(outcome)
                opponents.append(opponent)
        if rows:
            slots.kind[rows] = GAME
            slots.colour[rows], slots.outcome[rows], slots.opponent[rows] = colours, outcomes, opponents

    def _place_entries(self, slots: _RoundSlots, rnd: Round) -> None:
        """Every entry of the round (bye, absences, external, duty, late)."""
        rank_of, index_of, late_code = self._rank_of, self.season_index, KIND_CODE["late"]
        placed, late, gone, in_group = slots.placed, slots.is_late, slots.is_gone, slots.in_group
        for pid, entry in rnd.entries:
            at = index_of.get(pid, -1)
            if at < 0:
                self._season_idx(pid, f"{slots.where}.entries.{pid}")  # raises
            i = rank_of[at]
            if i < 0 or in_group[i]:
                continue  # removed; or in the final group, where an entry (an absence noted) scores nothing (§8)
            if i in placed and slots.kind[i] == GAME and entry.is_external:
                continue  # D art. 18: an internal game and an external match the same week: only the game scores
            code = KIND_CODE[entry.factor_key]
            if i in placed or gone[i] or (late[i] and code != late_code):  # the words made only to say so
                slots.place(i, f"{slots.where}.entries.{pid}", allow_late=code == late_code)  # raises
            placed[i] = pid
            slots.kind[i], slots.implied[i] = code, False

    def _season_idx(self, pid: PlayerId, at: str) -> int:
        try:
            return self.season_index[pid]
        except KeyError:
            raise InputError(at, f"unknown player {pid!r}") from None

    def _prices(self, kind: np.ndarray, outcome: np.ndarray, opponent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Whose value and which price, per slot (docs/rules.md §2; D art. 11 pending, art. 22 removed opponents)."""
        index = np.arange(self.n, dtype=np.int32)
        who = np.full(self.n, -1, dtype=np.int32)
        price = self._entry_price[kind]
        own = self._entry_own[kind]
        who[own] = index[own]
        game = kind == GAME
        opp = np.where(game, self.rank_index[np.maximum(opponent, 0)], -1)
        price[game] = self._game_price[outcome[game]]
        who[game] = opp[game]
        removed = game & (opp < 0)
        price[removed] = self._removed_price[outcome[removed]]
        who[removed] = index[removed]
        who[game & (outcome == OUTCOME_CODE["pending"])] = -1  # D art. 11 "AF": 0 until a result is entered
        if self._limit_kinds.size:  # from the (count+1)-th such entry of the season on, 0 points
            counted = np.isin(kind, self._limit_kinds)
            self._absences += counted
            over = counted & (self._absences > self._limit_count)
            price[over] = self._price["absence_limit"]
            who[over] = -1
        return who, price.astype(np.int16)


def forfeits_as_booked(season: Season, ruleset: Ruleset) -> Season:
    """The season as it scores: under `forfeit: "bye"` (D art. 11) a forfeit is the present player's bye and
    the absentee's unexcused absence — entries, like a no-show — however it was entered; else unchanged."""
    if ruleset.forfeit != "bye" or not any(g.result.is_forfeit for r in season.rounds for g in r.games):
        return season
    return replace(season, rounds=tuple(_forfeits_booked(r) for r in season.rounds))


def round_as_booked(rnd: Round, ruleset: Ruleset) -> Round:
    """One round as it scores (`forfeits_as_booked`, for a round added to a replay carried on)."""
    return _forfeits_booked(rnd) if ruleset.forfeit == "bye" else rnd


def _forfeits_booked(rnd: Round) -> Round:
    forfeits = [g for g in rnd.games if g.result.is_forfeit]
    if not forfeits:
        return rnd
    entries = dict(rnd.entries)
    for g in forfeits:
        white_came = g.result is Result.WHITE_FORFEIT_WIN
        entries[g.white] = EntryKind.BYE if white_came else EntryKind.UNEXCUSED
        entries[g.black] = EntryKind.UNEXCUSED if white_came else EntryKind.BYE
    return replace(rnd, games=tuple(g for g in rnd.games if not g.result.is_forfeit),
                   entries=tuple(sorted(entries.items())))


@dataclass(frozen=True, slots=True)
class SeasonFacts:
    """The rounds 1..K of a season as slots, with the ranked players and the prices."""

    ranked: tuple[int, ...]
    """Indices into `season.players` of the ranked players, in starting order (removed players left out)."""
    rank_index: np.ndarray
    """season index → ranked index, −1 for a removed player."""
    prices: tuple[Price, ...]
    rounds: tuple[RoundFacts, ...]


def season_facts(season: Season, ruleset: Ruleset, upto: int) -> SeasonFacts:
    """The slots of rounds 1..upto; bad combinations are InputErrors naming the round and player.
    `season` is the season as it scores (`forfeits_as_booked`)."""
    builder = facts_builder(season, ruleset)
    rounds = tuple(builder.add(season.rounds[r]) for r in range(upto))
    return SeasonFacts(ranked=builder.ranked, rank_index=builder.rank_index, prices=builder.prices, rounds=rounds)


def facts_builder(season: Season, ruleset: Ruleset) -> FactsBuilder:
    """The builder of `season`'s slots, before its first round (`season`: as it scores, `forfeits_as_booked`)."""
    left = final_group(season.championship, ruleset.championship.mode if ruleset.championship else None)
    return FactsBuilder(season.players, season.withdrawals, ruleset, removed_players(season, ruleset), left)
