"""A player named on the command line or in a file: an id, or a name or id prefix, without case or accents."""

from __future__ import annotations

import difflib
import re
from typing import Callable, Sequence, TypeVar

from keizer.seasons.errors import InputError
from keizer.seasons.limits import describe
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.names import latin

T = TypeVar("T")

SHOWN = 8
"""Candidates listed at most when a prefix fits several players (more are counted, not named)."""


def folded(text: str) -> str:
    """`text` compared the way a director types it: transliterated as every plain form of a name is
    (`seasons.names.latin`: é → e, ü → u, ı → i, ø → o), case-folded, runs of white space as one space
    ("Dekker  " is "dekker", "aydin" is "Aydın")."""
    return " ".join(latin(text).casefold().split())


def _keys(player: Player) -> tuple[str, ...]:
    """What a player may be called by: the id, the whole name, and the name from each of its words on
    ("Koster" and "kos" find "Quinten Koster"; "de vr" finds "Jan de Vries")."""
    return (folded(player.id), *word_tails(player.name))


def word_tails(name: str) -> tuple[str, ...]:
    """The folded name from each of its words on, a double name's parts counting as words: "Jan de Vries" →
    "jan de vries", "de vries", "vries"; "Piet de Groot-Bakker" → …, "groot-bakker", "bakker"."""
    whole = folded(name)
    return tuple(whole[m.start():] for m in re.finditer(r"(?:^|(?<=[ -]))[^ -]", whole))


def _shown(player: Player) -> str:
    return f"{player.name} ({player.id})"


def resolve_player(season: Season, text: object, where: str) -> PlayerId:
    """The player `text` names: an exact id first; else the one player whose id or name is `text` without
    case and accents; else the one whose id, name or a word of the name starts with it. No match says
    which names come close ("did you mean …"); a prefix that fits several lists them. InputError(where, …)."""
    if isinstance(text, str) and season.has_player(PlayerId(text.strip())):
        return PlayerId(text.strip())
    chosen = choose(season.players, text, where, lambda p: (folded(p.id), folded(p.name)), _keys, _shown,
                    "player")
    return chosen.id


def choose(items: Sequence[T], text: object, where: str, whole: Callable[[T], tuple[str, ...]],
           keys: Callable[[T], tuple[str, ...]], shown: Callable[[T], str], what: str) -> T:
    """The one item `text` names, the same way for every list a director picks from (the season's players,
    a rating list's members): the one item with a `whole` key equal to the folded text; else the one with
    a `keys` key starting with it; else (a text of several words) the one whose words each start a word
    of its keys. Several: InputError listing them; none: InputError with the closest."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(where, f"unknown {what} {describe(text)}")
    want = folded(text)
    exact = [item for item in items if want in whole(item)]
    if len(exact) == 1:
        return exact[0]
    fits = exact or [item for item in items if any(key.startswith(want) for key in keys(item))]
    if not fits and " " in want:  # "de vries j", "smit anna": each word starts a word of the name, any order
        fits = [item for item in items if _all_words(want, keys(item))]
    if len(fits) == 1:
        return fits[0]
    if fits:
        named = ", ".join(shown(item) for item in fits[:SHOWN])
        more = f" and {len(fits) - SHOWN} more" if len(fits) > SHOWN else ""
        raise InputError(where, f"{describe(text)} fits {len(fits)} {what}s: {named}{more}; say which")
    raise InputError(where, f"unknown {what} {describe(text.strip())}{did_you_mean(items, want, keys, shown)}")


def _all_words(want: str, keys: tuple[str, ...]) -> bool:
    words = {word.strip(",") for key in keys for word in key.split(" ")}
    return all(any(word.startswith(part) for word in words) for part in want.split(" "))


def did_you_mean(items: Sequence[T], want: str, keys: Callable[[T], tuple[str, ...]],
                 shown: Callable[[T], str]) -> str:
    """"; did you mean Quinten Koster (quinten-koster)?" for the items whose keys come nearest to `want`
    (folded), or "" (also the command line's answer to a misspelt command or choice)."""
    by_key: dict[str, T] = {}
    for item in items:
        for key in keys(item):
            by_key.setdefault(key, item)
    close = difflib.get_close_matches(want, sorted(by_key), n=6, cutoff=0.6)
    nearest = list(dict.fromkeys(shown(by_key[key]) for key in close))[:3]
    return "; did you mean " + " or ".join(nearest) + "?" if nearest else ""


__all__ = ["choose", "did_you_mean", "folded", "resolve_player", "word_tails"]
