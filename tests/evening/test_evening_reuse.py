"""The desk's re-solves reuse the last solve's history and priced pairs only while they are valid, and find
exactly what a fresh solve finds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest

from keizer.pairing import costs as pairing_costs
from keizer.pairing import instance as pairing_instance
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.history import History
from keizer.seasons.model import EntryKind, Result, Season
from keizer.evening.evening import Evening
from keizer.evening.desk.desk import PairingDesk


@dataclass
class Built:
    """How often the pairing history was read and a pair with a past priced since the last look."""

    histories: int = 0
    pairs: int = 0

    def take(self) -> tuple[int, int]:
        seen = (self.histories, self.pairs)
        self.histories = self.pairs = 0
        return seen


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[Built]:
    counts = Built()
    history, edge, price_met = pairing_instance.season_history, CostContext.edge, pairing_costs._price_met

    def counted_history(season: Season, k: int, slots: object = None) -> History:
        counts.histories += 1
        return history(season, k, slots)  # type: ignore[arg-type]

    def counted_edge(self: CostContext, a: object, b: object, meetings: object = None) -> tuple[bool, int, int, int]:
        counts.pairs += 1
        return edge(self, a, b, meetings)  # type: ignore[arg-type]

    def counted_price_met(inst: object, ctx: object, met: list[object], *rest: object) -> None:
        counts.pairs += len(met)  # a round's pairs with a past, priced at once
        price_met(inst, ctx, met, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(pairing_instance, "season_history", counted_history)
    monkeypatch.setattr(CostContext, "edge", counted_edge)
    monkeypatch.setattr(pairing_costs, "_price_met", counted_price_met)
    yield counts


def _fresh(evening: Evening, desk: PairingDesk, k: int) -> None:
    """A desk with the same locks and forbids that solves from nothing: the reused solve must equal it."""
    fresh = PairingDesk(evening._session)
    fresh.follow(k)
    fresh.locks, fresh.forbids = set(desk.locks), set(desk.forbids)
    want = fresh.solve(k)
    got = desk.views()
    assert got == want
    assert [v.reasons for v in got] == [v.reasons for v in want]  # the explanations too


def test_a_resolve_reuses_what_a_lock_a_forbid_or_a_latecomer_leave_valid(evening: Evening, built: Built) -> None:
    desk = evening.desk
    desk.solve(33)
    assert desk.reuse is not None and desk.reuse.round_number == 33
    history, priced = built.take()
    assert history == 1 and priced > 0
    desk.toggle_lock(0, 2)
    desk.solve(33)
    assert built.take() == (0, 0)  # the same past, players and places: nothing read or priced again
    _fresh(evening, desk, 33)
    built.take()
    desk.toggle_forbid(0, 1)
    desk.solve(33)
    assert built.take() == (0, 0)
    _fresh(evening, desk, 33)
    built.take()
    # A latecomer: the past is the same (the history stays), the places move (every pair is priced anew).
    excused = next(pid for pid, entry in evening.season.round(33).entries if entry is EntryKind.EXCUSED)
    evening.attendance.set(33, excused, None)
    desk.solve(33)
    history, priced = built.take()
    assert history == 0 and priced > 0
    _fresh(evening, desk, 33)


def test_an_edited_result_of_an_earlier_round_rebuilds_everything(evening: Evening, built: Built) -> None:
    desk = evening.desk
    desk.solve(33)
    before = desk.reuse
    built.take()
    game = evening.season.round(32).games[0]
    evening.results.set_result(32, "board:1", Result.DRAW if game.result is not Result.DRAW else Result.WHITE_WINS, replace=True)
    desk.solve(33)
    history, priced = built.take()
    assert history == 1 and priced > 0  # the past changed, and with it the ranking
    assert before is not None and desk.reuse is not None
    assert desk.reuse.history is not before.history
    _fresh(evening, desk, 33)


def test_a_reused_part_serves_only_its_own_round_and_past(evening: Evening) -> None:
    desk = evening.desk
    desk.solve(33)
    reuse = desk.reuse
    assert reuse is not None
    season = evening.season
    assert reuse.history_for(season, 33) is reuse.history
    assert reuse.history_for(season, 32) is None  # another round
    assert reuse.history_for(replace(season, rounds_planned=(season.rounds_planned or 40) + 1), 33) is None
    assert reuse.history_for(replace(season, rounds=season.rounds[:-1]), 33) is reuse.history  # round 33 apart
    desk.follow(34)
    assert desk.reuse is None  # a different round starts from nothing
