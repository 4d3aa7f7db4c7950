"""The live evening in the store (schema 14): its records in the log (checked like every event, passed by undo,
in no export), its tables beside the log (the kiosk's passes, the wrong codes), an older store upgraded by its
first write and left alone by a read, and `keizer validate` finding what was changed by hand."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.season_json.write import season_to_json
from keizer.seasons.store import schema
from keizer.seasons.store.events import CheckedIn, PairingSaved, ResultReported, ResultSet, RoundAdded
from keizer.seasons.store.season_store import SeasonStore, validate_store
from tests.store.store_helpers import make_season

P = PlayerId


@pytest.fixture
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    with SeasonStore.create(tmp_path / "club.keizer", make_season(6)) as s:
        s.apply("round 1", RoundAdded(1), PairingSaved(1, ((P("p01"), P("p02")), (P("p03"), P("p04")),
                                                                 (P("p05"), P("p06")))))
        yield s


def test_the_records_are_checked_like_every_event(store: SeasonStore) -> None:
    for bad in (CheckedIn(3, P("p01")), CheckedIn(1, P("nobody")),
                ResultReported(1, P("p02"), P("p01"), "white", Result.WHITE_WINS),  # no such game
                ResultReported(1, P("p01"), P("p02"), "white", Result.WHITE_FORFEIT_WIN)):
        with pytest.raises(KeizerError):
            store.apply("bad", bad)
    head = store.head()
    store.apply("round 1: One checked in at the door", CheckedIn(2, P("p01")))  # the next round: not listed yet
    store.apply("reported", ResultReported(1, P("p01"), P("p02"), "black", Result.DRAW))
    assert store.last_change() == head and store.head() == head + 2
    assert [e for _, _, e in store.records_of(ResultReported)] == [
        ResultReported(1, P("p01"), P("p02"), "black", Result.DRAW)]
    assert store.records_of(CheckedIn, after=store.head()) == ()
    assert store.verify() == ()


def test_undo_passes_records_by_and_the_exact_check_does_not(store: SeasonStore) -> None:
    from keizer.seasons.errors import ChangedMeanwhile

    store.apply("a result", ResultSet(1, P("p03"), P("p04"), Result.DRAW))
    seen = store.head()
    store.apply("a report", ResultReported(1, P("p01"), P("p02"), "white", Result.WHITE_WINS))
    store.apply("another result", ResultSet(1, P("p01"), P("p02"), Result.DRAW), expect_head=seen)  # records pass
    with pytest.raises(ChangedMeanwhile):
        store.apply("computed from the records", CheckedIn(1, P("p05")), expect_head=seen + 1, exact=True)
    assert store.undo() == "another result"
    assert store.undo() == "a result"
    assert len(store.records_of(ResultReported)) == 1


def test_the_tables_beside_the_log_are_not_in_it(store: SeasonStore) -> None:
    head, history = store.head(), store.history()
    pass_id = store.add_live_pass(1, "2024-09-05", "digest", "2024-09-05T17:00:00+00:00")
    assert store.use_live_pass(pass_id, "2024-09-05T17:01:00+00:00")
    assert not store.use_live_pass(pass_id, "2024-09-05T17:02:00+00:00")  # once
    assert store.guessed_wrong("2024-09-05", "board 3", "2024-09-05T18:00:00+00:00") == 1
    assert store.guessed_wrong("2024-09-05", "board 3", "2024-09-05T18:01:00+00:00") == 2
    assert store.end_live_passes("2024-09-05", "2024-09-05T22:00:00+00:00") == 1
    assert [p.ended for p in store.live_passes("2024-09-05")] == ["2024-09-05T22:00:00+00:00"]
    assert (store.head(), store.history()) == (head, history)
    assert store.verify() == ()
    assert "live" not in str(season_to_json(store.season))


def test_an_older_store_is_upgraded_by_its_first_write_not_by_a_read(tmp_path: Path, season: Season,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.keizer"
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:schema.LIVE_VERSION - 1])
        SeasonStore.create(path, season).close()
    before = path.read_bytes()
    with SeasonStore.open(path) as old:
        assert old.live_passes("2024-09-05") == () and old.live_guesses("2024-09-05") == ()
        assert old.end_live_passes("2024-09-05", "2024-09-05T22:00:00+00:00") == 0
    assert path.read_bytes() == before
    with SeasonStore.open(path) as old:
        old.add_live_pass(1, "2024-09-05", "digest", "2024-09-05T17:00:00+00:00")
        assert len(old.live_passes("2024-09-05")) == 1
    assert validate_store(path) == ()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (str(schema.LIVE_VERSION),)
    conn.close()


def test_validate_finds_the_tables_changed_by_hand(store: SeasonStore) -> None:
    store.add_live_pass(1, "2024-09-05", "digest", "2024-09-05T17:00:00+00:00")
    conn = sqlite3.connect(store.path)
    conn.execute("UPDATE live_passes SET day = 'Thursday', used = '2020-01-01T00:00:00+00:00'")
    conn.commit()
    conn.close()
    assert any("kiosk pass 1" in problem for problem in validate_store(store.path))


@pytest.fixture
def season() -> Season:
    return make_season(6)
