"""A rolled-back store cannot overwrite the head kept outside it (issue 30): publish checks the store against the
head the site folder holds (`log-head.txt`) and refuses a store whose log does not hold it, naming both heads."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.store import chain
from keizer.seasons.store.season_store import SeasonStore, validate_store
from keizer.tui.cli.main import main
from keizer.seasons.site_folder import HEAD_FILE
from tests.conftest import DEMO
from tests.store.store_helpers import edit_behind_keizers_back


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(DEMO)).close()
    return path


def head_of(store: Path) -> str:
    with SeasonStore.open(store, readonly=True) as s:
        return str(s.log_head())


def cut_back(store: Path, to: int) -> None:
    """The forger's roll-back: every action after `to` removed and the head record set back to match, so that
    the store alone is sound."""
    conn = sqlite3.connect(store)
    digest = conn.execute("SELECT digest FROM chain WHERE action_id = ?", (to,)).fetchone()[0]
    conn.close()
    edit_behind_keizers_back(store, f"DELETE FROM events WHERE action_id > {to}",
                             f"DELETE FROM chain WHERE action_id > {to}", f"DELETE FROM actions WHERE id > {to}",
                             f"UPDATE meta SET value = '{to}:{digest}' WHERE key = '{chain.HEAD_KEY}'")


def test_a_store_cut_back_does_not_overwrite_the_sites_head(store: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    assert main(["dates", str(store), "--start", "2019-09-05"]) == 0
    published = head_of(store)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    capsys.readouterr()
    kept = (site / HEAD_FILE).read_bytes()
    assert published in kept.decode()
    cut_back(store, int(published.split(":")[0]) - 1)  # the newest change and the record gone
    assert validate_store(store) == ()  # the store alone cannot tell (docs/format.md)
    forged = head_of(store)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and published in err and forged in err and "nothing was published" in err
    assert (site / HEAD_FILE).read_bytes() == kept
    with SeasonStore.open(store, readonly=True) as s:
        assert s.publications() == ()  # nothing recorded either
    assert main(["validate", str(store), "--head", published]) == 2  # what the refusal points to


def test_a_store_that_moved_on_publishes_over_its_own_older_site(store: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "29", "-o", str(site)]) == 0
    assert main(["dates", str(store), "--start", "2019-09-05"]) == 0
    assert main(["undo", str(store)]) == 0  # an undo is one more action: the old head is still in the log
    now = head_of(store)
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    assert (site / HEAD_FILE).read_text().splitlines()[1] == now


def test_another_season_or_a_season_file_is_refused_over_a_stores_site(store: Path, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    assert main(["publish", str(store), "--round", "30", "-o", str(site)]) == 0
    kept = (site / HEAD_FILE).read_bytes()
    other = tmp_path / "other.keizer"
    SeasonStore.create(other, load_season(DEMO)).close()  # the same season made again: another log
    capsys.readouterr()
    assert main(["publish", str(other), "--round", "30", "-o", str(site)]) == 2
    assert "nothing was published" in capsys.readouterr().err
    assert main(["publish", str(DEMO), "--round", "30", "-o", str(site)]) == 2  # a file has no log to check
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "season file" in err and HEAD_FILE in err
    assert (site / HEAD_FILE).read_bytes() == kept
    assert main(["publish", str(other), "--round", "30", "-o", str(tmp_path / "elsewhere")]) == 0
