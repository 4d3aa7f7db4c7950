"""The Season screen's ruleset summary: a line each for the classes, cups and championship group it has."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.tui.app.app import make_app
from keizer.evening.settings import prize_lines
from tests.tui.waiting import until


def test_a_line_only_for_what_the_ruleset_has() -> None:
    assert prize_lines(parse_ruleset("keizer-classic"), 30) == ()
    d = prize_lines(parse_ruleset("doorn-driebergen-2019"), 36)
    assert d == ("classes A, B, C, D read after rounds 20 and 36: 1 up, 1 down, sizes kept even",
                 "championship group of 6 after round 20, inside the Keizer, up to round 36")
    k = prize_lines(parse_ruleset("kijk-uit"))
    assert k == ("group cups for the first 2 of each group (participation rule)",
                 "championship group of 6 after round 20, outside the Keizer, up to round 30")
    # a D season plays 36 rounds unless told otherwise (issue 31): its final reading is a number too
    assert "after rounds 20 and 36" in prize_lines(parse_ruleset("doorn-driebergen-2019"))[0]


async def test_the_season_screen_shows_them_and_follows_a_saved_change(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f7")
        summary = str(app.screen.query_one("#summary").render())
        lines = summary.splitlines()
        assert lines[0].startswith("doorn-driebergen-2019: values 80")
        assert lines[1].startswith("classes A, B, C, D") and lines[2].startswith("championship group of 6")
        assert "cups" not in summary
        app.screen.query_one("#overrides").text = (  # type: ignore[attr-defined]
            '{"championship": null, "cups": {"top": 3, "participation": false}}')
        await pilot.press("ctrl+s")
        await pilot.pause()
        lines = str(app.screen.query_one("#summary").render()).splitlines()
        assert lines[1:] == ["classes A, B, C, D read after rounds 20 and 36: 1 up, 1 down, sizes kept even",
                             "group cups for the first 3 of each group"]
    app.evening.close()


async def test_at_80_by_24_the_summary_is_in_sight_and_the_fields_scroll_to_the_focus(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        form = app.screen.query_one("#season-form")
        summary = app.screen.query_one("#summary")
        assert summary.region.height >= 3 and form.region.contains_region(summary.region)
        app.screen.query_one("#overrides").focus()
        overrides = app.screen.query_one("#overrides")
        # the form scrolls to the focus with an animation: wait for where it ends, not for a while
        await until(pilot, lambda: form.scroll_y > 0 and form.region.contains_region(overrides.region))
    app.evening.close()
