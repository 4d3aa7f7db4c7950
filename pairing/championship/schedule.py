"""The championship group's schedule from the season (D art. 4, docs/rules.md §8): what is left to place and
where, the model's proposal, a game moved by hand — each with the checker's judgement."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from keizer.pairing.championship.check import ScheduleCheck, ScheduleInstance, check_schedule
from keizer.pairing.championship.model import solve_schedule
from keizer.seasons.championship import sorted_schedule
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import ChampionshipGroup, EntryKind, GroupGame, PlayerId, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.seasons.season_length import season_length
from keizer.scoring.championship.table import required_games, scheduled_results

ABSENCE_WORDS = {EntryKind.EXCUSED: "excused", EntryKind.UNEXCUSED: "absent", EntryKind.DUTY: "on duty",
                 EntryKind.EXTERNAL_WIN: "playing a team match", EntryKind.EXTERNAL_DRAW: "playing a team match",
                 EntryKind.EXTERNAL_LOSS: "playing a team match", EntryKind.EXTERNAL_PENDING: "playing a team match"}
"""A Keizer round's entry that says a member is not there, as the schedule's notes say it (docs/rules.md §8)."""


def group_instance(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
                   ) -> tuple[ScheduleInstance, tuple[GroupGame, ...]]:
    """(instance, kept): the games still to place from `first_round` on, the scheduled games before it that
    were played kept fixed; a scheduled game not played (an absence) is placed again."""
    end = rule.schedule_end(season_length(season))
    start = max(first_round, group.formed_after + 1)
    if start > end:
        raise KeizerError(f"no rounds left for group games (the schedule ends with round {end})")
    done = scheduled_results(season, group, rule)
    gone = {p: w.before_round for p in group.members if (w := season.withdrawal_of(p)) is not None}
    # A member who withdrew keeps the games scheduled before their withdrawal and gets no new one (rules §8).
    kept = tuple(g for g, d in zip(group.schedule, done)
                 if (g.round < start and d is not None)
                 or (g.round >= start and any(p in gone and g.round < gone[p] for p in (g.white, g.black))
                     and not any(p in gone and g.round >= gone[p] for p in (g.white, g.black))))
    games = [(w, b) for w, b in required_games(season, group, rule) if w not in gone and b not in gone]
    for g in kept:
        if (g.white, g.black) in games:
            games.remove((g.white, g.black))
        elif (g.black, g.white) in games:  # played with the colours turned: that pair's game is done
            games.remove((g.black, g.white))
    rounds = tuple(range(start, end + 1))
    # the spread is judged for the members still playing: one who withdrew has no games left to spread
    members = tuple(p for p in group.members if p not in gone)
    instance = ScheduleInstance(members=members, games=tuple(games), rounds=rounds, fixed=kept,
                                unavailable=group.unavailable, absent=_absences(season, group, rule, rounds))
    return instance, kept


def _absences(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, rounds: tuple[int, ...],
              ) -> tuple[tuple[PlayerId, int, str], ...]:
    """(member, round, why) for every absence of a member already recorded in the Keizer rounds the schedule
    may use — excused (an absence report too), unexcused, on duty, a team match. Only an inside group's:
    a separate group's members have no Keizer rounds then (their entries are ignored, rules §8)."""
    if rule.mode != "inside":
        return ()
    out = []
    for r in rounds:
        if r > len(season.rounds):
            break
        for p in group.members:
            kind = season.round(r).entry_of(p)
            if kind in ABSENCE_WORDS:
                out.append((p, r, ABSENCE_WORDS[kind]))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ProposedSchedule:
    """The model's proposal: the whole schedule, what it costs and breaks, and whether it is proven best."""

    games: tuple[GroupGame, ...]
    """The kept games and the newly placed ones, by round."""
    check: ScheduleCheck
    optimal: bool
    """True: no placement costs less; False: the best the model found within its limit of work."""


def propose_schedule(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
                     pinned: tuple[GroupGame, ...] = (), stop: threading.Event | None = None) -> ProposedSchedule:
    """The whole schedule (kept games and the newly placed ones) and the check of what it costs; `stop`
    ends the search (`seasons.errors.SearchStopped`)."""
    instance, kept = group_instance(season, group, rule, first_round)
    placed = solve_schedule(instance, pinned, stop)
    return ProposedSchedule(sorted_schedule(kept + placed.games), check_schedule(instance, placed.games),
                            placed.optimal)


def move_game(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, first_round: int,
              game: GroupGame, to_round: int) -> tuple[tuple[GroupGame, ...], ScheduleCheck, ScheduleCheck]:
    """The schedule with one game moved (every other game as it is), its check and the check before the
    move: the difference says what the move breaks."""
    instance, kept = group_instance(season, group, rule, first_round)
    open_games = {(w, b) for w, b in instance.games}
    if game not in group.schedule or game.round < instance.rounds[0] or (game.white, game.black) not in open_games:
        raise KeizerError(f"{game.white} - {game.black} is not a game still to play in round {game.round}")
    rest = tuple(g for g in group.schedule if g.round >= instance.rounds[0] and (g.white, g.black) in open_games)
    moved = tuple(GroupGame(to_round, g.white, g.black) if g == game else g for g in rest)
    schedule = tuple(GroupGame(to_round, g.white, g.black) if g == game else g for g in group.schedule)
    return sorted_schedule(schedule), check_schedule(instance, moved), check_schedule(instance, rest)
