"""A log changed outside keizer that leaves the chain whole: the newest actions removed, the chain dropped with the
schema version set back, or everything rewritten with the chain recomputed (issue 22). The first two are told by
the store itself, the third by a head kept outside it (`keizer validate --head`)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from keizer.seasons.errors import StoreError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.store import chain, schema
from keizer.seasons.store.events import EntrySet, ReportSet, RoundAdded
from keizer.seasons.store.season_store import SeasonStore, validate_store
from store_helpers import edit_behind_keizers_back, make_season
from keizer.tui.cli.main import main

P = PlayerId


def three_rounds(path: Path, season: Season) -> Season:
    """A store with rounds 1–3 added one action each; the season after round 2's action."""
    with SeasonStore.create(path, season) as store:
        store.apply("round 1", RoundAdded(1))
        store.apply("round 2", RoundAdded(2))
        kept = store.season
        store.apply("round 3", RoundAdded(3))
    return kept


def remove_newest(path: Path, n: int = 1) -> None:
    """The newest n actions deleted with their events and checksums, the triggers lifted and put back."""
    conn = sqlite3.connect(path)
    newest = conn.execute("SELECT max(id) FROM actions").fetchone()[0]
    conn.close()
    first = newest - n + 1
    edit_behind_keizers_back(path, f"DELETE FROM events WHERE action_id >= {first}",
                             f"DELETE FROM chain WHERE action_id >= {first}", f"DELETE FROM actions WHERE id >= {first}")


def test_the_newest_actions_removed_are_found(store_path: Path) -> None:
    kept = three_rounds(store_path, make_season(6))
    remove_newest(store_path)
    with pytest.raises(StoreError, match=r"its newest actions were removed \(it ends at action 3, but keizer wrote "
                                         r"up to action 4\)"):
        SeasonStore.open(store_path)
    problems = validate_store(store_path)
    assert len(problems) == 1 and "newest actions were removed" in problems[0]
    with SeasonStore.open(store_path, upto_valid=True) as store:  # what is left can still be exported
        assert store.season == kept and store.tampered is not None


def test_validate_says_not_valid_for_a_store_cut_short(store_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three_rounds(store_path, make_season(6))
    remove_newest(store_path, 2)
    assert main(["validate", str(store_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid" in err and "newest actions were removed" in err
    assert main(["export", str(store_path)]) == 2 and "--upto-valid" in capsys.readouterr().err


def test_the_head_record_removed_too_is_found(store_path: Path) -> None:
    three_rounds(store_path, make_season(6))
    remove_newest(store_path)
    edit_behind_keizers_back(store_path, f"DELETE FROM meta WHERE key = '{chain.HEAD_KEY}'")
    assert "the record of its newest action was removed" in validate_store(store_path)[0]


def downgrade(path: Path, rewrite: str | None = None) -> None:
    """The chain table dropped (and the kept rankings and the live evening's tables, which came later), the schema
    version set back to 4 (before the chain), and a payload rewritten:
    the issue's forgery, which the next write used to upgrade and chain."""
    sql = ["DROP TABLE chain", "DROP TABLE kept_rankings", "DROP TABLE IF EXISTS live_passes", "DROP TABLE IF EXISTS live_guesses",
           "UPDATE meta SET value = '4' WHERE key = 'schema_version'"]
    edit_behind_keizers_back(path, *sql, *([rewrite] if rewrite else []))


def before_the_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stores written as a keizer of schema 12 wrote them, with no mark in their actions' times: what the head
    record and the event kinds tell is told of them still."""
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:schema.MARK_VERSION - 1])


def test_a_chain_dropped_with_the_schema_set_back_is_found_and_never_upgraded(
        store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before_the_mark(monkeypatch)
    three_rounds(store_path, make_season(6))
    monkeypatch.undo()
    downgrade(store_path, "UPDATE events SET payload = '{\"number\":3,\"date\":\"2030-01-01\"}' WHERE action_id = 4")
    with pytest.raises(StoreError, match="its checksum chain was removed and its schema version set back to 4"):
        SeasonStore.open(store_path)
    assert "checksum chain was removed" in validate_store(store_path)[0]
    conn = sqlite3.connect(store_path)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("4",)  # not upgraded
    conn.close()


def test_a_schema_set_back_below_an_event_it_holds_is_found(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The forger who also removed the head record: an event kind the old schema cannot hold still tells."""
    season = RoundAdded(1).apply(make_season(6))
    before_the_mark(monkeypatch)
    with SeasonStore.create(store_path, season) as store:
        store.apply("a report", ReportSet(round=1, player=P("p01"), at="2024-09-01T10:00"),
                    EntrySet(1, P("p01"), EntryKind.EXCUSED))
    monkeypatch.undo()
    downgrade(store_path)
    edit_behind_keizers_back(store_path, f"DELETE FROM meta WHERE key = '{chain.HEAD_KEY}'")
    with pytest.raises(StoreError, match="action 2 has a report-set event, which a store of schema 4 cannot hold"):
        SeasonStore.open(store_path)


def test_every_write_records_the_head_and_an_upgrade_sets_it(store_path: Path) -> None:
    three_rounds(store_path, make_season(6))
    with SeasonStore.open(store_path, readonly=True) as store:
        head = store.log_head()
        assert head is not None and head.action == 4 and len(head.digest) == 64
        assert store.log_head(2) is not None and store.log_head(2) != head
    conn = sqlite3.connect(store_path)
    assert conn.execute("SELECT value FROM meta WHERE key = ?", (chain.HEAD_KEY,)).fetchone() == (str(head),)
    conn.close()
    assert schema.current_version() >= schema.HEAD_VERSION


def forge_everything(path: Path) -> None:
    """The forger who knows it all: round 3's action rewritten, the chain recomputed from the start and the
    head record set to match. The store itself cannot tell; only a head kept outside it can."""
    edit_behind_keizers_back(path, "UPDATE events SET payload = '{\"number\":3,\"date\":\"2030-01-01\"}' "
                                   "WHERE action_id = 4", "DELETE FROM chain")
    conn = sqlite3.connect(path, isolation_level=None)
    triggers = conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'").fetchall()
    conn.execute("BEGIN")
    chain.fill(conn)
    last = conn.execute("SELECT action_id, digest FROM chain ORDER BY action_id DESC LIMIT 1").fetchone()
    chain.record_head(conn, chain.LogHead(*last))
    conn.execute("COMMIT")
    assert triggers  # the triggers were put back as they were
    conn.close()


def test_a_head_kept_outside_finds_a_forgery_the_store_cannot(store_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    three_rounds(store_path, make_season(6))
    assert main(["log", str(store_path)]) == 0
    out = capsys.readouterr().out
    kept = out.splitlines()[-1].split()[2]  # "log head: 4:3f9a… (…)"
    assert kept.startswith("4:")
    assert main(["validate", str(store_path), "--head", kept]) == 0
    assert "the head given is the newest action" in capsys.readouterr().out
    forge_everything(store_path)
    assert validate_store(store_path) == ()  # the store alone cannot tell: docs/format.md says so
    assert main(["validate", str(store_path), "--head", kept]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid" in err and "action 4 is not the one the head given names" in err
    assert main(["validate", str(store_path), "--head", kept.split(":")[1][:16]]) == 2  # the digest's start alone


def test_a_head_given_from_before_later_actions_is_still_in_the_log(store_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with SeasonStore.create(store_path, make_season(6)) as store:
        store.apply("round 1", RoundAdded(1))
        kept = str(store.log_head())
        store.apply("round 2", RoundAdded(2))
    assert main(["validate", str(store_path), "--head", kept]) == 0
    assert "the head given is action 2; 1 came after it" in capsys.readouterr().out
    remove_newest(store_path, 2)
    edit_behind_keizers_back(store_path, f"UPDATE meta SET value = '1:{'0' * 64}' WHERE key = '{chain.HEAD_KEY}'")
    assert main(["validate", str(store_path), "--head", kept]) == 2


@pytest.mark.parametrize("text", ["", "4:", "xyz", "4:abc", "4:" + "g" * 64])
def test_a_head_that_is_no_head_is_one_line(store_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    three_rounds(store_path, make_season(6))
    assert main(["validate", str(store_path), "--head", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--head" in err and "ACTION:DIGEST" in err


def test_the_head_is_written_into_an_export(store_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three_rounds(store_path, make_season(6))
    with SeasonStore.open(store_path, readonly=True) as store:
        head = str(store.log_head())
    out = tmp_path / "out.json"
    assert main(["export", str(store_path), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["log_head"] == head
    copy = tmp_path / "copy.keizer"
    assert main(["import", str(out), str(copy)]) == 0  # read back: said, never part of the season
    assert main(["validate", str(store_path), "--head", json.loads(out.read_text())["log_head"]]) == 0


def test_the_head_is_written_into_the_rating_report(store_path: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`export --trf` from a store (main's moving-in wave) carries the head too, in keizer's season line."""
    from keizer.pairing.simulate import simulate_season
    from keizer.seasons.trf.keizer_lines import PREFIX

    SeasonStore.create(store_path, simulate_season(10, 6, "keizer-classic", seed=1, played=5)).close()
    assert main(["dates", str(store_path), "--start", "2019-09-05"]) == 0
    with SeasonStore.open(store_path, readonly=True) as store:
        head = str(store.log_head())
    out = tmp_path / "report.trf"
    assert main(["export", str(store_path), "--trf", "-o", str(out)]) == 0
    season_line = next(json.loads(line[len(PREFIX):]) for line in out.read_text().splitlines()
                       if line.startswith(PREFIX) and '"season"' in line)
    assert season_line["season"]["log_head"] == head
    assert main(["validate", str(store_path), "--head", head]) == 0
    capsys.readouterr()
    assert main(["import", str(out), str(tmp_path / "back.keizer")]) == 0  # passed by, nothing dropped
    assert "does not know" not in capsys.readouterr().out


def set_back_to(path: Path, version: int) -> None:
    """The issue's downgrade: what a store of schema `version` does not have dropped (the kept rankings, the live
    evening's tables, and below 5 the chain), the head record deleted, and the schema version set back."""
    sql = ["DROP TABLE kept_rankings", "DROP TABLE IF EXISTS live_passes", "DROP TABLE IF EXISTS live_guesses",
           f"DELETE FROM meta WHERE key = '{chain.HEAD_KEY}'",
           f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version'"]
    if version < schema.CHAIN_VERSION:
        sql.insert(0, "DROP TABLE chain")
    if version < 2:
        sql.insert(0, "DROP INDEX events_by_kind")
    edit_behind_keizers_back(path, *sql)


@pytest.mark.parametrize("version", [10, 6, 4, 1])
def test_a_downgrade_does_not_hide_a_cut(store_path: Path, version: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: the newest action removed, the kept rankings dropped, the head record deleted and the schema set
    back to 10 made a store that validated, a result silently back to `*` and the next write a fresh head over
    it. A store keizer wrote carries the mark of its schema in every action, which a downgrade cannot remove."""
    three_rounds(store_path, make_season(6))
    remove_newest(store_path)
    set_back_to(store_path, version)
    with pytest.raises(StoreError, match=rf"action 1 was written by a keizer of schema {schema.MARK_VERSION} or "
                                         rf"later, but the store says schema {version}: its schema version was set "
                                         rf"back"):
        SeasonStore.open(store_path)
    assert main(["validate", str(store_path)]) == 2
    assert "schema version was set back" in capsys.readouterr().err
    before = store_path.read_bytes()
    assert main(["dates", str(store_path), "--start", "2024-09-05"]) == 2  # no write records a head over it
    assert "schema version was set back" in capsys.readouterr().err
    assert store_path.read_bytes() == before


def test_the_mark_is_covered_by_the_chain(store_path: Path) -> None:
    """Taking the mark out of an action's time breaks its checksum: the forger who would hide it recomputes the
    chain, which only a head kept outside finds (docs/format.md "What a checksum tells")."""
    three_rounds(store_path, make_season(6))
    conn = sqlite3.connect(store_path)
    at = conn.execute("SELECT at FROM actions WHERE id = 4").fetchone()[0]
    conn.close()
    assert at.endswith("Z")
    edit_behind_keizers_back(store_path, f"UPDATE actions SET at = '{at[:-1]}+00:00' WHERE id = 4")
    with pytest.raises(StoreError, match=r"action 4 \('round 3'\) was changed outside keizer"):
        SeasonStore.open(store_path)


def test_an_older_store_is_marked_from_its_first_write_on(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as m:
        before_the_mark(m)
        three_rounds(store_path, make_season(6))
    conn = sqlite3.connect(store_path)
    assert all(not at.endswith("Z") for (at,) in conn.execute("SELECT at FROM actions"))
    conn.close()
    with SeasonStore.open(store_path) as store:  # an older store reads as it is
        store.apply("round 4", RoundAdded(4))  # and is upgraded and marked by its first write
    assert validate_store(store_path) == ()
    remove_newest(store_path)  # cut back to before that write: an older keizer's store, no mark to tell
    set_back_to(store_path, 10)
    assert validate_store(store_path) == ()  # docs/format.md says so: not found


def test_a_store_another_process_upgraded_meanwhile_reads_on(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race harness's finding (issue 30): a session on an older store, another one's write upgrading and
    marking it meanwhile. The first read the marked action against the schema it had opened the store at, and
    said the version was set back (from `log_head`, as a traceback); and its own first write upgraded it again."""
    with monkeypatch.context() as m:
        before_the_mark(m)
        three_rounds(store_path, make_season(6))
    with SeasonStore.open(store_path) as first, SeasonStore.open(store_path) as second:
        assert first.head() == 4
        second.apply("round 4", RoundAdded(4))  # upgrades the store to this keizer's schema, and marks the action
        assert first.log_head() == second.log_head() and first.head() == 5
        assert first.season == second.season and first.verify() == ()
        first.apply("round 5", RoundAdded(5))
    assert validate_store(store_path) == ()
    assert [p.name for p in store_path.parent.glob("*.backup*")] == [f"{store_path.name}.schema-12.backup"]


def test_two_processes_upgrading_at_once_each_keep_a_copy(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race harness's finding (issue 30): two writes upgrading one older store at once chose the same name for
    the copy kept beside it, and the second was refused ("already exists") — a write lost to the race."""
    from keizer.seasons.store import upgrade

    with monkeypatch.context() as m:
        before_the_mark(m)
        three_rounds(store_path, make_season(6))
    real, beaten = upgrade.copy_store, []

    def beaten_to_it(conn: sqlite3.Connection, target: Path) -> None:
        if not beaten:  # the other process names its copy first
            beaten.append(target)
            target.write_bytes(store_path.read_bytes())
        real(conn, target)

    monkeypatch.setattr(upgrade, "copy_store", beaten_to_it)
    with SeasonStore.open(store_path) as store:
        store.apply("round 4", RoundAdded(4))
    assert sorted(p.name for p in store_path.parent.glob("*.backup*")) == [
        f"{store_path.name}.schema-12.backup", f"{store_path.name}.schema-12.backup.1"]
    assert validate_store(store_path) == ()
