"""Standings after any round K: a replay of rounds 1..K of the season as it stands now (docs/rules.md §6)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np
import polars as pl

from keizer.scoring.asof import boundaries, entry_ranking, removal_rounds, removed_at, round_starts, season_as_of
from keizer.scoring.engine import Engine, RoundState
from keizer.scoring.facts import Price, forfeits_as_booked, removed_players, season_facts
from keizer.scoring.fixpoint import ITERATION_CAP
from keizer.scoring.participation import group_evenings, taking_part
from keizer.scoring.slots import indexed_by, slots_frame
from keizer.scoring.starting import make_engine
from keizer.scoring.terms import compile_terms
from keizer.scoring.values import ladder_values
from keizer.scoring.work import worst_case_work
from keizer.seasons.championship import out_of_keizer
from keizer.seasons.errors import InputError
from keizer.seasons.limits import check_scoring_work
from keizer.seasons.model import EntryKind, Player, PlayerId, Season
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset


@dataclass(frozen=True, slots=True)
class IterationReport:
    """How the ranking after a round was found (docs/rules.md §3)."""

    iterations: int
    """Score computations until a ranking repeated (1 for a single pass, 0 for round 0)."""
    cycled: bool
    """The iteration ended in a cycle: the scores are the per-player means over it."""
    cycle_length: int
    """Rankings in the cycle (0 when it did not cycle)."""
    capped: bool
    """The safety cap stopped the iteration before any ranking repeated."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One ranked player after round K."""

    rank: int
    """1..N in the Keizer ranking after round K."""
    player: PlayerId
    score: Fraction
    """Exact Keizer points."""
    value: Fraction
    """The player's value at the ranking after round K."""
    eligible: bool | None
    """K's 33% rule: took part in enough rounds (None when the ruleset has no participation rule)."""
    final_group: bool = False
    """In a "separate" championship group that has left the Keizer (K's final group, docs/rules.md §8): held
    at its place at the top, scoring nothing more."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The Keizer ranking after one round."""

    round: int
    """K: the standings after this round (0: before round 1)."""
    rows: tuple[StandingRow, ...]
    """In Keizer rank order (the ranking the values come from), whatever the participation flag says."""
    iteration: IterationReport
    missing: int = 0
    """Games of rounds 1..round still without a result (pending, D's "AF"): more than 0 makes the table
    provisional (docs/rules.md §5), since those games score 0 until their result is entered."""

    @property
    def provisional(self) -> bool:
        """Results are still missing: the table is not the one to publish."""
        return self.missing > 0

    def prize_order(self) -> tuple[StandingRow, ...]:
        """docs/rules.md §5: players under the participation threshold listed after those above it."""
        return tuple([r for r in self.rows if r.eligible is not False] + [r for r in self.rows if r.eligible is False])


@dataclass(frozen=True, slots=True)
class Replay:
    """Rounds 1..upto replayed; every standings 0..upto is kept."""

    season: Season
    """The season as it stands now (docs/rules.md §6: a replay of today's data); the frame's `player` and
    `opponent` index its players."""
    ruleset: Ruleset
    """`parse_ruleset(season.ruleset_spec)`."""
    upto: int
    """The last replayed round."""
    players: tuple[Player, ...] = field(repr=False)
    """The ranked players (removed ones left out) in starting order; index = ranked index."""
    ladder: tuple[Fraction, ...] = field(repr=False)
    """The value of rank 1..N."""
    slots: pl.DataFrame = field(repr=False, compare=False)
    """The season as one frame of slots, rounds 1..upto (scoring/slots.py): every view reads it."""
    prices: tuple[Price, ...] = field(repr=False, compare=False)
    """The price table the frame's `price` column indexes."""
    states: tuple[RoundState, ...] = field(repr=False, compare=False)
    """The state after round 0..upto (those before `first` are this segment's own, not published)."""
    first: int = 0
    """The first round whose table this replay gives; earlier ones are `earlier`'s (docs/rules.md §6)."""
    earlier: Replay | None = field(default=None, repr=False, compare=False)
    """The replay of the rounds before `first`, when the ranked players changed at `first`."""
    made: int = 0
    """The withdrawals that remove a player before a round up to this one are made from round 1 on: a replay
    of the season as if those players had never been in it (D art. 22), the rankings a segment from such a
    removal starts from. 0: every removal acts from its own round on, as published."""
    cap: int = field(default=ITERATION_CAP, repr=False, compare=False)
    """The iteration's safety net this replay was made with (docs/rules.md §3)."""
    starting: tuple[Fraction, ...] = field(default=(), repr=False, compare=False)
    """Per ranked player: the starting value v0 behind the Aalsmeer bonus and `self_value: "initial"`
    (`scoring.starting.starting_values`; empty: the value of the place in starting order)."""
    bonus: tuple[bool, ...] = field(default=(), repr=False, compare=False)
    """Per ranked player: has the Aalsmeer bonus (on the starting ranking; empty: everyone)."""
    _without: dict[int, Replay] = field(default_factory=dict, repr=False, compare=False)
    """Round k → the replay of rounds 1..k − 1 without the players removed at k (`rankings_before`), once made."""

    def at(self, k: int | None) -> Replay:
        """The segment of this replay that gives the table after round k (checked: 0..upto)."""
        k = self.upto if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self.upto:
            raise InputError("round", f"must be between 0 and {self.upto}, got {k!r}")
        seg = self
        while k < seg.first and seg.earlier is not None:
            seg = seg.earlier
        return seg

    def _state(self, k: int | None) -> RoundState:
        k = self.upto if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self.upto:
            raise InputError("round", f"must be between 0 and {self.upto}, got {k!r}")
        return self.states[k]

    def ranking_after(self, k: int) -> tuple[PlayerId, ...]:
        """Player ids in Keizer rank order after round k (0: the starting ranking minus removed players)."""
        seg = self.at(k)
        return tuple(seg.players[int(i)].id for i in seg._state(k).order)

    def entry_ranking(self, k: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
        """(ranking, values) round k (1..upto+1) is paired and scored from: the ranking after round k − 1,
        without players a withdrawal removes from round k on, with the players who join at round k at the
        place they enter (docs/rules.md §6)."""
        before = self.rankings_before(k).ranking_after(k - 1)
        scored = season_as_of(self.season, self.ruleset, k, self.made)
        held = out_of_keizer(self.season.championship,
                             self.ruleset.championship.mode if self.ruleset.championship else None, k - 1)
        ranking = entry_ranking(before, [p for p in scored.players if p.id not in removed_players(scored, self.ruleset)],
                                held)
        ladder = self.ladder if len(ranking) == len(self.ladder) else ladder_values(self.ruleset.value, len(ranking))
        return ranking, tuple(ladder[: len(ranking)])

    def rankings_before(self, k: int) -> Replay:
        """The replay whose rankings rounds 1..k − 1 have in the tables from round k on: this one, or, when a
        withdrawal removes players from round k on, the season without them from round 1 on — every ranking
        derived again as if they had never been in it (D art. 22: "uit het systeem verwijderd",
        docs/rules.md §6), not the published one with their names struck out."""
        if k < 2 or k <= self.made or not removed_at(self.season, self.ruleset, k):
            return self
        if k <= self.upto:  # k starts a segment of this replay: the one before it knows
            seg = self.at(k)
            assert seg.earlier is not None and seg.first == k
            return seg.earlier.rankings_before(k)
        if k not in self._without:
            self._without[k] = _chain(self.season, self.ruleset, k - 1, self.cap, made=k)[0]
        return self._without[k]

    def ranking_as_of(self, j: int, k: int) -> tuple[PlayerId, ...]:
        """The ranking after round j (< k) as the tables from round k on have it: the published one, or, when a
        withdrawal after j and by k removes a player, the one derived again without every player removed
        by then (`rankings_before`)."""
        later = [r for r in removal_rounds(self.season, self.ruleset) if j < r <= k and r > self.made]
        return (self.rankings_before(max(later)) if later else self).ranking_after(j)

    def value_ladder(self) -> tuple[Fraction, ...]:
        """The value of rank 1..N (N = ranked players)."""
        return self.ladder

    def standings(self, k: int | None = None) -> Standings:
        """The standings after round k (default: upto)."""
        seg = self.at(k)
        if seg is not self:
            return seg.standings(k)
        st = self._state(k)
        values = self.value_ladder()
        eligible = self.eligibility(st.round)
        away = set(out_of_keizer(self.season.championship,
                                 self.ruleset.championship.mode if self.ruleset.championship else None, st.round))
        rows = tuple(
            StandingRow(rank=place + 1, player=self.players[int(i)].id, score=Fraction(int(st.num[i]), st.den),
                        value=values[place], eligible=None if eligible is None else bool(eligible[i]),
                        final_group=self.players[int(i)].id in away)
            for place, i in enumerate(st.order))
        return Standings(round=st.round, rows=rows,
                         iteration=IterationReport(iterations=st.iterations, cycled=st.cycled,
                                                   cycle_length=st.cycle_length, capped=st.capped),
                         missing=missing_results(self.season, st.round, self.ruleset))

    def attended(self, k: int | None = None) -> np.ndarray:
        """Per ranked player: rounds 1..k taken part in, as the ruleset's `participation` counts it (docs/rules.md
        §5; by default K's "Opk": played, bye, duty, a team match), K's finalists' evenings in their group too."""
        seg = self.at(k)
        if seg is not self:
            return seg.attended(k)
        k = self._state(k).round
        counts = (self.slots.lazy().filter(pl.col("ranked").is_not_null() & (pl.col("round") <= k))
                  .group_by("ranked").agg(taking_part(self.ruleset.participation_counts).sum().alias("attended"))
                  .collect())
        out = np.zeros(len(self.players), dtype=np.int64)
        out[counts["ranked"].to_numpy()] = counts["attended"].to_numpy()
        index = {p.id: i for i, p in enumerate(self.players)}
        for pid, evenings in group_evenings(self.season, self.ruleset, k).items():  # K's finalists (§8)
            if pid in index:
                out[index[pid]] += evenings
        return out

    def eligibility(self, k: int | None = None) -> np.ndarray | None:
        """K's 33% rule per ranked player: taking part ≥ participation × rounds held; None without the rule."""
        share = self.ruleset.participation
        if share is None:
            return None
        seg = self.at(k)
        if seg is not self:
            return seg.eligibility(k)
        k = self._state(k).round
        return self.attended(k) * share.denominator >= share.numerator * k


def missing_results(season: Season, k: int, ruleset: Ruleset) -> int:
    """Results of rounds 1..k still to come — games pending and team matches marked without their result,
    where that result changes the score (`Ruleset.team_result_scores`: not under D, art. 18): the standings
    after k are provisional while any is."""
    team = ruleset.team_result_scores
    return sum(sum(1 for g in rnd.games if not g.result.is_decided)
               + (sum(1 for _, entry in rnd.entries if entry is EntryKind.EXTERNAL_PENDING) if team else 0)
               for rnd in season.rounds[:k])


def last_paired_round(season: Season) -> int:
    """The highest round with games: the replay can go no further."""
    return max((r.number for r in season.rounds if r.is_paired), default=0)


def replay(season: Season, upto: int | None = None, *, cap: int = ITERATION_CAP, bounded: bool = True) -> Replay:
    """Replay rounds 1..upto (default: the last scored round); 0 is the starting ranking.

    `cap`: the iteration's safety net (docs/rules.md §3), reported as `capped` when reached. `bounded`: a season
    past what keizer scores in time is refused first (`scoring.work`); benchmarks time such seasons: False."""
    ruleset = parse_ruleset(season.ruleset_spec)
    top = last_paired_round(season)
    if upto is None:
        upto = season.last_scored_round
    if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= top:
        raise InputError("round", f"must be between 0 and {top} (the paired rounds), got {upto!r}")
    if bounded:
        check_scoring_work(worst_case_work(season, ruleset, upto, cap), len(season.players), upto)
    return _chain(season, ruleset, upto, cap)[0]


def replay_with_engine(season: Season, ruleset: Ruleset, upto: int, horizon: int = 0) -> tuple[Replay, Engine]:
    """`replay` of rounds 1..upto (checked by the caller) with the engine of its last segment, which can step
    on to the next rounds up to `horizon` (`scoring.onward`: its scale's bound holds the scores that far)."""
    return _chain(season, ruleset, upto, ITERATION_CAP, horizon=horizon)


def _chain(season: Season, ruleset: Ruleset, upto: int, cap: int, made: int = 0,
           horizon: int = 0) -> tuple[Replay, Engine]:
    """Rounds 1..upto, a segment per change of the ranked players (docs/rules.md §6); `made`: as `Replay.made`;
    the last segment's engine made for `horizon` rounds (at least upto)."""
    starts = boundaries(season, ruleset, upto, made)
    done: tuple[Replay, Engine] | None = None
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else upto
        last = i + 1 == len(starts)
        done = _segment(season, ruleset, start, end, done[0] if done else None, cap, made,
                        max(end, horizon) if last else end)
    assert done is not None
    return done


def _segment(season: Season, ruleset: Ruleset, start: int, end: int, earlier: Replay | None, cap: int,
             made: int, horizon: int) -> tuple[Replay, Engine]:
    """Rounds 1..end of the season as it stood at round `start`, its tables published from `start` on;
    round `start` is scored from the ranking it was paired from (`Replay.entry_ranking`)."""
    scored = season_as_of(season, ruleset, start, made)
    booked = forfeits_as_booked(scored, ruleset)
    facts = season_facts(booked, ruleset, end)
    slots = indexed_by(slots_frame(booked, facts), scored, season)
    players = tuple(scored.players[i] for i in facts.ranked)
    starts, entered = ({}, {}) if earlier is None else \
        round_starts(season, ruleset, start, players, earlier.ranking_as_of, earlier.entry_ranking)
    engine = make_engine(scored, ruleset, facts.prices, players, max_rounds=horizon, cap=cap, entered=entered)
    terms = compile_terms(slots, engine.scale, len(players), end)
    engine.start()
    for k, t in enumerate(terms, start=1):
        if k in starts:
            state = engine.states[-1]
            engine.states[-1] = replace(state, order=np.array(starts[k], dtype=state.order.dtype))
        engine.step(k, t, search=earlier is None or k >= start)  # before `start`: unpublished, not searched
    v0 = tuple(Fraction(int(v), engine.scale.lv) for v in engine.v0)
    return Replay(season=season, ruleset=ruleset, upto=end, players=players, ladder=engine.scale.values,
                  slots=slots, prices=facts.prices, states=tuple(engine.states),
                  first=start if earlier is not None else 0, earlier=earlier, made=made, cap=cap,
                  starting=v0, bonus=tuple(bool(b) for b in engine.bonus)), engine


__all__ = ["IterationReport", "Replay", "StandingRow", "Standings", "missing_results", "removed_players", "replay"]
