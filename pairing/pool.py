"""Who plays in round K: the players present, and the director's fixed games, locks, forbids and bye checked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from keizer.pairing.history import Pair, pair_key
from keizer.seasons.championship import FINAL_GROUP, out_of_keizer
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Round, Season
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import cite


@dataclass(slots=True)
class Pool:
    """Who is available in round k and who of them the model pairs, while the director's input is checked
    (it fills `fixed` as the fixed games are placed)."""

    season: Season
    k: int
    """The round to be paired."""
    ranking: Sequence[PlayerId]
    """The ranking it is paired from (after round k−1)."""
    available: tuple[int, ...]
    """Indexes into `ranking` of the players present."""
    unavailable: tuple[tuple[PlayerId, str], ...]
    """Ranked players not paired this round and why, in rank order."""
    fixed: dict[PlayerId, tuple[PlayerId, PlayerId]] = field(default_factory=dict)
    """The fixed game of each player in one."""

    @staticmethod
    def of(season: Season, k: int, ranking: Sequence[PlayerId], ruleset: Ruleset | None = None) -> Pool:
        """Who of `ranking` is present in round k (`ruleset`: the season's, when the caller parsed it)."""
        rnd = season.rounds[k - 1] if k <= len(season.rounds) else None
        entries: dict[PlayerId, EntryKind] = {}
        for pid, kind in rnd.entries if rnd is not None else ():
            entries.setdefault(pid, kind)  # the first entry counts, as `Round.entry_of` reads it
        available: list[int] = []
        unavailable: list[tuple[PlayerId, str]] = []
        ruleset = ruleset or parse_ruleset(season.ruleset_spec)
        rule = ruleset.championship
        group = set(out_of_keizer(season.championship, rule.mode if rule else None, k))
        # Who may not play, read at once for the round (a forecast lists thousands); the reasons, only for
        # them, are `_unavailable_because`'s. A `bye` entry in a round being re-paired was the old pairing's
        # bye: that player is present. A suspension holds while the player has no entry at all.
        leaves: dict[PlayerId, int] = {}
        for w in season.withdrawals:  # a player's first withdrawal counts, as `Season.withdrawal_of` reads it
            leaves.setdefault(w.player, w.before_round)
        blocked = group.union((pid for pid, kind in entries.items() if kind is not EntryKind.BYE),
                              (p.id for p in season.players if p.joined > k),
                              (pid for pid, before in leaves.items() if before <= k),
                              (pid for pid in season.suspended if pid not in entries))
        for i, pid in enumerate(ranking):
            if pid not in blocked:
                available.append(i)
            else:  # docs/rules.md §8: K's finalists play their own games, not the Keizer, after the group formed
                why = FINAL_GROUP if pid in group else _unavailable_because(season, k, pid, rnd, entries, ruleset)
                if why is None:
                    available.append(i)
                else:
                    unavailable.append((pid, why))
        return Pool(season, k, ranking, tuple(available), tuple(unavailable))

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


def lock_pairs(pool: Pool, locks: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[set[Pair], dict[PlayerId, PlayerId]]:
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


def forbid_pairs(season: Season, forbids: Sequence[tuple[PlayerId, PlayerId]], locks: set[Pair],
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


def check_bye(pool: Pool, bye: PlayerId, partner: dict[PlayerId, PlayerId]) -> None:
    """The director's bye (K's volunteer) must be paired by the model, unlocked, in an odd field."""
    pool.check_in_pool(f"bye for {bye}", bye)
    if bye in partner:
        raise KeizerError(f"bye for {bye} contradicts lock {bye}–{partner[bye]}")
    count = len(pool.paired_by_model)
    if count % 2 == 0:
        raise KeizerError(f"bye for {bye}: {count} players are to be paired, an even number, so there is no bye")


_IN_WORDS = {EntryKind.EXTERNAL_WIN: "external: won", EntryKind.EXTERNAL_DRAW: "external: drawn",
             EntryKind.EXTERNAL_LOSS: "external: lost", EntryKind.EXTERNAL_PENDING: "external: result to come"}
"""A team match in the words the Round screen uses, not the season file's notation ("external:1/2")."""


def _unavailable_because(season: Season, k: int, pid: PlayerId, rnd: Round | None,
                         entries: dict[PlayerId, EntryKind], ruleset: Ruleset) -> str | None:
    """Why a ranked player is not paired in round k, or None when they are to be paired (`entries`: round
    k's entries by player; a suspension is said with its article where the season's text has one)."""
    player = season.player(pid)
    if player.joined > k:
        return f"joins in round {player.joined}"
    withdrawal = season.withdrawal_of(pid)
    if withdrawal is not None and withdrawal.before_round <= k:
        return "withdrawn"
    kind = entries.get(pid) if rnd is not None else None
    if kind is None and pid in season.suspended:
        return f"suspended until they report back{cite(ruleset.regulations, 'suspension')}"
    # A `bye` entry in a round being re-paired was the old pairing's bye: that player is present.
    if kind is not None and kind is not EntryKind.BYE:
        return _IN_WORDS.get(kind, kind.value)
    return None
