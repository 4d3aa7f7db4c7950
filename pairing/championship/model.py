"""The championship group's schedule as its own CP-SAT model (docs/rules.md §8): started from the circle
method's round robin, solved within a fixed amount of work, stoppable from another thread."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment
from ortools.sat.python import cp_model

from keizer.pairing.championship.check import CONSECUTIVE, IDLE, ScheduleInstance
from keizer.seasons.errors import KeizerError, SearchStopped
from keizer.seasons.model import GroupGame, PlayerId
from keizer.seasons.numbers import counted

SEED = 0
"""CP-SAT's seed: with one worker and a deterministic limit, the same schedule every run."""
WORK_LIMIT = 0.3
"""CP-SAT's deterministic time limit (its own measure of work, not the clock: the same stopping point on
every machine and under any load, so the same schedule). Well under a second on a club's laptop
(docs/performance.md, "The championship group's schedule"); most schedules are proven optimal long before."""
SAFETY_SECONDS = 10.0
"""A wall-clock net under the deterministic limit, for a machine so loaded that the work takes longer."""
POLL_SECONDS = 0.05
"""How often the waiting thread looks whether to stop the search (esc, ctrl+c)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """The placed games, and whether the model proved no placement costs less."""

    games: tuple[GroupGame, ...]
    optimal: bool
    """False: the best found within `WORK_LIMIT`, not proven the least cost."""


def circle_slots(members: tuple[PlayerId, ...]) -> tuple[tuple[tuple[PlayerId, PlayerId], ...], ...]:
    """A double round robin among `members` by the circle method: 2(n−1) rounds of pairings (n even; one more
    member sits out each round when n is odd), the second half the first with the colours reversed."""
    line: list[PlayerId | None] = list(members) + ([None] if len(members) % 2 else [])
    n = len(line)
    first: list[tuple[tuple[PlayerId, PlayerId], ...]] = []
    rest = line[1:]
    for s in range(n - 1):
        seats = [line[0], *rest]
        pairs = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        # the fixed seat alternates colours, as in Berger's tables
        first.append(tuple((a, b) if (i or s % 2 == 0) else (b, a) for i, (a, b) in enumerate(pairs)
                           if a is not None and b is not None))
        rest = rest[-1:] + rest[:-1]
    return tuple(first) + tuple(tuple((b, a) for a, b in slot) for slot in first)


def circle_hint(instance: ScheduleInstance) -> dict[int, int]:
    """Game index → round: each game in its circle-method slot (the one with its colours when free); the
    slots that hold a game go to rounds spread evenly from the first open round to the last (single rounds
    between them, as few back to back as their number forces), each slot to the round where the fewest of
    its players cannot play. A start for the model, not a schedule: the model repairs what it breaks."""
    slots = circle_slots(instance.members)
    where: dict[tuple[PlayerId, PlayerId], list[int]] = {}
    for s, slot in enumerate(slots):
        for a, b in slot:
            where.setdefault((a, b), []).append(s)
            where.setdefault((b, a), []).append(s)
    taken: dict[int, int] = {}
    used: set[tuple[frozenset[PlayerId], int]] = set()
    for i, (w, b) in enumerate(instance.games):
        pair, options = frozenset((w, b)), where.get((w, b), [])
        own = [s for s in options if (w, b) in slots[s] and (pair, s) not in used]
        free = own or [s for s in options if (pair, s) not in used] or options[:1]
        if free:
            taken[i] = free[0]
            used.add((pair, free[0]))  # a slot holds the pair once
    order = sorted(set(taken.values()))
    rounds = instance.rounds
    if not order:
        return {}
    spread = sorted({rounds[k * (len(rounds) - 1) // max(1, len(order) - 1)] for k in range(len(order))})
    spread += [r for r in rounds if r not in spread][: len(order) - len(spread)]  # more slots than rounds
    players = {s: {p for i, s2 in taken.items() if s2 == s for p in instance.games[i]} for s in order}
    busy = {(p, g.round) for g in instance.fixed for p in (g.white, g.black)}
    assignment = SimpleLinearSumAssignment()
    for left, s in enumerate(order):
        for right, r in enumerate(spread):
            assignment.add_arc_with_cost(left, right, sum(1 for p in players[s] if instance.cannot(p, r)
                                                          or (p, r) in busy))
    if len(spread) == len(order) and assignment.solve() == assignment.OPTIMAL:
        at = {s: spread[assignment.right_mate(left)] for left, s in enumerate(order)}
    else:  # more slots than rounds: the slots in order, the last ones sharing the last round
        at = {s: spread[min(left, len(spread) - 1)] for left, s in enumerate(order)}
    return {i: at[s] for i, s in taken.items()}


def solve_schedule(instance: ScheduleInstance, pinned: tuple[GroupGame, ...] = (),
                   stop: threading.Event | None = None) -> Placement:
    """The least-cost placement of `instance.games` (the pinned ones in their given round) found within
    `WORK_LIMIT`. A round a member cannot play (said so, or recorded absent) is first kept free of their
    games outright; only when no schedule does that is it a cost (and the check says it). KeizerError if
    no placement exists; `SearchStopped` once `stop` is set."""
    rounds = instance.rounds
    if any(instance.cannot(p, r) for p in instance.members for r in rounds):
        status, found = _attempt(instance, pinned, stop, strict=True)
        if found is not None:  # a conflict-free optimum is the optimum: a conflict costs more than all else
            return found
    status, found = _attempt(instance, pinned, stop, strict=False)
    if found is not None:
        return found
    if status == cp_model.INFEASIBLE:
        raise KeizerError(f"the group's {counted(len(instance.games), 'game')} do not fit in rounds "
                          f"{rounds[0]}–{rounds[-1]} with one group game a round per member")
    raise KeizerError(f"no schedule for the group's {counted(len(instance.games), 'game')} was found "
                      f"in the time allowed")


def _attempt(instance: ScheduleInstance, pinned: tuple[GroupGame, ...], stop: threading.Event | None,
             strict: bool) -> tuple[cp_model.CpSolverStatus, Placement | None]:
    """One solve of the model: `strict` forbids a game in a round one of its members cannot play (but where
    the director pinned it), else such a game costs `conflict_cost`. The status, and the placement found."""
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
        elif strict:
            for r in rounds:
                if instance.cannot(game[0], r) or instance.cannot(game[1], r):
                    model.add(x[i, r] == 0)
    fixed_busy = {(p, g.round) for g in instance.fixed for p in (g.white, g.black)}
    all_rounds = instance.all_rounds
    # The circle method's start, hinted on every variable (CP-SAT takes a complete hint as its first solution)
    hint = circle_hint(instance)
    for (i, r), var in x.items():
        model.add_hint(var, hint.get(i) == r)
    hinted = fixed_busy | {(p, r) for i, r in hint.items() for p in instance.games[i]}
    conflict = instance.conflict_cost
    costs: list[cp_model.LinearExprT] = []
    forced = 0
    for p in instance.members:
        plays: list[cp_model.IntVar] = []
        for r in all_rounds:
            mine = [x[i, r] for i, g in enumerate(instance.games) if p in g and r in rounds]
            play = model.new_bool_var(f"{p}@{r}")
            model.add_hint(play, (p, r) in hinted)
            # A member plays at most one group game a round (a bool is at most 1), none beside a fixed one.
            model.add(play == (1 if (p, r) in fixed_busy else 0) + cp_model.LinearExpr.sum(mine))
            if (p, r) in fixed_busy:
                model.add(cp_model.LinearExpr.sum(mine) == 0)
            plays.append(play)
            if instance.cannot(p, r):
                costs.append(conflict * cp_model.LinearExpr.sum(mine))
        # Redundant, and what makes the model fast: the member's rounds played add up to their games, and
        # their games force this many back-to-back rounds (K's six play every round: all of them forced).
        model.add(cp_model.LinearExpr.sum(plays) == instance.game_count(p))
        pairs = []
        played = [(p, r) in hinted for r in all_rounds]
        for a, b, hint_a, hint_b in zip(plays, plays[1:], played, played[1:]):
            both = model.new_bool_var("")
            model.add(both >= a + b - 1)
            model.add_hint(both, hint_a and hint_b)
            pairs.append(both)
        least = instance.forced_back_to_back(p)
        if pairs:
            model.add(cp_model.LinearExpr.sum(pairs) >= least)
            costs.append(CONSECUTIVE * cp_model.LinearExpr.sum(pairs))
        forced += CONSECUTIVE * least
        w = instance.idle_window(p)
        for i in range(len(all_rounds) - w + 1):
            idle = model.new_bool_var("")
            model.add(idle + cp_model.LinearExpr.sum(plays[i:i + w]) >= 1)
            model.add_hint(idle, not any(played[i:i + w]))
            costs.append(IDLE * idle)
    model.minimize(cp_model.LinearExpr.sum(costs) - forced)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # one worker, a fixed seed and a limit of work: the same schedule every run
    solver.parameters.random_seed = SEED
    solver.parameters.max_deterministic_time = WORK_LIMIT
    solver.parameters.max_time_in_seconds = SAFETY_SECONDS
    solver.parameters.keep_all_feasible_solutions_in_presolve = True  # else presolve loses the hint
    solver.parameters.catch_sigint_signal = False  # ctrl+c is keizer's to handle (`tui/cli/main.py`)
    status = _solve(solver, model, stop)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return status, None
    placed = [GroupGame(r, w, b) for i, (w, b) in enumerate(instance.games) for r in rounds if solver.value(x[i, r])]
    return status, Placement(tuple(placed), status == cp_model.OPTIMAL)


def _solve(solver: cp_model.CpSolver, model: cp_model.CpModel, stop: threading.Event | None,
           ) -> cp_model.CpSolverStatus:
    """`solver.solve(model)` in a thread of its own, while this one waits: so that `stop` (esc, from the
    screen's thread) and ctrl+c (a KeyboardInterrupt, raised only in a thread running Python) end the
    search within `POLL_SECONDS` instead of when the search ends. `SearchStopped` once `stop` is set."""
    done = threading.Event()
    status: list[cp_model.CpSolverStatus] = []

    def search() -> None:
        try:
            status.append(solver.solve(model))
        finally:
            done.set()

    thread = threading.Thread(target=search, name="group-schedule", daemon=True)
    thread.start()
    try:
        while not done.wait(POLL_SECONDS):
            if stop is not None and stop.is_set():
                solver.stop_search()
    except BaseException:  # ctrl+c while waiting: end the search before the interrupt goes on
        for _ in range(round(1 / POLL_SECONDS)):  # asked again until the search has begun and heard it
            solver.stop_search()
            if done.wait(POLL_SECONDS):
                break
        raise
    if stop is not None and stop.is_set():
        raise SearchStopped("the search for a schedule was stopped: nothing proposed")
    return status[0] if status else cp_model.UNKNOWN
