"""Names in narrow columns keep what tells players apart: the surname."""

from __future__ import annotations

from keizer.evening.words.tables import colour_run_text
from keizer.seasons.names import short, short_names


def test_short_names_keep_the_surname():
    assert short("Hans Maas", 14) == "Hans Maas"
    assert short("Wim van den Berg", 14) == "W. v.d. Berg"  # Dutch particles to their initials
    assert short("Karin van Dijk", 12) == "K. van Dijk"
    assert short("Maarten Schouten", 12) == "M. Schouten"
    assert short("Joost van der Linden", 12) == "J. v.d. Lin…"
    assert len(short("Bartholomeus Vandersteenhoven", 10)) == 10


def test_particles_stay_readable_and_short_names_are_never_ambiguous():
    assert short("Zeger van 't Hart", 12) == "Z. v.'t Hart"
    names = ["Sanne de Groot", "Siem de Graaf", "Hans Maas"]
    shorts = short_names(names, 8)
    assert len(set(shorts.values())) == 3 and shorts["Hans Maas"] == "H. Maas"
    assert shorts["Sanne de Groot"] != shorts["Siem de Graaf"]  # "S. de G…" for both is lengthened
    assert all(len(shorts[n]) <= len(n) for n in names)


def test_players_of_one_surname_keep_what_tells_their_first_names_apart():
    names = ["Sanne de Groot", "Sjoerd de Groot", "Hans Maas", "Joost van der Linden", "Jan van der Linden"]
    shorts = short_names(names, 12)
    assert shorts["Sanne de Groot"] == "Sa. de Groot" and shorts["Sjoerd de Groot"] == "Sj. de Groot"
    assert shorts["Joost van der Linden"] == "Jo. v.d. Li…" and shorts["Jan van der Linden"] == "Ja. v.d. Li…"
    assert shorts["Hans Maas"] == "Hans Maas"
    assert all(len(v) <= 12 for v in shorts.values())  # told apart within the column, not past it
    # a full name beside an abbreviation that could be it: both abbreviated alike
    both = short_names(["Sanne de Groot", "Sjoerd de Groot"], 14)
    assert both == {"Sanne de Groot": "Sanne de Groot", "Sjoerd de Groot": "Sj. de Groot"}


def test_colour_runs_read_w_b_in_english_and_w_z_in_dutch() -> None:
    # the table keeps D's Dutch letters ("2Z"); an English screen or text says black as B
    assert [colour_run_text(r) for r in ("3W", "2Z", "")] == ["3W", "2B", ""]
    assert [colour_run_text(r, "nl") for r in ("3W", "2Z", "")] == ["3W", "2Z", ""]


def test_more_given_names_go_to_their_initials_but_a_capitalised_particle_stays() -> None:
    assert short("Jan Willem de Boer", 14) == "J.W. de Boer"
    assert short("Zoë Cathérine van 't Hoff-Çelik", 20) == "Z.C. v.'t Hoff-Çelik"
    assert short("Karin Van Dijk", 12) == "K. Van Dijk"  # Flemish "Van": part of the surname, not an initial
    assert short("Jan Willem de Boer", 18) == "Jan Willem de Boer"  # whole where it fits
    names = ["Renée Séverine van 't Hoff-Çelik", "Renée Séverine van der Heijden-Wüstenhöfer"]
    shorts = short_names(names, 15, most=15)
    assert shorts[names[0]] != shorts[names[1]] and all(len(v) <= 15 for v in shorts.values())


def test_a_surname_no_one_else_has_is_said_whole_before_an_initial_is_kept() -> None:
    # at 9 cells "W. v.d. Berg" does not fit: "v.d. Berg" tells who is meant, "W. v.d. …" does not
    names = ["Wim van den Berg", "Maarten Schouten", "Daan Timmermans", "Hans Maas", "Jan Willem de Boer"]
    shorts = short_names(names, 9)
    assert shorts == {"Wim van den Berg": "v.d. Berg", "Maarten Schouten": "Schouten",
                      "Daan Timmermans": "Timmerma…", "Hans Maas": "Hans Maas", "Jan Willem de Boer": "de Boer"}
    # two players of one surname keep their initials, however narrow
    both = short_names(["Jan de Boer", "Piet de Boer"], 8)
    assert both == {"Jan de Boer": "J. d. B…", "Piet de Boer": "P. d. B…"}
    assert short("Wim van den Berg", 9) == "W. v.d. …"  # alone, a name is not known to be alone
