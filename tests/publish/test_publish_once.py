"""`keizer publish` replays the season once: the site reads the evening's replay (the session's, cached), its
player pages, round pages, prize pages and championship group page included (issue 27: it replayed twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.scoring import replay as replay_module
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from tests.conftest import DEMO, EVENING


def counted_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every call of scoring's `replay` from here on, by the round it replays to."""
    calls: list[int] = []
    real = replay_module.replay

    def counting(season, upto=None, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(season.last_scored_round if upto is None else upto)
        return real(season, upto, **kwargs)

    monkeypatch.setattr(replay_module, "replay", counting)
    return calls


@pytest.mark.parametrize("kind", ["store", "season file"])
def test_publishing_the_demo_replays_it_once(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(DEMO)
    path = tmp_path / ("club.keizer" if kind == "store" else "club.json")
    if kind == "store":
        SeasonStore.create(path, season).close()
    else:
        path.write_text(dump_season(season))
    calls = counted_replays(monkeypatch)
    assert main(["publish", str(path), "--round", "32", "-o", str(tmp_path / "site")]) == 0
    assert calls == [32], calls
    assert (tmp_path / "site" / "players").is_dir() and (tmp_path / "site" / "rounds" / "32.html").is_file()


def test_a_group_page_before_the_group_forms_reads_the_same_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The championship group's page proposes its members from the table after round 20: read from the
    site's replay, not replayed again."""
    season = load_season(EVENING)
    assert season.championship is None and season.last_scored_round >= 20  # D's group, to be formed
    path = tmp_path / "d.json"
    path.write_text(dump_season(season))
    calls = counted_replays(monkeypatch)
    assert main(["publish", str(path), "--round", "25", "-o", str(tmp_path / "site")]) == 0
    assert calls == [25], calls
    assert (tmp_path / "site" / "kampioensgroep.html").is_file()
