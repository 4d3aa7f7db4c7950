"""KeizerForClubs' settings (`ConfigTab`) as a keizer ruleset: each key carried, left with its reason, or
refused where the tables depend on what keizer cannot say (docs/format.md "Moving in")."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_ROUNDS, describe
from keizer.seasons.moving_in.report import MoveReport
from keizer.seasons.numbers import exact_text

DEFAULTS: dict[str, float] = {
    "BONUS.Excused": 35, "BONUS.Unexcused": 5, "BONUS.Clubgame": 70, "BONUS.Retired": 75,
    "BONUS.Freilos": 50, "BONUS.Verlust": 0, "OPTION.RatioFirst2Last": 3, "OPTION.WickerNormalization": 0,
    "OPTION.DecayBonus": 0, "OPTION.DecayPrevRound": 0,
}
"""What KeizerForClubs takes for a key its file does not have (its cfg/KeizerForClubs.config.s3db and the
defaults in src/frmMainform.cs, src/RankingCalculator.cs)."""
BEFORE_2023 = (("BONUS.Excused", None, 35.0), ("BONUS.Unexcused", None, 35.0), ("BONUS.Clubgame", None, 70.0),
               ("BONUS.Retired", None, 75.0), ("OPTION.RatioFirst2Last", None, 3.0), ("OPTION.GameRepeat", None, 4.0),
               ("OPTION.DistBye", None, 1.0))
"""The settings KeizerForClubs shipped (cfg/KeizerForClubs.config.s3db, as of March 2023) while a tournament
kept none of its own: a bye then was half the own value (`BONUS.Freilos` came in April 2023, 50)."""
OFF_BY_DEFAULT = frozenset({"OPTION.WickerNormalization", "OPTION.DecayBonus", "OPTION.DecayPrevRound"})
BONUS_FACTORS = {"BONUS.Freilos": ("bye",), "BONUS.Excused": ("excused",), "BONUS.Unexcused": ("unexcused",),
                 "BONUS.Clubgame": ("duty",), "BONUS.Verlust": ("loss",)}
"""The percentages that are a keizer factor each (BONUS.Retired is the withdrawal's)."""
LEFT = {
    "LANGCODE": "the language of KeizerForClubs' screens",
    "OPTION.FirstRoundRandom": "it changes only round 1's pairing (colours, ratings shaken)",
    "OPTION.DistBye": "the bye goes as keizer's ruleset says (pairing.bye, the lowest-ranked of those with "
                      "the fewest byes)",
    "OPTION.RoundsSameColor": "keizer's colour rules are pairing.colour",
    "OPTION.NovusRandom": "random board numbers (Novuss)",
    "OPTION.Html": "which list files KeizerForClubs writes", "OPTION.Xml": "which list files KeizerForClubs writes",
    "OPTION.Txt": "which list files KeizerForClubs writes", "OPTION.Csv": "which list files KeizerForClubs writes",
    "OPTION.ShowOnlyPlayed": "a view of KeizerForClubs' screen", "OPTION.ShowPerformance": "a column of its lists",
    "OPTION.NiceName": "how its lists write names", "OPTION.TimeBonus": "thinking times by rating",
    "OPTION.Categories": "the categories' separate tables (keizer has classes and groups instead)",
}
"""Keys that change no table: not carried, each with what it was for."""
WINDOW = ("WIN.", "Win.", "INTERNAL.")
"""The window's place and column widths, and the program's own counters: not carried, said once."""


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What of the tournament decides whether a setting keizer cannot say matters."""

    rounds: int
    ranked: int
    """Players in KeizerForClubs' ranking (all but the withdrawn)."""
    absent_twice: str | None
    """A player with two or more excused or unexcused rounds (named), or None."""
    retired: bool = False
    """A player retired: how games against them score matters."""


def kfc_ruleset(settings: tuple[tuple[str, str | None, float | None], ...], facts: TableFacts,
                report: MoveReport, where: str) -> dict[str, Any]:
    """The ruleset spec (keizer-classic with overrides) that scores as KeizerForClubs does; KeizerError
    for a setting keizer cannot say that the tables depend on. Settings without `BONUS.Freilos` are those
    of a KeizerForClubs before April 2023, which gave BONUS.Retired for every result against a retired
    player (a loss too; src/RankingCalculator.cs before its commit 27ae4fc)."""
    numbers = {key: value for key, _, value in settings}
    before_april_2023 = "BONUS.Freilos" not in numbers
    seen = set()

    def number(key: str) -> float:
        seen.add(key)
        value = numbers.get(key)
        if value is None:
            if key in OFF_BY_DEFAULT:  # a file older than the option: it was off
                return DEFAULTS[key]
            report.guess(f"{key} is not in the file: KeizerForClubs' default {DEFAULTS[key]:g} taken")
            return DEFAULTS[key]
        return value

    def percent(key: str) -> Fraction:
        value = number(key)
        whole = round(value)  # KeizerForClubs reads these as whole numbers, half to even (Convert.ToInt32)
        if whole != value:
            report.guess(f"{key} {value:g}: taken as {whole}, as KeizerForClubs reads it")
        if whole < 0:
            raise KeizerError(f"{where}: {key} is {whole}: keizer's factors are never negative")
        return Fraction(whole, 100)

    factors = {"win": "1", "draw": "1/2", "forfeit_win": "1", "forfeit_loss": "0"}
    for key, names in BONUS_FACTORS.items():
        for name in names:
            factors[name] = exact_text(percent(key))
    factors["late"] = factors["unexcused"]  # a late start scores as unexcused (src/RankingCalculator.cs)
    retired = percent("BONUS.Retired")
    loss = Fraction(factors["loss"])
    spec: dict[str, Any] = {
        "preset": "keizer-classic",
        "value": _ladder(number, facts, where, report),
        "factors": factors,
        "self_value": "current",
        "valuation": "current",
        "iterate": "never",
        "withdrawal": {"removal_before_round": MAX_ROUNDS, "win": exact_text(retired),
                       "draw": exact_text(retired if before_april_2023 else retired / 2),
                       "loss": exact_text(retired if before_april_2023 else retired * loss)},
        "tiebreak": ["rating", "start_rank"],
    }
    if before_april_2023 and facts.retired:
        report.guess(f"BONUS.Retired {exact_text(retired * 100)}: for every result against a retired player, a "
                     f"loss and a draw too, as KeizerForClubs scored it before April 2023 (its settings then had no "
                     f"BONUS.Freilos)")
    if number("OPTION.DecayBonus"):
        if facts.absent_twice is not None:
            raise KeizerError(f"{where}: OPTION.DecayBonus halves each further absence's points, which keizer "
                              f"cannot say, and {facts.absent_twice} was absent more than once: the tables "
                              f"depend on it")
        report.drop("OPTION.DecayBonus (each further absence worth half): nobody was absent twice yet; keizer "
                    "will not halve later absences")
    if number("OPTION.DecayPrevRound"):
        if facts.rounds:
            raise KeizerError(f"{where}: OPTION.DecayPrevRound takes a fifth off the own value each round, "
                              f"which keizer cannot say, and the tables depend on it")
        report.drop("OPTION.DecayPrevRound (the own value less each round): no round is played yet")
    if "OPTION.GameRepeat" in numbers:
        seen.add("OPTION.GameRepeat")
        gap = numbers["OPTION.GameRepeat"]
        if gap is not None and gap == int(gap) and 0 <= gap <= MAX_ROUNDS:
            spec["pairing"] = {"rematch_gap": int(gap)}
            report.guess(f"OPTION.GameRepeat {int(gap)}: pairing.rematch_gap {int(gap)} (in KeizerForClubs a wall, "
                         f"in keizer a cost that a pairing pays only when nothing else works)")
        else:
            report.drop(f"OPTION.GameRepeat {gap!r}: not a number of rounds")
    _leftovers(settings, seen, report)
    return spec


def _ladder(number: Any, facts: TableFacts, where: str, report: MoveReport) -> dict[str, Any]:
    """KeizerForClubs' values: (N − 1) · ratio / (ratio − 1) rounded half to even for #1, then one less a
    place; normalised ("Wicker"), a line from `ratio` down to 1 at some decimals."""
    value = number("OPTION.RatioFirst2Last")
    ratio = Fraction(Decimal(repr(float(value)))).limit_denominator(1000)
    if ratio <= 1:
        raise KeizerError(f"{where}: OPTION.RatioFirst2Last is {value:g}: a win over #1 must be worth more than "
                          f"one over the last (keizer needs a ratio above 1)")
    mode = number("OPTION.WickerNormalization")
    if mode not in (0, 1):
        raise KeizerError(f"{where}: OPTION.WickerNormalization {mode:g} is not one keizer knows (0 or 1)")
    if mode == 0:
        top = round((facts.ranked - 1) * ratio / (ratio - 1))
        if facts.ranked and top - facts.ranked + 1 < 1:
            raise KeizerError(f"{where}: OPTION.RatioFirst2Last {value:g} gives the last of {facts.ranked} players "
                              f"a value below 1, which keizer's ladder never does")
        return {"ladder": "ratio", "ratio": exact_text(ratio), "rounding": "half-even"}
    decimals = _wicker_decimals(float(value), facts.ranked)
    report.guess(f"OPTION.WickerNormalization: a value line from {exact_text(ratio)} down to 1 rounded to "
                 f"{decimals} decimals, as KeizerForClubs rounds it for {facts.ranked} players")
    return {"ladder": "range", "top": exact_text(ratio), "bottom": 1, "decimals": decimals}


def _wicker_decimals(ratio: float, players: int) -> int:
    """The decimals KeizerForClubs rounds a normalised ladder to (`GetNachkommaStellenForWickerNormalization`,
    in single precision as it computes): the first i with a step above 10^-i."""
    if players < 2:
        return 1
    delta = _single(_single(ratio - 1) / (players - 1))
    step = _single(_single(ratio) - _single(ratio - delta))
    return next((i for i in range(10) if step > 10.0 ** -i), 1)


def _single(x: float) -> float:
    return float(struct.unpack("f", struct.pack("f", x))[0])


def _leftovers(settings: tuple[tuple[str, str | None, float | None], ...], seen: set[str],
               report: MoveReport) -> None:
    window = [key for key, _, _ in settings if key.startswith(WINDOW)]
    for key, text, value in settings:
        if key in seen or key.startswith(WINDOW) or key in BONUS_FACTORS or key == "BONUS.Retired":
            continue
        shown = (text if text.isprintable() else describe(text)) if text is not None else \
            "" if value is None else f"{value:g}"
        why = LEFT.get(key, "a setting keizer does not know")
        report.drop(f"{key} {shown}: {why}".replace(" :", ":"))
    if window:
        report.drop(f"{len(window)} settings of KeizerForClubs' window ({', '.join(sorted(window)[:3])}, …): its "
                    f"screen layout")
