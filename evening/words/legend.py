"""What the standings' column headers mean, in Dutch and English: one text for the site, the notice and the
TUI's help (docs/rules.md §10)."""

from __future__ import annotations

LANGUAGES = ("nl", "en")
"""The languages of everything published; Dutch is the clubs' own."""

LEGEND: tuple[tuple[str, str, str], ...] = (
    # (header as the club writes it, Dutch, English)
    ("#", "plaats in de ranglijst", "place in the standings"),
    ("Pl", "plaats in de ranglijst", "place in the standings"),
    ("Points", "keizerpunten", "Keizer points"),
    ("Keizer", "keizerpunten", "Keizer points"),
    ("Value", "eigen waarde (wat een partij tegen deze speler oplevert)", "own value (what a game against this "
                                                                          "player is worth)"),
    ("Wrd", "waarde: eigen waarde (wat een partij tegen deze speler oplevert)", "value: own value (what a game "
                                                                                "against this player is worth)"),
    ("GSP", "gespeelde partijen", "games played"),
    ("GW", "gewonnen", "won"),
    ("RM", "remise", "drawn"),
    ("VL", "verloren", "lost"),
    ("AF", "af te werken: partijen nog zonder uitslag", "pending: games still without a result"),
    ("%", "scorepercentage: bordpunten gedeeld door de besliste partijen", "score percentage: board points "
                                                                            "divided by the decided games"),
    ("KL", "kleursaldo: aantal keer wit min aantal keer zwart", "colour balance: whites minus blacks"),
    ("AL", "kleur achter elkaar (3W: de laatste drie keer wit, 2Z: twee keer zwart)",
     "colour run (3W: white the last three times, 2B: black twice)"),
    ("ON", "oneven: vrijgeloot", "bye (odd number of players)"),
    ("NG", "afwezig met kennisgeving (afgemeld)", "excused absence (reported in time)"),
    ("ZK", "afwezig zonder kennisgeving", "unexcused absence"),
    ("Lot", "lotnummer: plaats op de startlijst", "lot number: place in the starting list"),
    ("Groep", "groep", "group"),
    ("Bordpt", "bordpunten (winst 1, remise ½, verlies 0)", "board points (win 1, draw ½, loss 0)"),
    ("Gesp", "gespeelde partijen", "games played"),
    ("Opk", "opkomst: avonden aanwezig", "attendance: evenings taken part"),
    ("Kleur", "kleursaldo: aantal keer wit min aantal keer zwart", "colour balance: whites minus blacks"),
    ("33%?", "voldoet aan de 33%-regel: genoeg avonden meegedaan voor een prijs",
     "meets the 33% rule: took part often enough for a prize"),
)
"""Every header of the clubs' standings (evening/words/tables.py COLUMNS) with its meaning."""

HEADERS_NL = {"Name": "Naam", "Points": "Punten", "Value": "Waarde"}
"""Club D's headers that are words, not the club's own abbreviations, in Dutch."""
HEADERS_EN = {
    "Naam": "Name", "Groep": "Group",
    # club D
    "GSP": "GP", "GW": "W", "RM": "D", "VL": "L", "AF": "Pend", "KL": "Col", "AL": "Run", "ON": "Bye",
    "NG": "Exc", "ZK": "Abs",
    # club K
    "Wrd": "Val", "Lot": "Start", "Keizer": "Points", "Bordpt": "BP", "Gesp": "GP", "Opk": "Att", "Kleur": "Col",
}
"""The clubs' Dutch headers on an English page, site and notice (docs/publishing.md, "Languages"): a reader of
English reads English abbreviations, each in the legend. "#", "%", "Pl" and "33%?" read the same in both.
The TUI and `keizer standings` keep the clubs' own headers (and the CLI's JSON keys never change)."""

_MEANING = {header: (nl, en) for header, nl, en in LEGEND}


def header(text: str, lang: str) -> str:
    """A column header as published in `lang`: the clubs' own in Dutch, English ones in English."""
    return (HEADERS_NL if lang == "nl" else HEADERS_EN).get(text, text)


def meaning(text: str, lang: str) -> str | None:
    """What the header `text` (as the club writes it) means in `lang`; None for a plain word ("Name")."""
    found = _MEANING.get(text)
    return None if found is None else found[0 if lang == "nl" else 1]


def legend(headers: tuple[str, ...] | list[str], lang: str) -> tuple[tuple[str, str], ...]:
    """(header as published, meaning) for every header that needs explaining, in the table's order."""
    out = []
    for text in headers:
        explained = meaning(text, lang)
        if explained is not None:
            out.append((header(text, lang), explained))
    return tuple(out)
