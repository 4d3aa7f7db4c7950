"""A round's saved pairing: found, saved from an accepted proposal, cleared before play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Round, Season
from keizer.seasons.numbers import counted
from keizer.seasons.store.events import EntrySet, RoundAdded, RoundRemoved
from keizer.evening.desk.late_marks import Marks, mark_suspensions, marks_text
from keizer.evening.listing import saved_pairing
from keizer.evening.change import Change

if TYPE_CHECKING:
    from keizer.evening.desk.proposals import ProposalView


def saved_round(season: Season, k: int | None) -> Round | None:
    """Round k if it is paired (and saved) already."""
    if k is None or k > len(season.rounds) or not season.round(k).is_paired:
        return None
    return season.round(k)


def paired_like_this(season: Season, k: int, games: tuple[tuple[PlayerId, PlayerId], ...], bye: PlayerId | None) -> bool:
    """Round k is saved with exactly these boards and this bye: saving them again would be an action that
    changes nothing (and an undo step that undoes nothing)."""
    rnd = saved_round(season, k)
    return rnd is not None and tuple(g.players() for g in rnd.games) == games and rnd.bye == bye


def accepted(season: Season, marked: Season, k: int, view: ProposalView, late: Marks) -> Change:
    """Proposal `view` saved as round k's pairing (one action). `marked`: the season with the attendance
    marks `late` applied (as the round was paired); the marks are named in the label, and bring the
    suspensions they make."""
    moved = marks_text(season, late) + (f"; {view.moved}" if view.moved else "")
    change = saved_pairing(marked, k, view.games, view.bye.id if view.bye else None,
                           meta={"objective": view.objective, "kind": view.kind, "costs": dict(view.costs)},
                           label=f"pairing of round {k} ({counted(len(view.games), 'board')}, {view.title}{moved})")
    return Change(change.label, change.events + mark_suspensions(season, k, late))


def clearing(season: Season, k: int | None) -> Change:
    """Taking the saved pairing off round k (before play), keeping its absences: to pair it again. Only
    the last round's, and only while it has no results."""
    rnd = saved_round(season, k)
    if k is None or rnd is None:
        raise KeizerError(f"round {k} has no saved pairing to clear")
    if rnd.has_results:
        raise KeizerError(f"round {k} has results: its pairing stays")
    if k != len(season.rounds):
        raise KeizerError(f"round {k} is not the last round: only the last round's pairing can be cleared")
    keep = tuple(EntrySet(round=k, player=pid, entry=e) for pid, e in rnd.entries if e is not EntryKind.BYE)
    return Change(f"clear the pairing of round {k}", (RoundRemoved(number=k), RoundAdded(number=k, date=rnd.date))
                  + keep)
