"""`keizer new`: a season from scratch, with or without a player list."""

from __future__ import annotations

from keizer.seasons.load import load_season
from keizer.tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_empty_season_then_players_in_list_order(tmp_path, capsys):
    empty = tmp_path / "empty.keizer"
    assert run(capsys, "new", str(empty), "--ruleset", "kijk-uit", "--rounds", "30")[0] == 0
    season = load_season(empty)
    assert season.players == () and season.rounds_planned == 30 and season.ruleset_spec == "kijk-uit"
    code, out, _ = run(capsys, "standings", str(empty), "--lang", "en")
    assert code == 0 and "(the starting ranking)" in out
    code, _, err = run(capsys, "pair", str(empty))
    assert code == 2 and "nobody to pair" in err

    listing = tmp_path / "players.txt"
    listing.write_text("# last season's final ranking\nJan de Vries; 1850\nAnna Bakker\n\nPiet Jansen, 1990\n")
    club = tmp_path / "club.keizer"
    assert run(capsys, "new", str(club), "--players", str(listing), "--name", "Club 2026")[0] == 0
    season = load_season(club)
    assert [(p.name, p.rating) for p in season.players] == [
        ("Jan de Vries", 1850), ("Anna Bakker", None), ("Piet Jansen", 1990)]
    assert season.name == "Club 2026" and len({p.id for p in season.players}) == 3


def test_by_rating_and_bad_lists(tmp_path, capsys):
    listing = tmp_path / "players.txt"
    listing.write_text("Jan de Vries; 1850\nAnna Bakker\nPiet Jansen\t1990\n")
    club = tmp_path / "club.keizer"
    assert run(capsys, "new", str(club), "--players", str(listing), "--by-rating")[0] == 0
    assert [p.name for p in load_season(club).players] == ["Piet Jansen", "Jan de Vries", "Anna Bakker"]
    code, _, err = run(capsys, "new", str(club))
    assert code == 2 and "already exists" in err
    listing.write_text("Jan de Vries\njan de vries; 1700\n")
    other = tmp_path / "other.keizer"
    code, _, err = run(capsys, "new", str(other), "--players", str(listing))
    assert code == 2 and "players.txt: line 2" in err and "already is a player" in err
    assert not other.exists()


def test_one_parser_for_a_player_list(tmp_path, capsys):
    """The findings: `Jan; 12345` became the name "Jan; 12345"; a BOM and control characters stayed in
    names; a trailing separator stayed in the name."""
    from keizer.seasons.player_list import parse_players

    rows = parse_players("\ufeffKlaas Bakker;\nBakker, Jan; 1850\nPiet\t2100\n  Anna   Smit ,\n# a comment\n"
                         "Cafe\u0301 Noir\n", "list")
    assert [(r.name, r.rating, r.line) for r in rows] == [
        ("Klaas Bakker", None, 1), ("Bakker, Jan", 1850, 2), ("Piet", 2100, 3), ("Anna Smit", None, 4),
        ("Caf\u00e9 Noir", None, 6)]
    listing = tmp_path / "players.txt"
    for text, message in [("Jan; 12345\n", "line 1: the rating '12345' is not a whole number from 0 to 4000"),
                          ("Jan\nPiet; -5\n", "line 2: the rating '-5'"),
                          ("Jan\nPiet\njan\n", "line 3: there already is a player called 'jan' (line 1)"),
                          ("Jan\x1b[2J\n", "line 1: character 4 is a control character (U+001B)"),
                          ("; 1850\n", "line 1: must be a non-empty string"),
                          ("x" * 101 + "\n", "line 1: longer than 100 characters")]:
        listing.write_text(text)
        target = tmp_path / "club.keizer"
        code, out, err = run(capsys, "new", str(target), "--players", str(listing))
        assert (code, out) == (2, "") and err.count("\n") == 1 and message in err, err
        assert not target.exists()
    listing.write_bytes("\ufeffJan de Vries; 1850\n".encode())
    assert run(capsys, "new", str(tmp_path / "club.keizer"), "--players", str(listing))[0] == 0
    assert [(p.name, p.rating) for p in load_season(tmp_path / "club.keizer").players] == [("Jan de Vries", 1850)]


def test_a_rating_after_a_space(tmp_path, capsys):
    """The finding: `Zoë Jansen 1990` became a player called "Zoë Jansen 1990". A last word of 3 or 4 ASCII
    digits from 100 to 3000 is the rating; any other number stays in the name; a separator on the line
    makes the columns decide."""
    from keizer.seasons.player_list import parse_players

    rows = parse_players("Zoë Jansen 1990\nJan 2\nJan Jansen 12345\nPiet  Bakker   100\nKees de Boer 3001\n"
                         "Anna Smit 099\nBakker, Jan 1850\nSpeler 2025;\nTeun Visser 1700,\nRob\u00a01600\n"
                         "Eva Wit \u0661\u0668\u0665\u0660\nLeo Kok 1900; 1950\n1800\nMia, Roos 3000\n", "list")
    assert [(r.name, r.rating) for r in rows] == [
        ("Zoë Jansen", 1990), ("Jan 2", None), ("Jan Jansen 12345", None), ("Piet Bakker", 100),
        ("Kees de Boer 3001", None), ("Anna Smit 099", None), ("Bakker, Jan", 1850), ("Speler 2025", None),
        ("Teun Visser 1700", None), ("Rob", 1600), ("Eva Wit \u0661\u0668\u0665\u0660", None),
        ("Leo Kok 1900", 1950), ("1800", None), ("Mia, Roos", 3000)]
    listing = tmp_path / "players.txt"
    listing.write_text("Zoë Jansen 1990\nJan 2\n", encoding="utf-8")
    club = tmp_path / "club.keizer"
    assert run(capsys, "new", str(club), "--players", str(listing), "--by-rating")[0] == 0
    assert [(p.name, p.rating) for p in load_season(club).players] == [("Zoë Jansen", 1990), ("Jan 2", None)]


def test_a_long_list_is_read_in_linear_time():
    """100,000 lines: the player tuple was rebuilt for every line (quadratic, minutes); now one pass."""
    import time

    from keizer.seasons.model import Season
    from keizer.seasons.player_list import parse_players
    from keizer.tui.cli.commands.new import with_players

    text = "".join(f"Speler Jansen {i}; {1000 + i % 2000}\n" for i in range(100_000))
    began = time.monotonic()
    season = with_players(Season(name="big", ruleset_spec="keizer-classic", players=()),
                          parse_players(text, "list"), by_rating=True)
    assert time.monotonic() - began < 20
    assert len(season.players) == 100_000 and len({p.id for p in season.players}) == 100_000
    assert season.players[0].rating == 2999 and season.players[-1].rating == 1000


def test_a_store_name_gets_its_suffix(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert main(["new", str(tmp_path / "club")]) == 0
    assert (tmp_path / "club.keizer").is_file() and not (tmp_path / "club").exists()
    assert main(["new", str(tmp_path / "club-2026.27")]) == 0
    assert (tmp_path / "club-2026.27.keizer").is_file()
    assert main(["new", str(tmp_path / "club.json")]) == 2
    assert not (tmp_path / "club.json").exists() and "keizer import" in capsys.readouterr().err


def test_opening_a_missing_season_points_to_keizer_new(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert main(["open", str(tmp_path / "club")]) == 2
    assert f"`keizer new {tmp_path / 'club.keizer'}`" in capsys.readouterr().err


def test_a_player_list_without_players_is_refused(tmp_path, capsys):
    """An empty list (a byte order mark, comments, blank lines) is the wrong file, not an empty season: an
    empty season is `keizer new` without --players."""
    listing = tmp_path / "players.txt"
    for text in ("", "\ufeff", "# the club's list\n\n   \n"):
        listing.write_text(text, encoding="utf-8")
        store = tmp_path / "club.keizer"
        code, out, err = run(capsys, "new", str(store), "--players", str(listing))
        assert code == 2 and "players.txt: no players in it" in err and err.count("\n") == 1, err
        assert not store.exists() and out == ""
