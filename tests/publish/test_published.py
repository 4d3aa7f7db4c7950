"""`keizer publish` writes the site whole, and on a store records what was published from which state: one
undo step; the data changing afterwards makes the published notice older than the data."""

from __future__ import annotations

import pytest

from keizer.seasons.errors import KeizerError
from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import ResultSet, event_from_payload
from keizer.seasons.store.published import Published
from tests.conftest import DEMO
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening
from keizer.seasons.site_folder import write_site
from keizer.seasons.site_folder import MARKER


@pytest.fixture
def store(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(DEMO)).close()
    return path


def test_publishing_a_store_records_the_revision_it_was_made_from(store, tmp_path, capsys):  # type: ignore[no-untyped-def]
    with SeasonStore.open(store) as s:
        before = s.head()
    assert main(["publish", str(store), "--round", "30", "--lang", "en", "-o", str(tmp_path / "site")]) == 0
    assert "recorded in the store: publish round 30 (en) to site" in capsys.readouterr().out
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / MARKER).is_file()
    with SeasonStore.open(store) as s:
        [(action, record)] = s.publications()
        assert record == Published(30, "en", before, "site") and action == s.head()
    evening = Evening.open(store)
    try:
        last = evening.publications.last()
        assert last is not None and not last.stale and "up to date" in last.describe()
    finally:
        evening.close()


def test_a_result_corrected_after_publishing_makes_the_notice_older_than_the_data(store, tmp_path):  # type: ignore[no-untyped-def]
    evening = Evening.open(store)
    try:
        from keizer.web.site.build import build_site

        evening.publications.publish(33, "nl", tmp_path / "site", lambda: build_site(evening, 33, "nl"))
        assert evening.publications.last().stale is False  # type: ignore[union-attr]
        game = evening.season.round(33).games[0]
        flipped = "0-1" if game.result.value == "1-0" else "1-0"
        evening._session.commit("correct board 1", ResultSet(33, game.white, game.black, _result(flipped)))
        last = evening.publications.last()
        assert last is not None and last.stale and "older than the data" in last.describe()
        evening.history.undo()  # the correction taken back: the site shows the data again
        assert evening.publications.last().stale is False  # type: ignore[union-attr]
        # Publishing changed no result: it is no undo step (only the season's creation is left below it)
        assert evening.history.undo() is None
        assert evening.publications.last() is not None and (tmp_path / "site" / "index.html").is_file()
    finally:
        evening.close()


def test_undo_passes_a_publication_by_and_it_stays_in_effect(store, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """`keizer undo` after `keizer publish` takes back the change before it, not the record of publishing (which
    would take back no file): the record stays, and says the site is now older than the data."""
    evening = Evening.open(store)
    try:
        game = evening.season.round(33).games[0]
        flipped = "0-1" if game.result.value == "1-0" else "1-0"
        evening._session.commit("correct board 1", ResultSet(33, game.white, game.black, _result(flipped)))
    finally:
        evening.close()
    assert main(["publish", str(store), "--round", "33", "-o", str(tmp_path / "site")]) == 0
    capsys.readouterr()
    assert main(["undo", str(store)]) == 0
    assert capsys.readouterr().out == "undone: correct board 1\n"
    assert load_season(store).round(33).games[0].result is game.result
    evening = Evening.open(store)
    try:
        last = evening.publications.last()
        assert last is not None and last.stale  # the site shows the correction that was taken back
    finally:
        evening.close()
    assert main(["redo", str(store)]) == 0 and capsys.readouterr().out == "redone: correct board 1\n"
    with SeasonStore.open(store, readonly=True) as s:
        assert len(s.publications()) == 1 and s.season.round(33).games[0].result.value == flipped
        assert s.verify() == ()  # the log, folded again with every check, reads the same
    assert main(["log", str(store)]) == 0
    log = capsys.readouterr().out
    assert "publish round 33 (nl) to site" in log and "publish round 33 (nl) to site (undone)" not in log


def _result(text: str):  # type: ignore[no-untyped-def]
    from keizer.seasons.model import Result

    return Result(text)


def test_a_season_file_is_published_without_a_record(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert main(["publish", str(DEMO), "-o", str(tmp_path / "web")]) == 0
    out, err = capsys.readouterr()
    assert "wrote the site of round 33 (nl)" in out and "keeps no record" in err


def test_a_folder_with_other_files_is_never_emptied(tmp_path, capsys):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    home.mkdir()
    (home / "letter.txt").write_text("keep me")
    assert main(["publish", str(DEMO), "-o", str(home)]) == 2
    assert "the folder has other files" in capsys.readouterr().err
    assert (home / "letter.txt").read_text() == "keep me"
    with pytest.raises(KeizerError, match="is a file"):
        write_site({"index.html": "x"}, home / "letter.txt")


def test_a_site_written_again_loses_its_old_pages(tmp_path):  # type: ignore[no-untyped-def]
    write_site({"index.html": "one", "players/gone.html": "old"}, tmp_path / "site")
    write_site({"index.html": "two"}, tmp_path / "site")
    assert (tmp_path / "site" / "index.html").read_text() == "two"
    assert not (tmp_path / "site" / "players").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temp folder left


def test_the_event_reads_back_and_refuses_a_round_that_does_not_exist() -> None:
    event = Published(3, "nl", 7, "site")
    assert event_from_payload("published", event.to_payload()) == event
    season = load_season(DEMO)
    assert event.apply(season) == season
    with pytest.raises(KeizerError, match="round 99 does not exist"):
        Published(99, "nl", 7, "site").apply(season)


def test_a_file_added_to_a_site_folder_by_hand_is_never_lost(tmp_path, capsys):  # type: ignore[no-untyped-def]
    site = tmp_path / "site"
    write_site({"index.html": "one", "players/a.html": "a"}, site)
    (site / "players" / "photo.jpg").write_text("a photo")
    with pytest.raises(KeizerError, match=r"site: the folder has a file keizer did not write \(players/photo.jpg\)"):
        write_site({"index.html": "two"}, site)
    assert (site / "players" / "photo.jpg").read_text() == "a photo" and (site / "index.html").read_text() == "one"
    (site / "players" / "photo.jpg").unlink()
    write_site({"index.html": "two"}, site)  # only its own pages: replaced whole, the old page gone
    assert (site / "index.html").read_text() == "two" and not (site / "players").exists()
    (site / MARKER).write_text("A site written by keizer publish; the folder is replaced whole.\n")
    (site / "old.html").write_text("a page of a site written before the marker listed its files")
    with pytest.raises(KeizerError, match=r"site: the folder has a file keizer did not write \(index.html and 1 "
                                          r"more\)"):  # a marker that lists nothing proves nothing (issue 30)
        write_site({"index.html": "three"}, site)
    assert (site / "old.html").is_file() and (site / "index.html").read_text() == "two"


def test_a_store_that_cannot_be_written_leaves_no_unrecorded_site(store, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    """A read-only or locked store refuses the record: the site is not written either (it used to be, then
    the record failed: a site the store knew nothing of), and a site written before stays as it was."""
    from keizer.seasons.errors import StoreError
    from keizer.evening.publications import Publications

    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    def pages() -> dict[str, bytes]:
        return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}

    before = pages()

    def refused(self, *args: object) -> str:  # type: ignore[no-untyped-def]
        raise StoreError(f"{store}: attempt to write a readonly database")

    monkeypatch.setattr(Publications, "record", refused)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 2
    assert "readonly database" in capsys.readouterr().err
    assert pages() == before
    assert main(["publish", str(store), "--round", "30", "-o", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.keizer", "site"]  # no temp folder left
    with SeasonStore.open(store) as s:
        assert [r.round for _, r in s.publications()] == [29]
