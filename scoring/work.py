"""How much a replay can cost at most, told from the season before any of it is scored (docs/performance.md)."""

from __future__ import annotations

from keizer.scoring.asof import boundaries, removal_rounds
from keizer.seasons.model import Season
from keizer.seasons.ruleset.model import Ruleset

ITERATION_OVERHEAD = 3_600
"""What one ranking of the search costs beyond its priced results, in priced results (measured: about 10 µs
against about 2 ns a result on this machine, docs/performance.md)."""


def worst_case_work(season: Season, ruleset: Ruleset, upto: int, cap: int) -> int:
    """The results a replay of rounds 1..upto prices at most: every round whose standings are iterated runs to
    the cap, each ranking pricing every player and both sides of every game so far. Every segment of the
    replay (a new one where a player joins or is removed) goes from round 1 again, its rounds before its
    start priced once in current valuation (not searched: `scoring.replay._segment`); a withdrawal that
    removes players from round r has rounds 1..r − 1 replayed again without them (`Replay.rankings_before`,
    up to r = upto + 1: the next round's pairing). Its time is about this times 2 ns here."""
    ranked = len(season.players)
    once, searched = [0], [0]  # cumulative over rounds 1..k: priced once, searched to the cap
    games, final = 0, ruleset.final_round(season.rounds_planned)
    for k in range(1, upto + 1):
        games += len(season.round(k).games) if k <= len(season.rounds) else 0
        cost = ranked + 2 * games + ITERATION_OVERHEAD
        once.append(once[-1] + cost)
        searched.append(searched[-1] + (cap if ruleset.iterates_at(k, final) else 1) * cost)
    before = once if ruleset.valuation == "current" else searched

    def chain(last: int, made: int) -> int:
        starts = boundaries(season, ruleset, last, made)
        ends = [nxt - 1 for nxt in starts[1:]] + [last]
        return searched[ends[0]] + sum(before[start - 1] + searched[end] - searched[start - 1]
                                       for start, end in zip(starts[1:], ends[1:]))

    return chain(upto, 0) + sum(chain(r - 1, r) for r in removal_rounds(season, ruleset) if 2 <= r <= upto + 1)
