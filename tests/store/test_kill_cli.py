"""kill -9 during the command line's writes and the evening layer's: whole or nothing, nothing lost.

The store's own write paths have their harness (test_kill_harness.py); this one kills a child that runs
the real commands in a loop (`cli_child.py`): `new`, `import` (of keizer's JSON, a TRF file, a KeizerForClubs
tournament), `backup`, `pair --save` with `undo` and `redo`, an `Evening` action, `publish` (its swap of the
site and its record), and every other command that writes into a store (`cli_child.WRITE_CYCLE`). Each
printed index was finished; the files are checked as the kill left them, and a retry must work. Short in
the suite; `KEIZER_LONG=1` runs the long form (docs/format.md "Hardening").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.season_json.write import season_to_json
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, RoundAdded
from store_helpers import make_season
from test_kill_harness import ATTEMPTS, killed, raw_count_and_check, temp_files, whole_or_absent
from test_store_processes import Child
from keizer.tui.cli.main import main

CLI_CHILD = Path(__file__).with_name("cli_child.py")
OTHER_PROGRAMS = {"import trf": Path(__file__).parents[1] / "data" / "swiss-manager.trf",
                  "import kfc": Path(__file__).parents[1] / "data" / "kfc-test-tournament.s3db",
                  "import csv": Path(__file__).parents[1] / "data" / "spreadsheet-nl.csv"}
"""Files of other programs `import` reads (tests/data/README.md)."""


class CliChild(Child):
    SCRIPT = CLI_CHILD


@pytest.fixture
def cli_children() -> Iterator[type[CliChild]]:
    started: list[CliChild] = []

    class Tracked(CliChild):
        def __init__(self, *args: object) -> None:
            super().__init__(*args)
            started.append(self)

    yield Tracked
    for child in started:  # never leave a process behind, whatever failed
        child.kill()
        child.proc.wait(10)


def start_season() -> Season:
    """Eight players and round 1 listed, nobody paired: what `pair --save` pairs and the evening marks."""
    return RoundAdded(1).apply(make_season(8))


def keizer(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
@pytest.mark.parametrize("command", ["new", "import", "import trf", "import kfc", "import csv"])
def test_kill_during_new_and_import(tmp_path: Path, cli_children: type[CliChild], capsys: pytest.CaptureFixture[str],
                                    attempt: int, command: str) -> None:
    """`import` of keizer's JSON and of other programs' files: a TRF file, a KeizerForClubs tournament, a
    spreadsheet of games."""
    folder = tmp_path / "made"
    folder.mkdir()
    players = tmp_path / "players.txt"
    players.write_text("".join(f"Player {i}; {2000 - 10 * i}\n" for i in range(1, 9)))
    season_file = tmp_path / "season.json"
    season_file.write_text(json.dumps(season_to_json(start_season())))
    season_file = OTHER_PROGRAMS.get(command, season_file)
    argv = (folder, players) if command == "new" else (season_file, folder)
    made = killed(cli_children(command.split()[0], *argv), attempt)
    prefix = "n" if command == "new" else "i"
    with SeasonStore.open(folder / f"{prefix}0.keizer", readonly=True) as first:
        season = first.season
    for i in made:
        assert whole_or_absent(folder / f"{prefix}{i}.keizer", season)
    interrupted = folder / f"{prefix}{len(made)}.keizer"
    exists = whole_or_absent(interrupted, season)
    retry = (["new", str(interrupted), "--players", str(players), "--name", "Club"] if command == "new"
             else ["import", str(season_file), str(interrupted)])
    code, err = keizer(capsys, *retry)
    assert (code == 2 and "already exists" in err) if exists else code == 0, err  # never blocked by a half file
    assert whole_or_absent(interrupted, season) and temp_files(folder) == []


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
def test_kill_during_backup(tmp_path: Path, cli_children: type[CliChild], capsys: pytest.CaptureFixture[str],
                            attempt: int) -> None:
    source = tmp_path / "season.keizer"
    with SeasonStore.create(source, start_season()) as store:
        season = store.season
    copies = tmp_path / "copies"
    copies.mkdir()
    made = killed(cli_children("backup", source, copies), attempt)
    for i in made:
        assert whole_or_absent(copies / f"b{i}.keizer", season)
    interrupted = copies / f"b{len(made)}.keizer"
    exists = whole_or_absent(interrupted, season)
    code, err = keizer(capsys, "backup", str(source), str(interrupted))
    assert (code == 2 and "already exists" in err) if exists else code == 0, err
    assert whole_or_absent(interrupted, season) and temp_files(copies) == []


def committed_and_checked(path: Path, printed: list[int], before: int = 1) -> int:
    """The actions the child committed (each step writes one; `before`: the store's own, the creation first)."""
    actions, check = raw_count_and_check(path)
    assert check == ["ok"]
    committed = actions - before
    assert len(printed) <= committed <= len(printed) + 1  # at most one committed and not yet printed
    return committed


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 1))
def test_kill_during_pair_save_undo_redo(tmp_path: Path, cli_children: type[CliChild],
                                         capsys: pytest.CaptureFixture[str], attempt: int) -> None:
    start = start_season()
    path = tmp_path / "season.keizer"
    SeasonStore.create(path, start).close()
    reference = tmp_path / "reference.keizer"
    SeasonStore.create(reference, start).close()
    assert keizer(capsys, "pair", str(reference), "--save")[0] == 0
    with SeasonStore.open(reference, readonly=True) as ref:
        paired = ref.season
    printed = killed(cli_children("pair", path), attempt, most=2.0)
    committed = committed_and_checked(path, printed)
    with SeasonStore.open(path) as store:  # paired after an odd number of steps (pair, undo, redo, undo, …)
        assert store.season == (paired if committed % 2 else start)  # nothing half applied
        assert store.verify() == ()
    assert keizer(capsys, "undo" if committed % 2 else "redo", str(path))[0] == 0  # the retry works


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 1))
def test_kill_during_an_evening_action(tmp_path: Path, cli_children: type[CliChild], attempt: int) -> None:
    start = start_season()
    path = tmp_path / "season.keizer"
    SeasonStore.create(path, start).close()
    excused = EntrySet(1, PlayerId("p01"), EntryKind.EXCUSED).apply(start)
    printed = killed(cli_children("evening", path), attempt)
    committed = committed_and_checked(path, printed)
    with SeasonStore.open(path) as store:
        assert store.season == (excused if committed % 2 else start)
        assert store.verify() == ()


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 1))
def test_kill_while_rankings_are_kept(tmp_path: Path, cli_children: type[CliChild], attempt: int) -> None:
    """Issue 30: the rankings kept beside the log, killed while they are written: the store verifies, every
    kept ranking reads, and each one kept for the season as it stands is the replay's (`keizer validate`)."""
    from cli_child import RANKING_RATINGS
    from keizer.evening.kept_check import validate_kept_rankings

    start = start_season()
    path = tmp_path / "season.keizer"
    SeasonStore.create(path, start).close()
    printed = killed(cli_children("rankings", path), attempt)
    committed = committed_and_checked(path, printed)
    with SeasonStore.open(path) as store:
        rating = RANKING_RATINGS[(committed - 1) % len(RANKING_RATINGS)] if committed else 1990
        assert store.season.player(PlayerId("p01")).rating == rating  # nothing half applied
        assert store.verify() == ()
        assert all(ranking is not None for _, ranking in store.kept_rankings())
    assert validate_kept_rankings(path) == ()


def site_round(site: Path) -> int | None:
    """The round the site in `site` shows (its log-head.txt says it), None when there is no site."""
    from keizer.seasons.site_folder import HEAD_FILE

    if not (site / HEAD_FILE).is_file():
        return None
    return int((site / HEAD_FILE).read_text().split("after round ")[1].split()[0])


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 1))
def test_kill_during_publish(tmp_path: Path, cli_children: type[CliChild], capsys: pytest.CaptureFixture[str],
                             attempt: int) -> None:
    """A record always has its site: the record of the newest run in effect is the site in place, or the
    killed run had swapped its site in and not yet recorded it; a forecast page's record keeps its forecast. The
    next run tidies what the kill left."""
    from cli_child import PUBLISHED_ROUNDS
    from keizer.pairing.simulate import simulate_season

    path, site = tmp_path / "season.keizer", tmp_path / "site"
    SeasonStore.create(path, simulate_season(10, 6, "keizer-classic", seed=attempt, played=5)).close()
    printed = killed(cli_children("publish", path, site), attempt, most=1.5)
    with SeasonStore.open(path, readonly=True) as store:
        recorded = [r.round for _, r in store.publications()]
        kept = store.forecasts()
        assert store.verify() == ()
    assert len(kept) == recorded.count(PUBLISHED_ROUNDS[1])  # each record of a forecast page has its forecast
    assert len(printed) <= len(recorded) <= len(printed) + 1  # each printed run recorded; one more at most
    assert recorded == [PUBLISHED_ROUNDS[i % 2] for i in range(len(recorded))]
    shown = site_round(site)
    interrupted = PUBLISHED_ROUNDS[len(printed) % 2]
    if len(recorded) > len(printed):  # killed after its record: its site is in place
        assert shown == interrupted
    else:  # the last record's site, or the interrupted run's swapped in before its record
        assert shown in (recorded[-1], interrupted) or (shown is None and any(
            p.name.endswith(".keizer-old") for p in tmp_path.iterdir()))  # two renames: the old one set aside
    code, err = keizer(capsys, "publish", str(path), "--round", "5", "-o", str(site))
    assert code == 0, err
    assert site_round(site) == 5
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("season.keizer")) == ["site"]


@pytest.mark.parametrize("attempt", range(ATTEMPTS))
def test_kill_during_publish_beside_hostile_leftovers(tmp_path: Path, cli_children: type[CliChild],
                                                      capsys: pytest.CaptureFixture[str], attempt: int) -> None:
    """Issue 30: folders named as a killed run names its own, planted beside the site with a marker that names
    a file outside them (with its checksum) and a link out: publish killed again and again, and the retry,
    delete nothing of the user's, follow no link, and leave what they cannot tell they wrote in place."""
    import hashlib

    from keizer.pairing.simulate import simulate_season

    path, site = tmp_path / "season.keizer", tmp_path / "site"
    SeasonStore.create(path, simulate_season(10, 6, "keizer-classic", seed=attempt, played=5)).close()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "minutes.txt").write_text("the minutes")
    digest = hashlib.sha256(b"the minutes").hexdigest()
    planted = []
    for suffix in (".keizer-old", ".keizer-tmp"):
        leftover = tmp_path / f".site.planted{suffix}"
        leftover.mkdir()
        (leftover / ".keizer-site").write_text(f"A site\n{digest} {outside / 'minutes.txt'}\n"
                                               f"{digest} players/minutes.txt\nnotes.txt\n")
        (leftover / "players").symlink_to(outside)
        (leftover / "notes.txt").write_text("the user's")
        planted.append(leftover)
    killed(cli_children("publish", path, site), attempt, most=1.5)
    code, err = keizer(capsys, "publish", str(path), "--round", "5", "-o", str(site))
    assert code == 0, err
    assert (outside / "minutes.txt").read_text() == "the minutes"
    for leftover in planted:
        assert (leftover / "players").is_symlink() and (leftover / "notes.txt").read_text() == "the user's"
    with SeasonStore.open(path, readonly=True) as store:
        assert store.verify() == () and store.publications()[-1][1].round == 5


@pytest.fixture(scope="module")
def command_season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[str, str], list[Season]]:
    """The store `commands` mode writes to (a D season with K's group cups, 14 players, rounds 1–21 played,
    round 22 paired and pending, dated, no classes given, its group not formed), the two players on board 1
    of round 22, and the season after each step of cli_child.WRITE_CYCLE (made once, in this process)."""
    from cli_child import WRITE_CYCLE
    from keizer.pairing.simulate import simulate_season
    from keizer.seasons.season_json.write import dump_season

    folder = tmp_path_factory.mktemp("kill-commands")
    rules = {"preset": "doorn-driebergen-2019", "cups": {"top": 2, "participation": True}}
    (folder / "base.json").write_text(dump_season(simulate_season(14, 36, rules, seed=4, played=21)))
    base, reference = folder / "base.keizer", folder / "reference.keizer"
    for argv in (("import", str(folder / "base.json"), str(base)), ("dates", str(base), "--start", "2019-09-05"),
                 ("pair", str(base), "--save")):
        assert main(list(argv)) == 0, argv
    board1 = SeasonStore.open(base, readonly=True)
    try:
        game = board1.season.round(22).games[0]
        seasons = [board1.season]
    finally:
        board1.close()
    reference.write_bytes(base.read_bytes())
    for step in WRITE_CYCLE:
        argv = [w.replace("{S}", str(reference)).replace("{W}", game.white).replace("{K}", game.black) for w in step]
        assert main(argv) == 0, argv
        with SeasonStore.open(reference, readonly=True) as store:
            seasons.append(store.season)
    assert seasons[-1] == seasons[0] and len(set(map(repr, seasons[1::2]))) == len(WRITE_CYCLE) // 2  # each changes
    return base, (game.white, game.black), seasons


@pytest.mark.parametrize("attempt", range(ATTEMPTS + 1))
def test_kill_during_the_write_commands(tmp_path: Path, cli_children: type[CliChild],
                                        command_season: tuple[Path, tuple[str, str], list[Season]],
                                        capsys: pytest.CaptureFixture[str], attempt: int) -> None:
    """Every command that writes into a store (result, attend, report, dates, classes --start --save,
    player add|withdraw|group, group form --save, pair --save --replace), each undone, killed at a random
    one: the store holds every action finished and nothing half applied, and the next command works."""
    from cli_child import WRITE_CYCLE

    base, (white, black), seasons = command_season
    path = tmp_path / "season.keizer"
    path.write_bytes(base.read_bytes())
    printed = killed(cli_children("commands", path, white, black), attempt, most=2.0)
    committed = committed_and_checked(path, printed, before=3)  # the base's: creation, dates, round 22's pairing
    with SeasonStore.open(path) as store:
        assert store.season == seasons[committed % len(WRITE_CYCLE)]  # nothing half applied
        assert store.verify() == ()
    code, err = keizer(capsys, "result", str(path), "2", "=", "--change")
    assert code == 0, err
