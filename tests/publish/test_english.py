"""The English site, notice and printout are English (issue 20): every visible word of `--lang en`, the column
heads and their legend too, is read for the Dutch words of the Dutch word table."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from keizer.evening.words import legend
from keizer.tui.cli.main import main
from keizer.evening.words.tables import COLUMNS
from keizer.web import words
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from tests.conftest import DEMO
from tests.publish.group_seasons import inside_season, separate_season
from tests.publish.helpers import parse, table
from tests.publish.prize_seasons import classed_season, cup_season


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.sub(r"\{[^}]*\}", " ", text)))


def _dutch_words() -> frozenset[str]:
    """Every word of the Dutch word table (words.py, legend.py) that no English text of it uses."""
    nl, en = set(), set()
    pairs = [*words._WORDS.values(), *words._ENTRIES.values(), *words._SHORT_ENTRIES.values(),
             *((nl, en) for _, _, _, nl, en in legend.COLUMN_WORDS if nl and en)]
    for dutch, english in pairs:
        nl |= _words(dutch)
        en |= {w.casefold() for w in _words(english)}
    return frozenset(w for w in nl if w.casefold() not in en)


DUTCH = _dutch_words()
BOTH = frozenset({"#", "%", "Pl", "33%?"})
"""Heads that read the same in Dutch and English."""
DUTCH_HEADS = frozenset(legend.header(h, "nl") for columns in COLUMNS.values() for h, *_ in columns) - BOTH
"""The heads of the Dutch site (the clubs' own): none may stand on an English page."""


class _Visible(HTMLParser):
    """The text a reader sees (and hears: a title, an aria-label) of a page, and its column heads and the
    abbreviations its legends explain."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.heads: list[str] = []
        self.hidden = 0
        self.head: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("style", "script")
        self.parts += [value for key, value in attrs if key in ("title", "aria-label") and value]
        if tag in ("th", "dt"):
            self.head = []

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script")
        if tag in ("th", "dt") and self.head is not None:
            self.heads.append("".join(self.head).strip())
            self.head = None

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)
        if self.head is not None:
            self.head.append(data)


def _text_heads(text: str) -> list[str]:
    """A notice's column heads (the line over its rule of dashes) and the abbreviations its legend explains."""
    lines = text.splitlines()
    heads = []
    for line, under in zip(lines, lines[1:]):
        if re.fullmatch(r"[-|: ]*-[-|: ]*", under):
            heads += [cell.strip() for cell in re.split(r"\|| {2,}", line) if cell.strip()]
    explained = re.findall(r"^(?:  |- )(\S+?):? ", text, flags=re.MULTILINE)
    return heads + [head.replace("\\", "") for head in explained]


def dutch_in(text: str, season: Season, html: bool) -> list[str]:
    """The Dutch words and heads in `text`, the season's own words (its name, the players' names) left out."""
    if html:
        seen = _Visible()
        seen.feed(text)
        text, heads = "\n".join(seen.parts), seen.heads
    else:
        heads = _text_heads(text)
    for name in sorted({p.name for p in season.players} | {season.name}, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted((_words(text) & DUTCH) | (set(heads) & DUTCH_HEADS))


SEASONS = {"demo": lambda: load_season(DEMO), "group": inside_season, "separate": separate_season,
           "classes": classed_season, "cups": cup_season}


def test_the_dutch_word_table_is_what_the_test_looks_for() -> None:
    # the test would pass on an empty table: the words and heads of issue 20 are in it
    assert {"Ranglijst", "ronde", "afgemeld", "kleursaldo", "zwart"} <= DUTCH
    assert {"Wrd", "Keizer", "Bordpt", "Gesp", "Opk", "Kleur", "GSP", "GW", "RM", "VL", "AF", "KL", "AL", "ON",
            "NG", "ZK", "Naam", "Groep", "Lot", "Punten", "Waarde"} <= DUTCH_HEADS


@pytest.mark.parametrize("key", sorted(SEASONS))
@pytest.mark.parametrize("style", ["d", "k"])
def test_every_english_page_is_english(key: str, style: str) -> None:
    season = SEASONS[key]()
    files = build_site(Evening.of(season), 32, "en", style)
    found = {name: dutch_in(text, season, True) for name, text in files.items() if name.endswith(".html")}
    assert {name: hits for name, hits in found.items() if hits} == {}
    assert len(found) > 40  # every page was read


def test_the_english_legend_says_the_letters_the_table_shows() -> None:
    files = build_site(Evening.of(load_season(DEMO)), 32, "en", "d")
    headers, rows = table(parse(files["index.html"]), "standings")
    runs = [row[headers.index("Run")] for row in rows]
    assert runs and all(re.fullmatch(r"\d+[WB]|", run) for run in runs) and any("B" in run for run in runs)
    assert "2B: black twice" in files["index.html"] and "2Z" not in files["index.html"]


@pytest.mark.parametrize("argv", [["notice", "--columns", "d"], ["notice", "--columns", "k"],
                                  ["notice", "--markdown"], ["pairing", "--round", "33"]])
def test_the_english_notice_and_printout_are_english(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([argv[0], str(DEMO), "--lang", "en", *argv[1:]]) == 0
    out = capsys.readouterr().out
    assert dutch_in(out, load_season(DEMO), False) == []
    if argv[0] == "notice":  # its heads were read
        assert "Points" in _text_heads(out)


def test_the_dutch_site_keeps_the_clubs_own_heads() -> None:
    for style, expected in (("d", ["#", "Naam", "Punten", "Waarde", "GSP", "GW", "RM", "VL", "AF", "%", "KL", "AL",
                                   "ON", "NG", "ZK"]),
                            ("k", ["Pl", "Wrd", "Naam", "Lot", "Keizer", "Groep", "Bordpt", "Gesp", "Opk", "Kleur",
                                   "33%?"])):
        headers, _ = table(parse(build_site(Evening.of(load_season(DEMO)), 32, "nl", style)["index.html"]), "standings")
        assert headers == expected
