"""`run_group_benchmark`: the championship group's schedule proposed for each club's kind of group, timed."""

from __future__ import annotations

import statistics
import time
from dataclasses import replace
from typing import Any

from keizer.pairing.championship.check import ScheduleInstance
from keizer.pairing.championship.model import solve_schedule
from keizer.pairing.championship.schedule import propose_schedule
from keizer.pairing.simulate import simulate_season
from keizer.scoring.championship.table import propose_members
from keizer.scoring.replay import replay
from keizer.seasons.model import ChampionshipGroup, PlayerId, Season
from keizer.seasons.ruleset.parse import parse_ruleset

REPEATS = 5
GOAL_SECONDS = 1.0
"""Issue 20 item 2: either club's schedule proposed within a second."""
CASES = (("D: 6 of 40, inside the Keizer, rounds 21-36", 40, 36, "doorn-driebergen-2019"),
         ("K: 6 of 16, a final group of its own, rounds 21-30", 16, 30, "kijk-uit"))
"""(what, players, rounds, ruleset): the seasons a club's group is formed in (simulated, 20 rounds played)."""


def _formed(players: int, rounds: int, ruleset: str, seed: int) -> Season:
    """A simulated season with 20 rounds played and its group formed from the ranking after them."""
    season = simulate_season(players, rounds, ruleset, seed, played=20)
    rule = parse_ruleset(season.ruleset_spec).championship
    assert rule is not None
    members = propose_members(replay(season, rule.after_round).ranking_after(rule.after_round), rule.size)
    return replace(season, championship=ChampionshipGroup(rule.after_round, members))


def _hard_six() -> ScheduleInstance:
    """Six members who never met, every pair twice in rounds 21-36, one of them away for rounds 21-23 and
    another for 30: the hardest D-like case, not proven within the limit (the best found is said so)."""
    m = tuple(PlayerId(f"m{i}") for i in range(6))
    return ScheduleInstance(m, tuple((a, b) for a in m for b in m if a != b), tuple(range(21, 37)),
                            unavailable=((m[0], (21, 22, 23)), (m[2], (30,))))


def run_group_benchmark(seed: int = 0, repeats: int = REPEATS) -> list[dict[str, Any]]:
    """Per case: the median wall and CPU seconds of proposing the schedule, its cost, whether it is proven."""
    rows = []
    for what, players, rounds, ruleset in CASES:
        season = _formed(players, rounds, ruleset, seed)
        rule = parse_ruleset(season.ruleset_spec).championship
        group = season.championship
        assert rule is not None and group is not None

        def propose() -> Any:
            return propose_schedule(season, group, rule, rule.after_round + 1)
        rows.append({"case": what, **_timed(propose, repeats, lambda found: (found.check.cost, found.optimal,
                                                                             len(found.check.notes(str))))})
    hard = _hard_six()
    rows.append({"case": "6 who never met, 2 away: 30 games in rounds 21-36",
                 **_timed(lambda: solve_schedule(hard), repeats, lambda found: (None, found.optimal, None))})
    return rows


def _timed(fn: Any, repeats: int, facts: Any) -> dict[str, Any]:
    walls, cpus = [], []
    out = None
    for _ in range(max(1, repeats)):
        wall, cpu = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    cost, optimal, notes = facts(out)
    return {"seconds": statistics.median(walls), "cpu_seconds": statistics.median(cpus), "cost": cost,
            "optimal": optimal, "notes": notes}


def format_report(rows: list[dict[str, Any]]) -> str:
    lines = [f"Championship group schedule, proposed (median of {REPEATS}; goal: within {GOAL_SECONDS:g} s)",
             f"{'case':<52} {'wall s':>7} {'cpu s':>6} {'cost':>5} {'proven':>7} {'notes':>6}"]
    for r in rows:
        cost = "" if r["cost"] is None else str(r["cost"])
        notes = "" if r["notes"] is None else str(r["notes"])
        lines.append(f"{r['case']:<52} {r['seconds']:>7.3f} {r['cpu_seconds']:>6.3f} {cost:>5} "
                     f"{'yes' if r['optimal'] else 'no':>7} {notes:>6}")
    return "\n".join(lines)
