"""Random small rounds with a random past and random rules, and a brute-force optimum to compare with."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from keizer.pairing.checker import CheckReport, Pairing, check_pairing
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.instance import RoundInstance
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season
from tests.pairing.helpers import instance

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.PENDING, Result.WHITE_FORFEIT_WIN]


def random_rules(rng: random.Random) -> dict[str, Any]:
    policy = rng.choice(["lowest", "anchor", "lottery"])
    bye: dict[str, Any] = {"policy": policy} | ({"rank": rng.randint(1, 6)} if policy == "anchor" else {})
    return {"preset": "keizer-classic", "pairing": {
        "max_meetings": rng.randint(1, 2),
        "rematch_from_round": rng.choice([None, rng.randint(2, 8)]),
        "rematch_gap": rng.choice([None, rng.randint(1, 5)]),
        "rematch_reverse_colours": rng.random() < 0.7,
        "bottom_region": rng.randint(0, 3),
        "opening": rng.choice([None, {"rounds": [1, 2], "distance": rng.randint(1, 3)}]),
        "bye": bye,
        "colour": {"max_run": rng.randint(1, 3), "max_balance": rng.randint(1, 3)},
        "seed": rng.randint(0, 3),
    }}


def random_season(rng: random.Random, players: int, history: int) -> Season:
    people = tuple(Player(PlayerId(f"q{i}"), f"Q{i}") for i in range(1, players + 1))
    s = Season(name="random", ruleset_spec=random_rules(rng), players=people)
    for k in range(1, history + 1):
        present = [p.id for p in people if rng.random() < 0.8]
        rng.shuffle(present)
        games = tuple(Game(present[i], present[i + 1], rng.choice(RESULTS)) for i in range(0, len(present) - 1, 2))
        if not games:
            games = (Game(people[0].id, people[1].id, Result.DRAW),)
        busy = {p for g in games for p in g.players()}
        entries = []
        for p in people:
            if p.id not in busy:
                entries.append((p.id, EntryKind.BYE if p.id in present else rng.choice(
                    [EntryKind.EXCUSED, EntryKind.DUTY, EntryKind.UNEXCUSED])))
        s = s.with_round(Round(number=k, games=games, entries=tuple(sorted(entries))))
    away = tuple(sorted((p.id, EntryKind.EXCUSED) for p in people if rng.random() < 0.15))
    return s.with_round(Round(number=history + 1, entries=away))


def random_instance(seed: int, max_players: int = 9) -> RoundInstance:
    rng = random.Random(seed)
    s = random_season(rng, rng.randint(3, max_players), rng.randint(0, 6))
    kw: dict[str, Any] = {}
    present = [p.id for p in s.players if s.rounds[-1].entry_of(p.id) is None]
    if len(present) >= 4 and rng.random() < 0.3:
        a, b = rng.sample(present, 2)
        kw["forbids"] = [(a, b)]
    if len(present) >= 4 and rng.random() < 0.2:
        a, b = rng.sample(present, 2)
        kw.setdefault("forbids", [])
        if (a, b) not in kw["forbids"] and (b, a) not in kw["forbids"]:
            kw["locks"] = [(a, b)]
    return instance(s, **kw)


Pairs = list[tuple[PlayerId, PlayerId]]


def all_pairings(players: list[PlayerId], odd: bool) -> Iterator[tuple[Pairs, PlayerId | None]]:
    if odd:
        for i, bye in enumerate(players):
            for pairs, _ in all_pairings(players[:i] + players[i + 1:], False):
                yield pairs, bye
        return
    if not players:
        yield [], None
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for pairs, _ in all_pairings(rest[:i] + rest[i + 1:], False):
            yield [(first, other)] + pairs, None


def brute_force(inst: RoundInstance) -> tuple[CheckReport, Pairing] | None:
    """The cheapest valid pairing by enumeration (each pair in its cheaper valid colours), or None."""
    ctx = CostContext(inst)
    best: tuple[CheckReport, Pairing] | None = None
    ids = [p.id for p in inst.players]
    for pairs, bye in all_pairings(ids, len(ids) % 2 == 1):
        games = []
        for a, b in pairs:
            options = []
            for white, black in ((a, b), (b, a)):
                met = inst.meetings_of(a, b)
                if met and inst.rules.rematch_reverse_colours and met[-1].black != white:
                    continue
                options.append((ctx.pair_cost(inst.state(a), inst.state(b), white=white).soft_total, white, black))
            games.append(min(options)[1:])
        pairing = Pairing(tuple(games) + inst.fixed, bye)
        report = check_pairing(inst, pairing)
        if report.valid and (best is None or report.objective < best[0].objective):
            best = (report, pairing)
    return best
