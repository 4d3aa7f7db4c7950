"""The words of a "why not": lists, counts, colours, and what the whole round would be with a pair forced."""

from __future__ import annotations

from collections.abc import Sequence

from keizer.pairing.compare import Comparison
from keizer.pairing.criteria.colour import balance_of, colour_terms, run_of
from keizer.pairing.criteria.tiers import tier_index
from keizer.pairing.history import Pair, pair_key
from keizer.seasons.model import Colour, PlayerId
from keizer.seasons.ruleset.model import ColourLimits

CHANGES_SHOWN = 4
"""Games of the forced pairing named in a line (the rest are counted)."""


def and_list(items: tuple[str, ...]) -> str:
    """"4", "4 and 11", "4, 11 and 15"."""
    return " and ".join((", ".join(items[:-1]), items[-1])) if len(items) > 1 else "".join(items)


def ordinal(n: int) -> str:
    """"third" (a colour run: beyond the fifth game in a row the number is written)."""
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def colour_words(name: str, pid: PlayerId, colours: str, colour: Colour, limits: ColourLimits) -> list[str]:
    """What getting `colour` means for one player, for the colour criterion `name` (empty: nothing)."""
    run_cost, balance_cost, repeat_cost, drift_cost = colour_terms(colours, colour, limits)
    _, run = run_of(colours)
    word = colour.word
    if name == "colour_run" and run_cost:
        return [f"{pid} would have a {ordinal(run + 1)} {word} in a row"]
    if name == "colour_balance" and balance_cost:
        return [f"{pid}'s colour balance would reach {balance_of(colours) + colour.sign:+d} "
                f"(max_balance {limits.max_balance})"]
    if name == "colour_repeat" and repeat_cost:
        return [f"{pid} would have {word} again"]
    if name == "colour_drift" and drift_cost:
        return [f"{pid}'s colour balance would move away from zero"]
    return []


def changes(games: Sequence[tuple[PlayerId, PlayerId]], pair: Pair, opponent: PlayerId) -> str:
    """` (p05 would play p09; other changes p06–p08 and p11–p10)`: the games of a forced pairing that are
    not in the pairing explained, the board's other player (`opponent`) first, the forced `pair` left out."""
    others = [f"{w}–{b}" for w, b in games if pair_key(w, b) != pair and opponent not in (w, b)]
    if len(others) > CHANGES_SHOWN:
        others = others[:CHANGES_SHOWN] + [f"{len(others) - CHANGES_SHOWN} more"]
    new = next((w if b == opponent else b for w, b in games if opponent in (w, b)), None)
    first = f"{opponent} would play {new}" if new is not None else f"{opponent} would have the bye"
    return f" ({first}" + (f"; other changes {and_list(tuple(others))}" if others else "") + ")"


def total_words(game: str, versus: Comparison | None, bye: PlayerId | None, opponent: PlayerId, changed: str) -> str:
    """What the whole round would be with `game` on a board, against the pairing explained (`versus`: the
    forced pairing's comparison, None when none keeps the hard rules; `bye`: its bye; `changed`: its changes
    in words, which name the board's `opponent` first)."""
    with_pair = f"with {game} on a board"
    if versus is None:
        return f"{with_pair} the others cannot all be paired without breaking a hard rule."
    tier = versus.deciding
    extra = versus.extra_cost
    if tier is None or tier.kind == "tiebreak":
        return f"{with_pair} the round costs the same in total; only the tie-break chose this pairing{changed}."
    worse = versus.difference[tier_index(tier.name)] > 0
    if tier.kind == "keep":
        more = abs(versus.difference[tier_index(tier.name)])
        said = f"{more} {'more' if worse else 'fewer'} accepted board{'' if more == 1 else 's'} would change"
        return f"{with_pair} {said}{changed}."
    if tier.kind == "relax":
        said = "a hard rule would have to give way elsewhere" if worse else "fewer hard rules would give way"
        return f"{with_pair} {said}{changed}."
    if tier.kind == "bye":
        to = "" if bye == opponent else f", to {bye}"  # the changes say it when it is the board's opponent
        said = f"the bye would go {'further down' if worse else 'higher up'} the policy's order{to}"
        return f"{with_pair} {said}{changed}."
    if extra > 0:
        return f"{with_pair} the round costs {extra} more in total{changed}."
    return f"{with_pair} the round would cost {-extra} less in total (this is not the best pairing){changed}."

