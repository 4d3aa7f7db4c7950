"""Seasons for the championship group page's tests: the test evening with D's group formed and partly played,
and under K's rules a separate final group played out to a tie."""

from __future__ import annotations

from dataclasses import replace

from keizer.scoring.championship.table import required_games
from keizer.seasons.championship import sorted_schedule
from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.parse import parse_ruleset
from tests.conftest import EVENING
from keizer.evening.championship.changes import formation, members_of

MISSED = 30
"""The round of the game the inside group's schedule has but its round was played without (missed)."""


def _formed(season: Season, declined: tuple[PlayerId, ...] = ()) -> tuple[Season, ChampionshipGroup]:
    event = members_of(formation(season, declined))
    group = ChampionshipGroup(event.formed_after, event.members, event.declined)
    return replace(season, championship=group), group


def inside_season() -> Season:
    """The test evening (results to round 32, round 33 paired) with D's group formed after round 20, its
    second proposed player declining: the games the members did play in rounds 21–32 scheduled there
    (played), one game in round 30 whose pair did not meet (missed), the rest from round 33 on (to play)."""
    season = load_season(EVENING)
    second = members_of(formation(season, ())).members[1]
    season, group = _formed(season, (second,))
    rule = parse_ruleset(season.ruleset_spec).championship
    assert rule is not None
    met = {frozenset((g.white, g.black)): rnd.number for rnd in season.rounds[20:] for g in rnd.games}
    busy: dict[int, set[PlayerId]] = {}
    games: list[GroupGame] = []
    rest = []
    for w, b in required_games(season, group, rule):
        rnd = met.pop(frozenset((w, b)), None)
        if rnd is None:
            rest.append((w, b))
        else:
            games.append(GroupGame(rnd, w, b))
            busy.setdefault(rnd, set()).update((w, b))
    missed = next(wb for wb in rest if not busy.get(MISSED, set()) & set(wb))
    rest.remove(missed)
    games.append(GroupGame(MISSED, *missed))
    for w, b in rest:
        rnd = next(r for r in range(33, 99) if not busy.get(r, set()) & {w, b})
        games.append(GroupGame(rnd, w, b))
        busy.setdefault(rnd, set()).update((w, b))
    return replace(season, rounds_planned=max(g.round for g in games),
                   championship=replace(group, schedule=sorted_schedule(games)))


def separate_season(decision: tuple[Result, ...] = (Result.WHITE_WINS,)) -> Season:
    """The test evening's first 20 rounds under K's rules with its final group's ten rounds 21–30 played:
    every game drawn but the first two members each beating the last ones once, so the first two tie on
    top and play decision games (`decision`: the results of those recorded, first one with white). The six
    have no Keizer game after round 20 (docs/rules.md §8): their opponents there are booked excused."""
    season = replace(load_season(EVENING), ruleset_spec="kijk-uit")
    season, group = _formed(season)
    season = without_games(season, set(group.members), after=20)
    m = group.members
    games = []
    for leg in range(2):
        for i, (a, b) in enumerate(round_robin(m)):
            w, bl = (a, b) if leg == 0 else (b, a)
            won = leg == 0 and (a, b) in ((m[0], m[-1]), (m[1], m[-2]))
            result = Result.WHITE_WINS if won else Result.DRAW
            games.append(GroupGame(21 + 5 * leg + i // 3, w, bl, result))
    decided = tuple(DecisionGame(*((m[0], m[1]) if i == 0 else (m[1], m[0])), r) for i, r in enumerate(decision))
    return replace(season, championship=replace(group, schedule=sorted_schedule(games), decision=decided))


def without_games(season: Season, members: set[PlayerId], after: int) -> Season:
    """`season` with the members' Keizer games after round `after` taken out (`_without`)."""
    return replace(season, rounds=season.rounds[:after] + tuple(_without(r, members) for r in season.rounds[after:]))


def _without(rnd: Round, members: set[PlayerId]) -> Round:
    """Round `rnd` with the members' Keizer games and entries taken out, their opponents excused."""
    kept = tuple(g for g in rnd.games if not {g.white, g.black} & members)
    freed = [p for g in rnd.games if {g.white, g.black} & members for p in (g.white, g.black) if p not in members]
    entries = [(p, e) for p, e in rnd.entries if p not in members] + [(p, EntryKind.EXCUSED) for p in freed]
    return replace(rnd, games=kept, entries=tuple(sorted(entries)))


def round_robin(members: tuple[PlayerId, ...]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """Six members' single round robin by the circle method: five rounds of three games, in round order, each
    pair once with the higher-placed member first."""
    first, rest = members[0], list(members[1:])
    out = []
    for _ in range(len(rest)):
        line = [first, *rest]
        for i in range(len(line) // 2):
            a, b = line[i], line[-1 - i]
            out.append((a, b) if members.index(a) < members.index(b) else (b, a))
        rest = rest[-1:] + rest[:-1]
    return tuple(out)
