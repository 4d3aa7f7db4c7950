"""Names as Dutch clubs write them (issue 20): a name's given names, particles and surname understood the way
the national rating list writes them, in short names, sorting, the TRF file, ids and look-ups alike."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import Player, PlayerId
from keizer.seasons.names import PersonName, latin, person_name, short, short_names, sort_key
from keizer.seasons.rating_list import parse_rating_list
from keizer.seasons.roster import id_base, new_id
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.trf.report import ascii_text, trf_name
from keizer.tui.cli.main import main
from tests.conftest import EVENING

CLUB = ("Anna Jansen-van der Berg", "René Wüstenhöfer-van den Akker", "Piet de Groot-Bakker")
"""The names issue 20 found said wrong: "A.J. der Berg", "R.W. den Akker", "d. Groot-Bak…"."""


@pytest.mark.parametrize("name, given, particles, surname", [
    ("Anna Jansen-van der Berg", ("Anna",), (), "Jansen-van der Berg"),
    ("René Wüstenhöfer-van den Akker", ("René",), (), "Wüstenhöfer-van den Akker"),
    ("Piet de Groot-Bakker", ("Piet",), ("de",), "Groot-Bakker"),
    ("Jan Willem de Boer", ("Jan", "Willem"), ("de",), "Boer"),
    ("Kees 't Hart", ("Kees",), ("'t",), "Hart"),
    ("Zeger van 't Hart", ("Zeger",), ("van", "'t"), "Hart"),
    ("Hans van der Meer", ("Hans",), ("van", "der"), "Meer"),
    ("Marloes ten Brink", ("Marloes",), ("ten",), "Brink"),
    ("J.W. v.d. Berg", ("J.W.",), ("v.d.",), "Berg"),
    ("Karin Van Dijk", ("Karin",), (), "Van Dijk"),  # Flemish: a capitalised "Van" is the surname's
    ("Vries, Jan de", ("Jan",), ("de",), "Vries"),  # the rating list's own form
    ("Jansen-van der Berg, Anna", ("Anna",), (), "Jansen-van der Berg"),
    ("C. Dekker", ("C.",), (), "Dekker"),
    ("Kasparov", (), (), "Kasparov"),
])
def test_a_name_is_taken_apart_as_the_rating_list_writes_it(name: str, given: tuple[str, ...],
                                                            particles: tuple[str, ...], surname: str) -> None:
    assert person_name(name) == PersonName(given, particles, surname)


def test_the_rating_list_and_the_name_read_alike() -> None:
    # the list's "Last, First particles" is the name people read, and back
    rows = ["relatienummer;naam;titel;FED;rating;partijen;geboortejaar;sexe",
            "1;Groot-Bakker, Piet de;;NED;1800;10;1970;M", "2;Jansen-van der Berg, Anna;;NED;1700;10;1980;V"]
    members = parse_rating_list("\n".join(rows), "list.csv").members
    assert [m.name for m in members] == ["Piet de Groot-Bakker", "Anna Jansen-van der Berg"]
    assert [person_name(m.name) == person_name(m.listed_name) for m in members] == [True, True]


def test_short_names_keep_a_double_name_and_never_read_a_particle_as_an_initial() -> None:
    for width in range(8, 26):
        shorts = short_names(CLUB, width)
        assert not any(s.startswith(("d.", "A.J.", "R.W.")) for s in shorts.values()), (width, shorts)
        assert "der Berg" not in shorts[CLUB[0]].split("-")[0] and "den Akker" not in shorts[CLUB[1]].split("-")[0]
    assert short(CLUB[0], 20) == "A. Jansen-v.d. Berg"
    assert short(CLUB[1], 25) == "R. Wüstenhöfer-v.d. Akker"
    assert short(CLUB[2], 18) == "P. de Groot-Bakker" and short(CLUB[2], 14, alone=True) == "de Groot-Bakk…"
    # one particle to its initial only after a given initial: first in a short name "d." reads as one
    assert short("Jan de Boer", 8) == "J. d. B…" and short("Jan de Boer", 6, alone=True) == "de Bo…"


def test_names_sort_by_surname_as_the_national_list_does() -> None:
    names = ["Jan de Vries", "Anna Jansen-van der Berg", "Eva van Dijk", "Piet de Groot-Bakker", "Bram Bakker",
             "Zoë Çelik", "Kees 't Hart"]
    assert sorted(names, key=sort_key) == ["Bram Bakker", "Zoë Çelik", "Eva van Dijk", "Piet de Groot-Bakker",
                                           "Kees 't Hart", "Anna Jansen-van der Berg", "Jan de Vries"]
    assert sort_key("de Vries") == sort_key("De Vries")  # equal but for case: the next tie-break decides


@pytest.mark.parametrize("name, expected", [
    ("Anna Jansen-van der Berg", "Jansen-van der Berg, Anna"),
    ("René Wüstenhöfer-van den Akker", "Wustenhofer-van den Akker, Rene"),
    ("Piet de Groot-Bakker", "de Groot-Bakker, Piet"),
    ("Vries, Jan de", "de Vries, Jan"),
    ("Karin Van Dijk", "Van Dijk, Karin"),
    ("Mehmet Aydın", "Aydin, Mehmet"),
    ("Søren Ødegård", "Odegard, Soren"),
    ("Jürgen Großmann", "Grossmann, Jurgen"),
    ("Łukasz Wałęsa", "Walesa, Lukasz"),
])
def test_the_trf_writes_last_first_in_one_transliteration(name: str, expected: str) -> None:
    assert ascii_text(trf_name(name)) == expected


def test_one_transliteration_for_ids_the_trf_and_look_ups() -> None:
    assert latin("Aydın Çağlar Ødegård Straße Æbelø Đorđe") == "Aydin Caglar Odegard Strasse AEbelo Dorde"
    assert ascii_text("Aydın") == "Aydin" and ascii_text("李") == "?"  # no ASCII form: "?"
    season = load_season(EVENING)
    assert new_id(season, "Mehmet Aydın") == "aydin"  # was "aydn", which `attend … aydin` refused
    assert [id_base(n) for n in (CLUB[0], "Bakker, Jan", "Søren Ødegård")] == ["berg", "bakker", "odegard"]
    extra = (Player(id=PlayerId("aydn"), name="Mehmet Aydın"), Player(id=PlayerId("groot"), name="Piet de Groot-Zwanenburg"),
             Player(id=PlayerId("jansen"), name=CLUB[0]))
    season = replace(season, players=season.players + extra)
    assert resolve_player(season, "aydin", "attend") == "aydn"  # an id made before the rule still found
    assert resolve_player(season, "zwanen", "attend") == "groot"  # a double name's part is a word
    assert resolve_player(season, "van der berg", "attend") == "jansen"


def test_attend_finds_a_player_by_the_name_typed_without_its_letters(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(EVENING)
    season = replace(season, players=season.players + (Player(id=PlayerId("aydn"), name="Mehmet Aydın", joined=33),))
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, season).close()
    assert main(["attend", str(path), "aydin", "excused", "--round", "33"]) == 0, capsys.readouterr().err
    assert "Aydın" in capsys.readouterr().out
