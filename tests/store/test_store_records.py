"""A `published` record is no undo step: undo and redo pass it by and it stays in effect (issue 20.8); a log
written before that, which undid a record as the newest action, is still read."""

from __future__ import annotations

from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.store.events import Event, PlayerAdded, SeasonCreated
from keizer.seasons.store.published import Published
from keizer.seasons.store.timeline import ActionRow, Timeline

START = Season(name="club", ruleset_spec="keizer-classic", players=(Player(PlayerId("a"), "Ann"),))
EVENTS: dict[int, tuple[Event, ...]] = {
    1: (SeasonCreated(START),),
    2: (PlayerAdded(Player(PlayerId("b"), "Bob")),),
    3: (Published(0, "nl", 2, "site"),),
    5: (PlayerAdded(Player(PlayerId("c"), "Cas")),),
    7: (Published(0, "en", 1, "site-en"),),
}


def timeline(*rows: tuple[int, str, int | None]) -> Timeline:
    t = Timeline(check=True)
    t.extend((ActionRow(i, f"action {i}", kind, target, "2026-01-01T00:00:00+00:00") for i, kind, target in rows),
             lambda i: EVENTS[i])
    return t


def ids(season: Season) -> list[str]:
    return [p.id for p in season.players]


def test_an_undo_takes_back_the_change_under_a_record_and_the_record_stays() -> None:
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None))
    assert t.undo_target is not None and t.undo_target.id == 2  # not the record on top
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None), (4, "undo", 2))
    assert t.effective == [1, 3] and ids(t.season) == ["a"] and t.states == [t.states[0]] * 2
    assert t.undo_target is None  # only the creation and the record are left: nothing to undo
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None), (4, "undo", 2), (6, "redo", 2))
    assert t.effective == [1, 3, 2] and ids(t.season) == ["a", "b"]


def test_a_record_does_not_make_the_undone_change_unreachable() -> None:
    t = timeline((1, "do", None), (2, "do", None), (4, "undo", 2), (7, "do", None))
    assert t.redo_target is not None and t.redo_target.id == 2  # publishing after an undo: redo still brings it


def test_a_change_after_a_record_is_undone_first() -> None:
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None), (5, "do", None))
    assert t.undo_target is not None and t.undo_target.id == 5


def test_an_older_log_that_undid_a_record_is_still_read() -> None:
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None), (4, "undo", 3))
    assert t.effective == [1, 2] and t.redo_target is not None and t.redo_target.id == 3
    t = timeline((1, "do", None), (2, "do", None), (3, "do", None), (4, "undo", 3), (6, "redo", 3))
    assert t.effective == [1, 2, 3] and t.records == {3}
