"""The standings in plain Python Fractions, written to be obviously right, not fast: the oracle for tests.

Same semantics as the fast engine (docs/rules.md §1–6 and §11), reading the Season
directly; only the value ladder and the grid rounding (tested on their own against docs/rules.md numbers) are shared.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from keizer.scoring.fixpoint import ITERATION_CAP
from keizer.scoring.values import ladder_values, round_to_grid
from keizer.seasons.model import Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.names import sort_key
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset

Ranking = tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class RefStanding:
    """The standings after one round, as the oracle computes them."""

    round: int
    order: Ranking
    """Player ids in Keizer rank order."""
    scores: tuple[Fraction, ...]
    """In the order of `order`."""
    eligible: tuple[bool, ...] | None
    """Participation flags in the order of `order` (None without the rule)."""
    iterations: int
    """As scoring.IterationReport."""
    cycled: bool
    cycle_length: int
    capped: bool


class _Reference:
    def __init__(self, season: Season, ruleset: Ruleset, cap: int) -> None:
        self.season, self.rules, self.cap = season, ruleset, cap
        limit = ruleset.withdrawal.removal_before_round
        self.removed = {w.player for w in season.withdrawals if limit is not None and w.before_round <= limit}
        self.kept = {w.player: w.before_round for w in season.withdrawals if w.player not in self.removed}
        self.start: Ranking = tuple(p.id for p in season.players if p.id not in self.removed)
        # docs/rules.md §8: a "separate" group's members leave the Keizer after the round it formed
        group = season.championship
        separate = ruleset.championship is not None and ruleset.championship.mode == "separate"
        left = group if group is not None and separate else None
        self.group_after = None if left is None else left.formed_after
        self.group: Ranking = () if left is None else tuple(p for p in left.members if p in self.start)
        self.values = ladder_values(ruleset.value, len(self.start))
        # docs/rules.md §4: the starting ranking is the players there from round 1, on its own ladder; they have
        # the Aalsmeer bonus. A joiner's starting value (the place entered at) is set by the chain below.
        first = [p for p in self.start if season.player(p).joined <= 1]
        self.start_values = dict(zip(first, ladder_values(ruleset.value, len(first))))
        self.has_bonus = set(first)
        # Each player's slot in each round, looked up once (the lookups are plain but not free).
        self.slots = [{p: self.slot(p, rnd) for p in self.start} for rnd in season.rounds]

    def value_map(self, ranking: Ranking) -> dict[PlayerId, Fraction]:
        """Each player's value at this ranking (docs/rules.md §1)."""
        return {p: self.values[i] for i, p in enumerate(ranking)}

    def slot(self, pid: PlayerId, rnd: Round) -> tuple[str, Game | None]:
        """What the player did in the round: ("game", game), an entry's factor key, or "none"."""
        joined = self.season.player(pid).joined
        if self.group_after is not None and rnd.number > self.group_after and pid in self.group:
            return "final_group", None  # out of the Keizer: no game, no entry, no points
        if rnd.number < joined or (pid in self.kept and self.kept[pid] <= joined <= rnd.number):
            return "late", None  # before joining; or withdrew before ever joining: never took part
        if pid in self.kept and rnd.number >= self.kept[pid]:
            return "excused", None  # D art. 22: a later withdrawal is booked as excused
        game = rnd.game_of(pid)
        if game is not None and game.result.is_forfeit and self.rules.forfeit == "bye":
            # D art. 11: the player who came has a bye, the one who did not is absent without notice
            won = (game.result is Result.WHITE_FORFEIT_WIN) == (pid == game.white)
            return ("bye" if won else "unexcused"), None
        if game is not None:
            return "game", game  # D art. 18: a game beats an external match the same week
        entry = rnd.entry_of(pid)
        return (entry.factor_key, None) if entry is not None else ("none", None)

    def outcome(self, pid: PlayerId, game: Game) -> str:
        white = pid == game.white
        return {
            Result.WHITE_WINS: "win" if white else "loss", Result.BLACK_WINS: "loss" if white else "win",
            Result.DRAW: "draw", Result.PENDING: "pending",
            Result.WHITE_FORFEIT_WIN: "forfeit_win" if white else "forfeit_loss",
            Result.BLACK_FORFEIT_WIN: "forfeit_loss" if white else "forfeit_win",
        }[game.result]

    def absences_so_far(self, pid: PlayerId, r: int) -> int:
        """Entries of the absence limit's kinds in rounds 1..r."""
        kinds = self.rules.absence_limit.kinds  # type: ignore[union-attr]
        return sum(1 for slots in self.slots[:r] if slots[pid][0] in kinds)

    def contribution(self, pid: PlayerId, r: int, value: dict[PlayerId, Fraction]) -> Fraction:
        """The points of player `pid` in round r when `value` gives everyone's value."""
        rules, grid = self.rules, self.rules.rounding
        kind, game = self.slots[r - 1][pid]
        if kind in ("none", "final_group"):
            return Fraction(0)
        if game is not None:
            outcome = self.outcome(pid, game)
            if outcome == "pending":
                return Fraction(0)
            opponent = game.opponent_of(pid)
            if opponent in self.removed:  # D art. 22: a factor of the own value
                w = rules.withdrawal
                factor = {"win": w.win, "forfeit_win": w.win, "draw": w.draw, "loss": w.loss,
                          "forfeit_loss": w.loss}[outcome]
                return round_to_grid(factor * value[pid], grid)
            return round_to_grid(rules.factor(outcome) * value[opponent], grid)
        limit = rules.absence_limit
        if limit is not None and kind in limit.kinds and self.absences_so_far(pid, r) > limit.count:
            return Fraction(0)
        fixed = rules.fixed(kind)
        if fixed is not None:
            return round_to_grid(fixed, grid)
        return round_to_grid(rules.factor(kind) * value[pid], grid)

    def extras(self, pid: PlayerId, k: int, ranking: Ranking) -> Fraction:
        """Aalsmeer bonus left after round k plus the self value (docs/rules.md §4, §6b)."""
        total = Fraction(0)
        a = self.rules.aalsmeer
        if a is not None and pid in self.has_bonus:
            total += a.multiplier * self.start_values[pid] * max(0, a.rounds - k) / a.rounds
        if self.rules.self_value == "current":
            total += self.value_map(ranking)[pid]
        elif self.rules.self_value == "initial":
            total += self.start_values[pid]
        return total

    def earned(self, k: int, ranking: Ranking) -> dict[PlayerId, Fraction]:
        """Points of rounds 1..k, all at `ranking`'s values."""
        value = self.value_map(ranking)
        return {p: sum((self.contribution(p, r, value) for r in range(1, k + 1)), Fraction(0)) for p in self.start}

    def rank(self, scores: dict[PlayerId, Fraction], previous: Ranking, k: int) -> Ranking:
        """Higher score first; ties by the tie-break list, `previous_rank` meaning `previous` (docs/rules.md §5).
        After round k > the final group's round its members come first, in their order (§8)."""
        before = {p: i for i, p in enumerate(previous)}
        start = {p: i for i, p in enumerate(self.start)}

        def key(p: PlayerId) -> tuple[object, ...]:
            player = self.season.player(p)
            parts: list[object] = [-scores[p]]
            for tb in self.rules.tiebreak:
                parts.append({"previous_rank": before[p], "start_rank": start[p],
                              "rating": -(player.rating or 0),
                              "name": sort_key(player.name)}[tb])
            parts.append(start[p])
            return tuple(parts)
        if self.group_after is not None and k > self.group_after:
            return self.group + tuple(sorted((p for p in self.start if p not in self.group), key=key))
        return tuple(sorted(self.start, key=key))

    def iterate(self, k: int, previous: Ranking) -> tuple[Ranking, dict[PlayerId, Fraction], list[Ranking], int, bool]:
        """docs/rules.md §3: (ranking, scores, the rankings that priced them, iterations, capped)."""
        def scores_at(ranking: Ranking) -> dict[PlayerId, Fraction]:
            earned = self.earned(k, ranking)
            return {p: earned[p] + self.extras(p, k, ranking) for p in self.start}
        rankings = [previous]
        while True:
            scores = scores_at(rankings[-1])
            new = self.rank(scores, rankings[-1], k)
            if new in rankings:
                j = rankings.index(new)
                if j == len(rankings) - 1:
                    return new, scores, [new], len(rankings), False
                cycle = rankings[j:]
                each = [scores_at(c) for c in cycle]
                mean = {p: sum((s[p] for s in each), Fraction(0)) / len(cycle) for p in self.start}
                return self.rank(mean, previous, k), mean, cycle, len(rankings), False
            if len(rankings) >= self.cap:
                return new, scores, [rankings[-1]], len(rankings), True
            rankings.append(new)

    def attended(self, pid: PlayerId, k: int) -> int:
        counts = self.rules.participation_counts
        count = 0
        for r, slots in enumerate(self.slots[:k], start=1):
            kind, game = slots[pid]
            if kind == "final_group":  # docs/rules.md §5, §8: the finalist's evening in the group
                kind, game = self.group_evening(pid, r)
            if game is not None:
                count += "game" in counts and self.outcome(pid, game) != "forfeit_loss"
            else:
                count += ("external" if kind.startswith("external_") else kind) in counts
        return count

    def group_evening(self, pid: PlayerId, r: int) -> tuple[str, Game | None]:
        """A finalist's round r in his group: his group game; else, set aside by the schedule, a bye — unless
        he is unavailable then (nothing) or his entry of the round says what he did; nothing once withdrawn."""
        group = self.season.championship
        assert group is not None
        w = self.season.withdrawal_of(pid)
        if w is not None and r >= w.before_round:
            return "none", None
        for g in group.schedule:
            if g.round == r and pid in (g.white, g.black):
                return "game", Game(g.white, g.black, g.result)
        if r in group.unavailable_rounds(pid):
            return "none", None
        entry = self.season.round(r).entry_of(pid)
        return ("bye" if entry is None else entry.factor_key), None

    def standing(self, k: int, order: Ranking, scores: dict[PlayerId, Fraction], iterations: int,
                 cycle: int, capped: bool) -> RefStanding:
        share = self.rules.participation
        eligible = None if share is None else tuple(self.attended(p, k) >= share * k for p in order)
        return RefStanding(round=k, order=order, scores=tuple(scores[p] for p in order), eligible=eligible,
                           iterations=iterations, cycled=cycle > 0, cycle_length=cycle, capped=capped)

    def run(self, upto: int, entry: dict[int, Ranking] | None = None) -> tuple[RefStanding, ...]:
        """Standings 0..upto; `entry`: round → the ranking that round starts from instead of the one before."""
        rules = self.rules
        out = [self.standing(0, self.start, {p: self.extras(p, 0, self.start) for p in self.start}, 0, 0, False)]
        frozen = {p: Fraction(0) for p in self.start}  # valuation "frozen": the points so far, never revalued
        previous = self.start
        for k in range(1, upto + 1):
            if entry is not None and k in entry:
                previous = entry[k]
            if rules.iterates_at(k, self.season.rounds_planned):
                order, scores, pricing, iterations, capped = self.iterate(k, previous)
                cycle = len(pricing) if len(pricing) > 1 else 0
                if rules.valuation == "frozen":  # D art. 23: the recalculated points become the new base
                    each = [self.earned(k, c) for c in pricing]
                    frozen = {p: sum((e[p] for e in each), Fraction(0)) / len(pricing) for p in self.start}
            elif rules.valuation == "current":
                earned = self.earned(k, previous)
                scores = {p: earned[p] + self.extras(p, k, previous) for p in self.start}
                order, iterations, cycle, capped = self.rank(scores, previous, k), 1, 0, False
            else:
                value = self.value_map(previous)
                frozen = {p: frozen[p] + self.contribution(p, k, value) for p in self.start}
                scores = {p: frozen[p] + self.extras(p, k, previous) for p in self.start}
                order, iterations, cycle, capped = self.rank(scores, previous, k), 1, 0, False
            out.append(self.standing(k, order, scores, iterations, cycle, capped))
            previous = order
        return tuple(out)


def reference_replay(season: Season, upto: int | None = None, cap: int = ITERATION_CAP) -> tuple[RefStanding, ...]:
    """The standings after rounds 0..upto (default: the last scored round). Each table is that of the season as
    it stood then (docs/rules.md §6): from a round at which a removal takes effect or a player joins, the
    rounds are replayed without the players not yet joined and with the removals made so far, and that
    round starts from the ranking before it, changed accordingly. A removal takes the player out of the
    system as if he had never been in it (D art. 22): from its round on, the rankings before it are those of
    the season without him from round 1 on."""
    ruleset = parse_ruleset(season.ruleset_spec)
    return _chain(season, ruleset, season.last_scored_round if upto is None else upto, cap, 0)


def _chain(season: Season, ruleset: Ruleset, upto: int, cap: int, made: int) -> tuple[RefStanding, ...]:
    """Standings 0..upto, the removals before rounds up to `made` made from round 1 on."""
    limit = ruleset.withdrawal.removal_before_round
    gone = {w.player: w.before_round for w in season.withdrawals if limit is not None and w.before_round <= limit}
    starts = sorted({1} | {r for r in gone.values() if 2 <= r <= upto and r > made}
                    | {p.joined for p in season.players if 2 <= p.joined <= upto})
    out: list[RefStanding] = []
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else upto
        then = _as_of(season, start, {p for p, r in gone.items() if r > max(start, made)})
        ref = _Reference(then, ruleset, cap)
        entry = None
        if out:  # rounds before `start` from the rankings before it (newcomers last), `start` from its entry
            without: dict[int, tuple[RefStanding, ...]] = {}

            def before(j: int) -> Ranking:
                """The ranking after round j: the published one, or, when a removal after j and by `start`
                takes players out, the one of the season without every player removed by then."""
                later = [r for r in gone.values() if j < r <= start and r > made]
                if not later:
                    return out[j].order
                r = max(later)
                if r not in without:
                    without[r] = _chain(season, ruleset, r - 1, cap, r)
                return without[r][j].order

            ranked = [p for p in then.players if p.id in ref.start]
            group, separate = season.championship, ruleset.championship is not None \
                and ruleset.championship.mode == "separate"

            def held(k: int) -> tuple[PlayerId, ...]:
                return group.members if group is not None and separate and k - 1 > group.formed_after else ()
            # each round k < start: the players who joined at k where they entered, the later ones last
            entry = {}
            for k in range(1, start + 1):
                entered = _entering(before(k - 1), [p for p in ranked if p.joined <= k], held(k))
                entry[k] = entered + tuple(p for p in ref.start if p not in entered)
                values = ladder_values(ruleset.value, len(entered))
                ref.start_values |= {p.id: values[entered.index(p.id)] for p in ranked if p.joined == k > 1}
        out.extend(ref.run(end, entry)[len(out):])
    return tuple(out)


def _as_of(season: Season, k: int, later: set[PlayerId]) -> Season:
    """The season without the players who join after round k, and without the removals made after k."""
    absent = {p.id for p in season.players if p.joined > k}
    rounds = tuple(dataclasses.replace(r, entries=tuple((p, e) for p, e in r.entries if p not in absent))
                   for r in season.rounds)
    return dataclasses.replace(season, players=tuple(p for p in season.players if p.id not in absent),
                               withdrawals=tuple(w for w in season.withdrawals
                                                 if w.player not in absent and w.player not in later),
                               rounds=rounds)


def _entering(before: Ranking, ranked: list[Player], held: tuple[PlayerId, ...] = ()) -> Ranking:
    """The ranking before, without those no longer ranked, each newcomer at `enters_at` or by rating, never
    above K's finalists (`held`, docs/rules.md §8)."""
    ids = {p.id for p in ranked}
    order = [p for p in before if p in ids]
    rating = {p.id: p.rating for p in ranked}
    for p in ranked:
        if p.id in before:
            continue
        if p.enters_at is not None:
            place = min(p.enters_at, len(order) + 1)
        elif p.rating is None:
            place = len(order) + 1
        else:
            stronger = [q for q in order if (r := rating[q]) is not None and r >= p.rating]
            place = 1 + len(stronger)
        order.insert(max(place, 1 + sum(1 for q in held if q in ids)) - 1, p.id)
    return tuple(order)
