"""The readable form of `keizer pair`: boards with ranks and values, alternatives, costs, explanations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keizer.evening.championship.view import group_pairs
from keizer.evening.desk.text import behind_the_best, cost_line
from keizer.evening.words.tables import points, text_table
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.names import with_names


def proposal_text(season: Season, inst: Any, best: Any, alts: Sequence[Any], explanation: Any | None,
                  forbids: Sequence[tuple[PlayerId, PlayerId]] = ()) -> str:
    """The best pairing as a table, then each alternative's differing boards, costs, and explanations.
    `forbids`: the director's forbidden pairs (`--forbid`), said under the table as its marks say the locks."""
    lines = [f"{season.name} — pairing of round {best.round_number}, from the ranking after round "
             f"{best.round_number - 1}", ""]
    lines.append(_boards_table(season, inst, best))
    lines.append("")
    if best.bye is not None:
        lines.append(f"Bye: {_who(season, inst, best.bye)}")
    away = [f"{season.player(pid).name} ({why})" for pid, why in inst.unavailable]
    if away:
        lines.append("Not paired: " + ", ".join(away))
    if forbids:
        lines.append("Forbidden: " + ", ".join(_forbidden(season, forbids)))
    lines.append(cost_line(best))
    lines.append(f"Solver: {best.solver.name} ({best.solver.version}), {best.solver.status}; seed {best.seed}; "
                 f"{best.band.note}")
    lines.extend(with_names(season, [f"Rule given way: {relax.message}" for relax in best.relaxations]))
    for note in best.notes:
        lines.append(f"Note: {note}")
    for alt in alts:
        lines.append("")
        lines.append(f"Alternative {alt.place - 1} — {behind_the_best(alt, best)}")  # the TUI's numbering
        differs = set(alt.differs)
        for board in alt.proposal.boards:
            if board.number in differs:
                lines.append(f"  * board {board.number}: {_who(season, inst, board.white)} – "
                             f"{_who(season, inst, board.black)}")
        if alt.proposal.bye != best.bye and alt.proposal.bye is not None:
            lines.append(f"  * bye: {_who(season, inst, alt.proposal.bye)}")
        lines.append("  " + cost_line(alt.proposal))
    if explanation is not None:
        lines.append("")
        lines.extend(with_names(season, explanation.lines))
    return "\n".join(lines) + "\n"


def _boards_table(season: Season, inst: Any, proposal: Any) -> str:
    group = group_pairs(season, proposal.round_number)
    rows = []
    for board in proposal.boards:
        w, b = inst.state(board.white), inst.state(board.black)
        mark = {"fixed": "fixed", "lock": "locked"}.get(board.kind, "")
        if board.kind == "fixed" and (min(w.id, b.id), max(w.id, b.id)) in group:
            mark = "group"  # a championship group game of the schedule (docs/rules.md §8)
        rows.append([str(board.number), season.player(w.id).name, str(w.rank), points(w.value),
                     season.player(b.id).name, str(b.rank), points(b.value), mark])
    return text_table(["Board", "White", "#", "Value", "Black", "#", "Value", ""], rows,
                      [True, False, True, True, False, True, True, False])


def _forbidden(season: Season, forbids: Sequence[tuple[PlayerId, PlayerId]]) -> list[str]:
    """"Jan Peters – Ria Kok" for each pair, as given, once (`--forbid a:b --forbid b:a` is one pair). Not
    the pairs the championship group keeps apart: those follow from its schedule, not from the director."""
    seen: set[frozenset[PlayerId]] = set()
    out = []
    for a, b in forbids:
        if frozenset((a, b)) not in seen:
            seen.add(frozenset((a, b)))
            out.append(f"{season.player(a).name} – {season.player(b).name}")
    return out


def _who(season: Season, inst: Any, pid: PlayerId) -> str:
    state = inst.state(pid)
    return f"{season.player(pid).name} (#{state.rank})"


