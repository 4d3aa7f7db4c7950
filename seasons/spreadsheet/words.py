"""The spreadsheet's words: its columns, its results and its absences, English and Dutch, as a club types
them (docs/format.md "Moving in", "From a spreadsheet")."""

from __future__ import annotations

from keizer.seasons.model import EntryKind, Result

COLUMNS = {
    "round": ("round", "rnd", "ronde", "rd"),
    "date": ("date", "datum"),
    "white": ("white", "wit", "player", "speler", "name", "naam"),
    "black": ("black", "zwart"),
    "result": ("result", "uitslag", "score", "absence", "afwezig", "status"),
    "rating": ("rating", "elo", "rating wit", "white rating"),
}
"""Each column keizer reads, by the words a header may call it (compared without case, accents or spaces
around); `white` holds the player of an absence row, `rating` the rating of the player in `white`."""
NEEDED = ("white", "result")
"""Without these a row says nothing; `round` or `date` says which evening."""
RESULTS = {
    "1-0": Result.WHITE_WINS, "1 - 0": Result.WHITE_WINS, "1:0": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS, "0 - 1": Result.BLACK_WINS, "0:1": Result.BLACK_WINS,
    "½-½": Result.DRAW, "1/2-1/2": Result.DRAW, "0,5-0,5": Result.DRAW, "0.5-0.5": Result.DRAW, "=": Result.DRAW,
    "½": Result.DRAW, "remise": Result.DRAW, "draw": Result.DRAW, "½ - ½": Result.DRAW, "0,5 - 0,5": Result.DRAW,
    "+-": Result.WHITE_FORFEIT_WIN, "+/-": Result.WHITE_FORFEIT_WIN, "+ -": Result.WHITE_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN, "-/+": Result.BLACK_FORFEIT_WIN, "- +": Result.BLACK_FORFEIT_WIN,
    "": Result.PENDING, "*": Result.PENDING,
}
"""A game's result as typed; empty or `*` is a game without a result yet."""
WRITTEN = {Result.WHITE_WINS: "1-0", Result.BLACK_WINS: "0-1", Result.DRAW: "½-½", Result.WHITE_FORFEIT_WIN: "+-",
           Result.BLACK_FORFEIT_WIN: "-+", Result.PENDING: ""}
"""How the export writes each result."""
ABSENCES = {
    "bye": EntryKind.BYE, "vrij": EntryKind.BYE, "oneven": EntryKind.BYE, "vrijgeloot": EntryKind.BYE,
    "excused": EntryKind.EXCUSED, "afgemeld": EntryKind.EXCUSED, "met bericht": EntryKind.EXCUSED,
    "bericht": EntryKind.EXCUSED,
    "unexcused": EntryKind.UNEXCUSED, "zonder bericht": EntryKind.UNEXCUSED, "niet afgemeld": EntryKind.UNEXCUSED,
    "duty": EntryKind.DUTY, "club duty": EntryKind.DUTY, "corvee": EntryKind.DUTY, "arbiter": EntryKind.DUTY,
    "wedstrijdleider": EntryKind.DUTY,
    "team match": EntryKind.EXTERNAL_PENDING, "extern": EntryKind.EXTERNAL_PENDING,
    "team match won": EntryKind.EXTERNAL_WIN, "extern gewonnen": EntryKind.EXTERNAL_WIN,
    "team match drawn": EntryKind.EXTERNAL_DRAW, "extern remise": EntryKind.EXTERNAL_DRAW,
    "team match lost": EntryKind.EXTERNAL_LOSS, "extern verloren": EntryKind.EXTERNAL_LOSS,
    "not yet joined": EntryKind.LATE, "nog niet begonnen": EntryKind.LATE,
}
"""An absence row's word (in the result column, the black column empty)."""
ABSENCE_WORDS = {EntryKind.BYE: "bye", EntryKind.EXCUSED: "excused", EntryKind.UNEXCUSED: "unexcused",
                 EntryKind.DUTY: "duty", EntryKind.EXTERNAL_PENDING: "team match",
                 EntryKind.EXTERNAL_WIN: "team match won", EntryKind.EXTERNAL_DRAW: "team match drawn",
                 EntryKind.EXTERNAL_LOSS: "team match lost", EntryKind.LATE: "not yet joined"}
"""How the export writes each absence."""
WITHDREW = ("withdrew", "withdrawn", "teruggetrokken")
"""An absence row's word for a withdrawal: from that round on the player takes no part."""
HEADER = ("round", "date", "white", "black", "result", "rating")
"""The export's columns."""


def folded(text: str) -> str:
    """A header's or a word's text compared: without case, surrounding spaces or quotes, spaces inside as one."""
    return " ".join(text.strip().strip("\"'").casefold().split())


def column_of(header: str) -> str | None:
    """The column keizer reads under this header, or None for one it does not read."""
    word = folded(header)
    return next((column for column, words in COLUMNS.items() if word in words), None)


def looks_like_games(line: str) -> bool:
    """Whether a file's first line is a games spreadsheet's header: it names a white (or player) and a result
    column, between `;`, `,` or tabs."""
    for sep in ";,\t":
        cells = {column_of(cell) for cell in line.split(sep)}
        if {"white", "result"} <= cells and ("round" in cells or "date" in cells):
            return True
    return False
