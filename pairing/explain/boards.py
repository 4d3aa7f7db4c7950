"""Why each board and the bye are what they are: structured data plus text lines for a director."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.criteria.weights import CRITERION
from keizer.pairing.criteria.colour import balance_of, run_of
from keizer.pairing.criteria.tiers import TIER
from keizer.pairing.explain.why_not import WHY_NOT_PER_BOARD, WhyNot, WhyNotExplainer
from keizer.pairing.instance import RoundInstance
from keizer.pairing.proposal import Board, Proposal
from keizer.seasons.model import PlayerId
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.texts import cite


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    """One board, explained."""

    board: int
    white: PlayerId
    black: PlayerId
    white_rank: int
    black_rank: int
    distance: int
    """Places apart among the players paired (the rank distance the model weighs)."""
    target: int
    """The distance aimed at (1, or the opening distance)."""
    colours_before: tuple[str, str]
    """White's and black's colour history before this round."""
    colour_reason: str
    meetings: tuple[int, ...]
    """Rounds in which these two met before."""
    terms: tuple[tuple[str, int], ...]
    """(criterion, cost) of every non-zero term."""
    lines: tuple[str, ...]
    why_not: tuple[WhyNot, ...] = ()
    """The nearer-ranked players not chosen and why each was not, nearest first (their lines end `lines`)."""


@dataclass(frozen=True, slots=True)
class ByeExplanation:
    player: PlayerId
    rank: int
    policy: str
    passed_over: tuple[tuple[PlayerId, str], ...]
    """Candidates before the bye player in the policy's order, with why they did not sit out."""
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundExplanation:
    boards: tuple[BoardExplanation, ...]
    bye: ByeExplanation | None
    lines: tuple[str, ...]
    """Everything as text, in board order."""


def explain(inst: RoundInstance, proposal: Proposal, why_not: int = WHY_NOT_PER_BOARD,
            ctx: CostContext | None = None) -> RoundExplanation:
    """Every board and the bye of `proposal`, explained; per board up to `why_not` nearer-ranked players
    not chosen and why (each may cost one more solve of the round; 0: none). `ctx`: the round's
    CostContext when the caller has it (it prices the candidates)."""
    others = WhyNotExplainer(inst, proposal, why_not, ctx)
    boards = tuple(_board(inst, b, others) for b in proposal.boards)
    bye = _bye(inst, proposal) if proposal.bye is not None else None
    lines = [f"Round {inst.round_number}: {counted(len(proposal.boards), 'board')}, real cost {proposal.real_cost}"]
    if proposal.moved is not None:  # the kept boards' tier comes before every other cost
        lines.append(f"Paired again from the accepted pairing, changing as few boards as can be: it "
                     f"{proposal.moved.words()} (docs/rules.md §7).")
    if inst.target_distance != 1:
        lines.append(f"Opening round: the target rank distance is {inst.target_distance}"
                     f"{cite(inst.regulations, 'opening')}.")
    for r in proposal.relaxations:
        lines.append(f"Rule given way: {r.message}.")
    for b in boards:
        lines.extend(b.lines)
    if bye is not None:
        lines.extend(bye.lines)
    lines.append(proposal.band.note)
    return RoundExplanation(boards, bye, tuple(lines))


def _describe(colours: str) -> str:
    if not colours:
        return "no games yet"
    last, run = run_of(colours)
    return f"{run}{last} in a row, balance {balance_of(colours):+d}"  # W and B: English letters


def _board(inst: RoundInstance, board: Board, others: WhyNotExplainer) -> BoardExplanation:
    w, b = inst.state(board.white), inst.state(board.black)
    met = inst.meetings_of(w.id, b.id)
    rounds = tuple(m.round for m in met)
    head = f"Board {board.number}: {w.id} (#{w.rank}) – {b.id} (#{b.rank})"
    if board.kind == "fixed" or board.cost is None:
        return BoardExplanation(board.number, w.id, b.id, w.rank, b.rank, 0, inst.target_distance,
                                (w.colours, b.colours), "fixed", rounds, (),
                                (f"{head}: a fixed game, placed as scheduled (colours as given).",))
    pc = board.cost
    distance = abs(w.pos - b.pos)
    kept = inst.keep is not None and not inst.keep.changed(w.id, b.id)
    lines = [head + (" — the director's lock" if board.kind == "lock" else "")
             + (" — an accepted board, kept" if kept else "")]
    lines.append(f"  rank distance {distance} among those present (target {inst.target_distance})")
    high = w if w.pos < b.pos else b
    reason = {
        "reversed": f"colours reversed from round {met[-1].round} ({met[-1].white} had white then"
                    f"{cite(inst.regulations, 'rematch', '; ', '')})" if met else "colours reversed",
        "preference": f"colours by preference: {w.id} {_describe(w.colours)}; {b.id} {_describe(b.colours)}",
        "rule": f"colours equal for both, so by rule: the higher-ranked {high.id} (place {high.pos}, "
                f"{'odd' if high.pos % 2 else 'even'}) has {'white' if high.id == w.id else 'black'}",
        "given": "colours as given",
    }[pc.colour_reason]
    lines.append(f"  {reason}")
    if rounds:
        lines.append(f"  met before in round{'s' if len(rounds) > 1 else ''} {', '.join(map(str, rounds))}")
    terms = pc.terms()
    if terms:
        lines.append("  board cost " + " + ".join(f"{CRITERION[name].short} {cost}" for name, cost in terms))
        for name, _ in terms:
            if TIER[CRITERION[name].tier].kind == "relax":
                lines.append(f"  gave way: {CRITERION[name].label}")
    why_not = others.board(board, pc)
    lines.extend(line for w_n in why_not for line in w_n.lines)
    return BoardExplanation(board.number, w.id, b.id, w.rank, b.rank, distance, inst.target_distance,
                            (w.colours, b.colours), reason, rounds, terms, tuple(lines), why_not)


def _bye(inst: RoundInstance, proposal: Proposal) -> ByeExplanation:
    order = proposal.bye_order
    pid = proposal.bye
    assert pid is not None
    state = inst.state(pid)
    idx = order.index(pid) or 0
    cand = order.candidates[idx]
    # In a re-pairing the kept boards come first: an earlier candidate may sit out only by moving more of them.
    why = ("sitting them out would change more accepted boards, or break a hard rule" if inst.keep is not None
           else "no pairing of the others keeps every hard rule if they sit out")
    passed = tuple((c.player, why) for c in order.candidates[:idx])
    policy = {
        "director": "the director's choice (a volunteer)",
        "lowest": f"the lowest-ranked of those with the fewest byes ({cand.count})",
        "anchor": f"{cite(inst.regulations, 'bye', '', ': ')}nearest to #{order.anchor} (then one below, one "
                  f"above, …) among those with the fewest byes ({cand.count})",
        "lottery": f"{cite(inst.regulations, 'bye', '', ': ')}a lottery among those with the fewest lost evenings "
                   f"({cand.count}); seed {order.seed}, lot {cand.lot}",
    }[order.policy]
    lines = [f"Bye: {pid} (#{state.rank}) — {policy}."]
    if order.policy == "lottery":
        drawn = ", ".join(f"{c.player} ({c.count}, lot {c.lot})" for c in order.candidates[:5])
        lines.append(f"  the draw, first places: {drawn}")
    for player, why in passed:
        lines.append(f"  {player} came first in the order but did not sit out: {why}.")
    return ByeExplanation(pid, state.rank, order.policy, passed, tuple(lines))
