"""How numbers and tables look to a person: shared by the evening layer and both shells."""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from seasons.model import Colour, PlayerId, Season
from seasons.numbers import counted
from seasons.numbers import exact_text as exact
from seasons.numbers import points_text as points

if TYPE_CHECKING:
    from scoring import Replay


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


def fit_names(names: Sequence[str], say: Callable[[Mapping[str, str]], str], width: int, lines: int = 1,
              at_least: int = 2) -> str | None:
    """`say(shorts)` — a text that names each player as `shorts[name]` — with the names as long as they can be
    for the text to wrap into at most `lines` lines of `width` characters: whole where they fit, else
    `short_names` of one width; None where even names `at_least` characters long do not fit (the caller says
    less, or lets the text take more lines)."""
    longest = max(map(len, names), default=0)
    for room in (longest, *range(longest - 1, max(1, at_least) - 1, -1)):
        shorts = {name: name for name in names} if room == longest else short_names(names, room, room)
        text = say(shorts)
        # wrapped the way a Static wraps: at spaces only, a word longer than the line folded
        if len(textwrap.wrap(text, width, break_on_hyphens=False)) <= lines:
            return text
    return None


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


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain aligned table; `right[i]` right-aligns column i (numbers)."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


# (header, table column, how to show it, right-aligned): the two clubs' published columns (docs/rules.md §10).
Column = tuple[str, str, Callable[[Any], str], bool]


def _int(v: Any) -> str:
    return "" if v is None else str(v)


def _signed(v: Any) -> str:
    return "" if v is None else f"{v:+d}" if v else "0"


def _pct(v: Any) -> str:
    return "" if v is None else f"{v:.0f}%"


def colour_run_text(run: str, lang: str = "en") -> str:
    """A colour run as the reader's language writes it: "3W"/"2B" in English, "3W"/"2Z" (wit, zwart) in
    Dutch. The standings table and its JSON keep D's Dutch letters (`scoring.history.colour_run`)."""
    if lang == "nl":
        return run
    return run.replace(Colour.BLACK.dutch, Colour.BLACK.letter)


def _flag(v: Any) -> str:
    return "" if v is None else ("ja" if v else "nee")


COLUMNS: dict[str, tuple[Column, ...]] = {
    "d": (
        ("#", "rank", _int, True), ("Name", "name", str, False), ("Points", "score", points, True),
        ("Value", "value", points, True), ("GSP", "games", _int, True), ("GW", "won", _int, True),
        ("RM", "drawn", _int, True), ("VL", "lost", _int, True), ("AF", "pending", _int, True),
        ("%", "score_pct", _pct, True), ("KL", "colour_balance", _signed, True),
        ("AL", "colour_run", str, False), ("ON", "byes", _int, True), ("NG", "excused", _int, True),
        ("ZK", "unexcused", _int, True),
    ),
    "k": (
        ("Pl", "rank", _int, True), ("Wrd", "value", points, True), ("Naam", "name", str, False),
        ("Lot", "lot", _int, True), ("Keizer", "score", lambda v: points(v, 1), True),
        ("Groep", "group", _int, True), ("Bordpt", "board_points", lambda v: points(Fraction(v), 1), True),
        ("Gesp", "games", _int, True), ("Opk", "attended", _int, True),
        ("Kleur", "colour_balance", _signed, True), ("33%?", "eligible", _flag, False),
    ),
}


FINAL_GROUP_MARK = {"en": "(final group)", "nl": "(finalegroep)"}
"""The mark after a finalist's name in a standings table (docs/rules.md §8)."""


def standings_cells(rep: Replay, table: Any, style: str, lang: str = "en") -> tuple[tuple[tuple[str, bool], ...],
                                                                                  list[tuple[str, list[str]]]]:
    """(header, right-aligned) per column and (player id, cells) per row of a standings table, in club D's or
    club K's published columns; colour runs in `lang`'s letters. Scores and values are shown from the exact
    fractions, not the table's display floats."""
    columns = COLUMNS[style]
    exact_of = {str(r.player): r for r in rep.standings(rep.upto).rows}
    rows: list[tuple[str, list[str]]] = []
    for row in table.iter_rows(named=True):
        standing = exact_of[row["player"]]
        cells = {**row, "score": standing.score, "value": standing.value,
                 "colour_run": colour_run_text(row["colour_run"], lang)}
        if standing.final_group:  # docs/rules.md §8: held at the top while the final group plays
            cells["name"] = f"{row['name']} {FINAL_GROUP_MARK[lang if lang in FINAL_GROUP_MARK else 'en']}"
        rows.append((row["player"], [show(cells[col]) for _, col, show, _ in columns]))
    return tuple((c[0], c[3]) for c in columns), rows


def iteration_summary(rep: Replay) -> str:
    """One line on how the standings after the replay's last round were found (docs/rules.md §3)."""
    it = rep.standings().iteration
    if rep.upto == 0:
        return "the starting ranking"
    if not rep.ruleset.iterates_at(rep.upto, rep.season.rounds_planned):
        return "single pass"
    if it.capped:
        return f"iteration stopped at the cap of {counted(it.iterations, 'step')}"
    if it.cycled:
        return f"cycled (length {it.cycle_length}) after {counted(it.iterations, 'iteration')}: mean of the cycle"
    return f"converged in {counted(it.iterations, 'iteration')}"


def with_names(season: Season, lines: Sequence[str]) -> tuple[str, ...]:
    """The pairing module's lines name players by id; a person reads names."""
    ids = sorted((p.id for p in season.players), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
    return tuple(pattern.sub(lambda m: season.player(PlayerId(m.group(1))).name, line) for line in lines)
