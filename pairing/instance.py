"""One round to pair, as plain data: who is to be paired, in rank order, with their past and the director's locks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pairing.history import History, Meeting, Pair, pair_key, season_history
from seasons.errors import KeizerError
from seasons.model import EntryKind, PlayerId, Round, Season
from seasons.ruleset import parse_ruleset
from seasons.ruleset.model import PairingRules


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player to be paired, as the criteria see them."""

    id: PlayerId
    rank: int
    """Place in the Keizer ranking the round is paired from (1 = top)."""
    pos: int
    """Place among the players the model pairs (1 = highest-ranked present player; 0 in a fixed game).
    Rank distance is measured here, so an absent player leaves no hole (RULES.md §7: #1–#2, #3–#4 …)."""
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
    """Fixed games (white, black) placed as given — championship games (RULES.md §8)."""
    fixed_players: tuple[PlayerState, ...]
    """The players of the fixed games, in rank order."""
    locks: tuple[Pair, ...]
    """Pairs that must play each other (director), each in id order, sorted."""
    forbids: tuple[Pair, ...]
    """Pairs that must not play each other (director), each in id order, sorted."""
    bye_lock: PlayerId | None
    """The player the director gives the bye (K: the volunteer)."""
    history: History
    unavailable: tuple[tuple[PlayerId, str], ...]
    """Ranked players not paired this round and why (entry, withdrawn, not joined), in rank order."""
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
        opening = self.rules.opening
        if opening is not None and self.round_number in opening.rounds:
            return opening.distance
        return 1

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

    def meetings_of(self, a: PlayerId, b: PlayerId) -> tuple[Meeting, ...]:
        return self.history.meetings_of(a, b)


def build_instance(season: Season, round_number: int, ranking: Sequence[PlayerId], values: Sequence[Fraction],
                   locks: Sequence[tuple[PlayerId, PlayerId]] = (),
                   forbids: Sequence[tuple[PlayerId, PlayerId]] = (),
                   bye: PlayerId | None = None,
                   fixed: Sequence[tuple[PlayerId, PlayerId]] = ()) -> RoundInstance:
    """Round `round_number` of `season` to be paired from `ranking` (after round K−1), or a KeizerError."""
    k = round_number
    check_round(season, k)
    if len(values) != len(ranking):
        raise KeizerError(f"ranking has {len(ranking)} players but {len(values)} values")
    seen: set[PlayerId] = set()
    for pid in ranking:
        if not season.has_player(pid):
            raise KeizerError(f"ranking: unknown player {pid!r}")
        if pid in seen:
            raise KeizerError(f"ranking: player {pid!r} is listed twice")
        seen.add(pid)
    rules = parse_ruleset(season.ruleset_spec).pairing
    rnd = season.rounds[k - 1] if k <= len(season.rounds) else None
    unavailable: list[tuple[PlayerId, str]] = []
    available: list[int] = []  # indexes into ranking
    for i, pid in enumerate(ranking):
        why = _unavailable_because(season, k, pid, rnd)
        if why is None:
            available.append(i)
        else:
            unavailable.append((pid, why))
    avail_ids = {ranking[i] for i in available}

    def where(pid: PlayerId) -> str:
        if not season.has_player(pid):
            return f"unknown player {pid!r}"
        reason = dict(unavailable).get(pid, "not ranked")
        return f"{pid!r} is not available in round {k} ({reason})"

    fixed_ids: dict[PlayerId, int] = {}
    fixed_games: list[tuple[PlayerId, PlayerId]] = []
    for g, (white, black) in enumerate(fixed):
        for pid in (white, black):
            if pid not in avail_ids:
                raise KeizerError(f"fixed game {white}–{black}: {where(pid)}")
            if pid in fixed_ids:
                raise KeizerError(f"fixed game {white}–{black}: {pid!r} already plays fixed game "
                                  f"{fixed[fixed_ids[pid]][0]}–{fixed[fixed_ids[pid]][1]}")
        if white == black:
            raise KeizerError(f"fixed game {white}–{black}: a player cannot play themselves")
        fixed_ids[white] = fixed_ids[black] = g
        fixed_games.append((PlayerId(white), PlayerId(black)))
    pool_ids = avail_ids - set(fixed_ids)

    def in_pool(what: str, pid: PlayerId) -> None:
        if pid in fixed_ids:
            w, b = fixed[fixed_ids[pid]]
            raise KeizerError(f"{what}: {pid!r} plays the fixed game {w}–{b}")
        if pid not in pool_ids:
            raise KeizerError(f"{what}: {where(pid)}")

    partner: dict[PlayerId, PlayerId] = {}
    lock_pairs: set[Pair] = set()
    for a, b in locks:
        what = f"lock {a}–{b}"
        if a == b:
            raise KeizerError(f"{what}: a player cannot play themselves")
        in_pool(what, a)
        in_pool(what, b)
        for p, q in ((a, b), (b, a)):
            if p in partner and partner[p] != q:
                raise KeizerError(f"{what} contradicts lock {p}–{partner[p]}: {p!r} can play only one game")
        partner[a], partner[b] = b, a
        lock_pairs.add(pair_key(a, b))
    forbid_pairs: set[Pair] = set()
    for a, b in forbids:
        for pid in (a, b):
            if not season.has_player(pid):
                raise KeizerError(f"forbid {a}–{b}: unknown player {pid!r}")
        if pair_key(a, b) in lock_pairs:
            raise KeizerError(f"forbid {a}–{b} contradicts the lock {a}–{b}")
        if any(pair_key(a, b) == pair_key(w, bl) for w, bl in fixed_games):
            raise KeizerError(f"forbid {a}–{b} contradicts the fixed game between them")
        forbid_pairs.add(pair_key(a, b))
    if bye is not None:
        in_pool(f"bye for {bye}", bye)
        if bye in partner:
            raise KeizerError(f"bye for {bye} contradicts lock {bye}–{partner[bye]}")
        if len(pool_ids) % 2 == 0:
            raise KeizerError(f"bye for {bye}: {len(pool_ids)} players are to be paired, an even number, so "
                              f"there is no bye")

    history = season_history(season, k)
    size = len(ranking)
    bottom_from = size - rules.bottom_region  # ranks above this are the bottom region (D art. 9)
    pool: list[PlayerState] = []
    fixed_states: list[PlayerState] = []
    for i in available:
        pid = ranking[i]
        past = history.of(pid)
        in_fixed = pid in fixed_ids
        state = PlayerState(id=pid, rank=i + 1, pos=0 if in_fixed else len(pool) + 1, value=Fraction(values[i]),
                            colours=past.colours, byes=past.byes, lost_evenings=past.lost_evenings,
                            bottom=i + 1 > bottom_from)
        (fixed_states if in_fixed else pool).append(state)
    return RoundInstance(round_number=k, rules=rules, ranking_size=size, players=tuple(pool),
                         fixed=tuple(fixed_games), fixed_players=tuple(fixed_states),
                         locks=tuple(sorted(lock_pairs)), forbids=tuple(sorted(forbid_pairs)),
                         bye_lock=bye, history=history, unavailable=tuple(unavailable))


def check_round(season: Season, k: int) -> None:
    """KeizerError unless round k can be paired now: in range, without results, the rounds before paired."""
    last = len(season.rounds) + 1  # the rounds listed, or the next one
    if season.rounds_planned is not None:
        last = min(last, season.rounds_planned)
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


def _unavailable_because(season: Season, k: int, pid: PlayerId, rnd: Round | None) -> str | None:
    """Why a ranked player is not paired in round k, or None when they are to be paired."""
    player = season.player(pid)
    if player.joined > k:
        return f"joins in round {player.joined}"
    withdrawal = season.withdrawal_of(pid)
    if withdrawal is not None and withdrawal.before_round <= k:
        return "withdrawn"
    if rnd is not None:
        kind = rnd.entry_of(pid)
        if kind is None and pid in season.suspended:
            return "suspended until they report back (D art. 12)"
        # A `bye` entry in a round being re-paired was the old pairing's bye: that player is present.
        if kind is not None and kind is not EntryKind.BYE:
            return kind.value
    elif pid in season.suspended:
        return "suspended until they report back (D art. 12)"
    return None
