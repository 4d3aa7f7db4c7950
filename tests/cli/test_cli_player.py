"""`keizer player add|withdraw|class|group`: what only the Players screen could do, on the command line (issue 20.7),
each one action and one undo step through the evening's roster."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from tests.conftest import EVENING


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def head(path: Path) -> int:
    with SeasonStore.open(path, readonly=True) as store:
        return store.head()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"  # club D, 44 players, round 33 to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


def test_a_late_joiner_enters_round_k_at_the_place_given(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "player", "add", str(store), "Anna Smit", "--rating", "1500", "--joins", "33",
                         "--place", "5")
    assert (code, err) == (0, "") and out == "add player Anna Smit, joining in round 33 at #5\n"
    anna = load_season(store).player(PlayerId("smit"))
    assert (anna.joined, anna.enters_at, anna.rating) == (33, 5, 1500)
    evening = Evening.open(store)
    try:  # the ranking round 33 is paired from has her at #5, not where 1500 would put her
        assert evening._session.ranking_before(33).index(PlayerId("smit")) == 4
    finally:
        evening.close()
    code, out, _ = run(capsys, "players", str(store))
    assert "joins in round 33 at #5" not in out  # round 33 is tonight's: she takes part
    assert run(capsys, "undo", str(store))[0] == 0 and not load_season(store).has_player(PlayerId("smit"))


def test_by_default_a_new_player_joins_the_next_round_by_rating(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "player", "add", str(store), "Bert Zwart")
    assert code == 0 and out == "add player Bert Zwart, joining in round 33 at a place by rating\n"
    code, out, _ = run(capsys, "player", "add", str(store), "Carla Zwart", "--joins", "35")
    assert code == 0 and out == "add player Carla Zwart, joining in round 35 at a place by rating\n"
    season = load_season(store)
    bert, carla = (next(p for p in season.players if p.name == name) for name in ("Bert Zwart", "Carla Zwart"))
    assert (bert.joined, bert.enters_at, carla.joined, carla.enters_at) == (33, None, 35, None)
    assert "joins in round 35" in run(capsys, "players", str(store))[1]


def test_before_the_season_the_place_is_the_starting_ranking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.keizer"
    assert main(["new", str(path), "--rounds", "10"]) == 0
    for name in ("Ann", "Bob", "Cas"):
        assert run(capsys, "player", "add", str(path), f"{name} Jansen", "--rating", "1800")[0] == 0
    code, out, _ = run(capsys, "player", "add", str(path), "Dirk Dekker", "--place", "2", "--class", "b")
    assert code == 0 and out == "add player Dirk Dekker at #2\n"
    season = load_season(path)
    assert [p.name for p in season.players] == ["Ann Jansen", "Dirk Dekker", "Bob Jansen", "Cas Jansen"]
    assert (season.player(PlayerId("dekker")).joined, season.player(PlayerId("dekker")).klass) == (1, "B")


@pytest.mark.parametrize("argv, said", [
    (("--joins", "12"), "round 12 is already paired: a new player joins in round 33 or later"),
    (("--joins", "37"), "the season has 36 rounds: a player cannot join in round 37"),
    (("--place", "0"), "place 0: the ranking has places 1–45 with the new player"),
    (("--class", "Q"), "class: expected A, B, C or D (or nothing), got 'Q'"),
])
def test_a_join_that_cannot_be_is_one_line_and_writes_nothing(store: Path, capsys: pytest.CaptureFixture[str],
                                                              argv: tuple[str, ...], said: str) -> None:
    before = head(store)
    code, out, err = run(capsys, "player", "add", str(store), "Anna Smit", *argv)
    assert (code, out, err) == (2, "", f"keizer: error: {said}\n") and head(store) == before


def test_withdraw_and_cancel(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "player", "withdraw", str(store), "frank viss", "--before", "34")
    assert code == 0 and out == "Frank Visser withdraws before round 34\n"
    assert load_season(store).withdrawal_of(PlayerId("visser")).before_round == 34  # type: ignore[union-attr]
    code, out, _ = run(capsys, "player", "withdraw", str(store), "visser", "--cancel")
    assert code == 0 and load_season(store).withdrawal_of(PlayerId("visser")) is None
    code, _, err = run(capsys, "player", "withdraw", str(store), "visser", "--cancel")
    assert code == 2 and "has not withdrawn: nothing to cancel" in err
    code, _, err = run(capsys, "player", "withdraw", str(store), "visser", "--before", "12")
    assert code == 2 and "would erase it" in err


def test_class_is_set_and_the_same_class_again_is_refused(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "player", "class", str(store), "visser", "b")
    assert code == 0 and out == "starting class of Frank Visser: B\n"
    assert load_season(store).player(PlayerId("visser")).klass == "B"
    before = head(store)
    code, _, err = run(capsys, "player", "class", str(store), "visser", "B")
    assert code == 2 and "Frank Visser already has starting class B" in err and head(store) == before
    assert run(capsys, "player", "class", str(store), "visser", "none")[0] == 0
    assert load_season(store).player(PlayerId("visser")).klass is None


def test_a_cup_group_only_where_the_club_has_cups(store: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "player", "cup-group", str(store), "visser", "2")
    assert code == 2 and "no group cups" in err  # club D
    path = tmp_path / "k.keizer"
    assert main(["new", str(path), "--ruleset", "kijk-uit"]) == 0
    assert run(capsys, "player", "add", str(path), "Jan Peters")[0] == 0
    code, out, _ = run(capsys, "player", "cup-group", str(path), "jan", "3")
    assert code == 0 and out == "cup group of Jan Peters: 3\n" and load_season(path).player(PlayerId("peters")).cup_group == 3
    code, _, err = run(capsys, "player", "cup-group", str(path), "jan", "three")
    assert code == 2 and "GROUP: expected a whole number" in err
    code, _, err = run(capsys, "player", "class", str(path), "jan", "A")
    assert code == 2 and "no classes" in err  # club K


def test_a_season_file_is_told_to_be_imported(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "player", "add", str(EVENING), "Anna Smit")
    assert (code, out) == (2, "") and "not a season store" in err


def test_the_older_spellings_of_a_cup_group_are_still_taken(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: "group" meant three things; K's cup group is `cup-group` now, `group` still accepted."""
    path = tmp_path / "k.keizer"
    assert main(["new", str(path), "--ruleset", "kijk-uit"]) == 0
    assert run(capsys, "player", "add", str(path), "Jan Peters", "--group", "2")[0] == 0
    assert run(capsys, "player", "add", str(path), "Piet Smit", "--cup-group", "3")[0] == 0
    code, out, _ = run(capsys, "player", "group", str(path), "jan", "4")
    assert code == 0 and out == "cup group of Jan Peters: 4\n"
    season = load_season(path)
    assert (season.player(PlayerId("peters")).cup_group, season.player(PlayerId("smit")).cup_group) == (4, 3)
