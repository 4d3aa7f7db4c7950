"""The points column of a TRF file checked against its games under Swiss scoring: proof that the games were
read as the program that wrote the file meant them, although a Keizer table never equals a Swiss score
(docs/format.md "Moving in")."""

from __future__ import annotations

from fractions import Fraction

from keizer.seasons.numbers import counted, points_text
from keizer.seasons.trf.lines import PlayerLine

HALVES = {"1": 2, "+": 2, "W": 2, "F": 2, "=": 1, "D": 1, "H": 1}
"""Swiss half points of a round by its code: a win (over the board, by forfeit, a full-point bye) 2, a draw
and a half-point bye 1, everything else 0; the pairing-allocated bye `U` as the file has it (`points_check`).
Counted in whole halves: a file's every block, once."""
NAMED = 10
"""Players named when the points differ; the rest counted."""


def swiss_points(p: PlayerLine) -> tuple[int, int]:
    """The player's rounds in Swiss half points, and how many are a pairing-allocated bye `U` (worth what
    the file's points say, `points_check`). A game against a dummy counts as written."""
    halves = u = 0
    for b in p.blocks:
        halves += HALVES.get(b.result, 0)
        u += b.result == "U"
    return halves, u


def points_check(players: list[PlayerLine], names: dict[int, str], own: bool) -> list[str]:
    """The check's line: the games give every player the file's points, or who differs. `U` is worth 1 (a
    pairing-allocated bye, as FIDE's Swiss systems score it) or 0 (keizer's own report, whose club bye gives
    no game point), whichever the file's points agree with for more players."""
    given = [(p, swiss_points(p)) for p in players if p.points is not None]
    if not given:
        return ["the file has no points column to check the games against"]
    byes = [0, 2] if own else [2, 0]  # a U's worth in halves

    def differ(bye: int) -> list[tuple[PlayerLine, Fraction]]:
        return [(p, Fraction(h + bye * u, 2)) for p, (h, u) in given if Fraction(h + bye * u, 2) != p.points]

    bye, off = min(((bye, differ(bye)) for bye in byes), key=lambda t: len(t[1]))
    uses_u = any(u for _, (_, u) in given)
    worth = f" (a pairing-allocated bye U worth {points_text(Fraction(bye, 2))})" if uses_u else ""
    blank = len(players) - len(given)
    unread = f"; {counted(blank, 'player')} without points in the file" if blank else ""
    if not off:
        return [f"the games give every player the file's points under Swiss scoring{worth}{unread}"]
    shown = "; ".join(f"{names[p.rank]} {points_text(mine)} (the file {points_text(p.points or Fraction(0))})"
                      for p, mine in off[:NAMED])
    more = f"; and {len(off) - NAMED} more" if len(off) > NAMED else ""
    return [f"the games give {counted(len(off), 'player')} other points than the file's under Swiss scoring"
            f"{worth}: {shown}{more}{unread}"]
