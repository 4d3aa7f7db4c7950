"""The championship group's schedule as its own CP-SAT model (D art. 4, docs/rules.md §8), with its checker."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ortools.sat.python import cp_model

from keizer.seasons.championship import sorted_schedule
from keizer.seasons.model import ChampionshipGroup, GroupGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.scoring.group_table import required_games, scheduled_results

# The objective, in words the director reads (every literal named, docs/rules.md §8):
UNAVAILABLE = 1000
"""A game in a round its member said they cannot play: avoided whenever the rounds allow."""
IDLE = 3
"""A member without a group game for a whole stretch (longer than their even spacing allows)."""
CONSECUTIVE = 2
"""A member with group games in two rounds in a row."""
SEED = 0
"""CP-SAT's seed: with one worker, the same schedule every run."""
SAFETY_SECONDS = 60.0
"""A safety net only: the models are small and solve to optimality in well under a second."""


@dataclass(frozen=True, slots=True)
class ScheduleInstance:
    """What the schedule model schedules: games to place, rounds to place them in, what is already fixed."""

    members: tuple[PlayerId, ...]
    games: tuple[tuple[PlayerId, PlayerId], ...]
    """(white, black) of every game to place, each exactly once."""
    rounds: tuple[int, ...]
    """The rounds the games may go in, ascending."""
    fixed: tuple[GroupGame, ...] = ()
    """Games already in their round (played, or kept): they occupy it and count for the spread."""
    unavailable: tuple[tuple[PlayerId, tuple[int, ...]], ...] = ()
    """(member, rounds they cannot play)."""

    def cannot(self, player: PlayerId, rnd: int) -> bool:
        return any(p == player and rnd in rounds for p, rounds in self.unavailable)

    def idle_window(self, player: PlayerId) -> int:
        """Rounds in a row without a group game that count as one idle stretch: the member's even spacing
        (all their games spread over all rounds), rounded up, and at least 2."""
        span = len(self.rounds) + len([g for g in self.fixed if player in (g.white, g.black)])
        games = len([g for g in self.games if player in g]) + len([g for g in self.fixed if player in (g.white, g.black)])
        return max(2, math.ceil(span / max(1, games)))


@dataclass(frozen=True, slots=True)
class Breach:
    """One thing a schedule breaks: a hard rule (`hard`) or a cost of the spread."""

    hard: bool
    what: str


@dataclass(frozen=True, slots=True)
class ScheduleCheck:
    """A schedule judged independently of the solver: what it breaks and its objective."""

    breaches: tuple[Breach, ...]
    cost: int
    """UNAVAILABLE × games in unavailable rounds + IDLE × idle stretches + CONSECUTIVE × back-to-back rounds."""

    @property
    def valid(self) -> bool:
        return not any(b.hard for b in self.breaches)


def check_schedule(instance: ScheduleInstance, placed: tuple[GroupGame, ...]) -> ScheduleCheck:
    """Every game exactly once, in an allowed round, a member at most one game a round; then the costs."""
    breaches: list[Breach] = []
    wanted = list(instance.games)
    for g in placed:
        if (g.white, g.black) in wanted:
            wanted.remove((g.white, g.black))
        else:
            breaches.append(Breach(True, f"{g.white} - {g.black} is not a game the group still needs"))
        if g.round not in instance.rounds:
            breaches.append(Breach(True, f"{g.white} - {g.black}: round {g.round} is not open for group games"))
    breaches += [Breach(True, f"{w} - {b} is not scheduled") for w, b in wanted]
    every = instance.fixed + placed
    busy: dict[tuple[PlayerId, int], int] = {}
    for g in every:
        for p in (g.white, g.black):
            busy[p, g.round] = busy.get((p, g.round), 0) + 1
    breaches += [Breach(True, f"{p} has {n} group games in round {r}") for (p, r), n in sorted(busy.items()) if n > 1]
    cost = 0
    for g in placed:
        for p in (g.white, g.black):
            if instance.cannot(p, g.round):
                cost += UNAVAILABLE
                breaches.append(Breach(False, f"{p} said they cannot play round {g.round}"))
    rounds = sorted(set(instance.rounds) | {g.round for g in instance.fixed})
    for p in instance.members:
        plays = [busy.get((p, r), 0) > 0 for r in rounds]
        for r, a, b in zip(rounds, plays, plays[1:]):
            if a and b:
                cost += CONSECUTIVE
                breaches.append(Breach(False, f"{p} plays group games in rounds {r} and {r + 1}"))
        w = instance.idle_window(p)
        for i in range(len(rounds) - w + 1):
            if not any(plays[i:i + w]):
                cost += IDLE
                breaches.append(Breach(False, f"{p} has no group game in rounds {rounds[i]}–{rounds[i + w - 1]}"))
    return ScheduleCheck(tuple(breaches), cost)


def solve_schedule(instance: ScheduleInstance, pinned: tuple[GroupGame, ...] = ()) -> tuple[GroupGame, ...]:
    """The optimal placement of `instance.games` (the pinned ones in their given round); KeizerError if none."""
    model = cp_model.CpModel()
    rounds = instance.rounds
    x = {(i, r): model.new_bool_var(f"g{i}r{r}") for i in range(len(instance.games)) for r in rounds}
    pins = list(pinned)
    for i, game in enumerate(instance.games):
        model.add_exactly_one(x[i, r] for r in rounds)
        pin = next((g for g in pins if (g.white, g.black) == game), None)
        if pin is not None:  # a moved game stays where the director put it
            pins.remove(pin)
            if pin.round not in rounds:
                raise KeizerError(f"round {pin.round} is not open for group games ({rounds[0]}–{rounds[-1]})")
            model.add(x[i, pin.round] == 1)
    fixed_busy = {(p, g.round) for g in instance.fixed for p in (g.white, g.black)}
    all_rounds = sorted(set(rounds) | {g.round for g in instance.fixed})
    costs: list[cp_model.LinearExprT] = []
    for p in instance.members:
        plays: list[cp_model.IntVar] = []
        for r in all_rounds:
            mine = [x[i, r] for i, g in enumerate(instance.games) if p in g and r in rounds]
            play = model.new_bool_var(f"{p}@{r}")
            # A member plays at most one group game a round (a bool is at most 1), none beside a fixed one.
            model.add(play == (1 if (p, r) in fixed_busy else 0) + cp_model.LinearExpr.sum(mine))
            if (p, r) in fixed_busy:
                model.add(cp_model.LinearExpr.sum(mine) == 0)
            plays.append(play)
            if instance.cannot(p, r):
                costs.append(UNAVAILABLE * cp_model.LinearExpr.sum(mine))
        for a, b in zip(plays, plays[1:]):
            both = model.new_bool_var("")
            model.add(both >= a + b - 1)
            costs.append(CONSECUTIVE * both)
        w = instance.idle_window(p)
        for i in range(len(all_rounds) - w + 1):
            idle = model.new_bool_var("")
            model.add(idle + cp_model.LinearExpr.sum(plays[i:i + w]) >= 1)
            costs.append(IDLE * idle)
    model.minimize(cp_model.LinearExpr.sum(costs))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # one worker and a fixed seed: the same schedule every run
    solver.parameters.random_seed = SEED
    solver.parameters.max_time_in_seconds = SAFETY_SECONDS
    solver.parameters.catch_sigint_signal = False
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise KeizerError(f"the group's {counted(len(instance.games), 'game')} do not fit in rounds "
                          f"{rounds[0]}–{rounds[-1]} with one group game a round per member")
    placed = [GroupGame(r, w, b) for i, (w, b) in enumerate(instance.games) for r in rounds if solver.value(x[i, r])]
    return tuple(placed)


def group_instance(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
                   ) -> tuple[ScheduleInstance, tuple[GroupGame, ...]]:
    """(instance, kept): the games still to place from `first_round` on, the scheduled games before it that
    were played kept fixed; a scheduled game not played (an absence) is placed again."""
    end = rule.schedule_end(season.rounds_planned)
    start = max(first_round, group.formed_after + 1)
    if start > end:
        raise KeizerError(f"no rounds left for group games (the schedule ends with round {end})")
    done = scheduled_results(season, group, rule)
    kept = tuple(g for g, d in zip(group.schedule, done) if g.round < start and d is not None)
    games = list(required_games(season, group, rule))
    for g in kept:
        if (g.white, g.black) in games:
            games.remove((g.white, g.black))
        elif (g.black, g.white) in games:  # played with the colours turned: that pair's game is done
            games.remove((g.black, g.white))
    instance = ScheduleInstance(members=group.members, games=tuple(games), rounds=tuple(range(start, end + 1)),
                                fixed=kept, unavailable=group.unavailable)
    return instance, kept


def propose_schedule(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
                     pinned: tuple[GroupGame, ...] = ()) -> tuple[tuple[GroupGame, ...], ScheduleCheck]:
    """The whole schedule (kept games and the newly placed ones) and the check of what it costs."""
    instance, kept = group_instance(season, group, rule, first_round)
    placed = solve_schedule(instance, pinned)
    return sorted_schedule(kept + placed), check_schedule(instance, placed)


def move_game(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
              game: GroupGame, to_round: int) -> tuple[tuple[GroupGame, ...], ScheduleCheck, ScheduleCheck]:
    """The schedule with one game moved (the rest as it is), its check and the check before the move: the
    difference says what the move breaks."""
    instance, kept = group_instance(season, group, rule, first_round)
    if game not in group.schedule or game in kept:
        raise KeizerError(f"{game.white} - {game.black} is not a game still to play in round {game.round}")
    rest = tuple(g for g in group.schedule if g.round >= instance.rounds[0])
    moved = tuple(GroupGame(to_round, g.white, g.black) if g == game else g for g in rest)
    return sorted_schedule(kept + moved), check_schedule(instance, moved), check_schedule(instance, rest)
