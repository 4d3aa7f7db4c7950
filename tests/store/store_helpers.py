"""Test helpers for the store: small synthetic seasons and scripted sequences of actions."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from dataclasses import dataclass
from typing import Iterator

from keizer.seasons.model import EntryKind, Player, PlayerId, Result, Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import (
    EntrySet,
    Event,
    PairingSaved,
    PlayerUpdated,
    ResultSet,
    RoundAdded,
)

RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.PENDING)


def make_season(n_players: int = 6, rounds_planned: int | None = 10, name: str = "Test season") -> Season:
    """A season with players p01, p02, … (ratings falling with the start rank) and no rounds."""
    players = tuple(Player(id=PlayerId(f"p{i:02d}"), name=f"Player {i}", rating=2000 - 10 * i)
                    for i in range(1, n_players + 1))
    return Season(name=name, ruleset_spec="keizer-classic", players=players, rounds_planned=rounds_planned)


def pairing_for(season: Season, number: int, meta: dict[str, object] | None = None) -> PairingSaved:
    """Pair round `number` by start rank, neighbours together; the lowest odd one out gets the bye;
    players with an entry keep it."""
    rnd = season.round(number)
    absent = {pid for pid, _ in rnd.entries}
    present = [p.id for p in season.players if p.id not in absent]
    bye = present.pop() if len(present) % 2 else None
    games = tuple((present[i], present[i + 1]) if (i // 2 + number) % 2 else (present[i + 1], present[i])
                  for i in range(0, len(present), 2))
    return PairingSaved(round=number, games=games, bye=bye,
                        entries=tuple((pid, kind) for pid, kind in rnd.entries if kind is not EntryKind.BYE),
                        meta=meta or {})


@dataclass(frozen=True, slots=True)
class Step:
    """One scripted user action: events to apply, or an undo/redo."""

    label: str
    """The action's label."""
    events: tuple[Event, ...] = ()
    """The events of a do action."""
    op: str = "do"
    """"do", "undo" or "redo"."""


def run_step(store: SeasonStore, step: Step) -> None:
    if step.op == "undo":
        store.undo()
    elif step.op == "redo":
        store.redo()
    else:
        store.apply(step.label, *step.events)


def long_season_steps(start: Season, rounds: int, seed: int = 1) -> Iterator[Step]:
    """A season's worth of small actions: per round the round, absences, a pairing and a re-pairing,
    every result (some corrected), a rating change, and a few undo/redo. The season a step sees is the
    fold of the steps before it (the generator keeps its own copy)."""
    rng = random.Random(seed)
    season = start
    stack: list[Season] = [start]
    redo: list[Season] = []

    def do(label: str, *events: Event) -> Step:
        nonlocal season
        for event in events:
            season = event.apply(season)
        stack.append(season)
        redo.clear()
        return Step(label, events)

    for number in range(1, rounds + 1):
        yield do(f"add round {number}", RoundAdded(number, f"2024-{1 + number // 4:02d}-{1 + number % 28:02d}"))
        for pid in rng.sample([p.id for p in season.players], 4):
            yield do(f"absent {pid}", EntrySet(number, pid, rng.choice((EntryKind.EXCUSED, EntryKind.DUTY))))
        yield do("pair", pairing_for(season, number, {"solver": "adjacent", "try": 1}))
        yield do("re-pair", pairing_for(season, number, {"solver": "adjacent", "try": 2}))
        for game in season.round(number).games:
            yield do(f"result {game.white}-{game.black}",
                     ResultSet(number, game.white, game.black, rng.choice(RESULTS[:3])))
        for game in rng.sample(season.round(number).games, min(len(season.round(number).games), 10)):
            yield do("correct", ResultSet(number, game.white, game.black, rng.choice(RESULTS[:3])))
        for _ in range(2):
            redo.append(stack.pop())
            season = stack[-1]
            yield Step("undo", op="undo")
        stack.append(redo.pop())
        season = stack[-1]
        yield Step("redo", op="redo")
        for p in rng.sample(season.players, 15):
            yield do(f"rating {p.id}", PlayerUpdated(Player(id=p.id, name=p.name, rating=(p.rating or 1500) + 1,
                                                            klass=p.klass, cup_group=p.cup_group, joined=p.joined)))


def kill_steps(start: Season) -> Iterator[Step]:
    """An endless, fixed script over round 1's games for the kill test: per ten steps seven actions of
    two results each (an action half written would show), two undos and a redo. Every step writes
    exactly one action, so the number of committed actions says how many steps took effect."""
    games = start.round(1).games
    i = 0
    while True:
        if i % 10 in (7, 8):
            yield Step("undo", op="undo")
        elif i % 10 == 9:
            yield Step("redo", op="redo")
        else:
            yield Step(f"step {i}", tuple(
                ResultSet(1, g.white, g.black, RESULTS[(i + k) % len(RESULTS)])
                for k, g in enumerate((games[i % len(games)], games[(i + 1) % len(games)]))))
        i += 1


def expected_after(start: Season, steps: Iterator[Step], count: int) -> Season:
    """The season after the first `count` steps, by a plain stack of seasons (independent of the store)."""
    stack, redo = [start], []
    for _ in range(count):
        step = next(steps)
        if step.op == "undo":
            redo.append(stack.pop())
        elif step.op == "redo":
            stack.append(redo.pop())
        else:
            season = stack[-1]
            for event in step.events:
                season = event.apply(season)
            stack.append(season)
            redo.clear()
    return stack[-1]


def edit_behind_keizers_back(path: Path, *sql: str) -> None:
    """Run `sql` with the append-only triggers lifted, then put them back as they were (those whose table
    `sql` dropped stay away): what someone with an SQLite client can do to a store."""
    conn = sqlite3.connect(path, isolation_level=None)
    triggers = conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'").fetchall()
    for name, _ in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    for statement in sql:
        conn.execute(statement)
    for _, text in triggers:
        try:
            conn.execute(text)
        except sqlite3.OperationalError:  # its table was dropped
            pass
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
