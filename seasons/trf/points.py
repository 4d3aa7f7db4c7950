"""The points column of a TRF file checked against its games under Swiss scoring: proof that the games were
read as the program that wrote the file meant them, although a Keizer table never equals a Swiss score
(docs/format.md "Moving in")."""

from __future__ import annotations

from fractions import Fraction

from keizer.seasons.numbers import counted, points_text
from keizer.seasons.trf.lines import PlayerLine

SWISS = {"1": Fraction(1), "+": Fraction(1), "W": Fraction(1), "F": Fraction(1), "=": Fraction(1, 2),
         "D": Fraction(1, 2), "H": Fraction(1, 2)}
"""Swiss points of a round by its code: a win (over the board, by forfeit, a full-point bye) 1, a draw and a
half-point bye ½, everything else 0; the pairing-allocated bye `U` as the file has it (`points_check`)."""
NAMED = 10
"""Players named when the points differ; the rest counted."""


def swiss_points(p: PlayerLine, bye: Fraction) -> Fraction:
    """The Swiss points of the player's rounds, `U` worth `bye`. A game against a dummy counts as written."""
    return sum((bye if b.result == "U" else SWISS.get(b.result, Fraction(0)) for b in p.blocks), Fraction(0))


def points_check(players: list[PlayerLine], names: dict[int, str], own: bool) -> list[str]:
    """The check's line: the games give every player the file's points, or who differs. `U` is worth 1 (a
    pairing-allocated bye, as FIDE's Swiss systems score it) or 0 (keizer's own report, whose club bye gives
    no game point), whichever the file's points agree with for more players."""
    given = [p for p in players if p.points is not None]
    if not given:
        return ["the file has no points column to check the games against"]
    byes = [Fraction(0), Fraction(1)] if own else [Fraction(1), Fraction(0)]
    tried = [(bye, [p for p in given if swiss_points(p, bye) != p.points]) for bye in byes]
    bye, off = min(tried, key=lambda t: len(t[1]))
    uses_u = any(b.result == "U" for p in given for b in p.blocks)
    worth = f" (a pairing-allocated bye U worth {points_text(bye)})" if uses_u else ""
    blank = len(players) - len(given)
    unread = f"; {counted(blank, 'player')} without points in the file" if blank else ""
    if not off:
        return [f"the games give every player the file's points under Swiss scoring{worth}{unread}"]
    shown = "; ".join(f"{names[p.rank]} {points_text(swiss_points(p, bye))} (the file "
                      f"{points_text(p.points or Fraction(0))})" for p in off[:NAMED])
    more = f"; and {len(off) - NAMED} more" if len(off) > NAMED else ""
    return [f"the games give {counted(len(off), 'player')} other points than the file's under Swiss scoring"
            f"{worth}: {shown}{more}{unread}"]
