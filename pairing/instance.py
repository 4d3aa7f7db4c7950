"""One round to pair, as plain data: who is to be paired, in rank order, with their past and the director's locks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from keizer.seasons.gcpause import collector_paused
from keizer.pairing.championship.round import check_fixed_meetings, group_forbids, scheduled_fixed
from keizer.pairing.history import History, Meeting, Pair, pair_key, season_history
from keizer.pairing.kept import KeptPairing
from keizer.pairing.pool import Pool, check_bye, forbid_pairs, lock_pairs
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import SeasonComplete
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import ruleset_for
from keizer.seasons.ruleset.model import PairingRules
from keizer.seasons.season_length import season_length

if TYPE_CHECKING:
    import polars as pl


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player to be paired, as the criteria see them."""

    id: PlayerId
    rank: int
    """Place in the Keizer ranking the round is paired from (1 = top)."""
    pos: int
    """Place among the players the model pairs (1 = highest-ranked present player; 0 in a fixed game).
    Rank distance is measured here, so an absent player leaves no hole (docs/rules.md §7: #1–#2, #3–#4 …)."""
    value: Fraction
    """Keizer value at that rank (shown in explanations)."""
    colours: str
    """Colours of the games sat at the board so far, oldest first ('W'/'B')."""
    byes: int
    """Byes so far."""
    lost_evenings: int
    """Byes plus club duty so far (K)."""
    bottom: bool
    """In the bottom region of the ranking (D art. 9: may meet once more)."""


@dataclass(frozen=True, slots=True)
class RoundInstance:
    """Everything one round's pairing depends on; built only by `build_instance`."""

    round_number: int
    rules: PairingRules
    ranking_size: int
    """Players in the ranking the round is paired from."""
    players: tuple[PlayerState, ...]
    """The players the model pairs, in rank order (`pos` 1..n)."""
    fixed: tuple[tuple[PlayerId, PlayerId], ...]
    """Fixed games (white, black) placed as given — championship games (docs/rules.md §8)."""
    fixed_players: tuple[PlayerState, ...]
    """The players of the fixed games, in rank order."""
    locks: tuple[Pair, ...]
    """Pairs that must play each other (director), each in id order, sorted."""
    forbids: tuple[Pair, ...]
    """Pairs that must not play each other — the director's and those of `apart` — each in id order, sorted."""
    bye_lock: PlayerId | None
    """The player the director gives the bye (K: the volunteer)."""
    history: History
    unavailable: tuple[tuple[PlayerId, str], ...]
    """Ranked players not paired this round and why (entry, withdrawn, not joined), in rank order."""
    keep: KeptPairing | None = None
    """The round's accepted pairing, when it is paired again keeping what it can (the `keep_accepted` tier)."""
    apart: tuple[Pair, ...] = ()
    """The forbidden pairs that are the championship group's rule, not the director's: members meet only as
    its schedule says (docs/rules.md §8). An explanation says which of the two forbids a pair."""
    regulations: str | None = None
    """Whose text the season follows (ruleset `regulations`): the articles an explanation cites."""
    _state: dict[PlayerId, PlayerState] = field(init=False, repr=False, compare=False)
    _lock: dict[PlayerId, PlayerId] = field(init=False, repr=False, compare=False)
    _forbid: frozenset[Pair] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_state", {p.id: p for p in self.players + self.fixed_players})
        lock: dict[PlayerId, PlayerId] = {}
        for a, b in self.locks:
            lock[a], lock[b] = b, a
        object.__setattr__(self, "_lock", lock)
        object.__setattr__(self, "_forbid", frozenset(self.forbids))

    @property
    def seed(self) -> int:
        return self.rules.seed

    @property
    def boards(self) -> int:
        """Games the model makes (fixed games not counted)."""
        return len(self.players) // 2

    @property
    def needs_bye(self) -> bool:
        return len(self.players) % 2 == 1

    @property
    def target_distance(self) -> int:
        """The rank distance aimed at: 1, or `opening.distance` in the opening rounds (D art. 7)."""
        return target_distance(self.rules, self.round_number)

    def state(self, pid: PlayerId) -> PlayerState:
        return self._state[pid]

    def has(self, pid: PlayerId) -> bool:
        """Whether the player is paired by the model (not absent, not in a fixed game)."""
        state = self._state.get(pid)
        return state is not None and state.pos > 0

    def lock_partner(self, pid: PlayerId) -> PlayerId | None:
        return self._lock.get(pid)

    def is_forbidden(self, a: PlayerId, b: PlayerId) -> bool:
        return pair_key(a, b) in self._forbid

    def kept_apart(self, a: PlayerId, b: PlayerId) -> bool:
        """The championship group's rule forbids the pair (`apart`), not the director."""
        return pair_key(a, b) in self.apart

    def meetings_of(self, a: PlayerId, b: PlayerId) -> tuple[Meeting, ...]:
        return self.history.meetings_of(a, b)


def target_distance(rules: PairingRules, round_number: int) -> int:
    """The rank distance round `round_number` aims at: 1, or `opening.distance` in the opening (D art. 7)."""
    opening = rules.opening
    if opening is not None and round_number in opening.rounds:
        return opening.distance
    return 1


def build_instance(season: Season, round_number: int, ranking: Sequence[PlayerId], values: Sequence[Fraction],
                   locks: Sequence[tuple[PlayerId, PlayerId]] = (),
                   forbids: Sequence[tuple[PlayerId, PlayerId]] = (),
                   bye: PlayerId | None = None,
                   fixed: Sequence[tuple[PlayerId, PlayerId]] = (),
                   slots: pl.DataFrame | None = None, history: History | None = None,
                   keep: KeptPairing | None = None) -> RoundInstance:
    """Round `round_number` of `season` to be paired from `ranking` (after round K−1), or a KeizerError.

    The history of rounds 1..K−1 is read from `slots` when given (the ranking's replay frame,
    `keizer_ranked`), or taken as `history` (an earlier instance's, when only the director's locks,
    forbids, bye or fixed games changed: the past did not); else built from the season. `keep`: the round's
    accepted pairing, to change as few of its boards as possible (docs/rules.md §7)."""
    with collector_paused():
        inst = _build(season, round_number, ranking, values, locks, forbids, bye, fixed, slots, history)
    return inst if keep is None else replace(inst, keep=keep)


def _build(season: Season, k: int, ranking: Sequence[PlayerId], values: Sequence[Fraction],
           locks: Sequence[tuple[PlayerId, PlayerId]], forbids: Sequence[tuple[PlayerId, PlayerId]],
           bye: PlayerId | None, fixed: Sequence[tuple[PlayerId, PlayerId]], slots: pl.DataFrame | None,
           history: History | None) -> RoundInstance:
    check_round(season, k)
    _check_ranking(season, ranking, values)
    ruleset = ruleset_of(season)
    rules = ruleset.pairing
    pool = Pool.of(season, k, ranking, ruleset)
    # The championship group's games of this round are fixed boards; its other pairs never meet (§8).
    present = pool.present
    fixed_games = pool.place_fixed(tuple(fixed) + scheduled_fixed(season, ruleset, k, present, fixed))
    locked, partner = lock_pairs(pool, locks)
    forbidden = forbid_pairs(season, forbids, locked, fixed_games)
    apart = group_forbids(season, ruleset, k, present, fixed_games, locked)
    forbidden |= apart
    if bye is not None:
        check_bye(pool, bye, partner)
    if history is None:
        history = season_history(season, k, slots)
    check_fixed_meetings(ruleset, k, fixed_games, history, ranking)
    players, fixed_players = _player_states(pool, values, history, bottom_from=len(ranking) - rules.bottom_region)
    return RoundInstance(round_number=k, rules=rules, ranking_size=len(ranking), players=players,
                         fixed=fixed_games, fixed_players=fixed_players, locks=tuple(sorted(locked)),
                         forbids=tuple(sorted(forbidden)), bye_lock=bye, history=history,
                         unavailable=pool.unavailable, apart=tuple(sorted(apart)), regulations=ruleset.regulations)


def ruleset_of(season: Season) -> Ruleset:
    """The season's rule set, parsed once per preset name (`ruleset_for`)."""
    return ruleset_for(season.ruleset_spec)


def _check_ranking(season: Season, ranking: Sequence[PlayerId], values: Sequence[Fraction]) -> None:
    if len(values) != len(ranking):
        raise KeizerError(f"ranking has {counted(len(ranking), 'player')} but {counted(len(values), 'value')}")
    seen: set[PlayerId] = set()
    for pid in ranking:
        if not season.has_player(pid):
            raise KeizerError(f"ranking: unknown player {pid!r}")
        if pid in seen:
            raise KeizerError(f"ranking: player {pid!r} is listed twice")
        seen.add(pid)


def _player_states(pool: Pool, values: Sequence[Fraction], history: History,
                   bottom_from: int) -> tuple[tuple[PlayerState, ...], tuple[PlayerState, ...]]:
    """The players the model pairs and those of the fixed games, each in rank order, with their past.
    Ranks beyond `bottom_from` are the bottom region (D art. 9)."""
    pool_states: list[PlayerState] = []
    fixed_states: list[PlayerState] = []
    ranking, fixed, past_of = pool.ranking, pool.fixed, history.of
    for i in pool.available:  # a forecast builds every round's states: positional, the past read once
        pid = ranking[i]
        past = past_of(pid)
        value = _fraction(values[i])
        if pid in fixed:
            fixed_states.append(PlayerState(pid, i + 1, 0, value, past.colours, past.byes, past.lost_evenings,
                                            i + 1 > bottom_from))
        else:
            pool_states.append(PlayerState(pid, i + 1, len(pool_states) + 1, value, past.colours, past.byes,
                                           past.lost_evenings, i + 1 > bottom_from))
    return tuple(pool_states), tuple(fixed_states)


def _fraction(value: Fraction | int) -> Fraction:
    """The value as a Fraction; the ranking's values mostly are one already (building it anew costs)."""
    return value if type(value) is Fraction else Fraction(value)


def check_round(season: Season, k: int) -> None:
    """KeizerError unless round k can be paired now: in range, without results, the rounds before paired."""
    last = len(season.rounds) + 1  # the rounds listed, or the next one
    planned = season_length(season)
    if planned is not None:
        last = min(last, planned)
    if k == len(season.rounds) + 1 and planned is not None and k > planned:
        raise SeasonComplete(planned)  # every planned round listed: the shell says how to plan more
    if k < 1 or k > last:
        raise KeizerError(f"round {k} is out of range: this season can pair rounds 1..{last}")
    if k <= len(season.rounds) and season.rounds[k - 1].has_results:
        raise KeizerError(f"round {k} already has results; it cannot be paired again")
    later = [r.number for r in season.rounds[k:] if r.is_paired]
    if later:  # its pairing was made from the ranking after round k: re-pairing k would leave it stale
        raise KeizerError(f"round {later[0]} is already paired; round {k} can no longer be paired again")
    for rnd in season.rounds[: k - 1]:
        if not rnd.is_paired:
            raise KeizerError(f"round {rnd.number} is not paired yet; pair the rounds in order before round {k}")
