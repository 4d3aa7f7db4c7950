"""Colours (docs/rules.md §7, D art. 6/8): runs, balance, alternation, and who takes white."""

from __future__ import annotations

from functools import lru_cache

from keizer.pairing.criteria.weights import (
    COLOUR_BALANCE,
    COLOUR_DRIFT,
    COLOUR_REPEAT,
    COLOUR_RUN,
    COLOUR_RUN_GROWTH,
)
from keizer.seasons.model import Colour
from keizer.seasons.ruleset.model import ColourLimits

ColourTerms = tuple[int, int, int, int]
"""Costs (colour_run, colour_balance, colour_repeat, colour_drift) of one player receiving one colour."""


def colours_of(colours: str) -> tuple[Colour, ...]:
    """A colour history ("WBW…", the letters of `Colour`, oldest first) as colours."""
    return tuple(Colour.of_letter(c) for c in colours)


def run_of(colours: str) -> tuple[str, int]:
    """The last colour's letter and how many games in a row it was played ('', 0 before the first game)."""
    if not colours:
        return "", 0
    last = colours[-1]
    n = len(colours) - len(colours.rstrip(last))
    return Colour.of_letter(last).letter, n


def balance_of(colours: str) -> int:
    """Whites minus blacks (KL in D's standings): the sum of the colours' signs."""
    whites, blacks = colours.count(Colour.WHITE.letter), colours.count(Colour.BLACK.letter)
    if whites + blacks == len(colours):  # the fast path of every player of every round: two counts
        return whites - blacks
    return sum(c.sign for c in colours_of(colours))  # a stray letter: of_letter says which


def colour_terms(colours: str, colour: Colour | str, limits: ColourLimits) -> ColourTerms:
    """What it costs that a player with this past gets `colour` (a Colour or its letter) now."""
    given = colour if isinstance(colour, Colour) else Colour.of_letter(colour)
    last, run = run_of(colours)
    return _terms(last, run, balance_of(colours), given.letter, given.sign, limits)


@lru_cache(maxsize=8192)
def colour_terms_both(colours: str, limits: ColourLimits) -> tuple[ColourTerms, ColourTerms]:
    """`colour_terms` of white and of black, the history read once (every player of every round needs both;
    kept per history: players' histories repeat from round to round and across a forecast's runs)."""
    last, run = run_of(colours)
    return terms_after(last, run, balance_of(colours), limits)


def terms_after(last: str, run: int, balance: int, limits: ColourLimits) -> tuple[ColourTerms, ColourTerms]:
    """`colour_terms_both` of a history whose last colour's letter is `last`, played `run` games in a row,
    with this balance: all the terms depend on."""
    return (_terms(last, run, balance, _WHITE, 1, limits), _terms(last, run, balance, _BLACK, -1, limits))


_WHITE, _BLACK = Colour.WHITE.letter, Colour.BLACK.letter


def _terms(last: str, run: int, balance: int, letter: str, sign: int, limits: ColourLimits) -> ColourTerms:
    """The costs of receiving the colour `letter` (whose sign is `sign`) after a run of `run` games of `last`
    with this balance."""
    new_run = run + 1 if letter == last else 1
    new_balance = balance + sign
    # "Never three of the same colour in a row when it can be avoided": each further game of the run costs
    # COLOUR_RUN_GROWTH times the one before (a fourth white in a row is far worse than a third).
    beyond = max(0, new_run - limits.max_run)
    run_cost = COLOUR_RUN * (COLOUR_RUN_GROWTH**beyond - 1) // (COLOUR_RUN_GROWTH - 1)
    # Balance beyond max_balance, only when this game makes it worse.
    worse = abs(new_balance) > abs(balance)
    balance_cost = COLOUR_BALANCE * max(0, abs(new_balance) - limits.max_balance) if worse else 0
    # Alternate where possible; a run beyond the limit is already paid for above.
    repeat_cost = COLOUR_REPEAT if letter == last and run_cost == 0 else 0
    drift_cost = COLOUR_DRIFT if worse and balance_cost == 0 else 0
    return (run_cost, balance_cost, repeat_cost, drift_cost)


ColourState = tuple[str, int, int]
"""(last colour's letter, games in a row with it, balance): what a colour history's terms depend on."""


def colour_state(colours: str) -> ColourState:
    """(last colour's letter, games in a row with it, balance): what a history's colour terms depend on
    (`run_of`, `balance_of`), read with three string methods where every letter is a colour."""
    whites, blacks = colours.count(_WHITE), colours.count(_BLACK)
    if not colours or whites + blacks != len(colours):  # none yet, or a stray letter: the readers say which
        return (*run_of(colours), balance_of(colours))
    last = colours[-1]
    return last, len(colours) - len(colours.rstrip(last)), whites - blacks


def higher_ranked_white_by_rule(pos_high: int) -> bool:
    """When colours are indifferent: the higher-ranked player has white when their place is odd.

    In the opening this gives D art. 7's #1–#11, #12–#2, #3–#13 …; with target 1 it gives #1–#2, #3–#4.
    """
    return pos_high % 2 == 1
