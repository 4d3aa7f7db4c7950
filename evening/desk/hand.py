"""A pairing made by hand: two players swapped in a proposal, and what the checker says of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizer.seasons.model import PlayerId

if TYPE_CHECKING:
    from keizer.pairing.checker import CheckReport
    from keizer.pairing.history import Pair
    from keizer.evening.desk.solve import SolveRequest


def swapped(games: tuple[Pair, ...], bye: PlayerId | None, a: PlayerId,
            b: PlayerId) -> tuple[tuple[Pair, ...], PlayerId | None]:
    """The games and the bye with players a and b in each other's seat (board and colour, or the bye)."""

    def other(pid: PlayerId) -> PlayerId:
        return b if pid == a else a if pid == b else pid

    return tuple((other(w), other(bl)) for w, bl in games), (other(bye) if bye is not None else None)


def hand_report(request: SolveRequest, games: tuple[Pair, ...], bye: PlayerId | None) -> CheckReport:
    """The independent checker's report on a hand-made pairing of the request's round, from the season and
    ranking a solve of it uses (the director's locks and forbids are not rules: a swap may undo them)."""
    from keizer.pairing.checker import check_pairing
    from keizer.pairing.instance import build_instance
    from keizer.pairing.reuse import reused_history

    k = request.round_number
    inst = build_instance(request.season, k, request.ranking, request.values, slots=request.slots,
                          history=reused_history(request.reuse, request.season, k))
    return check_pairing(inst, games, bye)


def swap_text(who: str, problems: tuple[str, ...], cost: int) -> str:
    """The line after swapping `who` (their names): the rules the hand-made pairing breaks, and its cost."""
    verdict = "breaks no rule" if not problems else "breaks: " + "; ".join(problems)
    return f"swapped {who}: {verdict} (cost {cost})"
