"""Tables that stand (docs/rules.md §6): the season as it stood at round k, and the ranking a round starts from.

The table after round K never changes because of what happens after K: a removal by a withdrawal before
round J acts from J on, and a player who joins at round J is in no ranking before J. So a replay runs in
segments, each from a round at which the ranked players change; a segment scores the season as it stood
then (`season_as_of`), each of its rounds from the ranking it started from (`round_starts`), round J from
the ranking it was paired from (`entry_ranking`). A removal takes the player out of the system as if he had
never been in it (D art. 22): the rankings a segment from a removal starts from are those of the season
without him from round 1 on (`made`: the removals made from the start).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from keizer.scoring.values import ladder_values
from keizer.seasons.championship import out_of_keizer
from keizer.seasons.errors import InputError
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.ruleset.model import Ruleset


def _removals(season: Season, ruleset: Ruleset) -> dict[PlayerId, int]:
    """Player → the first round without them, for the withdrawals that remove (D art. 22)."""
    limit = ruleset.withdrawal.removal_before_round
    if limit is None:
        return {}
    return {w.player: w.before_round for w in season.withdrawals if w.before_round <= limit}


def removal_rounds(season: Season, ruleset: Ruleset) -> tuple[int, ...]:
    """The rounds from which a withdrawal removes a player (D art. 22), each once, in order."""
    return tuple(sorted(set(_removals(season, ruleset).values())))


def removed_at(season: Season, ruleset: Ruleset, k: int) -> frozenset[PlayerId]:
    """The players a withdrawal removes from round k on (before_round = k, D art. 22)."""
    return frozenset(p for p, r in _removals(season, ruleset).items() if r == k)


def boundaries(season: Season, ruleset: Ruleset, upto: int, made: int = 0) -> tuple[int, ...]:
    """Round 1 and every round 2..upto at which a removal takes effect or a player joins: where the ranked
    players change, so where a replay starts a new segment. `made`: the removals taking effect at or before
    that round are made from round 1 on (as if those players had never been in the season): no boundary."""
    starts = {r for r in _removals(season, ruleset).values() if 2 <= r <= upto and r > made}
    starts |= {p.joined for p in season.players if 2 <= p.joined <= upto}
    return (1,) + tuple(sorted(starts))


def season_as_of(season: Season, ruleset: Ruleset, k: int, made: int = 0) -> Season:
    """The season as it stood when round k was played: players who join after k left out (with their `late`
    entries), withdrawals that remove a player after k (and after `made`) not yet made. Rounds after k are
    not for scoring."""
    later = {p for p, r in _removals(season, ruleset).items() if r > max(k, made)}
    absent = {p.id for p in season.players if p.joined > k}
    if not later and not absent:
        return season
    joined = {p.id: p.joined for p in season.players}
    for r in season.rounds:
        for g, game in enumerate(r.games):
            for pid in game.players():
                if pid in absent and r.number < joined[pid]:  # what the whole season's replay refuses too
                    raise InputError(f"rounds[{r.number - 1}].games[{g}]", f"player {pid!r} has not joined yet "
                                     f"(joined: round {joined[pid]})")
    # their `late` entries go with them (their rounds from `joined` on are not replayed here)
    rounds = tuple(r if not any(pid in absent for pid, _ in r.entries)
                   else replace(r, entries=tuple(e for e in r.entries if e[0] not in absent))
                   for r in season.rounds)
    return replace(season, players=tuple(p for p in season.players if p.id not in absent), rounds=rounds,
                   withdrawals=tuple(w for w in season.withdrawals if w.player not in absent | later),
                   suspended=tuple(p for p in season.suspended if p not in absent))


def entry_ranking(before: Sequence[PlayerId], ranked: Sequence[Player],
                  held: Sequence[PlayerId] = ()) -> tuple[PlayerId, ...]:
    """The ranking a round is paired and scored from: the ranking after the round before (`before`), without
    the players no longer ranked, with the newcomers among `ranked` (the ranked players of the round, in
    the season's order) each put at their `enters_at` place, or by rating (docs/rules.md §6). `held`: K's
    finalists, who hold the first places once their group has left the Keizer (§8): nobody enters above them."""
    here = {p.id for p in ranked}
    out = [p for p in before if p in here]
    known = set(before)
    rating = {p.id: p.rating for p in ranked}
    top = 1 + sum(1 for p in held if p in here)
    for player in ranked:
        if player.id in known:
            continue
        out.insert(max(top, _place(player, out, rating)) - 1, player.id)
    return tuple(out)


def _place(player: Player, ranking: list[PlayerId], rating: dict[PlayerId, int | None]) -> int:
    """1-based place: `enters_at` (at most one past the end); else by rating, one below the number of players
    rated at least as high (the unrated count as lower: a Keizer ranking is not ordered by rating, so one
    weak player near the top must not pull a newcomer up); last without a rating."""
    if player.enters_at is not None:
        return min(player.enters_at, len(ranking) + 1)
    if player.rating is None:
        return len(ranking) + 1
    r = player.rating
    return 1 + sum(1 for pid in ranking if (other := rating[pid]) is not None and other >= r)


def round_starts(season: Season, ruleset: Ruleset, start: int, players: tuple[Player, ...],
                 ranking_as_of: Callable[[int, int], tuple[PlayerId, ...]],
                 entry: Callable[[int], tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]],
                 ) -> tuple[dict[int, list[int]], dict[PlayerId, Fraction]]:
    """Rounds 1..start of a later segment: the ranking each starts from (ranked indices), and the value of the
    place each player who joined after round 1 entered at (docs/rules.md §4).

    Each round from the ranking it started from: before `start` the published one — derived again without
    the players removed since, as if never there (D art. 22) — with those who joined at that round where they
    entered and those joining later last, where they change no one's value; round `start` from the ranking
    it was paired from."""
    index = {p.id: i for i, p in enumerate(players)}
    mode = ruleset.championship.mode if ruleset.championship else None
    starts: dict[int, list[int]] = {}
    entered: dict[PlayerId, Fraction] = {}
    for k in range(1, start + 1):
        if k < start:
            before = [p for p in ranking_as_of(k - 1, start) if p in index]
            held = out_of_keizer(season.championship, mode, k - 1)
            ranking = entry_ranking(before, [p for p in players if p.joined <= k], held)
        else:
            ranking = entry(start)[0]
        joining = [p.id for p in players if p.joined == k and k > 1]
        if joining:
            values = ladder_values(ruleset.value, len(ranking))
            entered |= {p: values[ranking.index(p)] for p in joining}
        placed = [index[p] for p in ranking]
        starts[k] = placed + sorted(set(range(len(players))) - set(placed))
    return starts, entered


__all__ = ["boundaries", "entry_ranking", "removal_rounds", "removed_at", "round_starts", "season_as_of"]
