"""`keizer publish` deletes only what it wrote, inside the site folder (issue 30): a marker naming a path outside
it, a link inside it, or a marker that proves nothing (an empty one in a folder of the user's) never makes it
delete a file; what it cannot prove it wrote stays where it is, said in one line."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError
from keizer.tui.cli.main import main
from keizer.seasons import site_folder
from keizer.seasons.site_folder import MARKER
from keizer.seasons.site_folder import write_site
from tests.conftest import DEMO

HEAD = "A site written by keizer publish; the folder is replaced whole."


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def user_file(tmp_path: Path, name: str = "userdocs/minutes.txt", text: str = "the minutes") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def forged_marker(folder: Path, *lines: str) -> None:
    (folder / MARKER).write_text("\n".join((HEAD, *lines)) + "\n")


def listing(name: str, text: str) -> str:
    """A marker's line naming `name` with the checksum of `text`: what keizer writes for a page."""
    return f"{sha(text)} {name}"


def a_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    write_site({"index.html": "one", "players/a.html": "a"}, site)
    return site


@pytest.mark.parametrize("proved", [False, True], ids=["name", "name and checksum"])
def test_a_marker_naming_an_absolute_path_deletes_nothing_outside(tmp_path: Path, proved: bool,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    outside = user_file(tmp_path)
    site = a_site(tmp_path)
    line = listing(str(outside), "the minutes") if proved else str(outside)
    forged_marker(site, line, listing("index.html", "one"), listing("players/a.html", "a"))
    write_site({"index.html": "two"}, site)
    assert outside.read_text() == "the minutes"
    assert (site / "index.html").read_text() == "two"


@pytest.mark.parametrize("suffix", [site_folder.STAGING, site_folder.SET_ASIDE])
def test_a_planted_leftover_deletes_nothing_outside_it(tmp_path: Path, suffix: str) -> None:
    outside = user_file(tmp_path)
    site = a_site(tmp_path)
    planted = tmp_path / f".site.planted{suffix}"
    planted.mkdir()
    forged_marker(planted, str(outside), listing(str(outside), "the minutes"),
                  listing("../userdocs/minutes.txt", "the minutes"),
                  listing("sub/../../userdocs/minutes.txt", "the minutes"))
    write_site({"index.html": "two"}, site)
    assert outside.read_text() == "the minutes"


def test_a_link_inside_the_site_folder_is_never_followed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`site/players` → `../userdocs`, listed in the marker with the files behind it: refused, nothing deleted."""
    outside = user_file(tmp_path)
    site = tmp_path / "site"
    write_site({"index.html": "one"}, site)
    (site / "players").symlink_to(tmp_path / "userdocs")
    forged_marker(site, listing("index.html", "one"), "players", listing("players/minutes.txt", "the minutes"))
    assert main(["publish", str(DEMO), "-o", str(site)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "players" in err
    assert outside.read_text() == "the minutes" and (site / "players").is_symlink()


@pytest.mark.parametrize("suffix", [site_folder.STAGING, site_folder.SET_ASIDE])
def test_a_link_in_a_leftover_is_never_followed(tmp_path: Path, suffix: str) -> None:
    outside = user_file(tmp_path)
    site = a_site(tmp_path)
    planted = tmp_path / f".site.planted{suffix}"
    planted.mkdir()
    (planted / "players").symlink_to(tmp_path / "userdocs")
    (planted / "same").symlink_to(tmp_path / "userdocs" / "minutes.txt")
    forged_marker(planted, "players/minutes.txt", listing("players/minutes.txt", "the minutes"), "same",
                  listing("same", "the minutes"))
    write_site({"index.html": "two"}, site)
    assert outside.read_text() == "the minutes"


def test_an_empty_marker_in_a_folder_of_the_users_deletes_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    minutes = user_file(tmp_path, "docs/minutes.txt")
    forged_marker(docs)
    assert main(["publish", str(DEMO), "-o", str(docs)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "minutes.txt" in err
    assert minutes.read_text() == "the minutes" and not (docs / "index.html").exists()


def test_an_empty_marker_in_a_leftover_deletes_nothing(tmp_path: Path) -> None:
    site = a_site(tmp_path)
    planted = tmp_path / f".site.planted{site_folder.SET_ASIDE}"
    kept = user_file(planted, "minutes.txt")
    forged_marker(planted)
    write_site({"index.html": "two"}, site)
    assert kept.read_text() == "the minutes"


def test_a_listed_file_whose_checksum_does_not_match_is_left_in_place(tmp_path: Path) -> None:
    """A page changed by hand is no longer the page keizer wrote: the publish is refused, the file stays."""
    site = a_site(tmp_path)
    (site / "index.html").write_text("edited by hand")
    with pytest.raises(KeizerError, match=r"site: the folder has a file changed since keizer wrote it \(index.html\)"):
        write_site({"index.html": "two"}, site)
    assert (site / "index.html").read_text() == "edited by hand"


def test_a_marker_of_names_alone_proves_nothing(tmp_path: Path) -> None:
    """A site whose marker names its files without their checksums (keizer before issue 30, or a hand): its files
    are not replaced, and the refusal says how to go on."""
    site = a_site(tmp_path)
    forged_marker(site, "index.html", "players/a.html")
    with pytest.raises(KeizerError, match=r"site: keizer cannot tell it wrote the folder's files \(index.html and 1 "
                                          r"more\): its marker names no checksums"):
        write_site({"index.html": "two"}, site)
    assert (site / "index.html").read_text() == "one" and (site / "players" / "a.html").read_text() == "a"


def test_what_a_leftover_holds_that_keizer_cannot_prove_is_said_in_one_line(tmp_path: Path) -> None:
    site = a_site(tmp_path)
    planted = tmp_path / f".site.planted{site_folder.SET_ASIDE}"
    kept = user_file(planted, "minutes.txt")
    (planted / "index.html").write_text("a page")
    forged_marker(planted, "minutes.txt", listing("index.html", "a page"))
    said: list[str] = []
    write_site({"index.html": "two"}, site, said.append)
    assert kept.read_text() == "the minutes" and not (planted / "index.html").exists()
    assert len(said) == 1 and "\n" not in said[0]
    assert f"{planted.name}" in said[0] and "minutes.txt" in said[0] and "cannot tell" in said[0]


def test_a_site_keizer_wrote_is_still_replaced_whole(tmp_path: Path) -> None:
    site = a_site(tmp_path)
    lines = (site / MARKER).read_text().splitlines()
    assert lines[1:] == [listing("index.html", "one"), listing("players/a.html", "a")]
    write_site({"index.html": "two"}, site)
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*")) == [MARKER, "index.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_planted_set_aside_folder_is_not_moved_into_the_sites_place(tmp_path: Path) -> None:
    """The fuzz's finding: with no site in the folder's place, a folder planted under a set-aside name was put
    there as the site a killed run had set aside, the user's file in it moved along."""
    planted = tmp_path / f".site.planted{site_folder.SET_ASIDE}"
    kept = user_file(planted, "minutes.txt")
    forged_marker(planted)
    write_site({"index.html": "two"}, tmp_path / "site")
    assert kept.read_text() == "the minutes" and (tmp_path / "site" / "index.html").read_text() == "two"


def test_a_refusal_is_one_line_whatever_was_left_in_place(tmp_path: Path) -> None:
    """The fuzz's finding: what the tidying left in place was said, and then the refusal: two lines for exit 2.
    It is said once the site is in place, and not when the publish is refused."""
    from keizer.seasons.errors import ChangedMeanwhile

    site = a_site(tmp_path)
    planted = tmp_path / f".site.planted{site_folder.SET_ASIDE}"
    user_file(planted, "minutes.txt")
    forged_marker(planted, "minutes.txt")
    said: list[str] = []

    def refused() -> None:
        raise ChangedMeanwhile("the season changed since it was read; nothing was saved")

    with pytest.raises(ChangedMeanwhile):
        site_folder.put_site({"index.html": "two"}, site, refused, said.append)
    assert said == [] and (site / "index.html").read_text() == "one"
    site_folder.put_site({"index.html": "two"}, site, lambda: None, said.append)
    assert len(said) == 1 and "minutes.txt" in said[0]
