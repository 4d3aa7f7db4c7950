"""A season forecast's result as data (each player's chance of each outcome), and its JSON (the store, `--json`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.model import PlayerId

Outcome = Literal["title", "group", "up", "down", "cup", "eligible"]
"""What a forecast gives chances of; each ruleset has some of them (`Forecast.outcomes`)."""
OUTCOMES: tuple[Outcome, ...] = ("title", "group", "up", "down", "cup", "eligible")
"""Every outcome, in the order the shells show them."""
TitleKind = Literal["group", "first"]
BAND = (0.1, 0.5, 0.9)
"""The final places reported: the 10% place (as good as it gets in one run of ten), the median, the 90% place."""
SURE = 1.96
"""A margin is this many standard errors: the true chance lies within it of the share of the runs in 95 forecasts
of 100 (docs/forecast.md "How sure")."""


def margin(chance: float, runs: int) -> float:
    """How far the share `chance` of `runs` independent runs may lie from the true chance (95%): 1.96 standard
    errors, sqrt(p(1 − p) / runs). Zero for a chance of 0 or 1: what every run agreed on has no margin here —
    it is said as "in every simulation", never as certain. (A shared title counts a share in a run; p(1 − p)
    bounds that variance too.)"""
    if runs <= 0:
        return 1.0
    return SURE * math.sqrt(max(0.0, chance * (1 - chance)) / runs)


def shown_step(chance: float) -> float:
    """The step a chance is shown in: a whole percent from 10% to 90%, a tenth of one outside (words: "38%",
    "4.5%", "97.2%")."""
    return 0.01 if 0.1 <= chance <= 0.9 else 0.001


def sharp(chance: float, runs: int) -> bool:
    """Whether more runs would not change the chance as shown: its margin is under half the step it is shown
    in. A chance of 0 or 1 is sharp (nothing is shown but "in every simulation", or no chance at all)."""
    return margin(chance, runs) < shown_step(chance) / 2


@dataclass(frozen=True, slots=True)
class PlayerChances:
    """One player's chances: shares of the runs, estimates (never rounded here; the shells round them)."""

    player: PlayerId
    rank: int
    """The place after the forecast's round (0: not ranked then, joins later)."""
    title: float
    places: tuple[int, ...]
    """Runs ending in each final place, place 1 first."""
    group: float | None = None
    """A place in the championship group, while it is still to form (None otherwise)."""
    up: float | None = None
    """A move up a class at the reading the forecast reports (None without classes)."""
    down: float | None = None
    cup: float | None = None
    """A group cup (None without cups)."""
    eligible: float | None = None
    """Above the participation threshold (K's 33%) at the end (None without the rule)."""

    def chance(self, outcome: Outcome) -> float | None:
        """The chance of `outcome` (None when the forecast has no such outcome)."""
        return {"title": self.title, "group": self.group, "up": self.up, "down": self.down, "cup": self.cup,
                "eligible": self.eligible}[outcome]

    @property
    def best(self) -> int:
        """The 10% place: in one run of ten the player ends here or higher (0: in no run)."""
        return quantile(self.places, BAND[0])

    @property
    def median(self) -> int:
        return quantile(self.places, BAND[1])

    @property
    def worst(self) -> int:
        """The 90% place: in one run of ten the player ends lower."""
        return quantile(self.places, BAND[2])


Condition = Literal["won", "drawn", "lost", "absent"]
"""What a player's next round can be: their game won, drawn or lost, or the evening missed."""
CONDITIONS: tuple[Condition, ...] = ("won", "drawn", "lost", "absent")


@dataclass(frozen=True, slots=True)
class Given:
    """A player's chances in the runs in which something came about (`Conditional`, `NextPoints`)."""

    runs: int
    """The runs in which it came about (none: it never did, or cannot: an absence known)."""
    chances: tuple[tuple[Outcome, float, float], ...]
    """(outcome, chance, margin) for each outcome of the forecast."""

    def chance(self, outcome: Outcome) -> tuple[float, float] | None:
        """(chance, margin) of `outcome`, None when it never came about."""
        return next(((c, m) for o, c, m in self.chances if o == outcome), None)


@dataclass(frozen=True, slots=True)
class Conditional(Given):
    """Given the next round went one way (`condition`, imposed: docs/forecast.md "What do I need?")."""

    condition: Condition = "won"


@dataclass(frozen=True, slots=True)
class NextPoints(Given):
    """In the runs in which the player scored `points` in their games of the next rounds (seen)."""

    points: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class PlayerNeeds:
    """What a player needs: their chances given the next round (`first`) won, drawn, lost or missed, and given
    the points of their games in rounds first..last."""

    player: PlayerId
    first: int
    last: int
    conditions: tuple[Conditional, ...]
    """One per CONDITIONS, in that order."""
    points: tuple[NextPoints, ...]
    """By points scored, fewest first (only the scores some run had)."""

    def given(self, condition: Condition) -> Conditional:
        return self.conditions[CONDITIONS.index(condition)]

    def needed(self, outcome: Outcome) -> Fraction | None:
        """The fewest points of the next rounds with which some run still ended with `outcome` (every run with
        fewer did not); None when no run did at all."""
        return next((row.points for row in self.points if (c := row.chance(outcome)) is not None and c[0] > 0), None)


@dataclass(frozen=True, slots=True)
class Forecast:
    """The chances after round `round`, from `runs` runs of rounds round+1..last (seed `seed`); the same
    season, round, runs and seed give the same forecast (docs/forecast.md)."""

    round: int
    last: int
    """The season's last round."""
    runs: int
    seed: int
    title: TitleKind
    """What the title is: the championship group's ("group", D and K) or the first place of the final standings."""
    group_after: int | None
    """The round after which the group forms, while it is still to form (the `group` outcome); else None."""
    reading: int | None
    """The class reading the `up` and `down` outcomes are read at (the next after `round`); None without one."""
    outcomes: tuple[Outcome, ...]
    """The outcomes this ruleset has, in `OUTCOMES` order."""
    draw_share: float
    """The model's draws between equals, measured from the season."""
    attendance: float
    """The club's attendance in rounds 1..round (each player's own is shrunk towards it)."""
    players: tuple[PlayerChances, ...]
    """In the order of the standings after `round`, players who join later last."""
    needs: tuple[PlayerNeeds, ...] = ()
    """What each player needs (made when asked for: `keizer forecast --player`, the screen, the site's player
    pages; not kept in the store)."""

    def needs_of(self, pid: PlayerId) -> PlayerNeeds | None:
        return next((n for n in self.needs if n.player == pid), None)

    def player(self, pid: PlayerId) -> PlayerChances | None:
        return next((p for p in self.players if p.player == pid), None)

    def certain(self, outcome: Outcome) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
        """(who got it in every run, who in none): where all runs agree — the simulations' word, never a proof."""
        chances = [(p.player, p.chance(outcome)) for p in self.players]
        return (tuple(pid for pid, c in chances if c == 1.0), tuple(pid for pid, c in chances if c == 0.0))

    def chances(self) -> tuple[float, ...]:
        """Every chance the forecast gives, of every player and outcome."""
        return tuple(c for p in self.players for o in self.outcomes if (c := p.chance(o)) is not None)

    @property
    def sharp(self) -> bool:
        """Whether every chance is as sharp as it is shown (`sharp`): more runs would show the same."""
        return all(sharp(c, self.runs) for c in self.chances())

    def widest(self) -> float:
        """The largest margin of any chance (0 when every run agreed on everything)."""
        return max((margin(c, self.runs) for c in self.chances()), default=0.0)

    def contenders(self, n: int) -> tuple[PlayerChances, ...]:
        """The `n` likeliest champions with any chance at all, likeliest first (ties: the standings' order)."""
        ranked = sorted((p for p in self.players if p.title > 0), key=lambda p: -p.title)
        return tuple(ranked[:n])


def quantile(places: tuple[int, ...], q: float) -> int:
    """The first place by which at least the share q of the runs have ended (0 for a player in no run)."""
    total = sum(places)
    seen = 0
    for place, n in enumerate(places, start=1):
        seen += n
        if total and seen >= q * total:
            return place
    return 0


def forecast_to_json(f: Forecast) -> dict[str, Any]:
    """The forecast as JSON (docs/format.md "keizer forecast"): the store's payload and the CLI's `--json`."""
    players = []
    for p in f.players:
        item: dict[str, Any] = {"player": p.player, "rank": p.rank, "places": list(p.places)}
        for outcome in f.outcomes:
            item[outcome] = p.chance(outcome)
        players.append(item)
    return {"round": f.round, "last_round": f.last, "runs": f.runs, "seed": f.seed, "title": f.title,
            "group_after": f.group_after, "class_reading": f.reading, "outcomes": list(f.outcomes),
            "model": {"draw_share": f.draw_share, "attendance": f.attendance}, "players": players}


def forecast_from_json(obj: Any, where: str = "forecast") -> Forecast:
    """A forecast read back (the store's payload); InputError naming the field that is wrong."""
    o = _object(obj, where)
    outcomes = tuple(_outcome(v, f"{where}.outcomes[{i}]") for i, v in enumerate(_list(o, "outcomes", where)))
    if "title" not in outcomes:
        raise InputError(f"{where}.outcomes", "must hold \"title\"")
    title = o.get("title")
    if title not in ("group", "first"):
        raise InputError(f"{where}.title", "must be \"group\" or \"first\"")
    model = _object(o.get("model"), f"{where}.model")
    players = []
    for i, item in enumerate(_list(o, "players", where)):
        at = f"{where}.players[{i}]"
        p = _object(item, at)
        pid = p.get("player")
        if not isinstance(pid, str) or not pid:
            raise InputError(f"{at}.player", "must be a player id")
        places = tuple(_count(v, f"{at}.places[{j}]") for j, v in enumerate(_list(p, "places", at)))
        chances = {name: _chance(p.get(name), f"{at}.{name}") for name in outcomes}
        players.append(PlayerChances(player=PlayerId(pid), rank=_count(p.get("rank"), f"{at}.rank"),
                                     places=places, title=chances.pop("title") or 0.0, **chances))
    return Forecast(round=_count(o.get("round"), f"{where}.round"), last=_count(o.get("last_round"), f"{where}.last_round"),
                    runs=_count(o.get("runs"), f"{where}.runs"), seed=_count(o.get("seed"), f"{where}.seed"),
                    title=title, group_after=_optional_count(o.get("group_after"), f"{where}.group_after"),
                    reading=_optional_count(o.get("class_reading"), f"{where}.class_reading"), outcomes=outcomes,
                    draw_share=_chance(model.get("draw_share"), f"{where}.model.draw_share") or 0.0,
                    attendance=_chance(model.get("attendance"), f"{where}.model.attendance") or 0.0,
                    players=tuple(players))


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InputError(where, "must be an object")
    return value


def _list(obj: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise InputError(f"{where}.{key}", "must be a list")
    return value


def _outcome(value: Any, where: str) -> Outcome:
    if value not in OUTCOMES:
        raise InputError(where, f"unknown outcome {value!r} (known: {', '.join(OUTCOMES)})")
    return value


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(where, "must be a whole number from 0")
    return value


def _optional_count(value: Any, where: str) -> int | None:
    return None if value is None else _count(value, where)


def _chance(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InputError(where, "must be a chance between 0 and 1")
    return float(value)
