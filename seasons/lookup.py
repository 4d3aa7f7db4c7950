"""A player named on the command line or in a file: an id, or a name or id prefix, without case or accents."""

from __future__ import annotations

import difflib
import unicodedata

from seasons.errors import InputError
from seasons.limits import describe
from seasons.model import Player, PlayerId, Season

SHOWN = 8
"""Candidates listed at most when a prefix fits several players (more are counted, not named)."""


def folded(text: str) -> str:
    """`text` compared the way a director types it: NFKD with the combining marks stripped (é → e, ü → u),
    case-folded, runs of white space as one space ("Dekker  " is "dekker")."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _keys(player: Player) -> tuple[str, ...]:
    """What a player may be called by: the id, the whole name, and the name from each of its words on
    ("Koster" and "kos" find "Quinten Koster"; "de vr" finds "Jan de Vries")."""
    words = folded(player.name).split(" ")
    return (folded(player.id), *(" ".join(words[i:]) for i in range(len(words))))


def _shown(player: Player) -> str:
    return f"{player.name} ({player.id})"


def resolve_player(season: Season, text: object, where: str) -> PlayerId:
    """The player `text` names: an exact id first; else the one player whose id or name is `text` without
    case and accents; else the one whose id, name or a word of the name starts with it. No match says
    which names come close ("did you mean …"); a prefix that fits several lists them. InputError(where, …)."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(where, f"unknown player {describe(text)}")
    if season.has_player(PlayerId(text.strip())):
        return PlayerId(text.strip())
    want = folded(text)
    exact = [p for p in season.players if want == folded(p.id) or want == folded(p.name)]
    if len(exact) == 1:
        return exact[0].id
    fits = exact or [p for p in season.players if any(key.startswith(want) for key in _keys(p))]
    if len(fits) == 1:
        return fits[0].id
    if fits:
        named = ", ".join(_shown(p) for p in fits[:SHOWN])
        more = f" and {len(fits) - SHOWN} more" if len(fits) > SHOWN else ""
        raise InputError(where, f"{describe(text)} fits {len(fits)} players: {named}{more}; say which")
    raise InputError(where, f"unknown player {describe(text.strip())}{_did_you_mean(season, want)}")


def _did_you_mean(season: Season, want: str) -> str:
    """"; did you mean Quinten Koster (quinten-koster)?" for the nearest ids and names, or ""."""
    by_key: dict[str, Player] = {}
    for p in season.players:
        for key in (folded(p.id), folded(p.name), folded(p.name).split(" ")[-1]):
            by_key.setdefault(key, p)
    close = difflib.get_close_matches(want, sorted(by_key), n=6, cutoff=0.6)
    players = list(dict.fromkeys(by_key[key] for key in close))[:3]
    if not players:
        return ""
    return "; did you mean " + " or ".join(_shown(p) for p in players) + "?"


__all__ = ["folded", "resolve_player"]
