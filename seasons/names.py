"""Names as a person reads them: cut to fit a column without leaving it open who is meant, and the ids in
a text replaced by the names they stand for."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

from keizer.seasons.model import PlayerId, Season


PARTICLES = frozenset({"van", "de", "der", "den", "het", "'t", "ter", "ten", "te", "op", "in", "aan", "uit", "bij",
                       "la", "le", "du", "da", "di", "del", "von", "zu"})
"""Words before a surname that are not given names, in any case ("Van Dijk" in Flanders): a capitalised
one stops the given names, so it is never read as an initial."""


def short(name: str, width: int, first: int = 1, alone: bool = False) -> str:
    """A name cut to `width` cells, keeping the surname readable: "Hans van der Meer" → "H. van der Meer"
    → "H. v.d. Meer" (Dutch particles, lowercase, to their initials; "'t" stays as it is) → "H. v.d. M…".
    `first` letters of the first name stay ("Sa. de Groot" beside "Sj. de Groot"). More given names go to
    their initials too: "Jan Willem de Boer" → "J.W. de Boer". `alone`: no other player in sight has this
    surname, so where even the initials leave no room for the whole surname, the surname alone is said
    ("v.d. Meer", "Schouten") rather than cut ("H. v.d. …", "M. Schou…")."""
    if len(name) <= width:
        return name
    given, _, rest = name.partition(" ")
    if rest:
        start = given if first >= len(given) else given[:first] + "."
        name = f"{start} {rest}"
        words = _surname_words(rest)
        if len(name) > width and len(words) < len(rest.split()):
            initials = "".join(w[0] + "." for w in rest.split()[:len(rest.split()) - len(words)])
            start = f"{start}{initials}" if start.endswith(".") else f"{start} {initials}"
            name = f"{start} {' '.join(words)}"
        particles = [w for w in words[:-1] if w.islower()]
        abbreviated = " ".join(words)
        if len(particles) == len(words) - 1 and particles:
            abbreviated = "".join(w if w.startswith("'") else w[0] + "." for w in particles) + " " + words[-1]
            if len(name) > width:
                name = f"{start} {abbreviated}"
        if len(name) > width and alone:
            surname = " ".join(words)
            return cut(surname if len(surname) <= width else abbreviated, max(2, width))
    return cut(name, max(2, width))


def _surname_words(rest: str) -> list[str]:
    """The words of a name after its first given name that are the surname with its particles: more given
    names (capitalised, before any particle) are left out ("Willem de Boer" → ["de", "Boer"])."""
    words = rest.split()
    middle = 0
    while middle < len(words) - 1 and not words[middle].islower() and words[middle].casefold() not in PARTICLES:
        middle += 1
    return words[middle:]


def cut(text: str, width: int) -> str:
    """`text` in at most `width` characters: where it is longer, its end gives way to "…"."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def short_names(names: Sequence[str], width: int, most: int | None = None) -> dict[str, str]:
    """`short` of every name, never leaving it open who is meant: players with the same surname keep as
    much of their first names as tells them apart ("Sa. de Groot", "Sj. de Groot" — never "S. de Groot"
    beside "Sanne de Groot"), and names that still read the same ("S. de Gr…" for Sanne de Groot and Siem
    de Graaf) are lengthened — up to `most` characters if given: a column that cannot widen keeps its
    width (its rank, or the screen's detail line, tells such players apart)."""
    firsts = _first_letters(names)
    surnames = [" ".join(_surname_words(name.partition(" ")[2])) for name in names]
    alone = {name: bool(surname) and surnames.count(surname) == 1 for name, surname in zip(names, surnames)}
    out = {name: short(name, width, firsts[name], alone[name]) for name in names}
    longest = max((len(name) for name in names), default=0)
    if most is not None:
        longest = min(longest, most)
    wider = width
    while wider < longest:
        seen: dict[str, set[str]] = {}
        for name, shown in out.items():
            seen.setdefault(shown, set()).add(name)
        clashing = sorted(name for group in seen.values() if len(group) > 1 for name in group)
        if not clashing:
            break
        wider += 1
        out.update((name, short(name, wider, firsts[name], alone[name])) for name in clashing)
    return out



def _first_letters(names: Sequence[str]) -> dict[str, int]:
    """How many letters of each first name a short name keeps: one, or one more than the first name shares
    with that of another player of the same surname."""
    by_rest: dict[str, list[str]] = {}
    for name in names:
        given, _, rest = name.partition(" ")
        by_rest.setdefault(rest, []).append(given)
    out = {}
    for name in names:
        given, _, rest = name.partition(" ")
        shared = max((len(os.path.commonprefix([given.casefold(), other.casefold()]))
                      for other in by_rest[rest] if other != given), default=0)
        out[name] = shared + 1
    return out


def with_names(season: Season, lines: Sequence[str]) -> tuple[str, ...]:
    """The pairing module's lines name players by id; a person reads names."""
    ids = sorted((p.id for p in season.players), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
    return tuple(pattern.sub(lambda m: season.player(PlayerId(m.group(1))).name, line) for line in lines)


def joined_names(season: Season, players: Iterable[PlayerId]) -> str:
    """The players' names joined with "and" (a pair: "Anna and Bert")."""
    return " and ".join(season.player(pid).name for pid in players)
