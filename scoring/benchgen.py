"""A deliberately simple season generator for the standings benchmark (the pairing engine's simulator replaces it).

Ratings ~ normal; about 10% absent each round; the present players are paired top-down by the ranking
after the previous round (single pass, skipping earlier opponents where it can); results drawn from the
Elo expectation with draws. Seeded: the same arguments give the same season.
"""

from __future__ import annotations

import numpy as np

from keizer.scoring.facts import FactsBuilder
from keizer.scoring.starting import make_engine
from keizer.scoring.slots import round_frame
from keizer.scoring.terms import compile_terms
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.parse import parse_ruleset

PAIRING_SPEC = {"preset": "keizer-classic", "iterate": "never"}
"""The ranking the generator pairs by: single pass, so that generating stays cheap at 10,000 players."""


def generate_season(players: int, rounds: int, seed: int = 0, absent: float = 0.10) -> Season:
    """A season of `players` × `rounds` with every round scored (ruleset keizer-classic)."""
    rng = np.random.default_rng(seed)
    ratings = sorted((int(x) for x in np.clip(rng.normal(1700, 300, players).round(), 800, 2800)), reverse=True)
    width = len(str(players))
    roster = tuple(Player(id=PlayerId(f"p{i + 1:0{width}d}"), name=f"Player {i + 1:0{width}d}", rating=r)
                  for i, r in enumerate(ratings))
    season = Season(name=f"benchmark {players}x{rounds} seed {seed}", ruleset_spec="keizer-classic",
                    players=roster, rounds_planned=rounds)
    ruleset = parse_ruleset(PAIRING_SPEC)
    builder = FactsBuilder(roster, (), ruleset, frozenset())
    engine = make_engine(season, ruleset, builder.prices, roster, max_rounds=rounds)
    state = engine.start()
    met: list[set[int]] = [set() for _ in range(players)]
    whites = np.zeros(players, dtype=np.int64)
    byes = np.zeros(players, dtype=np.int64)
    made = []
    for number in range(1, rounds + 1):
        rnd = _round(number, [int(i) for i in state.order], roster, ratings, rng, absent, met, whites, byes)
        made.append(rnd)
        slots = round_frame(builder.add(rnd), builder.prices, builder.ranked)
        state = engine.step(number, compile_terms(slots, engine.scale, players, 1)[0])
    return Season(name=season.name, ruleset_spec="keizer-classic", players=roster, rounds=tuple(made),
                  rounds_planned=rounds)


def _round(number: int, ranking: list[int], roster: tuple[Player, ...], ratings: list[int],
           rng: np.random.Generator, absent: float, met: list[set[int]], whites: np.ndarray,
           byes: np.ndarray) -> Round:
    away = rng.random(len(roster)) < absent
    excused = rng.random(len(roster)) < 0.8
    entries: list[tuple[PlayerId, EntryKind]] = []
    for i in np.flatnonzero(away):
        entries.append((roster[i].id, EntryKind.EXCUSED if excused[i] else EntryKind.UNEXCUSED))
    present = [i for i in ranking if not away[i]]
    if len(present) % 2:  # the lowest-ranked among those with the fewest byes sits out
        fewest = min(byes[i] for i in present)
        out = next(i for i in reversed(present) if byes[i] == fewest)
        present.remove(out)
        byes[out] += 1
        entries.append((roster[out].id, EntryKind.BYE))
    games = []
    while present:
        a = present.pop(0)
        j = next((j for j, b in enumerate(present) if b not in met[a]), 0)
        b = present.pop(j)
        met[a].add(b)
        met[b].add(a)
        white, black = (a, b) if whites[a] <= whites[b] else (b, a)
        whites[white] += 1
        games.append(Game(white=roster[white].id, black=roster[black].id,
                          result=elo_result(ratings[white], ratings[black], rng.random())))
    return Round(number=number, games=tuple(games), entries=tuple(sorted(entries)))


def elo_result(white: int, black: int, u: float, draw_share: float = 0.3) -> Result:
    """The result for a uniform draw u in [0, 1): white wins with the Elo expectation less half the draws;
    draws (about `draw_share` between equals) are likeliest between equals."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = draw_share * (1 - abs(2 * expected - 1))
    if u < expected - draw / 2:
        return Result.WHITE_WINS
    if u < expected + draw / 2:
        return Result.DRAW
    return Result.BLACK_WINS
