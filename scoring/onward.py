"""A replay carried on one round at a time from its last round, without replaying rounds 1..K again.

`replay` scores rounds 1..K from the season's text; a forecast plays the rounds after K thousands of times,
each run from the same standings. `Onward` keeps the last segment's engine and slot builder (`Engine.fork`,
`FactsBuilder.fork`) and adds one round as `replay` would score it: its slots (`FactsBuilder.add`), its terms
(`round_terms`, the frame's `compile_terms` without the frame) and one `Engine.step`. A round at which the
ranked players change (a joiner, a removal: a new segment, docs/rules.md §6) starts a new `Onward`
(`next_segment`), scored again from round 1 as `replay` scores such a segment. Tests hold every table it
gives to `replay`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction

import numpy as np

from keizer.scoring.asof import boundaries, entry_ranking, removed_at, round_starts, season_as_of
from keizer.scoring.engine import Engine, RoundState
from keizer.scoring.facts import KIND_CODE, KINDS, OUTCOME_CODE, FactsBuilder, facts_builder, forfeits_as_booked
from keizer.scoring.facts import removed_players, round_as_booked
from keizer.scoring.participation import entries_taking_part, group_evening
from keizer.scoring.replay import Replay, StandingRow, replay_with_engine
from keizer.scoring.starting import make_engine
from keizer.scoring.terms import round_terms
from keizer.seasons.championship import final_group, out_of_keizer
from keizer.seasons.model import ChampionshipGroup, Player, PlayerId, Round, Season
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.scoring.values import ladder_values

Entry = tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]
"""(ranking, values) a round is paired and scored from (`Replay.entry_ranking`)."""


class Onward:
    """The standings after round `upto`, ready to score the next round (one run of a forecast owns one)."""

    __slots__ = ("_part_kinds", "_part_games", "after", "attended", "builder", "engine", "entry", "gone", "group",
                 "ids", "pending", "players", "ruleset", "upto")

    def __init__(self, ruleset: Ruleset, players: tuple[Player, ...], engine: Engine, builder: FactsBuilder,
                 attended: np.ndarray, upto: int, after: list[tuple[PlayerId, ...]],
                 group: ChampionshipGroup | None = None, gone: Mapping[PlayerId, int] | None = None) -> None:
        self.ruleset = ruleset
        self.players = players
        """The ranked players in starting order (the engine's indices)."""
        self.ids = tuple(p.id for p in players)
        self.engine = engine
        self.builder = builder
        self.attended = attended
        """Per ranked player: rounds 1..upto taken part in (`Replay.attended`)."""
        self.upto = upto
        self.after = after
        """The ranking after each round 0..upto that a later segment starts that round from (`round_starts`):
        the published one, or the one derived again without a player a withdrawal removed since
        (`Replay.ranking_as_of`)."""
        self.group = group
        """A "separate" group out of the Keizer (K's finalists): their evenings in it count as taking part."""
        self.gone = dict(gone or {})
        """A finalist who withdrew → the first round without them (their evenings stop there)."""
        self.pending: list[int] | None = None
        """The order (ranked indices) the next round starts from when it is not the last round's ranking (a
        new segment's rounds, `round_starts`); None: the engine's own."""
        self.entry: Entry | None = None
        """Round upto + 1's entry ranking when this segment starts there (`next_segment`)."""
        counts = ruleset.participation_counts
        kinds = np.zeros(len(KINDS), dtype=bool)
        kinds[[KIND_CODE[k] for k in entries_taking_part(counts)]] = True
        self._part_kinds = kinds
        self._part_games = "game" in counts

    @staticmethod
    def of(season: Season, upto: int, horizon: int) -> Onward:
        """The standings after round `upto` of `season` (checked: rounds 1..upto paired), able to score the
        rounds up to `horizon` exactly (the scale's bound is made for that many rounds)."""
        ruleset = parse_ruleset(season.ruleset_spec)
        rep, engine = replay_with_engine(season, ruleset, upto, horizon=horizon)
        seg = rep.at(upto)
        start = max(1, seg.first)
        builder = facts_builder(forfeits_as_booked(season_as_of(season, ruleset, start), ruleset), ruleset)
        for rnd in season.rounds[:upto]:  # brings the builder's counts (the absence limit) up to round upto
            builder.add(round_as_booked(_known(rnd, builder), ruleset))
        after = [rep.ranking_as_of(j, upto) for j in range(upto)] + [rep.ranking_after(upto)]
        onward = Onward(ruleset, seg.players, engine, builder, seg.attended(upto).copy(), upto, after)
        onward._group_of(season)
        return onward

    def fork(self) -> Onward:
        """A copy that goes on on its own (each run of a forecast forks the standings it starts from)."""
        other = Onward(self.ruleset, self.players, self.engine.fork(), self.builder.fork(), self.attended.copy(),
                       self.upto, list(self.after), self.group, self.gone)
        other.pending, other.entry = self.pending, self.entry
        return other

    def next_segment(self, season: Season, horizon: int, rep: Replay | None = None) -> Onward:
        """The new segment that starts at round k = upto + 1 (`starts_segment`: the ranked players change),
        as `replay` scores it: the season as it stood at k, each round 1..k − 1 scored again from the ranking
        it started from (`round_starts`), ready to pair round k from its entry ranking (`entry_ranking`) and
        score it (`step`). Built from the rankings kept (`after`) — but for a withdrawal that removes a player
        at k (D art. 22: rankings derived again as if never there), which needs `rep`, a replay of rounds
        1..k − 1 of `season` (made when not given)."""
        k, ruleset = self.upto + 1, self.ruleset
        as_of: Callable[[int, int], tuple[PlayerId, ...]]
        entry: Callable[[int], Entry]
        if removed_at(season, ruleset, k):
            rep = rep if rep is not None else replay_with_engine(season, ruleset, k - 1)[0]
            as_of, entry = rep.ranking_as_of, rep.entry_ranking
        else:
            as_of, entry = (lambda j, _: self.after[j]), (lambda _: self._entry_at(season, k))
        booked = forfeits_as_booked(season_as_of(season, ruleset, k), ruleset)
        builder = facts_builder(booked, ruleset)
        players = tuple(booked.players[i] for i in builder.ranked)
        starts, entered = round_starts(season, ruleset, k, players, as_of, entry)
        engine = make_engine(booked, ruleset, builder.prices, players, max_rounds=max(k, horizon), entered=entered)
        engine.start()
        onward = Onward(ruleset, players, engine, builder, np.zeros(len(players), dtype=np.int64), 0, [])
        onward._group_of(season)
        for j in range(1, k):
            onward.pending = starts[j]
            onward.step(booked.rounds[j - 1])
        onward.pending = starts[k]
        onward.entry = entry(k)
        onward.after = [as_of(j, k) for j in range(k)]
        return onward

    def _group_of(self, season: Season) -> None:
        rule = self.ruleset.championship
        self.group = final_group(season.championship, rule.mode if rule else None)
        members = set(self.group.members) if self.group is not None else set()
        self.gone = {w.player: w.before_round for w in season.withdrawals if w.player in members}

    @property
    def state(self) -> RoundState:
        return self.engine.states[-1]

    def ranking(self) -> tuple[PlayerId, ...]:
        """The Keizer ranking after round `upto`."""
        ids = self.ids
        return tuple(ids[i] for i in self.state.order.tolist())

    def starts_segment(self, season: Season, k: int) -> bool:
        """Whether the ranked players change at round k (a joiner, a removal): round k is then scored by a new
        segment (`next_segment`), not carried on."""
        return k in boundaries(season, self.ruleset, k)[1:]

    def entry_ranking(self, season: Season, k: int) -> Entry:
        """(ranking, values) round k = upto + 1 is paired from (`Replay.entry_ranking`): the ranking after
        `upto`, or a new segment's (`next_segment`: the players who join or are removed at k put in or taken out)."""
        assert k == self.upto + 1, f"round {k} does not follow round {self.upto}"
        if self.entry is not None:
            return self.entry
        assert not self.starts_segment(season, k), f"round {k} starts a segment: next_segment first"
        before = self.ranking()
        return before, self.engine.scale.values[: len(before)]

    def _entry_at(self, season: Season, k: int) -> Entry:
        """Round k's entry ranking from the ranking after k − 1 when no withdrawal removes a player at k."""
        ruleset = self.ruleset
        scored = season_as_of(season, ruleset, k)
        gone = removed_players(scored, ruleset)
        held = out_of_keizer(season.championship, ruleset.championship.mode if ruleset.championship else None, k - 1)
        ranking = entry_ranking(self.ranking(), [p for p in scored.players if p.id not in gone], held)
        ladder = self.engine.scale.values
        values = ladder if len(ranking) == len(ladder) else ladder_values(ruleset.value, len(ranking))
        return ranking, tuple(values[: len(ranking)])

    def step(self, rnd: Round) -> RoundState:
        """Score round `upto + 1` (`rnd`, paired and played) onto the standings."""
        assert rnd.number == self.upto + 1, f"round {rnd.number} does not follow round {self.upto}"
        facts = self.builder.add(round_as_booked(_known(rnd, self.builder), self.ruleset))
        part = self._part_kinds[facts.kind]
        if self._part_games:
            part |= (facts.kind == KIND_CODE["game"]) & (facts.outcome != OUTCOME_CODE["forfeit_loss"])
        group = self.group
        if group is not None and rnd.number > group.formed_after:  # K's finalists' evenings in their group
            index = self.index()
            for member in group.members:
                if member in index and rnd.number < self.gone.get(member, rnd.number + 1):
                    part[index[member]] |= group_evening(rnd, self.ruleset, group, member)
        self.attended = self.attended + part
        self.upto = rnd.number
        if self.pending is not None:  # a new segment's round: from the ranking it started from
            state = self.engine.states[-1]
            self.engine.states[-1] = replace(state, order=np.array(self.pending, dtype=state.order.dtype))
            self.pending, self.entry = None, None
        state = self.engine.step(rnd.number, round_terms(facts.who, facts.price, self.engine.scale))
        self.after.append(self.ranking())
        return state

    def index(self) -> dict[PlayerId, int]:
        """Player id → ranked index (the engine's)."""
        return {pid: i for i, pid in enumerate(self.ids)}

    def with_final_group(self, season: Season) -> None:
        """From now on score with `season`'s "separate" group out of the Keizer (docs/rules.md §8), as a
        replay of the season with the group does: its members hold places 1..size after the round it formed
        after, and each of their rounds from the next on is the slot `final_group`. No group: nothing changes."""
        group = final_group(season.championship, self.ruleset.championship.mode if self.ruleset.championship else None)
        if group is None:
            return
        self._group_of(season)
        index = self.index()
        members = np.array([index[m] for m in group.members if m in index], dtype=np.int64)
        from_round = self.builder.group_from.copy()
        from_round[members] = group.formed_after + 1
        self.builder.group_from = from_round
        self.engine.pinned_tb = (group.formed_after, replace(self.engine.tb, pinned=members))

    def rows(self) -> tuple[StandingRow, ...]:
        """The standings after `upto` as `Replay.standings` gives its rows (rank, exact score, value, the
        participation flag; the final group's mark from `season`'s group is the caller's)."""
        st = self.state
        share = self.ruleset.participation
        eligible = None if share is None else self.attended * share.denominator >= share.numerator * st.round
        ladder = self.engine.scale.values
        ids = self.ids
        return tuple(StandingRow(rank=place + 1, player=ids[i], score=Fraction(int(st.num[i]), st.den),
                                 value=ladder[place], eligible=None if eligible is None else bool(eligible[i]))
                     for place, i in enumerate(st.order.tolist()))


def _known(rnd: Round, builder: FactsBuilder) -> Round:
    """The round without the entries of players the builder does not know (the `late` entries of players who
    join in a later segment: `season_as_of` leaves them out the same way)."""
    index = builder.season_index
    if all(pid in index for pid, _ in rnd.entries):
        return rnd
    return Round(number=rnd.number, date=rnd.date, games=rnd.games,
                 entries=tuple(e for e in rnd.entries if e[0] in index), reports=rnd.reports)


__all__ = ["Onward"]
