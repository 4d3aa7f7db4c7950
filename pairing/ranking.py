"""The ranking a round is paired from: scoring's Keizer ranking after the round before (or, for tests and
benchmarks that need no scoring, the starting order)."""

from __future__ import annotations

from fractions import Fraction

from seasons.model import PlayerId, Season
from seasons.ruleset import parse_ruleset


def ranked_players(season: Season, round_number: int) -> tuple[PlayerId, ...]:
    """Players still ranked when round `round_number` is paired: all but those a withdrawal has removed
    by then (scoring's `removed_players` is the one statement of the removal threshold)."""
    from scoring.facts import removed_players  # deferred like `keizer_ranking`: scoring loads numpy and polars

    removed = removed_players(season, parse_ruleset(season.ruleset_spec), by_round=round_number)
    return tuple(p.id for p in season.players if p.id not in removed)


def provisional_ranking(season: Season, round_number: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
    """(ranking, values) to pair round K from: the starting ranking (the season's player order) and a
    linear ladder N, N−1, … — a stand-in until the ranking after round K−1 comes from `scoring`."""
    ranking = ranked_players(season, round_number)
    n = len(ranking)
    return ranking, tuple(Fraction(n - i) for i in range(n))


def keizer_ranking(season: Season, round_number: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
    """(ranking, values) round K is paired from, by `scoring`'s replay: the ranking after round K−1, with the
    players who join or are removed at round K put in or taken out (docs/rules.md §6)."""
    from pairing.instance import check_round
    from scoring import (
        replay,  # pairing → scoring is allowed; imported here so the rest works without it
    )

    check_round(season, round_number)  # say "round K is out of range", not the replay's words
    before = round_number - 1
    return replay(season, before).entry_ranking(round_number)
