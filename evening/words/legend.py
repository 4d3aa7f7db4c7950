"""What the standings' column headers mean, in Dutch and English: one text for the site, the notice and the
TUI's help (docs/rules.md §10)."""

from __future__ import annotations

LANGUAGES = ("nl", "en")
"""The languages of everything published; Dutch is the clubs' own."""

COLUMN_WORDS: tuple[tuple[str, str, str, str | None, str | None], ...] = (
    # (header as the club writes it, Dutch header, English header, Dutch meaning, English meaning): one row a
    # column, each code once per language (a reader of English reads English abbreviations, each explained)
    ("#", "#", "#", "plaats in de ranglijst", "place in the standings"),
    ("Name", "Naam", "Name", None, None),
    ("Points", "Punten", "Points", "keizerpunten", "Keizer points"),
    ("Value", "Waarde", "Value", "eigen waarde (wat een partij tegen deze speler oplevert)",
     "own value (what a game against this player is worth)"),
    ("GSP", "GSP", "GP", "gespeelde partijen", "games played"),
    ("GW", "GW", "W", "gewonnen", "won"),
    ("RM", "RM", "D", "remise", "drawn"),
    ("VL", "VL", "L", "verloren", "lost"),
    ("AF", "AF", "Pend", "af te werken: partijen nog zonder uitslag", "pending: games still without a result"),
    ("%", "%", "%", "scorepercentage: bordpunten gedeeld door de besliste partijen",
     "score percentage: board points divided by the decided games"),
    ("KL", "KL", "Col", "kleursaldo: aantal keer wit min aantal keer zwart", "colour balance: whites minus blacks"),
    ("AL", "AL", "Run", "kleur achter elkaar (3W: de laatste drie keer wit, 2Z: twee keer zwart)",
     "colour run (3W: white the last three times, 2B: black twice)"),
    ("ON", "ON", "Bye", "oneven: vrijgeloot", "bye (odd number of players)"),
    ("NG", "NG", "Exc", "afwezig met kennisgeving (afgemeld)", "excused absence (reported in time)"),
    ("ZK", "ZK", "Abs", "afwezig zonder kennisgeving", "unexcused absence"),
    ("Pl", "Pl", "Pl", "plaats in de ranglijst", "place in the standings"),
    ("Wrd", "Wrd", "Val", "waarde: eigen waarde (wat een partij tegen deze speler oplevert)",
     "value: own value (what a game against this player is worth)"),
    ("Naam", "Naam", "Name", None, None),
    ("Lot", "Lot", "Start", "lotnummer: plaats op de startlijst", "lot number: place in the starting list"),
    ("Keizer", "Keizer", "Points", "keizerpunten", "Keizer points"),
    ("Groep", "Groep", "Group", "groep", "group"),
    ("Bordpt", "Bordpt", "BP", "bordpunten (winst 1, remise ½, verlies 0)", "board points (win 1, draw ½, loss 0)"),
    ("Gesp", "Gesp", "GP", "gespeelde partijen", "games played"),
    ("Opk", "Opk", "Att", "opkomst: avonden aanwezig", "attendance: evenings taken part"),
    ("Kleur", "Kleur", "Col", "kleursaldo: aantal keer wit min aantal keer zwart", "colour balance: whites minus blacks"),
    ("33%?", "33%?", "33%?", "voldoet aan de 33%-regel: genoeg avonden meegedaan voor een prijs",
     "meets the 33% rule: took part often enough for a prize"),
)
"""Every header of the clubs' standings (evening/words/tables.py COLUMNS), as each language publishes it and
what it means (docs/publishing.md, "Languages"): the site, the notice, `keizer standings` and the TUI's help.
The Dutch headers are the clubs' own; the CLI's JSON keys never change."""

_ROW = {row[0]: row for row in COLUMN_WORDS}


def header(text: str, lang: str) -> str:
    """A column header (as the club writes it) as published in `lang`: the clubs' own in Dutch, English ones in
    English."""
    row = _ROW.get(text)
    if row is None:
        return text
    return row[1] if lang == "nl" else row[2]


def meaning(text: str, lang: str) -> str | None:
    """What the header `text` (as the club writes it) means in `lang`; None for a plain word ("Name")."""
    row = _ROW.get(text)
    if row is None:
        return None
    return row[3] if lang == "nl" else row[4]


def legend(headers: tuple[str, ...] | list[str], lang: str) -> tuple[tuple[str, str], ...]:
    """(header as published, meaning) for every header that needs explaining, in the table's order."""
    out = []
    for text in headers:
        explained = meaning(text, lang)
        if explained is not None:
            out.append((header(text, lang), explained))
    return tuple(out)
