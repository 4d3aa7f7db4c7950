"""The store's kept rankings: a derived table beside the log — bounded, never in the log, never an upgrade."""

from __future__ import annotations

import pytest

from keizer.seasons.model import Season
from keizer.seasons.store import kept_rankings, schema
from keizer.seasons.store.events import RoundAdded
from keizer.seasons.store.season_store import SeasonStore
from test_store_files import meta, raw


def test_a_kept_ranking_is_read_back_and_the_newest_are_kept(store: SeasonStore) -> None:
    head, history = store.head(), store.history()
    for i in range(kept_rankings.KEPT + 5):
        assert store.keep_ranking(f"print-{i}", (f"p{i:02}", "p99"))
    assert store.kept_ranking("print-4") is None  # the oldest went
    assert store.kept_ranking("print-5") == ("p05", "p99")
    assert store.kept_ranking(f"print-{kept_rankings.KEPT + 4}") == (f"p{kept_rankings.KEPT + 4:02}", "p99")
    assert store.keep_ranking("print-5", ("p98",)) and store.kept_ranking("print-5") == ("p98",)  # kept anew
    conn = raw(store.path)
    try:
        assert conn.execute("SELECT count(*) FROM kept_rankings").fetchone()[0] == kept_rankings.KEPT
    finally:
        conn.close()
    assert (store.head(), store.history()) == (head, history)  # nothing in the log, no undo step
    assert store.verify() == ()


def test_an_older_store_keeps_nothing_and_is_not_upgraded_by_a_read(
        store_path, season: Season, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:schema.KEPT_RANKINGS_VERSION - 1])
        with SeasonStore.create(store_path, season) as store:
            store.apply("a", RoundAdded(1))
    before = store_path.read_bytes()
    with SeasonStore.open(store_path) as store:
        assert store.kept_ranking("print") is None
        assert not store.keep_ranking("print", ("p01",))
    assert meta(store_path)["schema_version"] == str(schema.KEPT_RANKINGS_VERSION - 1)
    assert store_path.read_bytes() == before
    with SeasonStore.open(store_path) as store:  # its first write upgrades it: then it keeps
        store.apply("b", RoundAdded(2))
        assert store.keep_ranking("print", ("p01",)) and store.kept_ranking("print") == ("p01",)


def test_a_store_opened_read_only_keeps_nothing(store: SeasonStore) -> None:
    store.keep_ranking("print", ("p01",))
    with SeasonStore.open(store.path, readonly=True) as read:
        assert read.kept_ranking("print") == ("p01",)
        assert not read.keep_ranking("other", ("p02",))
    assert store.kept_ranking("other") is None
