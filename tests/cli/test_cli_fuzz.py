"""Fuzzing the command line: every command that reads a file keeps its contract, whatever the file.

The contract (docs/format.md "The command line"): exit 0, 1 or 2; on 2 exactly one line on stderr,
`keizer: error: …`, nothing on stdout and nothing written; never a traceback; each run bounded in time.
The real CLI runs in-process (`tui.cli.main.main`), over hypothesis's mutated seasons and stores with
bytes changed, and over the corpus of the hardening issue's cases (`test_cli_corpus.py`). The short
form runs with the suite; `KEIZER_LONG=1` runs the long one (docs/format.md "Hardening").
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import REPO
from tests.seasons.test_season_fuzz import mutated
from tests.seasons.test_season_json import MINIMAL
from keizer.tui.cli.main import main

LONG = os.environ.get("KEIZER_LONG") == "1"
FUZZ = settings(max_examples=400 if LONG else 30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
SECONDS = 30.0
"""The most one command may take on one input: the bound that turns a hang into a failure."""

Argv = Callable[[Path, Path], list[str]]
"""The command line for the input file and a scratch folder to write into."""

READERS: dict[str, Argv] = {
    "validate": lambda f, d: ["validate", str(f)],
    "standings": lambda f, d: ["standings", str(f)],
    "standings --json": lambda f, d: ["standings", str(f), "--json"],
    "standings --csv": lambda f, d: ["standings", str(f), "--csv"],
    "export": lambda f, d: ["export", str(f)],
    "export -o": lambda f, d: ["export", str(f), "-o", str(d / "out.json")],
    "import": lambda f, d: ["import", str(f), str(d / "club.keizer")],
    "pair": lambda f, d: ["pair", str(f)],
    "check-pairing": lambda f, d: ["check-pairing", str(f), str(pairing_file(d))],
    "notice": lambda f, d: ["notice", str(f)],
    "notice --markdown": lambda f, d: ["notice", str(f), "--markdown", "--lang", "en"],
    "pairing": lambda f, d: ["pairing", str(f)],
    "publish": lambda f, d: ["publish", str(f), "-o", str(d / "site")],
    "export --trf": lambda f, d: ["export", str(f), "--trf"],
    "export --csv": lambda f, d: ["export", str(f), "--csv"],
    "import --report": lambda f, d: ["import", str(f), str(d / "club.keizer"), "--report", str(d / "report.txt"),
                                     "--name", "Fuzz", "--rounds", "40"],
    "players": lambda f, d: ["players", str(f)],
    "dates": lambda f, d: ["dates", str(f)],
    "classes": lambda f, d: ["classes", str(f)],
    "classes --prizes --json": lambda f, d: ["classes", str(f), "--prizes", "--json"],
    "classes --start": lambda f, d: ["classes", str(f), "--start"],
    "group": lambda f, d: ["group", str(f)],
    "group --json": lambda f, d: ["group", str(f), "--json"],
    "group form": lambda f, d: ["group", "form", str(f)],
    "group schedule": lambda f, d: ["group", "schedule", str(f)],
    "forecast": lambda f, d: ["forecast", str(f), "--runs", "3"],
}
"""Every command that reads a season file (`new --players` reads a list: its own fuzz below). A later reader
joins with one line here (few forecast runs: the contract, not the chances, is what is fuzzed)."""
STORE_READERS: dict[str, Argv] = {
    **{name: argv for name, argv in READERS.items() if name != "publish"},  # on a store it writes its record
    "log": lambda f, d: ["log", str(f)],
    "backup": lambda f, d: ["backup", str(f), str(d / "copy.keizer")],
    "export --upto-valid": lambda f, d: ["export", str(f), "--upto-valid"],
    "season": lambda f, d: ["season", str(f)],
}
"""And those that read only a store."""
STORE_WRITERS: dict[str, Argv] = {
    "publish": lambda f, d: ["publish", str(f), "-o", str(d / "site")],
    "publish --forecast": lambda f, d: ["publish", str(f), "-o", str(d / "site"), "--forecast", "--runs", "3"],
    "result": lambda f, d: ["result", str(f), "1", "0-1", "--change"],
    "attend": lambda f, d: ["attend", str(f), "kruijff", "unexcused", "--round", "2"],
    "report": lambda f, d: ["report", str(f), "kruijff", "2019-09-20T10:00", "--round", "2"],
    "dates --start": lambda f, d: ["dates", str(f), "--start", "2019-09-05"],
    "classes --accept": lambda f, d: ["classes", str(f), "--accept"],
    "classes --start --save": lambda f, d: ["classes", str(f), "--start", "--save"],
    "player add": lambda f, d: ["player", "add", str(f), "Nieuw Lid", "--rating", "1700"],
    "player withdraw": lambda f, d: ["player", "withdraw", str(f), "drel", "--before", "3"],
    "player class": lambda f, d: ["player", "class", str(f), "hamersma", "B"],
    "player group": lambda f, d: ["player", "group", str(f), "hamersma", "2"],
    "group form --save": lambda f, d: ["group", "form", str(f), "--save"],
    "pair --save": lambda f, d: ["pair", str(f), "--save"],
    "undo": lambda f, d: ["undo", str(f)],
    "redo": lambda f, d: ["redo", str(f)],
    "season --rounds": lambda f, d: ["season", str(f), "--rounds", "40", "--name", "Fuzz", "--start-date", "2019-09-05"],
}
"""The commands that write into a store: on a store with bytes changed, the same contract (exit 2 writes
nothing, the store's bytes included). A later write command joins with one line."""

def pairing_file(folder: Path) -> Path:
    """A pairing of the fuzzed seasons' first players, for check-pairing (in the scratch folder)."""
    path = folder / "pairing.txt"
    path.write_text("dekker hamersma\nkruijff drel\nbye bontenbal\n")
    return path


def folder_state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def keeps_the_contract(capsys: pytest.CaptureFixture[str], argv: list[str], folder: Path) -> int:
    """Run `keizer argv` in-process and check the contract; the exit code."""
    before = folder_state(folder)
    start = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: a bad option is exit 2 with its usage
        code = int(exc.code or 0)
    took = time.monotonic() - start
    out, err = capsys.readouterr()
    assert took < SECONDS, (argv, took)
    assert code in (0, 1, 2), (argv, code, err)
    if code == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("keizer: error: "), (argv, err)
        assert folder_state(folder) == before, argv
    assert "Traceback" not in err
    return code


def run_all(capsys: pytest.CaptureFixture[str], file: Path, readers: dict[str, Argv]) -> None:
    for name, argv in readers.items():
        with tempfile.TemporaryDirectory() as scratch:
            keeps_the_contract(capsys, argv(file, Path(scratch)), file.parent)


@FUZZ
@given(obj=mutated(), command=st.sampled_from(sorted(READERS)))
def test_a_mutated_season_file_keeps_the_contract(capsys: pytest.CaptureFixture[str], obj: object,
                                                  command: str) -> None:
    try:
        text = json.dumps(obj, ensure_ascii=False)
    except (ValueError, UnicodeEncodeError):
        return
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "season.json"
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        with tempfile.TemporaryDirectory() as scratch:
            keeps_the_contract(capsys, READERS[command](file, Path(scratch)), Path(folder))


@FUZZ
@given(text=st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1"))),
       command=st.sampled_from(sorted(READERS)))
def test_any_text_keeps_the_contract(capsys: pytest.CaptureFixture[str], text: str, command: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "season.json"
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        with tempfile.TemporaryDirectory() as scratch:
            keeps_the_contract(capsys, READERS[command](file, Path(scratch)), Path(folder))


@functools.cache
def sound_store() -> bytes:
    """A small store with a few actions (made once a run), as bytes to change."""
    from keizer.seasons.store.round_events import RoundAdded

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.keizer"
        with SeasonStore.create(path, season_from_json(MINIMAL)) as store:
            store.apply("round 3", RoundAdded(3))
            store.undo()
        conn = sqlite3.connect(path)  # one file, no WAL beside it: the bytes are the whole store
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        return path.read_bytes()


@FUZZ
@given(data=st.data(), command=st.sampled_from(sorted(STORE_READERS) + [f"write: {w}" for w in sorted(STORE_WRITERS)]))
def test_a_store_with_bytes_changed_keeps_the_contract(capsys: pytest.CaptureFixture[str], data: st.DataObject,
                                                       command: str) -> None:
    argv = STORE_WRITERS[command.removeprefix("write: ")] if command.startswith("write: ") else STORE_READERS[command]
    raw = bytearray(sound_store())
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(16, len(raw) - 1))  # past the magic: a file that still says SQLite
        raw[at] = data.draw(st.integers(0, 255))
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "season.keizer"
        file.write_bytes(bytes(raw))
        with tempfile.TemporaryDirectory() as scratch:
            keeps_the_contract(capsys, argv(file, Path(scratch)), Path(folder))


@FUZZ
@given(lines=st.lists(st.one_of(st.text(max_size=40), st.sampled_from(
    ["Jan; 12345", "Klaas Bakker;", "Bakker, Jan; 1850", "\ufeffAnna", "Piet\t-1", "\x1b[2J", "[/]", "\ud800",
     "Jan", "jan", "; 1850", "x" * 200, "Jan; 1e3"])), max_size=12))
def test_a_player_list_keeps_the_contract(capsys: pytest.CaptureFixture[str], lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "players.txt"
        listing.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        code = keeps_the_contract(capsys, ["new", str(Path(folder) / "club.keizer"), "--players", str(listing)],
                                  Path(folder))
        assert (code == 0) == (Path(folder) / "club.keizer").exists()


DATA = REPO / "tests" / "data"
KFC_TOURNAMENT = DATA / "kfc-test-tournament.s3db"
KFC_FILES = [KFC_TOURNAMENT, DATA / "kfc-test-tournament-2022-12-06.s3db", DATA / "kfc-test-tournament-2022-12-22.s3db"]
KFC_CONFIG = DATA / "kfc-config-2022-12-22.s3db"
TRF_FILES = [DATA / name for name in ("swiss-manager.trf", "unusual-codes.trf", "bbp-issue-7.trf", "bbp-dutch-2025-c5.trf",
                                      "tiebreak-many-unplayed-rounds.trf", "lichess-2020-06.trf")]
SPREADSHEETS = [DATA / "spreadsheet-nl.csv"]


@FUZZ
@given(data=st.data(), name=st.sampled_from(["club.s3db", "club.keizer", "club"]),
       settings=st.sampled_from(["none", "sound", "changed"]))
def test_a_kfc_tournament_with_bytes_changed_keeps_the_contract(capsys: pytest.CaptureFixture[str],
                                                                data: st.DataObject, name: str, settings: str) -> None:
    """`keizer import` of KeizerForClubs' test tournament of every age with bytes changed anywhere (the header
    too), alone or with the program's settings file (`--settings`), itself sound or with bytes changed."""
    changed = data.draw(st.sampled_from(["tournament", "settings"])) if settings == "changed" else "tournament"
    files = {"tournament": bytearray(data.draw(st.sampled_from(KFC_FILES)).read_bytes()),
             "settings": bytearray(KFC_CONFIG.read_bytes())}
    raw = files[changed]
    for _ in range(data.draw(st.integers(1, 8))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / name
        file.write_bytes(bytes(files["tournament"]))
        config = Path(folder) / "KeizerForClubs.config.s3db"
        config.write_bytes(bytes(files["settings"]))
        option = [] if settings == "none" else ["--settings", str(config)]
        with tempfile.TemporaryDirectory() as scratch:
            keeps_the_contract(capsys, READERS["import"](file, Path(scratch)) + option, Path(folder))


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from([[], ["--ruleset", "kijk-uit"], ["--ruleset", "{"]]))
def test_a_spreadsheet_changed_keeps_the_contract(capsys: pytest.CaptureFixture[str], data: st.DataObject,
                                                  ruleset: list[str]) -> None:
    """`keizer import` of a spreadsheet of games with text cut out and put in (separators, quotes, results,
    words, dates, bytes in another encoding), and `keizer open` on it."""
    text = data.draw(st.sampled_from(SPREADSHEETS)).read_bytes()
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text)))
        insert = data.draw(st.one_of(st.binary(max_size=12), st.sampled_from(
            [b"", b"\r\n", b";", b",", b"\t", b'"', b"1-0", b"0,5-0,5", b"afgemeld", b"teruggetrokken", b"31-2-2024",
             b"\x1b[2J", b"'=1+1", b"\xef\xbb\xbf", b"9999"])))
        text = text[:at] + insert + text[at + data.draw(st.integers(0, 12)):]
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "games.csv"
        file.write_bytes(text)
        with tempfile.TemporaryDirectory() as scratch:
            code = keeps_the_contract(capsys, ["import", str(file), str(Path(scratch) / "club.keizer"), *ruleset],
                                      Path(folder))
            assert (code == 0) == (Path(scratch) / "club.keizer").exists()
            keeps_the_contract(capsys, ["open", str(file)], Path(folder))


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from([[], ["--ruleset", "kijk-uit"], ["--ruleset", "{"]]))
def test_a_trf_file_changed_keeps_the_contract(capsys: pytest.CaptureFixture[str], data: st.DataObject,
                                               ruleset: list[str]) -> None:
    """`keizer import` of a TRF file with text cut out and put in (codes, columns, keizer's lines, bytes)."""
    text = data.draw(st.sampled_from(TRF_FILES)).read_bytes()
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text)))
        insert = data.draw(st.one_of(st.binary(max_size=12), st.sampled_from(
            [b"", b"\n", b"\t", b"   9 w 1", b"0000 - W", b"\x1b[2J", b"### keizer {\"player\": 1, \"id\": 7}",
             b"### keizer {\"season\": {\"ruleset\": \"nope\"}}", b"XXR 0"])))
        text = text[:at] + insert + text[at + data.draw(st.integers(0, 12)):]
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "club.trf"
        file.write_bytes(text)
        with tempfile.TemporaryDirectory() as scratch:
            code = keeps_the_contract(capsys, ["import", str(file), str(Path(scratch) / "club.keizer"), *ruleset],
                                      Path(folder))
            assert (code == 0) == (Path(scratch) / "club.keizer").exists()


# ---- issue 30: the site folder, the kept rankings and the store's table definitions, by machine ------------

OUTSIDE = {"minutes.txt": "the minutes", "sub/notes.txt": "notes"}
"""The user's files beside the site folder (`outside/`): no publish may change them, whatever a marker says."""
MARKER_LINES = (
    "{abs}", "{abs_proved}", "../outside/minutes.txt", "{up_proved}", "sub/../../outside/minutes.txt", "/",
    "players/minutes.txt", "{via_link_proved}", "same", "{same_proved}", "index.html", "{index_proved}", "",
    "minutes.txt", "{minutes_proved_wrongly}", ".", "..", "x" * 300, "\x00", "\udcff", " index.html",
)
"""What a hostile marker lists: names outside the folder, through a link, without a checksum or with a wrong
one, and nonsense; `{…_proved}` with the checksum of what lies there (proof of nothing: outside, or behind a
link)."""


def _sha(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()


def _marker_line(template: str, root: Path) -> str:
    outside = root / "outside" / "minutes.txt"
    return template.format(abs=outside, abs_proved=f"{_sha('the minutes')} {outside}",
                           up_proved=f"{_sha('the minutes')} ../outside/minutes.txt",
                           via_link_proved=f"{_sha('the minutes')} players/minutes.txt",
                           same_proved=f"{_sha('the minutes')} same",
                           index_proved=f"{_sha('one')} index.html",
                           minutes_proved_wrongly=f"{_sha('not the minutes')} minutes.txt")


@st.composite
def hostile_folders(draw: st.DrawFn) -> dict[str, object]:
    """A site folder and what lies beside it, as an attacker (or a sync, or a hand) leaves them."""
    return {
        "site": draw(st.sampled_from(["keizer's", "empty", "absent", "the user's"])),
        "marker": draw(st.one_of(st.none(), st.lists(st.sampled_from(MARKER_LINES), max_size=6))),
        "links": draw(st.lists(st.sampled_from(["players", "same", "up"]), max_size=3, unique=True)),
        "user_file": draw(st.booleans()),
        "leftovers": draw(st.lists(st.tuples(
            st.sampled_from(["keizer-tmp", "keizer-old"]),
            st.lists(st.sampled_from(MARKER_LINES), max_size=6),
            st.lists(st.sampled_from(["players", "same", "up"]), max_size=3, unique=True),
            st.booleans()), max_size=2)),
    }


def _plant(folder: Path, root: Path, lines: list[str] | None, links: list[str], user_file: bool,
           kept: dict[Path, str]) -> None:
    """A marker of `lines`, links out of `folder`, and a file of the user's (remembered in `kept`)."""
    folder.mkdir(exist_ok=True)
    if lines is not None:
        head = "A site written by keizer publish; the folder is replaced whole."
        (folder / ".keizer-site").write_text("\n".join([head, *(_marker_line(t, root) for t in lines)]) + "\n",
                                             errors="surrogateescape")
    targets = {"players": root / "outside", "same": root / "outside" / "minutes.txt", "up": root}
    for name in links:
        if not os.path.lexists(folder / name):
            (folder / name).symlink_to(targets[name])
            kept[folder / name] = f"-> {targets[name]}"
    if user_file:
        (folder / "minutes.txt").write_text("the user's own minutes")
        kept[folder / "minutes.txt"] = "the user's own minutes"


def _as_it_was(path: Path, what: str) -> bool:
    if what.startswith("-> "):
        return path.is_symlink() and os.readlink(path) == what[3:]
    return path.is_file() and not path.is_symlink() and path.read_text() == what


@FUZZ
@given(layout=hostile_folders())
def test_publish_deletes_nothing_it_did_not_write_whatever_lies_in_and_beside_the_folder(
        capsys: pytest.CaptureFixture[str], layout: dict[str, Any]) -> None:
    """Issue 30: a marker naming a path outside the folder, a link in the folder or in a folder a killed run
    left, an empty marker in the user's folder. Whatever they are, `publish` keeps the contract, every file of
    the user's is where it was with what it held, every link still a link, and nothing outside is touched."""
    from keizer.seasons.site_folder import write_site

    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        for name, text in OUTSIDE.items():
            (root / "outside" / name).parent.mkdir(parents=True, exist_ok=True)
            (root / "outside" / name).write_text(text)
        site, kept = root / "site", {root / "outside" / n: t for n, t in OUTSIDE.items()}
        if layout["site"] == "keizer's":
            write_site({"index.html": "one", "players/a.html": "a"}, site)
        if layout["site"] != "absent":
            _plant(site, root, layout["marker"], layout["links"], layout["user_file"], kept)
        for i, (suffix, lines, links, user_file) in enumerate(layout["leftovers"]):
            _plant(root / f".site.planted{i}.{suffix}", root, lines, links, user_file, kept)
        season = root / "season" / "season.json"
        season.parent.mkdir()
        season.write_text(json.dumps(MINIMAL))
        code = keeps_the_contract(capsys, ["publish", str(season), "-o", str(site)], season.parent)
        changed = [str(p.relative_to(root)) for p, what in kept.items() if not _as_it_was(p, what)]
        assert changed == [], (layout, code)
        if code == 0:
            assert (site / "index.html").is_file() and not (site / "index.html").is_symlink()


@functools.cache
def ranked_store() -> tuple[bytes, tuple[str, ...], int]:
    """A small store whose ranking of its next round is kept (made once a run): its bytes, that ranking as a
    replay gives it, and the round."""
    from keizer.evening.session import EveningSession
    from keizer.pairing.simulate import simulate_season

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.keizer"
        SeasonStore.create(path, simulate_season(10, 8, "keizer-classic", 5, played=4)).close()
        session = EveningSession.open(path)
        try:
            k = session.current_round()
            truth = tuple(session.ranking_before(k))
        finally:
            session.close()
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        return path.read_bytes(), truth, k


@FUZZ
@given(data=st.data())
def test_a_kept_ranking_changed_by_hand_is_never_believed(capsys: pytest.CaptureFixture[str],
                                                         data: st.DataObject) -> None:
    """Issue 30: a kept ranking rewritten under its own key — reordered, short, long, with a stranger or a
    player twice, or no ranking at all. `validate` says valid exactly when it is the replay's, and a session
    shows it at most until the replay that follows, which puts the replay's in its place."""
    from keizer.evening.session import EveningSession

    raw, truth, k = ranked_store()
    forged = data.draw(st.one_of(
        st.permutations(list(truth)), st.lists(st.sampled_from(list(truth) + ["nobody"]), max_size=len(truth) + 2),
        st.just(list(truth)), st.just("not a list"), st.just({"a": 1}), st.just([1, 2, 3])))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.keizer"
        path.write_bytes(raw)
        conn = sqlite3.connect(path)
        conn.execute("UPDATE kept_rankings SET ranking = ?", (json.dumps(forged),))
        conn.commit()
        conn.close()
        code = keeps_the_contract(capsys, ["validate", str(path)], Path(folder))
        assert code == (0 if forged == list(truth) else 2), forged
        session = EveningSession.open(path)
        try:
            session.ranking_before(k)
            said = session.confirm_rankings()
            assert session.ranking_before(k) == truth and not session.unconfirmed
            assert bool(said) == (forged != list(truth) and isinstance(forged, list) and len(set(forged)) == len(forged)
                                  and all(pid in truth for pid in forged))  # else replayed at once, nothing to say
            assert session.store.kept_rankings()[-1][1] == truth
        finally:
            session.close()


SCHEMA_EDITS = (
    *(f"ALTER TABLE {table} ADD COLUMN extra {kind}"
      for table in ("meta", "actions", "events", "chain", "kept_rankings") for kind in ("INTEGER", "TEXT DEFAULT 'x'", "INTEGER NOT NULL DEFAULT 0", "TEXT CHECK (1)")),
    "ALTER TABLE chain RENAME digest TO checksum",
    "ALTER TABLE kept_rankings RENAME kept TO made",
    "DROP INDEX events_by_kind; CREATE INDEX events_by_kind ON events(kind, seq)",
    "DROP INDEX events_by_kind; CREATE UNIQUE INDEX events_by_kind ON events(kind, action_id, seq)",
    "DROP INDEX events_by_kind; CREATE INDEX events_by_kind ON events(kind) WHERE seq > 0",
    "DROP INDEX events_by_kind",
    "CREATE INDEX extra ON actions(label)",
    "CREATE TABLE extra (x)",
    "CREATE VIEW extra AS SELECT * FROM actions",
    "CREATE TRIGGER extra AFTER INSERT ON actions BEGIN SELECT 1; END",
    "DROP TRIGGER chain_no_delete; CREATE TRIGGER chain_no_delete BEFORE DELETE ON chain BEGIN SELECT 1; END",
    "ALTER TABLE events RENAME TO events_old; CREATE TABLE events (action_id INTEGER NOT NULL REFERENCES "
    "actions(id), seq INTEGER NOT NULL CHECK (seq >= 0), kind TEXT NOT NULL, payload TEXT NOT NULL CHECK "
    "(json_valid(payload)), shadow INTEGER NOT NULL ON CONFLICT IGNORE, PRIMARY KEY (action_id, seq)) WITHOUT "
    "ROWID; INSERT INTO events SELECT action_id, seq, kind, payload, 0 FROM events_old; DROP TABLE events_old; "
    "CREATE INDEX events_by_kind ON events(kind)",
    "ALTER TABLE kept_rankings RENAME TO kept_old; CREATE TABLE kept_rankings (fingerprint TEXT PRIMARY KEY, "
    "ranking TEXT NOT NULL, kept INTEGER NOT NULL); DROP TABLE kept_old",
)
"""Changes to the store's table, index, trigger and view definitions an SQLite client can make (the triggers put
back as they were): each is refused by every command before it reads or writes a thing."""


@FUZZ
@given(edits=st.lists(st.sampled_from(SCHEMA_EDITS), min_size=1, max_size=2, unique=True),
       command=st.sampled_from(sorted(STORE_READERS) + [f"write: {w}" for w in sorted(STORE_WRITERS)]))
def test_a_store_whose_definitions_were_changed_is_refused_by_every_command(
        capsys: pytest.CaptureFixture[str], edits: list[str], command: str) -> None:
    """Issue 30: a table, index, trigger or view added, dropped or defined otherwise (an `events` whose
    conflict clause drops every row keizer writes, among them): exit 2 in one line, the store's bytes as they
    were, whatever the command."""
    from tests.store.store_helpers import edit_behind_keizers_back

    argv = STORE_WRITERS[command.removeprefix("write: ")] if command.startswith("write: ") else STORE_READERS[command]
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "season.keizer"
        file.write_bytes(sound_store())
        try:
            edit_behind_keizers_back(file, *(s for edit in edits for s in edit.split("; ")))
        except sqlite3.Error:  # two edits that do not go together (the column renamed, then added again)
            return
        before = file.read_bytes()
        with tempfile.TemporaryDirectory() as scratch:
            code = keeps_the_contract(capsys, argv(file, Path(scratch)), Path(folder))
        assert code == 2, (edits, command)
        assert file.read_bytes() == before
