"""A forecast refused in words the user can act on, before the work (issue 30): what the season lacks (a second
player, a round with two who can come), never "pair the rounds in order", and every argument of `publish
--forecast` checked before a single run is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.evening.forecasts import make_forecast
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from tests.scoring.scoring_builders import ids, season

LACKING = {
    "one player": (season(["p1"], ["; p1 excused"], rounds_planned=4), r"the season has 1 player"),
    "all but one withdrawn": (season(ids(4), ["p1-p2 1-0, p3-p4 0-1"], withdrawals=[("p2", 2), ("p3", 2), ("p4", 2)],
                                     rounds_planned=4), r"only P1 can play round 2 \(the others withdrew"),
    "everyone excused every round": (season(ids(4), ["; p1 excused, p2 excused, p3 excused, p4 excused"] * 4,
                                            rounds_planned=4), r"round 1 has nobody who can come"),
}


@pytest.mark.parametrize("case", sorted(LACKING))
def test_a_season_that_cannot_be_forecast_is_told_what_it_lacks(case: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    made, says = LACKING[case]
    with pytest.raises(KeizerError, match=says) as caught:
        make_forecast(made, None, 5, 0, workers=1)
    assert "pair the rounds in order" not in str(caught.value) and "simulated round" not in str(caught.value)
    path = tmp_path / "season.json"
    path.write_text(dump_season(made))
    assert main(["forecast", str(path), "--runs", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pair the rounds in order" not in err


def test_a_round_drawn_with_fewer_than_two_who_come_is_still_held() -> None:
    """Three players who each come one evening in two: some simulated rounds drew fewer than two, which stopped
    every run with "round K is not paired yet"."""
    rounds = ["p1-p2 1-0; p3 excused", "p2-p3 0-1; p1 excused", "p3-p1 1/2-1/2; p2 excused"] * 2
    made = season(ids(3), rounds, rounds_planned=20)
    forecast = make_forecast(made, None, 40, 1, workers=1)
    assert forecast.runs == 40 and forecast.last == 20


@pytest.fixture
def store(tmp_path: Path) -> Path:
    from keizer.pairing.simulate import simulate_season

    path = tmp_path / "club.keizer"
    SeasonStore.create(path, simulate_season(10, 8, "keizer-classic", 3, played=4)).close()
    return path


def no_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forecast that would be made is a failure of the test: each argument must be refused before it."""
    import keizer.evening.forecasts as forecasts
    import keizer.tui.cli.commands.publish as publish  # imported here first: it must not bind `made` for good

    def made(*args: object, **kwargs: object) -> Season:
        raise AssertionError("the forecast was made before an argument was checked")

    # Where it is called: the command module imports it by name at its top (patching only the evening's
    # would miss it, and a module first imported under the patch kept `made` for the tests after it).
    monkeypatch.setattr(forecasts, "make_forecast", made)
    monkeypatch.setattr(publish, "make_forecast", made)


@pytest.mark.parametrize("args, says", [
    (("--seed", "12345678901234567890123456789"), "--seed"),
    (("--runs", "0"), "--runs"),
    (("--runs", "99999999999"), "--runs"),
    (("--round", "99"), "--round 99"),
], ids=["seed of 29 digits", "no runs", "too many runs", "no such round"])
def test_publish_forecast_checks_every_argument_first(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                      says: str) -> None:
    no_runs(monkeypatch)
    before = store.read_bytes()
    assert main(["publish", str(store), "--forecast", *args, "-o", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert not (tmp_path / "site").exists() and store.read_bytes() == before


def test_publish_forecast_checks_the_folder_first(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    no_runs(monkeypatch)
    (tmp_path / "page.txt").write_text("x")
    home = tmp_path / "home"
    home.mkdir()
    (home / "letter.txt").write_text("keep me")
    for out, says in ((tmp_path / "page.txt", "is a file"), (home, "the folder has other files"),
                      (tmp_path / "no" / "such", "no such folder")):
        assert main(["publish", str(store), "--forecast", "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and says in err, err


def test_a_seed_the_store_cannot_keep_is_refused_by_every_forecast(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from keizer.pairing.simulate import simulate_season

    path = tmp_path / "season.json"
    path.write_text(dump_season(simulate_season(10, 8, "keizer-classic", 3, played=4)))
    for command in ("forecast", "notice"):
        extra = ["--forecast"] if command == "notice" else []
        assert main([command, str(path), *extra, "--runs", "5", "--seed", "1" * 19]) == 2
        assert "--seed must be" in capsys.readouterr().err
    assert main(["forecast", str(path), "--runs", "5", "--seed", "9" * 18]) == 0
