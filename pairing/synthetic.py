"""Synthetic seasons with a realistic history, paired by this engine: for benchmarks and property tests."""

from __future__ import annotations

import random
from fractions import Fraction

from keizer.scoring.benchgen import elo_result as scoring_elo_result
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season


def elo_result(rng: random.Random, white: int, black: int, draw_share: float = 0.3) -> Result:
    """A result drawn from the Elo expectation, with about `draw_share` draws between equals."""
    return scoring_elo_result(white, black, rng.random(), draw_share)


def synthetic_players(n: int, seed: int) -> tuple[Player, ...]:
    """n players with ratings ~ N(1650, 250), listed strongest first (the starting ranking)."""
    rng = random.Random(f"players|{seed}")
    ratings = sorted((int(rng.gauss(1650, 250)) for _ in range(n)), reverse=True)
    width = max(3, len(str(n)))
    return tuple(Player(id=PlayerId(f"p{i + 1:0{width}d}"), name=f"Player {i + 1}", rating=r)
                 for i, r in enumerate(ratings))


def synthetic_season(n: int, history: int, seed: int = 0, ruleset: object = "keizer-classic",
                     absent: float = 0.12) -> Season:
    """A season of n players with `history` rounds played (paired by this engine from the rating order,
    results drawn from the ratings, ~`absent` of the field excused each round) and the next round listed
    to be paired with its own absences."""
    from keizer.pairing.instance import build_instance
    from keizer.pairing.proposer import propose

    rng = random.Random(f"season|{n}|{history}|{seed}")
    players = synthetic_players(n, seed)
    rating = {p.id: p.rating or 0 for p in players}
    ranking = tuple(p.id for p in players)
    values = tuple(Fraction(n - i) for i in range(n))
    season = Season(name=f"synthetic {n}×{history} seed {seed}", ruleset_spec=ruleset, players=players,
                    rounds_planned=history + 1)
    for k in range(1, history + 2):
        away = sorted(p.id for p in players if rng.random() < absent)
        entries = tuple((pid, _absence(rng)) for pid in away)
        season = season.with_round(Round(number=k, entries=entries))
        if k == history + 1:
            break
        inst = build_instance(season, k, ranking, values)
        prop = propose(inst, solver="matching", band=None if n <= 100 else max(10, 2 * inst.target_distance),
                       prove=False)
        games = tuple(Game(b.white, b.black, elo_result(rng, rating[b.white], rating[b.black]))
                      for b in prop.boards)
        if prop.bye is not None:
            entries = tuple(sorted(entries + ((prop.bye, EntryKind.BYE),)))
        season = season.with_round(Round(number=k, games=games, entries=entries))
    return season


def _absence(rng: random.Random) -> EntryKind:
    u = rng.random()
    if u < 0.75:
        return EntryKind.EXCUSED
    if u < 0.85:
        return EntryKind.UNEXCUSED
    if u < 0.95:
        return EntryKind.EXTERNAL_DRAW
    return EntryKind.DUTY


