"""`keizer new`: a season from scratch, with or without a player list."""

from __future__ import annotations

from seasons.load import load_season
from tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_empty_season_then_players_in_list_order(tmp_path, capsys):
    empty = tmp_path / "empty.keizer"
    assert run(capsys, "new", str(empty), "--ruleset", "kijk-uit", "--rounds", "30")[0] == 0
    season = load_season(empty)
    assert season.players == () and season.rounds_planned == 30 and season.ruleset_spec == "kijk-uit"
    code, out, _ = run(capsys, "standings", str(empty))
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
