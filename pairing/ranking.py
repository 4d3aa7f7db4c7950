"""The ranking a round is paired from: scoring's Keizer ranking after the round before (or, for tests and
benchmarks that need no scoring, the starting order)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from keizer.seasons.model import PlayerId, Season
from keizer.seasons.ruleset.parse import parse_ruleset

if TYPE_CHECKING:
    import polars as pl


def ranked_players(season: Season, round_number: int) -> tuple[PlayerId, ...]:
    """Players still ranked when round `round_number` is paired: all but those a withdrawal has removed
    by then (scoring's `removed_players` is the one statement of the removal threshold)."""
    from keizer.scoring.facts import removed_players  # deferred like `keizer_ranking`: scoring loads numpy and polars

    removed = removed_players(season, parse_ruleset(season.ruleset_spec), by_round=round_number)
    return tuple(p.id for p in season.players if p.id not in removed)


def provisional_ranking(season: Season, round_number: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
    """(ranking, values) to pair round K from: the starting ranking (the season's player order) and a
    linear ladder N, N−1, … — a stand-in until the ranking after round K−1 comes from `scoring`."""
    ranking = ranked_players(season, round_number)
    n = len(ranking)
    return ranking, tuple(Fraction(n - i) for i in range(n))


@dataclass(frozen=True, slots=True)
class Ranked:
    """The ranking round K is paired from, with the frame of the replay that made it."""

    ranking: tuple[PlayerId, ...]
    """Ranked players when round K is paired, top first."""
    values: tuple[Fraction, ...]
    """The Keizer value at each place of `ranking`."""
    slots: pl.DataFrame
    """The replay's slot frame of rounds 1..K−1: `build_instance(slots=…)` reads the history from it
    instead of building the same frame again."""


def keizer_ranked(season: Season, round_number: int, bounded: bool = True) -> Ranked:
    """The ranking round K is paired from, by `scoring`'s replay: the ranking after round K−1, with the
    players who join or are removed at round K put in or taken out (docs/rules.md §6); with the replay's
    frame (`build_instance(season, k, r.ranking, r.values, slots=r.slots)`). `bounded`: as `replay`'s (the
    simulator and the benchmarks make seasons larger than a command scores in time, on purpose)."""
    from keizer.pairing.instance import check_round
    from keizer.scoring.replay import replay  # pairing → scoring is allowed; imported here, when it is needed

    check_round(season, round_number)  # say "round K is out of range", not the replay's words
    before = round_number - 1
    played = replay(season, before, bounded=bounded)
    ranking, values = played.entry_ranking(round_number)
    return Ranked(ranking, values, played.slots)


def keizer_ranking(season: Season, round_number: int,
                   bounded: bool = True) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
    """(ranking, values) round K is paired from (`keizer_ranked` without the frame)."""
    ranked = keizer_ranked(season, round_number, bounded)
    return ranked.ranking, ranked.values
