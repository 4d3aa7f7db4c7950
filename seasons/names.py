"""Names as a person reads them: what a name's given names, particles and surname are (as the national rating
list writes them), one transliteration, cut to fit a column without leaving it open who is meant, and the ids
in a text replaced by the names they stand for."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from keizer.seasons.model import PlayerId, Season


PARTICLES = frozenset({"van", "de", "der", "den", "het", "'t", "ter", "ten", "te", "op", "in", "aan", "uit", "bij",
                       "la", "le", "du", "da", "di", "del", "dos", "das", "des", "d'", "l'", "von", "zu"})
"""Words before a surname that are neither given names nor the surname itself (Dutch "tussenvoegsels" and
their neighbours'), written in lower case: "Eva van Dijk", "Kees 't Hart". Capitalised ("Jan Van Dijk", as
Flanders writes it) such a word belongs to the surname."""
_ABBREVIATED = re.compile(r"(?:[a-z]\.)+")
"""Particles already cut to their initials as clubs write them: "v.d.", "v."."""

LATIN = str.maketrans({"ı": "i", "ø": "o", "Ø": "O", "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe",
                       "Œ": "OE", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th",
                       "Þ": "Th", "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ĸ": "k", "’": "'", "‘": "'"})
"""The Latin letters that Unicode does not decompose into a plain letter and marks, as they are written without
them (docs/format.md "Names"); the typographic apostrophe of "’t Hart" as the plain one."""


def latin(text: str) -> str:
    """`text` without accents, the one transliteration of every place a name is made plain (an id, the TRF
    file, a look-up): NFKD with the combining marks dropped (é → e, ü → u, ﬁ → fi), then LATIN for the
    letters that do not decompose (ı → i, ø → o, ß → ss, æ → ae, ł → l, đ → d). Other scripts stay."""
    decomposed = unicodedata.normalize("NFKD", text.translate(LATIN))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True, slots=True)
class PersonName:
    """A name taken apart the way the national rating list writes it ("Vries, Jan de": the surname, the
    given names, the particles): "Anna Jansen-van der Berg" is Anna of the surname "Jansen-van der Berg";
    "Piet de Groot-Bakker" is Piet, "de", "Groot-Bakker"."""

    given: tuple[str, ...]
    """The given names or initials, as written ("Jan", "Willem"; "J.W."); empty for a name of one word."""
    particles: tuple[str, ...]
    """The lower-case words between them and the surname ("van", "der"; "'t")."""
    surname: str
    """The rest, a double name whole ("Jansen-van der Berg", "Groot-Bakker", "Van Dijk")."""

    @property
    def spoken(self) -> str:
        """The name as people say it, given names first: "Jan de Vries" (also of "Vries, Jan de")."""
        return " ".join((*self.given, self.family))

    @property
    def family(self) -> str:
        """The surname with its particles, as said after the given names: "van der Berg"."""
        return " ".join((*self.particles, self.surname))

    def last_first(self) -> str:
        """"Last, First" as a rating report writes it, the particles with the surname: "van Dijk, Eva",
        "Jansen-van der Berg, Anna"; a name of one word as it is."""
        return f"{self.family}, {' '.join(self.given)}" if self.given else self.family

    def sort_key(self) -> tuple[str, ...]:
        """Alphabetical as the national list sorts: by surname without its particles ("de Vries" under V),
        then the given names, then the particles; without case or accents ("Çelik" beside "Celik"), and only
        then with the accents (two names the same but for case sort alike)."""
        parts = (self.surname, " ".join(self.given), " ".join(self.particles))
        return (*(latin(part).casefold() for part in parts), *(part.casefold() for part in parts))


def person_name(name: str) -> PersonName:
    """`name` taken apart: "Last, First particles" (the rating list's form, "Vries, Jan de") where it has a
    comma; else the given names up to the first lower-case particle, a capitalised word that is one ("Van")
    or a double name joined by a particle ("Jansen-van"), then the particles, then the surname. The last word
    is always (part of) the surname."""
    last, comma, first = name.partition(",")
    if comma and last.strip() and first.strip():
        words = first.split()
        cut = len(words)
        while cut > 0 and _is_particle(words[cut - 1]):
            cut -= 1
        return PersonName(tuple(words[:cut]), tuple(words[cut:]), " ".join(last.split()))
    words = name.split()
    if len(words) < 2:
        return PersonName((), (), " ".join(words))
    given = 0
    while given < len(words) - 1 and not _starts_surname(words[given]):
        given += 1
    end = given
    while end < len(words) - 1 and _is_particle(words[end]):
        end += 1
    return PersonName(tuple(words[:given]), tuple(words[given:end]), " ".join(words[end:]))


def _is_particle(word: str) -> bool:
    return word in PARTICLES or _ABBREVIATED.fullmatch(word) is not None


def _starts_surname(word: str) -> bool:
    """A word that no given name is: a particle in any case, or a double name whose first part ends in one
    ("Jansen-van" of "Anna Jansen-van der Berg")."""
    return word.casefold() in PARTICLES or _ABBREVIATED.fullmatch(word) is not None \
        or ("-" in word and word.rsplit("-", 1)[1] in PARTICLES)


def sort_key(name: str) -> tuple[str, ...]:
    """`PersonName.sort_key` of `name` written without case: names equal but for case sort alike (so that the
    next tie-break decides between them, docs/rules.md §11)."""
    return person_name(name.casefold()).sort_key()


def _initials(particles: Sequence[str], one: bool) -> str:
    """Particles as clubs abbreviate them: "van der" → "v.d.", "van 't" → "v.'t". A single one only where
    `one` (after an initial, "E. v. Dijk"): at the start of a short name "d. Groot" reads as an initial."""
    if len(particles) < 2 and not one:
        return " ".join(particles)
    return "".join(p if p.startswith("'") or p.endswith(".") else p[0] + "." for p in particles)


def _abbreviated(person: PersonName, one: bool = True) -> str:
    """The surname with its particles, every run of particles abbreviated (`_initials`), also inside a double
    name: "van der Berg" → "v.d. Berg", "Jansen-van der Berg" → "Jansen-v.d. Berg"."""
    parts = []
    for part in person.surname.split("-"):
        words = part.split(" ")
        lead = 0
        while lead < len(words) - 1 and _is_particle(words[lead]):
            lead += 1
        parts.append(" ".join(w for w in (_initials(words[:lead], one), *words[lead:]) if w))
    return " ".join(w for w in (_initials(person.particles, one), "-".join(parts)) if w)


def short(name: str, width: int, first: int = 1, alone: bool = False) -> str:
    """A name cut to `width` cells, keeping the surname readable: "Hans van der Meer" → "H. van der Meer"
    → "H. v.d. Meer" (particles to their initials, "'t" as it is) → "H. v.d. M…"; "Anna
    Jansen-van der Berg" → "A. Jansen-v.d. Berg". `first` letters of the first name stay ("Sa. de Groot"
    beside "Sj. de Groot"). More given names go to their initials too: "Jan Willem de Boer" → "J.W. de
    Boer". `alone`: no other player in sight has this surname, so where even the initials leave no room
    for the whole surname, the surname alone is said ("v.d. Meer", "Schouten") rather than cut."""
    if len(name) <= width:
        return name
    person = person_name(name)
    if not person.given:
        return cut(name, max(2, width))
    head = person.given[0]
    start = head if first >= len(head) or head.endswith(".") else head[:first] + "."
    shown = " ".join((start, *person.given[1:], person.family))
    if len(shown) > width and len(person.given) > 1:
        start += "".join(g if g.endswith(".") else g[0] + "." for g in person.given[1:])
        shown = f"{start} {person.family}"
    abbreviated = _abbreviated(person)
    if len(shown) > width:
        shown = f"{start} {abbreviated}"
    if len(shown) > width and alone:  # the surname first: a single particle whole, not read as an initial
        return cut(person.family if len(person.family) <= width else _abbreviated(person, one=False), max(2, width))
    return cut(shown, max(2, width))


def cut(text: str, width: int) -> str:
    """`text` in at most `width` characters: where it is longer, its end gives way to "…"."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def short_names(names: Sequence[str], width: int, most: int | None = None) -> dict[str, str]:
    """`short` of every name, never leaving it open who is meant: players with the same surname keep as
    much of their first names as tells them apart ("Sa. de Groot", "Sj. de Groot" — never "S. de Groot"
    beside "Sanne de Groot"), and names that still read the same ("S. de Gr…" for Sanne de Groot and Siem
    de Graaf) are lengthened — up to `most` characters if given: a column that cannot widen keeps its
    width (its rank, or the screen's detail line, tells such players apart)."""
    people = {name: person_name(name) for name in names}
    firsts = _first_letters(people)
    families = [people[name].family for name in names]
    alone = {name: families.count(people[name].family) == 1 for name in names}
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


def _first_letters(people: dict[str, PersonName]) -> dict[str, int]:
    """How many letters of each first name a short name keeps: one, or one more than the first name shares
    with that of another player of the same surname."""
    by_family: dict[str, list[str]] = {}
    for person in people.values():
        by_family.setdefault(person.family, []).append(person.given[0] if person.given else "")
    out = {}
    for name, person in people.items():
        given = person.given[0] if person.given else ""
        shared = max((len(os.path.commonprefix([given.casefold(), other.casefold()]))
                      for other in by_family[person.family] if other != given), default=0)
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
