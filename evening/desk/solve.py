"""Solving a round off the UI thread: an immutable request in, the proposals and their explanations out."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Season
from keizer.evening.attendance_rows import attendance_rows
from keizer.evening.listing import listed_round, prospective

if TYPE_CHECKING:
    from keizer.pairing.alternatives import Alternative
    from keizer.pairing.explain.boards import RoundExplanation
    from keizer.pairing.proposal import Proposal
    from keizer.pairing.history import Pair
    from keizer.pairing.instance import RoundInstance
    from keizer.pairing.solvers.solve import SolverName
    from keizer.pairing.kept import KeptPairing
    from keizer.pairing.reuse import Reusable
    from keizer.scoring.replay import Replay
    from keizer.scoring.slots import SlotFrame


@dataclass(frozen=True, slots=True)
class SolveRequest:
    """Everything a solve needs, fixed on the UI thread; the worker thread reads only this."""

    round_number: int
    """The round to pair."""
    season: Season
    """The season with the round listed (suspended players booked), as it will be saved."""
    ranking: tuple[PlayerId, ...]
    """The ranking after the round before (a round is paired from the ranking before it, docs/rules.md §7)."""
    values: tuple[Fraction, ...]
    """The value of each place of `ranking`."""
    locks: tuple[Pair, ...]
    """Pairs the director locked."""
    forbids: tuple[Pair, ...]
    """Pairs the director forbade."""
    alternatives: int
    """How many alternatives after the best."""
    head: int
    """The store's newest action when the request was made: a later change makes the result stale."""
    players: int
    """How many are to be paired (for the progress line)."""
    slots: SlotFrame | None = None
    """The slot frame of the replay the ranking came from: the pairing history is read from it rather
    than built again."""
    keep: KeptPairing | None = None
    """The round's accepted pairing when it is paired again keeping its boards (docs/rules.md §7)."""
    reuse: Reusable | None = None
    """What the desk's last solve left: its history and priced pairs are used where they are still valid
    (`pairing.reuse`), so that a lock, forbid or latecomer does not rebuild them."""
    bye: PlayerId | None = None
    """A volunteer for the bye (`keizer pair --bye`)."""
    fixed: tuple[Pair, ...] = ()
    """Games scheduled in advance, (white, black), besides the championship group's (`keizer pair --fixed`)."""
    solver: SolverName = "auto"
    """Which exact solver (`pairing.solvers.solve.pick_solver`): the same optimum either way."""
    differ: int = 1
    """Each alternative differs from every earlier one in at least this many boards."""
    explain: bool = True
    """Explain the proposals (the best with "why not him?"); a command that prints no explanation skips it."""


@dataclass(frozen=True, slots=True)
class SolveOutcome:
    """What the worker hands back to the UI thread."""

    request: SolveRequest
    """The request this answers (the screen drops answers to any other)."""
    proposals: tuple[Proposal, ...] = ()
    """The solver's proposals, best first."""
    explanations: tuple[RoundExplanation, ...] = ()
    """`pairing.explain` of each proposal."""
    error: str | None = None
    """Why the round cannot be paired (the solver's words)."""
    cancelled: bool = False
    """The director cancelled: `proposals` holds what was found before (perhaps nothing)."""
    partial: bool = False
    """The best pairing only, sent while the alternatives are still being looked for."""
    reuse: Reusable | None = None
    """What this solve leaves for the next solve of the round (the desk keeps it)."""
    instance: RoundInstance | None = None
    """The round as the solver saw it (players, costs, the fixed games): what a printout reads."""
    alternatives: tuple[Alternative, ...] = ()
    """The proposals after the best with how each differs from it (`proposals[1:]`, compared)."""

    def json(self, costs: bool = False, explain: bool = False) -> dict[str, Any]:
        """The best proposal and the alternatives as `keizer pair --json` writes them (docs/format.md);
        `costs`: with the round's complete cost data, `explain`: with the best board's explanation."""
        from keizer.pairing.export import costs_json, proposal_json

        best = self.proposals[0]
        out: dict[str, Any] = proposal_json(best, self.alternatives)
        if costs:
            cost_data = costs_json(best)
            out |= {key: cost_data[key] for key in ("players", "pair_costs", "bye_costs", "fixed")}
            out["costs"] = cost_data
        if explain:
            out["explanation"] = list(self.explanations[0].lines)
        return out

    def costs_json(self) -> dict[str, Any]:
        """The best proposal's complete cost data (`keizer pair --costs`, docs/format.md)."""
        from keizer.pairing.export import costs_json

        return dict(costs_json(self.proposals[0]))


def round_request(season: Season, played: Replay, k: int, *, locks: tuple[Pair, ...], forbids: tuple[Pair, ...],
                  alternatives: int, head: int, keep: KeptPairing | None = None,
                  reuse: Reusable | None = None, **options: Any) -> SolveRequest:
    """The request for round k of `season` (any attendance marks applied) from the ranking after round
    k − 1 (`played`, its replay); `head`: the store's newest action it is made at. `options`: the request's
    other fields (`bye`, `fixed`, `solver`, `differ`, `explain`), which the command line sets."""
    ranking, values = played.entry_ranking(k)
    present = sum(1 for row in attendance_rows(season, listed_round(season, k), ranking) if row.entry is None)
    return SolveRequest(round_number=k, season=prospective(season, k), ranking=ranking, values=values,
                        locks=locks, forbids=forbids, alternatives=alternatives, head=head, players=present,
                        slots=played.slots, keep=keep, reuse=reuse, **options)


def solve_request(request: SolveRequest, cancel: threading.Event,
                  progress: Callable[[str], object] = lambda _: None,
                  partial: Callable[[SolveOutcome], object] = lambda _: None) -> SolveOutcome:
    """Solve the round, find alternatives, explain them (runs in a worker thread: no store, no UI).
    The best pairing goes to `partial` as soon as it is found, so that a director who stops the search
    for alternatives (large fields make them slow) still has it. Only a user's problem (`KeizerError`)
    becomes an outcome; anything else is raised, for the caller's worker to report."""
    from keizer.pairing.alternatives import alternatives
    from keizer.pairing.explain.boards import explain
    from keizer.pairing.instance import build_instance
    from keizer.pairing.proposer import propose
    from keizer.pairing.reuse import Reusable, reused_context, reused_history

    season, k = request.season, request.round_number
    try:
        inst = build_instance(season, k, request.ranking, request.values, slots=request.slots,
                              history=reused_history(request.reuse, season, k),
                              locks=request.locks, forbids=request.forbids, keep=request.keep,
                              bye=request.bye, fixed=request.fixed)
        ctx = reused_context(request.reuse, inst)  # one context for the solve, the alternatives and the words
        reuse = Reusable.of(season, inst, ctx)
        best = propose(inst, solver=request.solver, ctx=ctx)
        # with "why not him?" for each board: the pairing the director looks at
        why: tuple[RoundExplanation, ...] = (explain(inst, best, ctx=ctx),) if request.explain else ()
        found = [best]
        others: tuple[Alternative, ...] = ()
        if request.alternatives and not cancel.is_set():
            partial(SolveOutcome(request, (best,), why, partial=True, reuse=reuse, instance=inst))
            progress(f"best pairing found (cost {best.real_cost}); looking for {request.alternatives} "
                     f"alternatives…")
            others = alternatives(inst, request.alternatives, differ=request.differ, best=best,
                                  cancelled=cancel.is_set, ctx=ctx)
            found.extend(a.proposal for a in others)
        # An alternative is explained without "why not": its answers would be about a pairing that is
        # not the best, and each costs a solve (a quarter of a second per proposal at 80 present).
        if request.explain:
            why += tuple(explain(inst, p, why_not=0, ctx=ctx) for p in found[1:])
        return SolveOutcome(request, tuple(found), why, cancelled=cancel.is_set(), reuse=reuse, instance=inst,
                            alternatives=others)
    except KeizerError as exc:
        return SolveOutcome(request, error=str(exc))
