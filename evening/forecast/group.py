"""The championship group in a forecast's runs: formed, scheduled and decided as the director and the rules would."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from keizer.evening.forecast.model import ForecastModel
from keizer.pairing.championship.check import ScheduleInstance
from keizer.pairing.championship.model import solve_schedule
from keizer.pairing.championship.schedule import group_instance
from keizer.scoring.championship.state import group_state
from keizer.scoring.championship.table import PlayedGame, earlier_games, missed_games, propose_members, required_games
from keizer.scoring.championship.table import scheduled_results
from keizer.scoring.championship.table import table
from keizer.seasons.championship import sorted_schedule
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame, PlayerId, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.seasons.season_length import season_length


class Schedules:
    """The group's schedule model (`pairing.championship.model`, CP-SAT), solved once per instance in a process:
    the runs of a forecast form the same group again and again."""

    def __init__(self) -> None:
        self._solved: dict[ScheduleInstance, tuple[GroupGame, ...] | None] = {}

    def placed(self, instance: ScheduleInstance) -> tuple[GroupGame, ...] | None:
        """The games placed by the model, or None when they do not fit (`solve_schedule`'s KeizerError)."""
        if instance not in self._solved:
            try:
                self._solved[instance] = solve_schedule(instance).games
            except KeizerError:
                self._solved[instance] = None
        return self._solved[instance]

    def scheduled(self, season: Season, group: ChampionshipGroup, rule: ChampionshipRule,
                  first_round: int, modelled: bool = True) -> ChampionshipGroup:
        """The group with its schedule made again from `first_round` on, the games played before it kept
        (`keizer championship schedule --save`); unchanged when no round is left or the games do not fit.
        `modelled`: by the schedule model, as the director would; else spread (`spread`: a group formed
        inside a run, where a model's solve for each of hundreds of groups would cost more than the runs)."""
        try:
            instance, kept = group_instance(season, group, rule, first_round)
        except KeizerError:
            return group
        placed = self.placed(instance) if modelled else spread(instance)
        if placed is None:
            return group
        return replace(group, schedule=sorted_schedule(kept + placed))


def spread(instance: ScheduleInstance) -> tuple[GroupGame, ...] | None:
    """The games placed round by round, as many a round as spreads them evenly, each round taking first the
    games of the members who have waited longest for one (a member at most one game a round, none in a round
    they said they cannot play); None when they do not fit. Which round a group game is in changes its
    result not at all in a forecast (drawn alike in any round), and the Keizer's places little."""
    left = list(instance.games)
    busy = {(p, g.round) for g in instance.fixed for p in (g.white, g.black)}
    last = {p: 0 for p in instance.members}
    placed: list[GroupGame] = []
    even = -(-len(left) // len(instance.rounds)) if instance.rounds else 0
    for cap in (even, len(instance.members) // 2):  # evenly first; what is left where there is room
        for r in instance.rounds:
            taken = sum(1 for g in placed if g.round == r)
            for w, b in sorted(left, key=lambda g: (max(last[g[0]], last[g[1]]), last[g[0]] + last[g[1]])):
                if taken >= cap:
                    break
                if any((p, r) in busy or instance.cannot(p, r) for p in (w, b)):
                    continue
                placed.append(GroupGame(r, w, b))
                left.remove((w, b))
                busy |= {(w, r), (b, r)}
                last[w] = last[b] = r
                taken += 1
        if not left:
            return tuple(placed)
    return None


def form_group(season: Season, rule: ChampionshipRule, ranking: tuple[PlayerId, ...], schedules: Schedules,
               k: int | None = None, modelled: bool = True) -> Season:
    """The season with the group formed from the ranking after its round (the proposal, nobody declining),
    when round k (default: the group's round) has been played; an inside group (D) scheduled from round k + 1,
    whose games are boards of the Keizer rounds. Formed late (a season whose director had not formed it),
    the games its members played each other after the group's round are its games already played, as far as
    the double round robin needs them. A separate group (K) plays every pair twice outside the Keizer: in
    which round does not change its table, so it is not scheduled (`champions` plays its games).
    `modelled`: scheduled by the schedule model (else `spread`, see `Schedules.scheduled`)."""
    k = rule.after_round if k is None else k
    group = ChampionshipGroup(formed_after=rule.after_round, members=propose_members(ranking, rule.size))
    if rule.mode == "inside":
        needed = list(required_games(season, group, rule))
        played: list[GroupGame] = []
        for rnd in season.rounds[rule.after_round:k]:
            for g in rnd.games:
                for game in ((g.white, g.black), (g.black, g.white)):  # played with the colours turned: done too
                    if game in needed:
                        needed.remove(game)
                        played.append(GroupGame(rnd.number, g.white, g.black))
                        break
        group = schedules.scheduled(season, replace(group, schedule=sorted_schedule(played)), rule, k + 1, modelled)
    return replace(season, championship=group)


def after_round(season: Season, rule: ChampionshipRule, k: int) -> Season:
    """After round k of an "inside" group: a scheduled game its round was played without (an absent member)
    moves to the first later round in which neither member has a group game or said they cannot play
    (docs/forecast.md: the director would plan it again; the forecast keeps the rest of the schedule). With
    no such round left it stays unplayed, and is drawn at the end as if caught up (`champions`)."""
    group = season.championship
    if group is None or rule.mode != "inside" or not any(g.round == k for g in group.schedule):
        return season
    missed = [group.schedule[i] for i in missed_games(season, group, rule, in_round=k)]
    if not missed:
        return season
    end = rule.schedule_end(season_length(season))
    schedule = list(group.schedule)
    for game in missed:
        busy = {(p, g.round) for g in schedule for p in (g.white, g.black)}
        free = next((r for r in range(k + 1, end + 1)
                     if all((p, r) not in busy and r not in group.unavailable_rounds(p) for p in (game.white, game.black))),
                    None)
        if free is not None:
            schedule[schedule.index(game)] = replace(game, round=free)
    return replace(season, championship=replace(group, schedule=sorted_schedule(schedule)))


def pulled_forward(season: Season, rule: ChampionshipRule, k: int, present: set[PlayerId]) -> Season:
    """Round k of an "inside" group with games of its present members moved into it — their later scheduled
    games in the schedule's order, then games no schedule holds — each member at most one game a round: what
    the director does when the members present outnumber the others (they meet only in their group's games,
    D art. 4) and the round has no pairing without it (docs/forecast.md). Unchanged when nothing can move."""
    group = season.championship
    if group is None or rule.mode != "inside" or k <= group.formed_after:
        return season
    busy = {p for g in group.games_in(k) for p in (g.white, g.black)}

    def free(white: PlayerId, black: PlayerId) -> bool:
        return ({white, black} <= present and not {white, black} & busy
                and k not in (*group.unavailable_rounds(white), *group.unavailable_rounds(black)))

    schedule = list(group.schedule)
    for i, game in enumerate(schedule):
        if game.round > k and free(game.white, game.black):
            schedule[i] = replace(game, round=k)
            busy |= {game.white, game.black}
    for white, black in unscheduled(season, group, rule):
        if free(white, black):
            schedule.append(GroupGame(k, white, black))
            busy |= {white, black}
    if schedule == list(group.schedule):
        return season
    return replace(season, championship=replace(group, schedule=sorted_schedule(schedule)))


def unscheduled(season: Season, group: ChampionshipGroup, rule: ChampionshipRule,
                earlier: Sequence[PlayedGame] | None = None) -> list[tuple[PlayerId, PlayerId]]:
    """The games the double round robin needs that no schedule holds (a separate group's, never scheduled
    here; an inside group's that did not fit in the rounds left), each (white, black). `earlier`: the group's
    `earlier_games`, when the caller has them."""
    scheduled = Counter((g.white, g.black) for g in group.schedule)  # each scheduled game taken once
    out = []
    for white, black in required_games(season, group, rule, earlier):
        for pair in ((white, black), (black, white)):
            if scheduled[pair]:
                scheduled[pair] -= 1
                break
        else:
            out.append((white, black))
    return out


def champions(season: Season, rule: ChampionshipRule, model: ForecastModel,
              rng: random.Random) -> tuple[PlayerId, ...]:
    """Who wins the group's title at the end of the season (several: a shared title). A game still without
    a result (a separate group's; one of an inside group that no round was left for) is drawn as if played;
    a tie is played off with decision games (D art. 2), drawn too."""
    group = season.championship
    assert group is not None
    earlier = earlier_games(season, group) if rule.mode == "inside" else ()
    games = list(earlier)
    for game, played in zip(group.schedule, scheduled_results(season, group, rule)):
        if played is None or not played.result.is_decided:
            played = PlayedGame(game.round, game.white, game.black, model.result(rng, game.white, game.black))
        games.append(played)
    # the games no schedule holds: played as if caught up, so that every pair meets as the double round robin says
    for white, black in unscheduled(season, group, rule, earlier):
        games.append(PlayedGame(rule.after_round + 1, white, black, model.result(rng, white, black)))
    rows = table(group.members, tuple(games))
    decision = list(group.decision)
    state = group_state(rows, tuple(decision), ties=rule.ties)
    while state.phase in ("decision", "playoff"):
        decision += [DecisionGame(w, b, model.result(rng, w, b)) for w, b in state.needed]
        state = group_state(rows, tuple(decision), ties=rule.ties)
    if state.phase == "playing":  # a game the schedule could not place: the leaders share it
        return tuple(r.player for r in rows if r.place == 1)
    return state.champion
