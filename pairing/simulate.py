"""Play a whole season with this engine: ratings, the Keizer ranking from `scoring`, Elo results, absences."""

from __future__ import annotations

import random

from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.ranking import keizer_ranking
from keizer.pairing.synthetic import elo_result, synthetic_players
from keizer.seasons.model import EntryKind, Game, PlayerId, Result, Round, Season

# Share of the field per kind of absence each round (seed 000 and 001 name these kinds).
ABSENCES: tuple[tuple[EntryKind, float], ...] = (
    (EntryKind.EXCUSED, 0.08),
    (EntryKind.UNEXCUSED, 0.015),
    (EntryKind.EXTERNAL_WIN, 0.015),
    (EntryKind.EXTERNAL_DRAW, 0.01),
    (EntryKind.EXTERNAL_LOSS, 0.015),
    (EntryKind.DUTY, 0.015),
)
FORFEIT_SHARE = 0.01
"""Games one player did not turn up for (D art. 13: counted as a forfeit here)."""


def simulate_season(players: int, rounds: int, ruleset: str | dict[str, object], seed: int,
                    played: int | None = None) -> Season:
    """A season of `players` players over `rounds` rounds, paired by this engine from the Keizer ranking
    after each round (`scoring.replay`), results drawn from the ratings (Elo expectation, ~30% draws
    between equals), with realistic absences. Rounds after `played` are left unplayed, the next one listed
    to be paired (its absences known)."""
    played = rounds if played is None else played
    if not 0 <= played <= rounds:
        raise ValueError(f"played must be between 0 and {rounds}, got {played}")
    rng = random.Random(f"simulate|{players}|{rounds}|{ruleset!r}|{seed}")
    field = synthetic_players(players, seed)
    rating = {p.id: p.rating or 0 for p in field}
    season = Season(name=f"simulated {players} players, {rounds} rounds, seed {seed}", ruleset_spec=ruleset,
                    players=field, rounds_planned=rounds)
    for k in range(1, min(rounds, played + 1) + 1):
        absent = _absences(rng, [p.id for p in field])
        season = season.with_round(Round(number=k, entries=absent))
        if k > played:
            break  # the next round, listed to be paired
        ranking, values = keizer_ranking(season, k, bounded=False)  # a made-up season, of any size
        prop = propose(build_instance(season, k, ranking, values))
        games = []
        for b in prop.boards:
            u = rng.random()
            if u < FORFEIT_SHARE / 2:
                result = Result.WHITE_FORFEIT_WIN
            elif u < FORFEIT_SHARE:
                result = Result.BLACK_FORFEIT_WIN
            else:
                result = elo_result(rng, rating[b.white], rating[b.black])
            games.append(Game(b.white, b.black, result))
        entries = absent + (((prop.bye, EntryKind.BYE),) if prop.bye is not None else ())
        season = season.with_round(Round(number=k, games=tuple(games), entries=tuple(sorted(entries))))
    return season


def _absences(rng: random.Random, ids: list[PlayerId]) -> tuple[tuple[PlayerId, EntryKind], ...]:
    out = []
    for pid in ids:
        u = rng.random()
        for kind, share in ABSENCES:
            if u < share:
                out.append((pid, kind))
                break
            u -= share
    return tuple(sorted(out))
