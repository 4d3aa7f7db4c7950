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
    _check_ranking(season, ranking, values)
    rules = parse_ruleset(season.ruleset_spec).pairing
    pool = _Pool.of(season, k, ranking)
    fixed_games = pool.place_fixed(fixed)
    lock_pairs, partner = _lock_pairs(pool, locks)
    forbid_pairs = _forbid_pairs(season, forbids, lock_pairs, fixed_games)
    if bye is not None:
        _check_bye(pool, bye, partner)
    history = season_history(season, k)
    players, fixed_players = _player_states(pool, values, history, bottom_from=len(ranking) - rules.bottom_region)
    return RoundInstance(round_number=k, rules=rules, ranking_size=len(ranking), players=players,
                         fixed=fixed_games, fixed_players=fixed_players, locks=tuple(sorted(lock_pairs)),
                         forbids=tuple(sorted(forbid_pairs)), bye_lock=bye, history=history,
                         unavailable=pool.unavailable)


def _check_ranking(season: Season, ranking: Sequence[PlayerId], values: Sequence[Fraction]) -> None:
    if len(values) != len(ranking):
        raise KeizerError(f"ranking has {len(ranking)} players but {len(values)} values")
    seen: set[PlayerId] = set()
    for pid in ranking:
        if not season.has_player(pid):
            raise KeizerError(f"ranking: unknown player {pid!r}")
        if pid in seen:
            raise KeizerError(f"ranking: player {pid!r} is listed twice")
        seen.add(pid)


@dataclass(slots=True)
class _Pool:
    """Who is available in round k and who of them the model pairs, while the director's input is checked."""

    season: Season
    k: int
    ranking: Sequence[PlayerId]
    available: tuple[int, ...]
    """Indexes into `ranking` of the players present."""
    unavailable: tuple[tuple[PlayerId, str], ...]
    """Ranked players not paired this round and why, in rank order."""
    fixed: dict[PlayerId, tuple[PlayerId, PlayerId]] = field(default_factory=dict)
    """The fixed game of each player in one."""

    @staticmethod
    def of(season: Season, k: int, ranking: Sequence[PlayerId]) -> _Pool:
        rnd = season.rounds[k - 1] if k <= len(season.rounds) else None
        available: list[int] = []
        unavailable: list[tuple[PlayerId, str]] = []
        for i, pid in enumerate(ranking):
            why = _unavailable_because(season, k, pid, rnd)
            if why is None:
                available.append(i)
            else:
                unavailable.append((pid, why))
        return _Pool(season, k, ranking, tuple(available), tuple(unavailable))

    @property
    def present(self) -> set[PlayerId]:
        return {self.ranking[i] for i in self.available}

    @property
    def paired_by_model(self) -> set[PlayerId]:
        return self.present - set(self.fixed)

    def where(self, pid: PlayerId) -> str:
        """Why `pid` cannot take part, in words."""
        if not self.season.has_player(pid):
            return f"unknown player {pid!r}"
        reason = dict(self.unavailable).get(pid, "not ranked")
        return f"{pid!r} is not available in round {self.k} ({reason})"

    def place_fixed(self, fixed: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[tuple[PlayerId, PlayerId], ...]:
        """Check the fixed games (present players, one game each) and take their players out of the pool."""
        present = self.present
        games: list[tuple[PlayerId, PlayerId]] = []
        for white, black in fixed:
            for pid in (white, black):
                if pid not in present:
                    raise KeizerError(f"fixed game {white}–{black}: {self.where(pid)}")
                if pid in self.fixed:
                    w, b = self.fixed[pid]
                    raise KeizerError(f"fixed game {white}–{black}: {pid!r} already plays fixed game {w}–{b}")
            if white == black:
                raise KeizerError(f"fixed game {white}–{black}: a player cannot play themselves")
            self.fixed[white] = self.fixed[black] = (white, black)
            games.append((PlayerId(white), PlayerId(black)))
        return tuple(games)

    def check_in_pool(self, what: str, pid: PlayerId) -> None:
        """KeizerError unless the model pairs `pid` (present and not in a fixed game)."""
        if pid in self.fixed:
            w, b = self.fixed[pid]
            raise KeizerError(f"{what}: {pid!r} plays the fixed game {w}–{b}")
        if pid not in self.paired_by_model:
            raise KeizerError(f"{what}: {self.where(pid)}")


def _lock_pairs(pool: _Pool, locks: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[set[Pair], dict[PlayerId, PlayerId]]:
    """The director's locks as pairs, and each locked player's partner; contradictions are errors."""
    partner: dict[PlayerId, PlayerId] = {}
    pairs: set[Pair] = set()
    for a, b in locks:
        what = f"lock {a}–{b}"
        if a == b:
            raise KeizerError(f"{what}: a player cannot play themselves")
        pool.check_in_pool(what, a)
        pool.check_in_pool(what, b)
        for p, q in ((a, b), (b, a)):
            if p in partner and partner[p] != q:
                raise KeizerError(f"{what} contradicts lock {p}–{partner[p]}: {p!r} can play only one game")
        partner[a], partner[b] = b, a
        pairs.add(pair_key(a, b))
    return pairs, partner


def _forbid_pairs(season: Season, forbids: Sequence[tuple[PlayerId, PlayerId]], locks: set[Pair],
                  fixed: tuple[tuple[PlayerId, PlayerId], ...]) -> set[Pair]:
    """The director's forbidden pairs; one that contradicts a lock or a fixed game is an error."""
    fixed_pairs = {pair_key(w, b) for w, b in fixed}
    pairs: set[Pair] = set()
    for a, b in forbids:
        for pid in (a, b):
            if not season.has_player(pid):
                raise KeizerError(f"forbid {a}–{b}: unknown player {pid!r}")
        if pair_key(a, b) in locks:
            raise KeizerError(f"forbid {a}–{b} contradicts the lock {a}–{b}")
        if pair_key(a, b) in fixed_pairs:
            raise KeizerError(f"forbid {a}–{b} contradicts the fixed game between them")
        pairs.add(pair_key(a, b))
    return pairs


def _check_bye(pool: _Pool, bye: PlayerId, partner: dict[PlayerId, PlayerId]) -> None:
    """The director's bye (K's volunteer) must be paired by the model, unlocked, in an odd field."""
    pool.check_in_pool(f"bye for {bye}", bye)
    if bye in partner:
        raise KeizerError(f"bye for {bye} contradicts lock {bye}–{partner[bye]}")
    count = len(pool.paired_by_model)
    if count % 2 == 0:
        raise KeizerError(f"bye for {bye}: {count} players are to be paired, an even number, so there is no bye")


def _player_states(pool: _Pool, values: Sequence[Fraction], history: History,
                   bottom_from: int) -> tuple[tuple[PlayerState, ...], tuple[PlayerState, ...]]:
    """The players the model pairs and those of the fixed games, each in rank order, with their past.
    Ranks beyond `bottom_from` are the bottom region (D art. 9)."""
    pool_states: list[PlayerState] = []
    fixed_states: list[PlayerState] = []
    for i in pool.available:
        pid = pool.ranking[i]
        past = history.of(pid)
        in_fixed = pid in pool.fixed
        state = PlayerState(id=pid, rank=i + 1, pos=0 if in_fixed else len(pool_states) + 1,
                            value=Fraction(values[i]), colours=past.colours, byes=past.byes,
                            lost_evenings=past.lost_evenings, bottom=i + 1 > bottom_from)
        (fixed_states if in_fixed else pool_states).append(state)
    return tuple(pool_states), tuple(fixed_states)


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
