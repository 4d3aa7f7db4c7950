"""Why a board's player was not paired with a nearer-ranked one: a hard rule, the pair's own cost, or the total."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import TypeVar

from keizer.pairing.compare import Comparison
from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.pair_cost import CostContext, PairCost
from keizer.pairing.criteria.weights import CRITERION
from keizer.pairing.criteria.meetings import meeting_terms
from keizer.pairing.criteria.rank import rank_units
from keizer.pairing.criteria.tiers import TierTotals
from keizer.pairing.explain.words import and_list, changes, colour_words, total_words
from keizer.pairing.history import Pair, pair_key
from keizer.pairing.instance import PlayerState, RoundInstance
from keizer.pairing.proposal import Board, Proposal
from keizer.pairing.solvers.base import NoPairing
from keizer.pairing.solvers.solve import solve
from keizer.seasons.model import Colour, PlayerId
from keizer.seasons.numbers import times

T = TypeVar("T")

WHY_NOT_PER_BOARD = 3
"""Nearer-ranked candidates explained per board (each may take one more solve: the TUI waits for them)."""
MINOR = ("colour_repeat", "colour_drift")
"""Criteria that only choose among near equals: a "why not" names them when nothing weightier explains it."""


@dataclass(frozen=True, slots=True)
class Forced:
    """The cheapest pairing of the round with one pair on a board (the model re-solved with that pair locked)."""

    pair: Pair
    """The pair forced, in id order."""
    versus: Comparison | None
    """That pairing against the one explained, tier by tier; None when no pairing keeps the model's hard rules."""
    games: tuple[tuple[PlayerId, PlayerId], ...]
    """Its games (white, black) that are not in the pairing explained, the forced pair's first."""
    bye: PlayerId | None
    """Its bye."""


@dataclass(frozen=True, slots=True)
class WhyNot:
    """Why a board's player does not play a candidate ranked nearer to them than their opponent."""

    player: PlayerId
    """The board's player the question is about."""
    candidate: PlayerId
    """The nearer-ranked player they do not play."""
    distance: int
    """Places apart among those present (the board's distance is larger, or further from the target)."""
    rules: tuple[str, ...]
    """Hard rules the pair would break: `forbid` (the director's), `group` (the championship group's schedule),
    `lock`, `bye`, `max_meetings`, `rematch_from_round`."""
    pair_terms: tuple[tuple[str, int], ...]
    """(criterion, cost or units) of the game player–candidate, every non-zero term."""
    forced: Forced | None
    """The cheapest pairing with the pair on a board (None when a hard rule already answers)."""
    lines: tuple[str, ...]
    """The answer as text: one line, and a second with the whole round when the pair was forced."""


class WhyNotExplainer:
    """Answers "why not him?" for the boards of one proposal; each forced pair is solved once."""

    def __init__(self, inst: RoundInstance, proposal: Proposal, per_board: int = WHY_NOT_PER_BOARD,
                 ctx: CostContext | None = None) -> None:
        self.inst = inst
        self.proposal = proposal
        self.per_board = per_board
        self.ctx = ctx if ctx is not None and ctx.inst is inst else CostContext(inst)
        self.costs: CompiledCosts = proposal.costs
        self.position = {pid: i for i, pid in enumerate(self.costs.players)}
        self.played = {pair_key(w, b) for w, b in proposal.pairs()}
        self.cache: dict[Pair, Forced] = {}

    def board(self, board: Board, cost: PairCost) -> tuple[WhyNot, ...]:
        """The nearer-ranked candidates of a model's board, nearest first (a lock or a fixed game: none)."""
        if board.kind != "model" or self.per_board <= 0:
            return ()
        return tuple(self._why_not(x, c, cost) for x, c in self._candidates(board))

    def _candidates(self, board: Board) -> list[tuple[PlayerState, PlayerState]]:
        """(player, candidate) closer to the target distance than the board's pair, for either player: the
        smallest rank units first, the higher-ranked player's before the lower's, then by place."""
        inst = self.inst
        a, b = sorted((inst.state(board.white), inst.state(board.black)), key=lambda s: s.pos)
        target = inst.target_distance
        found: list[tuple[int, int, int, PlayerState, PlayerState]] = []
        for side, (x, y) in enumerate(((a, b), (b, a))):
            chosen = rank_units(y.pos - x.pos, target)
            for c in inst.players:
                units = rank_units(c.pos - x.pos, target)
                if c.id not in (x.id, y.id) and units < chosen:
                    found.append((units, side, c.pos, x, c))
        found.sort(key=lambda f: f[:3])
        out: list[tuple[PlayerState, PlayerState]] = []
        seen: set[Pair] = set()
        for _, _, _, x, c in found:
            key = pair_key(x.id, c.id)
            if key not in seen:
                seen.add(key)
                out.append((x, c))
        return out[: self.per_board]

    def _why_not(self, x: PlayerState, c: PlayerState, board_cost: PairCost) -> WhyNot:
        pc = self.ctx.pair_cost(x, c)
        head = f"  why not {c.id} (#{c.rank}) for {x.id}?"
        rules, said = self._hard_rules(x, c)
        if rules:
            return WhyNot(x.id, c.id, abs(c.pos - x.pos), rules, pc.terms(), None, (f"{head} {said}.",))
        forced = self._forced(x.id, c.id)
        own, chosen = pc.soft_total, board_cost.soft_total
        if own > chosen:
            first = f"{head} {'; '.join(self._soft_words(pc, board_cost))}: {_game(pc)} would cost {own} " \
                    f"({_cost_terms(pc)}), this board {chosen}."
        else:
            less = f"{chosen - own} less than this board" if own < chosen else "as much as this board"
            first = f"{head} {_game(pc)} alone would cost {own} ({less}), but {c.id} is needed elsewhere."
        opponent = board_cost.black if board_cost.white == x.id else board_cost.white
        changed = changes(forced.games, forced.pair, opponent)
        total = total_words(_game(pc), forced.versus, forced.bye, opponent, changed)
        return WhyNot(x.id, c.id, abs(c.pos - x.pos), (), pc.terms(), forced, (first, f"    {total}"))

    def _hard_rules(self, x: PlayerState, c: PlayerState) -> tuple[tuple[str, ...], str]:
        """The hard rules the pair x–c breaks (names, and the words for them)."""
        inst = self.inst
        rules: list[str] = []
        words: list[str] = []
        if inst.kept_apart(x.id, c.id):
            rules.append("group")
            words.append(f"{x.id} and {c.id} are in the championship group: they meet only as its schedule says")
        elif inst.is_forbidden(x.id, c.id):
            rules.append("forbid")
            words.append(f"the director forbade {x.id}–{c.id}")
        partner = inst.lock_partner(c.id)
        if partner is not None:
            rules.append("lock")
            words.append(f"{c.id} is locked to play {partner} (the director's lock)")
        if inst.bye_lock == c.id:
            rules.append("bye")
            words.append(f"{c.id} has the bye (the director's choice)")
        met = inst.meetings_of(x.id, c.id)
        m = meeting_terms(met, inst.round_number, x.bottom and c.bottom, inst.rules)
        rounds = tuple(str(g.round) for g in met)
        if m.relax_max_meetings:
            rules.append("max_meetings")
            allowed = len(met) + 1 - m.relax_max_meetings
            bottom = "" if allowed == inst.rules.max_meetings else ", one more in the bottom region"
            words.append(f"they have met {times(len(met))} already (round{'s' if len(met) > 1 else ''} "
                         f"{and_list(rounds)}; max_meetings {inst.rules.max_meetings}{bottom})")
        if m.relax_rematch_round:
            rules.append("rematch_from_round")
            words.append(f"they met in round{'s' if len(met) > 1 else ''} {and_list(rounds)}, and a rematch comes "
                         f"only from round {inst.rules.rematch_from_round} (rematch_from_round)")
        return tuple(rules), "; ".join(words)

    def _soft_words(self, pc: PairCost, board_cost: PairCost) -> list[str]:
        """What makes the pair dearer than the board, criterion by criterion (rank cannot: it is nearer)."""
        inst = self.inst
        limits = inst.rules.colour
        extra = {name: cost for name, cost in pc.terms()}
        base = dict(board_cost.terms())
        major: list[str] = []
        minor: list[str] = []
        for name, cost in extra.items():
            if not CRITERION[name].soft or cost <= base.get(name, 0):
                continue
            words = minor if name in MINOR else major
            if name.startswith("colour_"):
                for pid, colour in ((pc.white, Colour.WHITE), (pc.black, Colour.BLACK)):
                    words.extend(colour_words(name, pid, inst.state(pid).colours, colour, limits))
            elif name == "rematch_gap":
                met = inst.meetings_of(pc.white, pc.black)
                since = inst.round_number - met[-1].round
                words.append(f"they met {since} round{'s' if since > 1 else ''} ago (round {met[-1].round}; "
                             f"rematch_gap {inst.rules.rematch_gap})")
            elif name == "bottom_extra":
                words.append("a meeting beyond max_meetings, allowed only in the bottom region")
            else:
                words.append(f"{CRITERION[name].short} {cost}")
        # Alternation and drift only choose among near equals: named only when nothing weightier is.
        return list(dict.fromkeys(major or minor)) or ["it costs more on its own"]

    def _forced(self, x: PlayerId, c: PlayerId) -> Forced:
        key = pair_key(x, c)
        if key not in self.cache:
            self.cache[key] = self._solve_forced(key)
        return self.cache[key]

    def _solve_forced(self, key: Pair) -> Forced:
        """Re-solve the proposal's model with the pair as the only edge of both players (a lock)."""
        costs = self.costs
        u, v = sorted((self.position[key[0]], self.position[key[1]]))
        keep = [k for k, (p, q) in enumerate(zip(costs.edge_u, costs.edge_v))
                if (p, q) == (u, v) or (p not in (u, v) and q not in (u, v))]
        if (u, v) not in {(costs.edge_u[k], costs.edge_v[k]) for k in keep}:
            return Forced(key, None, (), None)  # outside the model (its band): no pairing has it
        take = _gather(keep)
        forced = replace(costs, edge_u=take(costs.edge_u), edge_v=take(costs.edge_v), white_u=take(costs.white_u),
                         edge_tiers=tuple(take(column) for column in costs.edge_tiers),
                         edge_costs=take(costs.edge_costs),
                         bye_index=tuple(None if i in (u, v) else b for i, b in enumerate(costs.bye_index)))
        try:
            try:
                sol = solve(forced, "matching")  # exact and fast; the tie-break makes its optimum unique
            except OverflowError:
                sol = solve(forced, "cpsat")
        except NoPairing:
            return Forced(key, None, (), None)
        players = costs.players
        games = []
        for k in sol.edges:
            p, q = forced.edge_u[k], forced.edge_v[k]
            white, black = (players[p], players[q]) if forced.white_u[k] else (players[q], players[p])
            if pair_key(white, black) not in self.played:
                games.append((white, black))
        games.sort(key=lambda g: (pair_key(*g) != key, self.inst.state(g[0]).pos + self.inst.state(g[1]).pos))
        tiers: TierTotals = costs.weights.split(sol.objective)
        bye = players[sol.bye] if sol.bye is not None else None
        return Forced(key, Comparison.of_tiers(tiers, self.proposal.tiers), tuple(games), bye)


def _gather(keep: list[int]) -> Callable[[Sequence[T]], tuple[T, ...]]:
    """The items at `keep` of a column, as a tuple (itemgetter: the hot path of a "why not", no Python loop)."""
    if len(keep) < 2:  # itemgetter returns a tuple only for two places or more
        return lambda column: tuple(column[k] for k in keep)
    getter = itemgetter(*keep)
    return lambda column: tuple(getter(column))


def _game(pc: PairCost) -> str:
    return f"{pc.white}–{pc.black}"


def _cost_terms(pc: PairCost) -> str:
    """`run 100 + repeat 3`: the soft terms of a game under their short names."""
    return " + ".join(f"{CRITERION[name].short} {cost}" for name, cost in pc.terms() if CRITERION[name].soft)
