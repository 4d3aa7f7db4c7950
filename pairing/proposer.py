"""Pair one round: compile, solve exactly (widening the band or relaxing rules only when needed), propose."""

from __future__ import annotations

from typing import Literal

from keizer.pairing.band import prove_band
from keizer.pairing.columns import close_band
from keizer.pairing.costs import CompiledCosts, compile_costs
from keizer.pairing.criteria.pair_cost import CostContext, criteria_totals, PairCost
from keizer.pairing.criteria.weights import RELAX_NAMES
from keizer.seasons.gcpause import collector_paused
from keizer.pairing.instance import PlayerState, RoundInstance
from keizer.pairing.proposal import BandReport, Board, Proposal, Relaxation
from keizer.pairing.solvers.base import NoPairing, Solution
from keizer.pairing.solvers.solve import pick_solver, solve, SolverName
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.texts import cited

BAND_FROM = 100
"""Above this many players only pairs within a rank band are modelled (proven or noted, see band.py)."""
BAND_START = 20
"""The first band tried (places either side); at least twice the target distance."""
BAND_MIN = 10
EDGE_BUDGET = 100_000
"""Players × band the blossom solver is given before it needs seconds: the band starts narrower on huge
fields and is widened beyond this only when it admits no pairing at all (not merely for a proof)."""
BAND_MAX = 80

BandChoice = int | None | Literal["auto"]


def propose(inst: RoundInstance, solver: SolverName = "auto", band: BandChoice = "auto",
            prove: bool = True, ctx: CostContext | None = None) -> Proposal:
    """The optimal pairing of the round (unique: the tie-break decides between equal real costs).

    `band`: "auto" (all pairs up to BAND_FROM players, else a band widened until proven), None (all pairs)
    or a fixed width. `prove=False` skips the band proof (the report then says so). `ctx`: the round's
    CostContext, to keep its priced pairs across re-solves (`CostContext.carried`)."""
    with collector_paused():
        return _propose(inst, solver, band, prove, ctx)


def optimal_games(inst: RoundInstance, solver: SolverName = "auto") -> tuple[tuple[tuple[PlayerId, PlayerId], ...],
                                                                             PlayerId | None]:
    """The games (white, black) of `propose`'s pairing in its board order, and its bye, without the proposal's
    costs and words: a forecast pairs thousands of rounds and reads only who plays whom (a test holds the two
    alike). Not for a re-pairing that keeps boards (`inst.keep`: its board order is the kept one's)."""
    assert inst.keep is None, "a kept pairing's boards keep their numbers: propose"
    with collector_paused():
        _, costs, sol, _, _ = _solved(inst, solver, "auto", True, None)
    players = costs.players
    games = [(min(inst.state(players[u]).rank, inst.state(players[v]).rank),
              (players[u], players[v]) if costs.white_u[k] else (players[v], players[u]))
             for k, u, v in ((k, costs.edge_u[k], costs.edge_v[k]) for k in sol.edges)]
    games += [(min(inst.state(white).rank, inst.state(black).rank), (white, black)) for white, black in inst.fixed]
    games.sort(key=lambda rg: rg[0])  # board order: the higher-ranked player of each game
    return tuple(g for _, g in games), players[sol.bye] if sol.bye is not None else None


def _propose(inst: RoundInstance, solver: SolverName, band: BandChoice, prove: bool,
             ctx: CostContext | None) -> Proposal:
    ctx, costs, sol, report, notes = _solved(inst, solver, band, prove, ctx)
    return make_proposal(inst, ctx, costs, sol, report, notes)


def _solved(inst: RoundInstance, solver: SolverName, band: BandChoice, prove: bool, ctx: CostContext | None,
            ) -> tuple[CostContext, CompiledCosts, Solution, BandReport, tuple[str, ...]]:
    """The optimum of the round (widening the band or relaxing rules only when needed), before it is put
    into words: the context it was priced in, the compiled costs, the solution, the band's report, notes."""
    ctx = ctx if ctx is not None and ctx.inst is inst else CostContext.carried(inst, ctx)
    n = len(inst.players)
    kind = pick_solver(n, solver)
    width = _initial_band(inst, band)
    tried: list[int] = []
    notes: list[str] = []
    while True:
        costs = compile_costs(inst, width, relaxed=False, ctx=ctx)
        sol = _solve(costs, kind)
        if sol is None:
            if band == "auto" and width is not None and (wider := _wider(width, n, budget=False)) != width:
                tried.append(width)
                width = wider
                continue
            costs, sol = _with_rules_giving_way(inst, ctx, kind, width)
            notes.append("no pairing respects every hard rule: the fewest possible gave way (see relaxations)")
        if prove and band == "auto" and width is not None and not costs.relaxed:
            # Unproven, the pairs outside the band that could do better join the model first (columns.py).
            costs, sol, report = close_band(inst, ctx, costs, sol, tuple(tried), lambda c: _solve(c, kind))
        else:
            report = _band_report(inst, costs, sol, tuple(tried), prove)
        if report.proven or band != "auto" or costs.relaxed or width is None or (wider := _wider(width, n)) == width:
            break
        tried.append(width)
        width = wider
    if sol.info.status != "optimal":
        notes.append(f"the solver stopped early: {sol.info.status}")
    return ctx, costs, sol, report, tuple(notes)


def _with_rules_giving_way(inst: RoundInstance, ctx: CostContext, kind: Literal["cpsat", "matching"],
                           width: int | None) -> tuple[CompiledCosts, Solution]:
    """No pairing respects every hard rule: let them give way in their tiers (docs/pairing.md); a KeizerError
    when even that leaves no pairing (the director's own locks, forbids and bye contradict each other)."""
    costs = compile_costs(inst, width, relaxed=True, ctx=ctx)
    sol = _solve(costs, kind)
    if sol is None:
        raise KeizerError(_why_unpairable(inst, costs))
    return costs, sol


def _band_report(inst: RoundInstance, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...],
                 prove: bool) -> BandReport:
    if prove or costs.band is None:
        return prove_band(inst, costs, sol, tried)
    return BandReport(costs.band, tried, False, note=f"rank band ±{costs.band}, not checked")


def _initial_band(inst: RoundInstance, band: BandChoice) -> int | None:
    if band != "auto":
        return band
    if inst.keep is not None:  # a kept board may lie outside any band, and the band proof knows no keep tier
        return None
    n = len(inst.players)
    if n <= BAND_FROM:
        return None
    return max(min(BAND_START, EDGE_BUDGET // n), BAND_MIN, 2 * inst.target_distance)


def _wider(width: int | None, n: int, budget: bool = True) -> int | None:
    """The next band to try (None: all pairs), or `width` itself when there is nothing wider to try
    (within the edge budget, unless the band admits no pairing at all)."""
    if width is None:
        return None
    wider = min(2 * width, BAND_MAX)
    if wider == width or (budget and n * wider > EDGE_BUDGET):
        return width
    return None if wider >= n - 1 else wider


def _solve(costs: CompiledCosts, kind: Literal["cpsat", "matching"]) -> Solution | None:
    try:
        return solve(costs, kind)
    except NoPairing:
        return None


def _why_unpairable(inst: RoundInstance, costs: CompiledCosts) -> str:
    k = inst.round_number
    degree = [0] * costs.n
    for u, v in zip(costs.edge_u, costs.edge_v):
        degree[u] += 1
        degree[v] += 1
    for i, pid in enumerate(costs.players):
        if degree[i] == 0 and costs.bye_index[i] is None:
            return f"round {k} cannot be paired: {pid!r} may play no one ({_what_binds(inst)})"
    return f"round {k} cannot be paired: no pairing of the {costs.n} players fits {_what_binds(inst)}"


def _what_binds(inst: RoundInstance) -> str:
    """What narrows the round, named by whose it is: the director's locks, forbidden pairs and bye, and the
    championship group's rule that its members meet only in their scheduled games (`RoundInstance.apart`)."""
    said = [what for what, there in (
        ("the director's locks", bool(inst.locks)),
        ("the director's forbidden pairs", any(not inst.kept_apart(a, b) for a, b in inst.forbids)),
        ("the director's bye", inst.bye_lock is not None),
        ("the championship group's rule (its members meet only in their scheduled games)", bool(inst.apart)),
    ) if there]
    if not said:
        return "the rules on meetings and the bye"
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def make_proposal(inst: RoundInstance, ctx: CostContext, costs: CompiledCosts, sol: Solution,
                  report: BandReport, notes: tuple[str, ...] = ()) -> Proposal:
    """The proposal of one solution: boards in rank order, costs per criterion, relaxations."""
    games = [(inst.players[costs.edge_u[k]], inst.players[costs.edge_v[k]]) for k in sol.edges]
    priced = [(a, b, ctx.pair_cost(a, b), inst.lock_partner(a.id) == b.id) for a, b in games]
    relaxations = [r for _, _, pc, locked in priced for r in _relaxations(inst, pc, locked)]
    boards = [(min(a.rank, b.rank), Board(0, pc.white, pc.black, "lock" if locked else "model", pc))
              for a, b, pc, locked in priced]
    boards += [(min(inst.state(white).rank, inst.state(black).rank), Board(0, white, black, "fixed", None))
               for white, black in inst.fixed]
    boards.sort(key=lambda rb: rb[0])  # board order: the higher-ranked player of each game
    if inst.keep is not None:  # a re-pairing: every kept board keeps its published number
        order = inst.keep.board_order([(b.white, b.black) for _, b in boards])
        boards = [boards[j] for j in order]
    numbered = tuple(Board(i + 1, b.white, b.black, b.kind, b.cost) for i, (_, b) in enumerate(boards))
    bye_units = costs.bye_index[sol.bye] if sol.bye is not None else 0
    criteria = criteria_totals((pc for _, _, pc, _ in priced), bye_units or 0)
    notes = tuple(n for n in notes if not n.startswith(OPENING_NOTE)) \
        + opening_note(inst, [(a, b) for a, b, _, _ in priced])  # this pairing's own (an alternative's too)
    return Proposal(round_number=inst.round_number, boards=numbered,
                    bye=costs.players[sol.bye] if sol.bye is not None else None, objective=sol.objective,
                    tiers=costs.weights.split(sol.objective), criteria=criteria, relaxations=tuple(relaxations),
                    solver=sol.info, seed=inst.seed, band=report, bye_order=costs.bye_policy, notes=notes,
                    costs=costs, moved=None if inst.keep is None else inst.keep.moved(
                        [(b.white, b.black) for b in numbered], costs.players[sol.bye] if sol.bye is not None else None))


OPENING_NOTE = "opening round"
"""How the note of `opening_note` starts."""


def opening_note(inst: RoundInstance, games: list[tuple[PlayerState, PlayerState]]) -> tuple[str, ...]:
    """D art. 7 said where it is not followed to the letter (docs/rules.md §7, §12): in an opening round
    whose players are not whole blocks of twice the distance (20 for D), how far apart the boards came."""
    target = inst.target_distance
    paired = 2 * len(games)
    if target == 1 or not games or paired % (2 * target) == 0:
        return ()
    apart = sorted(abs(a.pos - b.pos) for a, b in games)
    spread = f"{apart[0]} to {apart[-1]}" if apart[0] != apart[-1] else f"{apart[0]}"
    if cited(inst.regulations, "opening"):  # D's own words, to a club that follows them
        return (f"{OPENING_NOTE} ({cited(inst.regulations, 'opening')}: \"Nr. 1 tegen Nr. 11; Nr. 12 tegen Nr. 2 … "
                f"Nr. 21 tegen Nr. 31\"): {paired} players paired are not whole blocks of {2 * target}, so a rank "
                f"distance of {target} is aimed at and the difference spread over the boards: {spread} places apart "
                f"(art. 7 leaves this to the director, \"creatief\")",)
    return (f"{OPENING_NOTE}: {paired} players paired are not whole blocks of {2 * target}, so a rank distance of "
            f"{target} is aimed at and the difference spread over the boards: {spread} places apart",)


def _relaxations(inst: RoundInstance, game: PairCost, locked: bool) -> list[Relaxation]:
    """The hard rules this game breaks, in words (a director's lock may break them)."""
    out: list[Relaxation] = []
    white, black = game.white, game.black
    met = inst.meetings_of(white, black)
    by = " (the director's lock)" if locked else ""
    rules = inst.rules
    units = dict(zip(RELAX_NAMES, game.relax, strict=True))
    if units["relax_max_meetings"]:
        out.append(Relaxation("max_meetings", (white, black),
                              f"max_meetings gave way{by}: {white} and {black} meet for the "
                              f"{_ordinal(len(met) + 1)} time "
                              f"(at most {rules.max_meetings}; met in rounds "
                              f"{', '.join(str(m.round) for m in met)})"))
    if units["relax_rematch_round"]:
        out.append(Relaxation("rematch_from_round", (white, black),
                              f"rematch_from_round gave way{by}: {white} and {black} meet again in round "
                              f"{inst.round_number} (allowed from round {rules.rematch_from_round}; met in round "
                              f"{met[-1].round})"))
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
