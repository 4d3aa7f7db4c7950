"""`keizer publish` is both or neither: the record only once the site is in place, the old site put back when the
record fails, what a killed run left tidied by the next, a link followed, and nothing keizer did not write ever
deleted (issue 22). The kill harness (tests/store/test_kill_cli.py) kills it at random moments."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.publications import Publications
from keizer.seasons.errors import ChangedMeanwhile
from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from keizer.seasons import site_folder
from keizer.seasons.site_folder import HEAD_FILE, MARKER, write_site
from keizer.seasons.site_marker import marker_text
from tests.conftest import DEMO


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(DEMO)).close()
    return path


def pages(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def beside(folder: Path) -> list[str]:
    """What lies next to the site folder, but the store and the folder itself."""
    return sorted(p.name for p in folder.parent.iterdir() if p != folder and not p.name.startswith("club.keizer"))


def records(store: Path) -> list[tuple[int, str]]:
    with SeasonStore.open(store, readonly=True) as s:
        return [(r.round, r.lang) for _, r in s.publications()]


def test_the_record_is_written_once_the_site_is_in_place(store: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    seen: list[bool] = []
    real = Publications.record

    def record(self: Publications, *args: object) -> str:
        seen.append((site / "index.html").is_file() and "ronde 30" in (site / "index.html").read_text().lower())
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Publications, "record", record)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    assert seen == [True]
    assert records(store) == [(30, "nl")]


def test_a_record_refused_puts_the_old_site_back(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    before = pages(site)

    def refused(self: Publications, *args: object) -> str:
        raise ChangedMeanwhile("the season changed since it was read; nothing was saved")

    monkeypatch.setattr(Publications, "record", refused)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 2
    assert pages(site) == before and beside(site) == [] and records(store) == [(29, "nl")]
    assert main(["publish", str(store), "--round", "30", "-o", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists() and beside(site) == []


def test_the_site_names_the_head_it_shows(store: Path, tmp_path: Path) -> None:
    with SeasonStore.open(store, readonly=True) as s:
        head = str(s.log_head())
    assert main(["publish", str(store), "--round", "30", "-o", str(tmp_path / "site")]) == 0
    text = (tmp_path / "site" / HEAD_FILE).read_text()
    assert f"\n{head}\n" in text and f"--head {head}" in text
    assert HEAD_FILE in (site_folder.listed(tmp_path / "site") or {})
    assert main(["validate", str(store), "--head", head]) == 0


def killed_run(site: Path, old: bool, files: dict[str, str] | None = None) -> Path:
    """What a publish killed beside `site` left: a staged folder (its marker and part of its pages), or the
    old site set aside (`old`)."""
    suffix = site_folder.SET_ASIDE if old else site_folder.STAGING
    left = site.with_name(f".{site.name}.k1ll3d{suffix}")
    left.mkdir()
    files = files or {"index.html": "killed", "players/a.html": "a"}
    (left / MARKER).write_text(marker_text(files))
    for name, text in list(files.items())[:-1]:  # killed before its last page
        (left / name).parent.mkdir(parents=True, exist_ok=True)
        (left / name).write_text(text)
    return left


def test_what_a_killed_run_left_is_tidied_by_the_next(store: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    killed_run(site, old=False)
    killed_run(site, old=True).rename(site.with_name(".site.keizer-old"))  # as an older keizer named it
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    assert beside(site) == [] and records(store) == [(29, "nl"), (30, "nl")]


def test_a_folder_keizer_did_not_make_is_never_deleted(store: Path, tmp_path: Path) -> None:
    """Also one named as keizer names its own, and also what keizer's own left folders hold besides its files."""
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    mine = site.with_name(".site.keizer-old")  # the director's, whatever its name says
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    left = killed_run(site, old=False)
    (left / "photo.jpg").write_text("a photo dropped into it")
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    assert (mine / "notes.txt").read_text() == "mine"
    assert sorted(p.relative_to(left).as_posix() for p in left.rglob("*")) == ["photo.jpg"]


def test_a_file_added_while_publish_runs_is_kept(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    real = site_folder._staged

    def staged_while_the_director_adds_a_file(*args: object) -> Path:
        made = real(*args)  # type: ignore[arg-type]
        (site / "logo.png").write_bytes(b"a logo")  # after the check that found none
        return made

    monkeypatch.setattr(site_folder, "_staged", staged_while_the_director_adds_a_file)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    assert (site / "logo.png").read_bytes() == b"a logo" and beside(site) == []


@pytest.mark.parametrize("exchange", [True, False], ids=["swapped in one step", "two renames"])
def test_a_run_killed_between_the_renames_leaves_the_old_site_to_the_next(
        store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exchange: bool) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    before = pages(site)
    if not exchange:
        monkeypatch.setattr(site_folder, "_exchange", lambda a, b: False)
    real_rename = os.rename

    def killed_after_the_first(a: object, b: object) -> None:
        real_rename(a, b)  # type: ignore[arg-type]
        raise SystemExit("killed")  # nothing after it runs: no second rename, no record, no tidying

    monkeypatch.setattr(site_folder.os, "rename", killed_after_the_first)
    monkeypatch.setattr(site_folder, "_swap_back", lambda folder, old: None)  # a kill runs no clean-up
    monkeypatch.setattr(site_folder, "remove_ours", lambda folder: None)
    if exchange:
        monkeypatch.setattr(site_folder, "_exchange", lambda a, b: (_ for _ in ()).throw(SystemExit("killed")))
    with pytest.raises(SystemExit):
        main(["publish", str(store), "--round", "30", "-o", str(site)])
    monkeypatch.undo()
    assert records(store) == [(29, "nl")]  # no record of a site that is not there
    evening = Evening.open(store)
    try:
        def refused(*args: object) -> str:
            raise ChangedMeanwhile("refused")

        with pytest.raises(ChangedMeanwhile):  # the next run tidies first; its own record fails: all as before
            site_folder.put_site({"index.html": "x"}, site, refused)
    finally:
        evening.close()
    assert pages(site) == before and beside(site) == []


def test_a_link_named_by_o_is_followed(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: the link was replaced by a folder, and every later publish then failed."""
    real = tmp_path / "www" / "club"
    real.mkdir(parents=True)
    link = tmp_path / "site"
    link.symlink_to(real)
    for k in ("29", "30"):
        assert main(["publish", str(store), "--round", k, "-o", str(link)]) == 0, capsys.readouterr().err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert (real / "index.html").is_file() and sorted(p.name for p in real.parent.iterdir()) == ["club"]
    assert records(store)[-1] == (30, "nl")


def test_a_link_to_a_file_is_refused_in_one_line(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "page.txt").write_text("x")
    (tmp_path / "site").symlink_to(tmp_path / "page.txt")
    assert main(["publish", str(store), "-o", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file" in err
    assert (tmp_path / "page.txt").read_text() == "x" and records(store) == []


def test_write_site_of_a_season_file_tidies_too(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_site({"index.html": "one"}, site)
    killed_run(site, old=False)
    write_site({"index.html": "two"}, site)
    assert (site / "index.html").read_text() == "two" and beside(site) == []
