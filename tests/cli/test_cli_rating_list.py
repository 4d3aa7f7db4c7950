"""`keizer new --players` with the national rating list, and a plain list's awkward bytes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.load import load_season
from keizer.seasons.player_list import parse_players
from keizer.seasons.rating_list import looks_like_rating_list, parse_rating_list, read_rating_list
from keizer.tui.cli.main import main

HEADER = "relatienummer;naam;titel;FED;rating;partijen;geboortejaar;sexe"
ROWS = ("8012345;Vries, Jan de;;NED;1850;120;1970;M",
        "8023456;Bakker, Anna;WFM;NED;2105;300;1985;V",
        "8034567;Ëlsinga, Zoë;;NED;#N/B;0;2010;V",
        "8045678;Bakker, Piet;;NED;1620;40;1990;M",
        "8056789;Müller, Jürgen;FM;GER;2250;500;1965;M")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def rating_list(tmp_path: Path) -> Path:
    """The list as the federation writes it: Latin-1, CRLF."""
    path = tmp_path / "knsb.csv"
    path.write_bytes(("\r\n".join((HEADER, *ROWS)) + "\r\n").encode("latin-1"))
    return path


def test_the_list_is_read_with_its_numbers_names_and_ratings(rating_list: Path) -> None:
    members = read_rating_list(rating_list).members
    assert [(m.knsb_id, m.name, m.rating) for m in members] == [
        (8012345, "Jan de Vries", 1850), (8023456, "Anna Bakker", 2105), (8034567, "Zoë Ëlsinga", None),
        (8045678, "Piet Bakker", 1620), (8056789, "Jürgen Müller", 2250)]
    assert looks_like_rating_list(rating_list.read_bytes())
    assert not looks_like_rating_list(b"Jan de Vries; 1850\n")


def test_a_list_saved_again_as_utf8_with_a_bom_reads_the_same(rating_list: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.csv"
    again.write_bytes(b"\xef\xbb\xbf" + rating_list.read_bytes().decode("latin-1").encode("utf-8"))
    assert read_rating_list(again).members == read_rating_list(rating_list).members


def test_new_picks_members_by_number_and_name(rating_list: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    picks = tmp_path / "picks.txt"
    picks.write_text("\ufeff# our members\r\nzoe elsinga\r\nmuller;\r\n", encoding="utf-8")
    club = tmp_path / "club.keizer"
    code, out, err = run(capsys, "new", str(club), "--players", str(rating_list), "--pick", "8023456",
                         "--pick", "Jan de Vr", "--pick-file", str(picks))
    assert code == 0, err
    season = load_season(club)
    assert [(p.name, p.rating, p.knsb_id) for p in season.players] == [
        ("Anna Bakker", 2105, 8023456), ("Jan de Vries", 1850, 8012345), ("Zoë Ëlsinga", None, 8034567),
        ("Jürgen Müller", 2250, 8056789)]
    by_rating = tmp_path / "by-rating.keizer"
    assert run(capsys, "new", str(by_rating), "--players", str(rating_list), "--pick", "all", "--by-rating")[0] == 0
    assert [p.rating for p in load_season(by_rating).players] == [2250, 2105, 1850, 1620, None]


@pytest.mark.parametrize("picks, message", [
    ((), "a rating list of 5 members: say whom to take with --pick"),
    (("--pick", "bakker"), "--pick bakker: 'bakker' fits 2 members: Anna Bakker (8023456, line 3), "
                           "Piet Bakker (8045678, line 5); say which"),
    (("--pick", "Jan de Vris"), "unknown member 'Jan de Vris'; did you mean Jan de Vries (8012345, line 2)?"),
    (("--pick", "9999999"), "--pick 9999999: no member 9999999 in"),
    (("--pick", "8012345", "--pick", "Vries, Jan de"), "Jan de Vries (8012345, line 2) is already picked (--pick 8012345)"),
])
def test_bad_picks_name_what_and_where(rating_list: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       picks: tuple[str, ...], message: str) -> None:
    club = tmp_path / "club.keizer"
    code, out, err = run(capsys, "new", str(club), "--players", str(rating_list), *picks)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1, err
    assert not club.exists()


@pytest.mark.parametrize("row, message", [
    ("abc;Naam, X;;NED;1800;1;2000;M", "line 3: relatienummer: expected a whole number"),
    ("8012345;Dubbel, X;;NED;1800;1;2000;M", "line 3: member 8012345 is listed twice (also line 2)"),
    ("8099999;Sterk, X;;NED;5000;1;2000;M", "line 3: rating: expected a whole number from 0 to 4000"),
    ("8099999;Kort, X", "line 3: expected 8 columns separated by ';', got 2"),
    # more columns than the header: a ';' inside a name shifts every column after it (issue 22: accepted)
    ("8099999;Lang; X;;NED;1800;1;2000;M", "line 3: expected 8 columns separated by ';', got 9"),
])
def test_a_broken_rating_list_names_the_line(row: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        parse_rating_list("\n".join((HEADER, ROWS[0], row)), "knsb.csv")


def test_a_wrong_header_is_named_as_the_federation_writes_it() -> None:
    """The finding: the message said `fed` where the federation's file says `FED`; a header in another
    case (a spreadsheet's) is still read."""
    with pytest.raises(InputError) as info:
        parse_rating_list("nummer;naam\n1;X\n", "knsb.csv")
    assert str(info.value) == f"knsb.csv: line 1: not a rating list: expected the header {HEADER}"
    assert [m.knsb_id for m in parse_rating_list(HEADER.upper() + "\n" + ROWS[0], "knsb.csv").members] == [8012345]


def test_a_member_number_is_never_offered_as_missing_and_a_list_has_members() -> None:
    with pytest.raises(InputError) as info:  # #N/B is for a rating; a member always has a number
        parse_rating_list("\n".join((HEADER, "abc;Naam, X;;NED;1800;1;2000;M")), "knsb.csv")
    assert "#N/B" not in str(info.value)
    with pytest.raises(InputError, match=re.escape("knsb.csv: line 2: the rating list has no members")):
        parse_rating_list(HEADER + "\n", "knsb.csv")


def test_pick_needs_a_rating_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "players.txt"
    plain.write_text("Jan de Vries\n")
    code, _, err = run(capsys, "new", str(tmp_path / "a.keizer"), "--players", str(plain), "--pick", "jan")
    assert code == 2 and "a plain player list" in err
    code, _, err = run(capsys, "new", str(tmp_path / "b.keizer"), "--pick", "jan")
    assert code == 2 and "give it with --players" in err


# -- the plain list: byte order mark, CRLF, stray separators, duplicates, encodings --------------------------
def test_a_plain_list_with_a_bom_crlf_and_stray_separators(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "players.txt"
    listing.write_bytes("\ufeffKlaas Bakker;\r\n;Anna Smit; 1700\r\nPiet Jansen;;1800\r\n\r\nBakker, Jan;\t\r\n"
                        .encode("utf-8"))
    club = tmp_path / "club.keizer"
    assert run(capsys, "new", str(club), "--players", str(listing))[0] == 0
    assert [(p.name, p.rating) for p in load_season(club).players] == [
        ("Klaas Bakker", None), ("Anna Smit", 1700), ("Piet Jansen", 1800), ("Bakker, Jan", None)]


@pytest.mark.parametrize("text, message", [
    ("Klaas Bakker\nJan;Bakker\n", "line 2: the rating 'Bakker' after ';' is not a number: expected a whole "
                                    "number from 0 to 4000 (a name cannot hold ';')"),
    ("Klaas Bakker;abc\n", "line 1: the rating 'abc' after ';' is not a number"),
    ("Klaas Bakker\tabc\n", "line 1: the rating 'abc' after a tab is not a number"),
    ("Piet Jansen;;abc\n", "line 1: the rating 'abc' after ';'"),
    ("Jan;Bakker;1800\n", "line 1: a name cannot hold a semicolon or a tab"),
    ("Klaas Bakker\r\nKLAAS  BAKKER;\r\n", "line 2: there already is a player called 'KLAAS BAKKER' (line 1)"),
])
def test_a_plain_list_refuses_with_the_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        parse_players(text, "players.txt")


def test_a_latin1_plain_list_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "players.txt"
    listing.write_bytes("Jan\nZoë\n".encode("latin-1"))
    code, _, err = run(capsys, "new", str(tmp_path / "c.keizer"), "--players", str(listing))
    assert code == 2 and "players.txt: line 2: not UTF-8 text" in err


def test_open_reads_the_rating_list_before_the_ui(rating_list: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from tests.conftest import EVENING

    season = tmp_path / "club.keizer"
    assert run(capsys, "import", str(EVENING), str(season))[0] == 0
    broken = tmp_path / "broken.csv"
    broken.write_bytes(rating_list.read_bytes() + b"x;Naam, X;;NED;1800;1;2000;M\r\n")
    code, _, err = run(capsys, "open", str(season), "--rating-list", str(broken))
    assert code == 2 and "broken.csv: line 7: relatienummer" in err and err.count("\n") == 1
    code, _, err = run(capsys, "open", str(season), "--rating-list", str(rating_list))
    assert code == 2 and "needs a terminal" in err  # the list was read; the test has no terminal


def test_pick_all_with_other_picks_says_it_stands_alone(rating_list: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "club.keizer"
    code, out, err = run(capsys, "new", str(target), "--players", str(rating_list), "--pick", "all", "--pick", "1")
    assert (code, out) == (2, "") and not target.exists()
    assert err == ("keizer: error: --pick all takes every member of the list: give it alone, or pick members by "
                   "name or number\n")


def test_a_list_of_one_member_says_one_member(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "one.csv"
    one.write_bytes(("\r\n".join((HEADER, ROWS[0])) + "\r\n").encode("latin-1"))
    code, _, err = run(capsys, "new", str(tmp_path / "club.keizer"), "--players", str(one))
    assert code == 2 and "a rating list of 1 member: say whom to take with --pick" in err, err


def test_a_trailing_separator_adds_no_column() -> None:
    members = parse_rating_list("\n".join((HEADER, ROWS[0] + ";", ROWS[0].replace("8012345", "8012346") + ";;")),
                                "knsb.csv")
    assert len(members.members) == 2
