"""The TUI's Publish (p on the Standings screen, and the command palette): the site next to the store, said
where; a result corrected afterwards shows that the published notice is older than the data."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.model import Result
from keizer.seasons.store.events import ResultSet
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.dialogs.help import HelpScreen


def last(app: KeizerApp) -> str:
    return app.said[-1].text if app.said else ""


async def test_publish_writes_the_site_next_to_the_store_and_says_where(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5", "p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        folder = demo_store.with_name("demo-site")
        assert (folder / "index.html").is_file()
        assert "publish round 32 (nl) to demo-site" in last(app) and str(folder) in last(app)
        assert "older than the data" not in str(app.screen.query_one("#iteration").render())
        assert "Publish" in [c.title for c in app.get_system_commands(app.screen)]  # the command palette
        game = app.evening.season.round(32).games[0]
        other = Result.BLACK_WINS if game.result is Result.WHITE_WINS else Result.WHITE_WINS
        app.evening._session.commit("correct board 1", ResultSet(32, game.white, game.black, other))
        app.check_store()
        await pilot.pause()
        assert "published notice older than the data" in str(app.screen.query_one("#iteration").render())


async def test_a_folder_with_other_files_is_refused_in_one_line(demo_store: Path) -> None:
    folder = demo_store.with_name("demo-site")
    folder.mkdir()
    (folder / "letter.txt").write_text("keep me")
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        head = app.evening.revision
        await pilot.press("f5", "p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "the folder has other files" in last(app) and app.said[-1].severity == "error"
        assert app.evening.revision == head and (folder / "letter.txt").read_text() == "keep me"


async def test_the_help_explains_the_standings_columns(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.press("f5", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        assert "Standings columns" in text and "games played" in text and "Bordpt" in text


async def test_a_stale_notice_is_said_within_the_lines_shown_at_80x24(demo_store: Path) -> None:
    from textual.geometry import Region

    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        app.evening.publications.record(32, "nl", app.evening.revision, "demo-site")
        game = app.evening.season.round(32).games[0]
        app.evening._session.commit("undecided board 1", ResultSet(32, game.white, game.black, Result.PENDING))
        app.check_store()
        await pilot.pause()
        widget = app.screen.query_one("#iteration")
        shown = " ".join(strip.text.strip() for strip in widget.render_lines(Region(0, 0, *widget.size)))
        assert shown.startswith("PROVISIONAL: 1 result missing · published notice older than the data")
        assert "was made before later changes" in shown


async def test_the_palette_publishes_from_any_screen(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        publish = [c for c in app.get_system_commands(app.screen) if c.title == "Publish"]
        assert len(publish) == 1
        await publish[0].callback()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert (demo_store.with_name("demo-site") / "index.html").is_file()
        assert "publish round 32 (nl) to demo-site" in last(app)
        await pilot.press("f5")  # on the Standings screen its own key is the one palette entry
        assert [c.title for c in app.get_system_commands(app.screen)].count("Publish") == 1


async def test_the_palette_publishes_in_english_too(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        english = [c for c in app.get_system_commands(app.screen) if c.title == "Publish in English"]
        assert len(english) == 1
        await english[0].callback()
        await app.workers.wait_for_complete()
        await pilot.pause()
        index = (demo_store.with_name("demo-site") / "index.html").read_text(encoding="utf-8")
        assert "Standings after round 32" in index and "Ranglijst" not in index
        assert "publish round 32 (en) to demo-site" in last(app)


async def test_a_publish_that_fails_unexpectedly_is_said_never_publishing_for_ever(
        demo_store: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A StopIteration out of the site's code (the chart's ticks, issue 22) never reached the app from the
    thread worker: "publishing round 32…" stayed on screen for ever."""
    from keizer.web.site import build

    def stops(*args: object, **kwargs: object) -> dict[str, str]:
        raise StopIteration

    monkeypatch.setattr(build, "build_site", stops)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5", "p")
        await pilot.pause()
        for _ in range(100):  # bounded: a worker that never ends fails the test instead of hanging it
            if not any(w.is_running for w in app.workers):
                break
            await pilot.pause(0.1)
        await pilot.pause()
        assert "failed" in last(app) and app.said[-1].severity == "error"
