"""The championship group's schedule judged independently of its model (docs/rules.md §8): what it must place
and where, what a placement breaks and costs, and those facts in the director's words."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from keizer.seasons.model import GroupGame, PlayerId
from keizer.seasons.numbers import counted

# The objective, in words the director reads (every literal named, docs/rules.md §8):
IDLE = 3
"""A member without a group game for a whole stretch (longer than their even spacing allows)."""
CONSECUTIVE = 2
"""A member with group games in two rounds in a row, beyond the back-to-back rounds their games force."""


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
    """(member, rounds they said they cannot play in the group)."""
    absent: tuple[tuple[PlayerId, int, str], ...] = ()
    """(member, round, why): an absence already recorded in the Keizer round ("excused", "a team match", …)."""

    def said_cannot(self, player: PlayerId, rnd: int) -> bool:
        return any(p == player and rnd in rounds for p, rounds in self.unavailable)

    def absence(self, player: PlayerId, rnd: int) -> str | None:
        """Why `player` is recorded absent in round `rnd`, or None."""
        return next((why for p, r, why in self.absent if (p, r) == (player, rnd)), None)

    def cannot(self, player: PlayerId, rnd: int) -> bool:
        """The member cannot play that round: said so, or recorded absent."""
        return self.said_cannot(player, rnd) or self.absence(player, rnd) is not None

    @property
    def all_rounds(self) -> tuple[int, ...]:
        """The rounds the spread is judged over: the open ones and those of the fixed games."""
        return tuple(sorted(set(self.rounds) | {g.round for g in self.fixed}))

    def game_count(self, player: PlayerId) -> int:
        """The member's games over `all_rounds`: fixed and to place."""
        return (len([g for g in self.games if player in g])
                + len([g for g in self.fixed if player in (g.white, g.black)]))

    def idle_window(self, player: PlayerId) -> int:
        """Rounds in a row without a group game that count as one idle stretch: the member's even spacing
        (all their games spread over all rounds), rounded up, and at least 2."""
        span = len(self.rounds) + len([g for g in self.fixed if player in (g.white, g.black)])
        return max(2, math.ceil(span / max(1, self.game_count(player))))

    def forced_back_to_back(self, player: PlayerId) -> int:
        """Back-to-back rounds no placement avoids: g games in R rounds have at least 2g − R − 1 pairs of
        neighbouring rounds both played (K's finalists play every round: all of them)."""
        return max(0, 2 * self.game_count(player) - len(self.all_rounds) - 1)

    @property
    def conflict_cost(self) -> int:
        """The cost of one game in a round its member cannot play: more than every other cost together, so
        that the model places one there only when no schedule avoids it."""
        rounds = len(self.all_rounds)
        spread = sum(IDLE * max(0, rounds - self.idle_window(p) + 1) + CONSECUTIVE * max(0, rounds - 1)
                     for p in self.members)
        return spread + 1


BreachKind = Literal["unneeded", "closed", "unplaced", "double", "unavailable", "absent", "back_to_back", "idle"]


@dataclass(frozen=True, slots=True)
class Breach:
    """One thing a schedule breaks: a hard rule (`hard`) or a cost of the spread, as facts."""

    hard: bool
    kind: BreachKind
    players: tuple[PlayerId, ...]
    """The game's (white, black), or the member it is about."""
    rounds: tuple[int, ...] = ()
    """The round(s) it is about (back to back: the two; idle: the stretch's first and last)."""
    why: str = ""
    """An absence's kind ("excused", "a team match"), for `absent`."""

    @property
    def what(self) -> str:
        """The breach with player ids (`said` says it with names)."""
        return self.said(str)

    def said(self, name: Callable[[PlayerId], str]) -> str:
        """One line, each player said by `name`."""
        if self.kind in ("unneeded", "closed", "unplaced"):
            game = f"{name(self.players[0])} – {name(self.players[1])}"
            return {"unneeded": f"{game} is not a game the group still needs",
                    "closed": f"{game}: round {self.rounds[0] if self.rounds else '?'} is not open for group games",
                    "unplaced": f"{game} is not scheduled"}[self.kind]
        who, r = name(self.players[0]), self.rounds[0] if self.rounds else 0
        return {"double": f"{who} has 2 group games in round {r}",
                "unavailable": f"{who} said they cannot play round {r}",
                "absent": f"{who} is recorded {self.why} in round {r}",
                "back_to_back": f"{who} plays group games in rounds {r} and {self.rounds[-1]}",
                "idle": f"{who} has no group game in rounds {r}–{self.rounds[-1]}"}[self.kind]


@dataclass(frozen=True, slots=True)
class ScheduleCheck:
    """A schedule judged independently of the solver: what it breaks and its objective."""

    breaches: tuple[Breach, ...]
    cost: int
    """conflict cost × games in rounds a member cannot play + IDLE × idle stretches + CONSECUTIVE ×
    back-to-back rounds beyond those a member's games force."""
    forced: tuple[tuple[PlayerId, int], ...] = ()
    """(member, back-to-back rounds their games force): not counted, not said."""

    @property
    def valid(self) -> bool:
        return not any(b.hard for b in self.breaches)

    def notes(self, name: Callable[[PlayerId], str]) -> tuple[tuple[bool, str], ...]:
        """(hard, line): what a director can act on, each member said once by `name`: every hard breach,
        then per member the rounds they cannot play yet play, the back-to-back rounds beyond those forced,
        the idle stretches (merged)."""
        lines = [(True, b.said(name)) for b in self.breaches if b.hard]
        soft = [b for b in self.breaches if not b.hard]
        members = list(dict.fromkeys(b.players[0] for b in soft))
        for p in members:
            mine = [b for b in soft if b.players[0] == p]
            cannot = [f"{b.rounds[0]} ({b.why})" if b.kind == "absent" else f"{b.rounds[0]} (said they cannot)"
                      for b in sorted(mine, key=lambda b: b.rounds) if b.kind in ("absent", "unavailable")]
            if cannot:
                lines.append((False, f"{name(p)} has a group game in round{'s' if len(cannot) > 1 else ''} "
                             f"{', '.join(cannot)}"))
            pairs = [b.rounds for b in mine if b.kind == "back_to_back"]
            if pairs:
                forced = dict(self.forced).get(p, 0)
                said = f"; {forced} of them forced by their games" if forced else ""
                lines.append((False, f"{name(p)} plays back to back in rounds "
                                     f"{', '.join(f'{r[0]}–{r[-1]}' for r in pairs)} "
                                     f"({counted(len(pairs), 'time')}{said})"))
            stretches = _merged([(b.rounds[0], b.rounds[-1]) for b in mine if b.kind == "idle"])
            if stretches:
                lines.append((False, f"{name(p)} has no group game in rounds "
                                     f"{', '.join(f'{a}–{b}' for a, b in stretches)}"))
        return tuple(lines)


def _merged(stretches: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching stretches of rounds as one."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(stretches):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def check_schedule(instance: ScheduleInstance, placed: tuple[GroupGame, ...]) -> ScheduleCheck:
    """Every game exactly once, in an allowed round, a member at most one game a round; then the costs."""
    breaches: list[Breach] = []
    wanted = list(instance.games)
    for g in placed:
        if (g.white, g.black) in wanted:
            wanted.remove((g.white, g.black))
        else:
            breaches.append(Breach(True, "unneeded", (g.white, g.black), (g.round,)))
        if g.round not in instance.rounds:
            breaches.append(Breach(True, "closed", (g.white, g.black), (g.round,)))
    breaches += [Breach(True, "unplaced", (w, b)) for w, b in wanted]
    every = instance.fixed + placed
    busy: dict[tuple[PlayerId, int], int] = {}
    for g in every:
        for p in (g.white, g.black):
            busy[p, g.round] = busy.get((p, g.round), 0) + 1
    breaches += [Breach(True, "double", (p,), (r,)) for (p, r), n in sorted(busy.items()) if n > 1]
    cost = 0
    for g in placed:
        for p in (g.white, g.black):
            why = instance.absence(p, g.round)
            if why is not None:
                breaches.append(Breach(False, "absent", (p,), (g.round,), why))
            elif instance.said_cannot(p, g.round):
                breaches.append(Breach(False, "unavailable", (p,), (g.round,)))
            else:
                continue
            cost += instance.conflict_cost
    rounds = instance.all_rounds
    forced: list[tuple[PlayerId, int]] = []
    for p in instance.members:
        plays = [busy.get((p, r), 0) > 0 for r in rounds]
        # neighbours in `rounds` (the model's and the bound's sense: a kept round before the open ones too)
        pairs = [(r, s) for r, s, a, b in zip(rounds, rounds[1:], plays, plays[1:]) if a and b]
        least = instance.forced_back_to_back(p)
        if least:
            forced.append((p, least))
        if len(pairs) > least:  # only what another placement could avoid is a cost, and said
            cost += CONSECUTIVE * (len(pairs) - least)
            breaches += [Breach(False, "back_to_back", (p,), pair) for pair in pairs]
        w = instance.idle_window(p)
        for i in range(len(rounds) - w + 1):
            if not any(plays[i:i + w]):
                cost += IDLE
                breaches.append(Breach(False, "idle", (p,), (rounds[i], rounds[i + w - 1])))
    return ScheduleCheck(tuple(breaches), cost, tuple(forced))
