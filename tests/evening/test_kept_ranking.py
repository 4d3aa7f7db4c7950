"""Rankings kept in the store: a season opens on its round without the scoring engine, and a kept ranking is
used only for the very season and code it was replayed from."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.evening import ranking_fingerprint
from keizer.evening.evening import Evening
from keizer.evening.ranking_fingerprint import entry_fingerprint
from keizer.evening.session import EveningSession
from keizer.seasons.model import EntryKind, Result
from keizer.seasons.store.events import ResultSet
from keizer.seasons.store.season_store import SeasonStore
from tests.evening.test_shared_season import write_lock_held

K = 33
"""The tests' club evening pairs round 33 next."""

READ_BACK = """
import json, sys
from keizer.evening.session import EveningSession
session = EveningSession.open(sys.argv[1])
ranking = session.ranking_before(33)
print(json.dumps({"ranking": list(ranking), "engine": sorted(m for m in ("polars", "numpy", "keizer.scoring.replay")
                                                              if m in sys.modules)}))
"""


def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each replay a session makes from here on, by the last round it replays."""
    made: list[int] = []
    original = EveningSession.replay

    def counted(self: EveningSession, upto: int):  # type: ignore[no-untyped-def]
        made.append(upto)
        return original(self, upto)

    monkeypatch.setattr(EveningSession, "replay", counted)
    return made


def kept_rows(store: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(store)
    try:
        return conn.execute("SELECT fingerprint, ranking FROM kept_rankings ORDER BY kept").fetchall()
    finally:
        conn.close()


def truth(store: Path, k: int = K) -> tuple[str, ...]:
    """The ranking round k is paired from, replayed in a store opened read-only (which keeps nothing)."""
    with SeasonStore.open(store, readonly=True) as read:
        session = EveningSession(read)
        return session.replay(k - 1).entry_ranking(k)[0]


def test_a_ranking_replayed_once_is_read_back_by_the_next_process_without_the_engine(demo_store: Path) -> None:
    first = subprocess.run([sys.executable, "-c", READ_BACK, str(demo_store)], capture_output=True, text=True,
                           check=True)
    assert json.loads(first.stdout)["engine"] == ["keizer.scoring.replay", "numpy", "polars"]  # replayed
    second = subprocess.run([sys.executable, "-c", READ_BACK, str(demo_store)], capture_output=True, text=True,
                            check=True)
    assert json.loads(second.stdout) == {"ranking": list(truth(demo_store)), "engine": []}


def test_a_mark_in_the_round_keeps_it_and_a_result_before_the_round_does_not(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = truth(demo_store)
    made = replays(monkeypatch)
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
        absent = next(p.id for p in evening.season.players if evening.season.round(K).entry_of(p.id) is None)
        evening.attendance.set(K, absent, EntryKind.EXCUSED)  # round 33 itself: its ranking is the same
    assert made == [K - 1] and len(kept_rows(demo_store)) == 1
    with closing(Evening.open(demo_store)) as evening:
        assert evening._session.ranking_before(K) == expected
        assert made == [K - 1]  # read back, not replayed
        game = evening.season.round(K - 1).games[0]
        flipped = Result.BLACK_WINS if game.result is Result.WHITE_WINS else Result.WHITE_WINS
        evening._session.commit("a result corrected", ResultSet(K - 1, game.white, game.black, flipped))
    with closing(Evening.open(demo_store)) as evening:
        corrected = evening._session.ranking_before(K)
        assert made == [K - 1, K - 1]  # a result of round 32 changed what round 33 is paired from: replayed
    assert corrected == truth(demo_store) and len(kept_rows(demo_store)) == 2


def test_a_store_opened_read_only_keeps_nothing(demo_store: Path) -> None:
    before = demo_store.read_bytes()
    session = EveningSession.open(demo_store, readonly=True)
    try:
        assert session.ranking_before(K) == truth(demo_store)
    finally:
        session.close()
    assert demo_store.read_bytes() == before


def test_a_ranking_is_not_kept_while_another_program_writes_and_nothing_waits(demo_store: Path) -> None:
    session = EveningSession.open(demo_store, timeout=30)
    try:
        with write_lock_held(demo_store):
            assert session.ranking_before(K) == truth(demo_store)  # at once, not after the 30 s timeout
        assert kept_rows(demo_store) == []
        assert session.store.keep_ranking("x" * 64, ("p01",))  # once the other program is done
    finally:
        session.close()
    assert [f for f, _ in kept_rows(demo_store)] == ["x" * 64]


@pytest.mark.parametrize("kept", ['["nobody"]', '["p01", "p01"]', '{"p01": 1}', '[1, 2]'])
def test_a_kept_ranking_changed_by_hand_into_no_ranking_is_replayed_and_kept_anew(
        demo_store: Path, kept: str) -> None:
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
    conn = sqlite3.connect(demo_store)
    conn.execute("UPDATE kept_rankings SET ranking = ?", (kept,))
    conn.commit()
    conn.close()
    with closing(Evening.open(demo_store)) as evening:
        assert evening._session.ranking_before(K) == truth(demo_store)
    assert json.loads(kept_rows(demo_store)[0][1]) == list(truth(demo_store))


def test_the_fingerprint_reads_what_a_replay_reads(demo_store: Path) -> None:
    season = SeasonStore.open(demo_store, readonly=True).season
    print_ = entry_fingerprint(season, K)
    assert print_ is not None and len(print_) == 64
    assert entry_fingerprint(replace(season, name="Another name"), K) == print_  # NOT_READ
    assert entry_fingerprint(season, K - 1) != print_  # another round
    without_last = replace(season, rounds=season.rounds[:-1])  # round 33 (not played) is not read for it
    assert entry_fingerprint(without_last, K) == print_
    players = (replace(season.players[0], rating=(season.players[0].rating or 1500) + 1), *season.players[1:])
    assert entry_fingerprint(replace(season, players=players), K) != print_


def test_another_ranking_code_finds_nothing_kept(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    season = SeasonStore.open(demo_store, readonly=True).season
    mine = entry_fingerprint(season, K)
    monkeypatch.setattr(ranking_fingerprint, "code_fingerprint", lambda: "another keizer")
    assert entry_fingerprint(season, K) not in (None, mine)
    monkeypatch.setattr(ranking_fingerprint, "code_fingerprint", lambda: None)  # code it cannot read
    assert entry_fingerprint(season, K) is None
    with closing(Evening.open(demo_store)) as evening:
        assert evening._session.ranking_before(K) == truth(demo_store)
    assert kept_rows(demo_store) == []


def test_the_code_fingerprint_covers_the_ranking_code(monkeypatch: pytest.MonkeyPatch) -> None:
    ranking_fingerprint.code_fingerprint.cache_clear()
    whole = ranking_fingerprint.code_fingerprint()
    monkeypatch.setattr(ranking_fingerprint, "RANKING_CODE", ("keizer.seasons",))
    ranking_fingerprint.code_fingerprint.cache_clear()
    fewer = ranking_fingerprint.code_fingerprint()
    ranking_fingerprint.code_fingerprint.cache_clear()  # the next test reads the whole code again
    assert whole is not None and fewer not in (None, whole)


def forge(store: Path, ranking: list[str]) -> None:
    """The kept ranking rewritten by hand under its own fingerprint (issue 30): still a ranking of the season's
    players, so nothing about it is told by reading it."""
    conn = sqlite3.connect(store)
    conn.execute("UPDATE kept_rankings SET ranking = ?", (json.dumps(ranking),))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("how", ["reordered", "shortened"])
def test_a_kept_ranking_changed_by_hand_is_shown_at_once_then_confirmed_by_a_replay(demo_store: Path,
                                                                                    how: str) -> None:
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
    true = list(truth(demo_store))
    forged = true[::-1] if how == "reordered" else true[:-1]
    forge(demo_store, forged)
    with closing(Evening.open(demo_store)) as evening:
        assert list(evening._session.ranking_before(K)) == forged  # the first screen: at once, from the store
        assert evening._session.unconfirmed
        said = evening._session.confirm_rankings()
        assert len(said) == 1 and f"round {K}" in said[0] and "replaced" in said[0] and "\n" not in said[0]
        assert not evening._session.unconfirmed
        assert list(evening._session.ranking_before(K)) == true
        assert {row.player.id for row in evening.attendance.rows(K)} >= set(true)  # nobody hidden any more
    assert json.loads(kept_rows(demo_store)[0][1]) == true  # the store keeps the replay's


def test_a_kept_ranking_a_replay_confirms_is_said_nothing_of(demo_store: Path) -> None:
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
        assert evening._session.unconfirmed and evening._session.confirm_rankings() == ()
        assert not evening._session.unconfirmed


def test_validate_checks_every_kept_ranking_against_a_replay(demo_store: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from keizer.tui.cli.main import main

    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
        evening._session.ranking_before(K - 1)
    assert main(["validate", str(demo_store)]) == 0
    capsys.readouterr()
    true = list(truth(demo_store))
    conn = sqlite3.connect(demo_store)
    conn.execute("UPDATE kept_rankings SET ranking = ? WHERE kept = (SELECT max(kept) FROM kept_rankings)",
                 (json.dumps(true[::-1]),))
    conn.commit()
    conn.close()
    assert main(["validate", str(demo_store)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid" in err and "kept" in err and f"round {K - 1}" in err
