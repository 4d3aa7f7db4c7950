"""F8 Prizes, Championship tab: `u` sets the rounds a member cannot play (one action, one undo step)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.app.app import make_app
from keizer.tui.app.dialogs.rounds import RoundsDialog
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.evening import Evening
from keizer.evening.championship.changes import formation, members_of, unavailability
from keizer.evening.championship.view import proposal, rounds_from


def test_rounds_are_typed_as_a_club_writes_them() -> None:
    assert rounds_from("") == ()
    assert rounds_from("34 24, 25") == (24, 25, 34)
    assert rounds_from("24-26 25 30–31") == (24, 25, 26, 30, 31)
    assert rounds_from("1-" + "0" * 4400 + "3") == (1, 2, 3)  # leading zeros, however many, are no typo
    for text, said in (("2x", "'2x' is not a round"), ("26-24", "runs backwards"), ("-3", "not a round"),
                       ("1-99999999", "at most 1000 rounds"), ("²", "not a round"),
                       ("9" * 5000, "at most 1000 rounds"), ("1-" + "1" * 4400, "at most 1000 rounds"),
                       ("9" * 5000 + "-1", "at most 1000 rounds")):
        with pytest.raises(KeizerError, match=said):
            rounds_from(text)


def formed_store(demo_store: Path, declined: tuple[PlayerId, ...] = ()) -> Path:
    store = SeasonStore.open(demo_store)
    try:
        store.apply("form", members_of(formation(store.season, declined)))
    finally:
        store.close()
    return demo_store


def test_the_service_refuses_what_the_group_cannot_have(demo_store: Path) -> None:
    evening = Evening.open(formed_store(demo_store))
    try:
        season = evening.season
        group = season.championship
        assert group is not None
        member, outsider = group.members[0], next(p.id for p in season.players if p.id not in group.members)
        with pytest.raises(KeizerError, match="not in the championship group"):
            unavailability(season, outsider, (30,))
        with pytest.raises(KeizerError, match=r"round 20: the group plays in rounds 21–36"):
            unavailability(season, member, (20, 30))
        with pytest.raises(KeizerError, match="round 37"):
            unavailability(season, member, (37,))
        with pytest.raises(KeizerError, match="unchanged"):
            unavailability(season, member, ())
        change = unavailability(season, member, (31, 30))
        assert len(change.events) == 1 and change.label.endswith("cannot play in the group: 30, 31")
    finally:
        evening.close()


async def test_u_asks_for_the_rounds_and_writes_them_as_one_undo_step(demo_store: Path) -> None:
    with SeasonStore.open(demo_store, readonly=True) as store:
        declined = proposal(store.season)[:1]
    app = make_app(formed_store(demo_store, declined))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        table = app.screen.query_one("#group-table", KeizerTable)
        table.focus()
        await pilot.press("down")
        pid = PlayerId(table.cursor_key or "")
        name = app.evening.season.player(pid).name
        head = app.evening.revision
        await pilot.press("u")
        dialog = app.screen
        assert isinstance(dialog, RoundsDialog) and name in dialog.title_text
        await pilot.press(*"30-31 34", "enter")
        group = app.evening.season.championship
        assert group is not None and group.unavailable_rounds(pid) == (30, 31, 34)
        assert app.evening.revision == head + 1
        assert app.said[-1].text == f"rounds {name} cannot play in the group: 30, 31, 34"
        members = str(app.screen.query_one("#group-members").render())
        assert f"Cannot play: {name} 30, 31, 34" in members.splitlines()
        assert any(line.startswith("Declined: ") for line in members.splitlines())  # its own line, no "\n"
        await pilot.press("u")  # the field starts with the rounds as they stand
        assert app.screen.query_one("#rounds").value == "30 31 34"  # type: ignore[attr-defined]
        await pilot.press("escape")
        assert app.evening.revision == head + 1
        await pilot.press("ctrl+z")
        group = app.evening.season.championship
        assert group is not None and group.unavailable_rounds(pid) == ()
    app.evening.close()


async def test_a_mistake_is_said_and_nothing_is_written(demo_store: Path) -> None:
    app = make_app(formed_store(demo_store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        head = app.evening.revision
        await pilot.press("u", *"2x", "enter")
        assert isinstance(app.screen, RoundsDialog)  # corrected in place: the dialog stays
        assert "'2x' is not a round" in str(app.screen.query_one("#error").render())
        app.screen.query_one("#rounds").value = "30 12"  # type: ignore[attr-defined]
        await pilot.press("enter")
        # a round outside the group's is a typo too: said in the dialog, the line kept to correct
        assert isinstance(app.screen, RoundsDialog)
        assert "round 12: the group plays in rounds 21–36" in str(app.screen.query_one("#error").render())
        assert app.screen.query_one("#rounds").value == "30 12"  # type: ignore[attr-defined]
        await pilot.press("escape")
        assert not isinstance(app.screen, RoundsDialog)
        assert app.evening.revision == head


async def test_before_the_group_forms_u_says_to_form_it(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8", "u")
        assert not isinstance(app.screen, RoundsDialog)
        assert app.said[-1].severity == "warning" and "form the group first (f)" in app.said[-1].text


async def test_a_proposal_made_without_the_rounds_is_dropped(tmp_path: Path) -> None:
    from keizer.pairing.simulate import simulate_season

    path = tmp_path / "sim.keizer"
    SeasonStore.create(path, simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)).close()
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8", "f", "s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.proposed is not None  # type: ignore[attr-defined]
        await pilot.press("u", *"25", "enter")
        await pilot.pause()
        assert screen.proposed is None  # type: ignore[attr-defined]
        assert "the proposal shown is dropped: s proposes again with them" in app.said[-1].text
        await pilot.press("a")
        group = app.evening.season.championship
        assert group is not None and not group.schedule  # nothing left to accept: s first


async def test_the_state_line_names_the_players(demo_store: Path) -> None:
    app = make_app(formed_store(demo_store))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        state = str(app.screen.query_one("#group-state").render())
        group = app.evening.season.championship
        assert group is not None and state.startswith("State: ")
        assert not any(pid in state for pid in group.members)  # ids are for scripts (keizer championship --json)
        assert any(app.evening.season.player(pid).name in state for pid in group.members)
    app.evening.close()


async def test_the_groups_screen_opens_in_the_group_table(demo_store: Path) -> None:
    app = make_app(formed_store(demo_store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#group-table")  # d, u, m act on its cursor at once
    app.evening.close()


def test_the_replay_cache_is_keyed_on_the_group(demo_store: Path) -> None:
    """K's separate final group holds its places in the replay: a cached replay from before the group
    changed must not be handed out after it."""
    evening = Evening.open(demo_store)
    try:
        before = evening._session.replay(20)
        assert evening._session.replay(20) is before  # cached while nothing it reads changes
        evening._session.commit("form", members_of(formation(evening.season, ())))
        assert evening.season.championship is not None
        assert evening._session.replay(20) is not before
    finally:
        evening.close()
