"""Every write command against every other, two processes at once: no lost update (issue 22).

Two children (`race_child.py`) are given a command each at the same moment, on a fresh copy of one season,
and each waits a random few milliseconds before it runs, so that they cross at a different point every time.
What they leave — each one's exit code, and the season store, its publications, the site, the files
written — must be what running them one after the other gives, in one order or the other; or one of them was
refused for the race ("changed since it was read", "another program is writing") and what is left is what
the other alone gives. Anything else is a lost update (a command that said it saved, and its change is not
there) or a change made from a stale season; the harness counts them and must find none.

The short form (in the suite) runs each command once, against the next in WRITERS; `KEIZER_LONG=1` runs every
pair, ROUNDS times each (docs/format.md "Hardening").
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main

LONG = os.environ.get("KEIZER_LONG") == "1"
ROUNDS = int(os.environ.get("KEIZER_RACE_ROUNDS", "4")) if LONG else 1
"""Concurrent runs of each pair."""
WAIT = 180.0
"""The most one command may take (a bound, never a timing assertion: a loaded machine is slow, not wrong)."""
RACE_WORDS = ("changed since it was read", "another program is writing")
"""What a command refused for the race says: nothing was saved, and the director is told so."""
CHILD = Path(__file__).with_name("race_child.py")
KFC = Path(__file__).parents[1] / "data" / "kfc-test-tournament.s3db"
"""A KeizerForClubs tournament (tests/data/README.md): `import` reads other programs' files too."""

WRITERS: dict[str, tuple[str, ...]] = {
    "result 1 1-0": ("result", "{S}", "1", "1-0"),
    "result 1 0-1": ("result", "{S}", "1", "0-1"),
    "result 2 =": ("result", "{S}", "2", "="),
    "no-show 3": ("result", "{S}", "3", "--no-show", "white"),
    "result 4 --change": ("result", "{S}", "4", "1-0", "--change"),
    "attend excused": ("attend", "{S}", "{A}", "excused", "--round", "23"),
    "attend duty": ("attend", "{S}", "{B}", "duty", "--round", "23"),
    "report": ("report", "{S}", "{A}", "2020-01-28T10:00", "--round", "23"),
    "dates --start": ("dates", "{S}", "--start", "2019-09-12"),
    "dates --round": ("dates", "{S}", "--round", "23", "--date", "2020-03-05"),
    "classes --accept": ("classes", "{S}", "--round", "20", "--accept"),
    "classes --accept --move": ("classes", "{S}", "--round", "20", "--accept", "--move", "{A}:B"),
    "classes --take-back": ("classes", "{S}", "--round", "20", "--take-back"),
    "pair --keep-accepted": ("pair", "{S}", "--round", "22", "--keep-accepted", "--absent", "{C}", "--save"),
    "pair --save --replace": ("pair", "{S}", "--round", "22", "--save", "--replace", "--forbid", "{W}:{K}"),
    "group form": ("group", "form", "{S}", "--save"),
    "group schedule": ("group", "schedule", "{S}", "--save"),
    "group unavailable": ("group", "unavailable", "{S}", "{A}", "25", "--save"),
    "player add": ("player", "add", "{S}", "Nieuw Lid", "--rating", "1700"),
    "player withdraw": ("player", "withdraw", "{S}", "{B}", "--before", "24"),
    "player class": ("player", "class", "{S}", "{N}", "C"),
    "player group": ("player", "group", "{S}", "{A}", "2"),
    "classes --start --save": ("classes", "{S}", "--start", "--save"),
    "undo": ("undo", "{S}"),
    "redo": ("redo", "{S}"),
    "publish": ("publish", "{S}", "-o", "{O}"),
    "publish --lang en": ("publish", "{S}", "--lang", "en", "-o", "{O}"),
    "import": ("import", "{J}", "{T}"),
    "import trf": ("import", "{R}", "{T}"),
    "import kfc": ("import", "{F}", "{T}"),
    "import csv": ("import", "{V}", "{T}", "--ruleset", "doorn-driebergen-2019"),
    "season": ("season", "{S}", "--rounds", "40", "--name", "Race club"),
    "new": ("new", "{T}", "--ruleset", "kijk-uit"),
    "backup": ("backup", "{S}", "{T}"),
    "export -o": ("export", "{S}", "-o", "{E}"),
}
"""Every command that writes, as the director types it: into the season store {S}, a site folder {O}, a new
store {T} (from keizer's JSON {J}, a TRF file {R}, a KeizerForClubs tournament {F}, a spreadsheet {V}, or empty) or an export
{E}. A, B, C: players (A in the championship group once formed); N the player who joins at round 23 without
a class; W and K the two on board 1 (a forbid that changes the pairing). Not here: `group decide` and
`group result`, which need a group whose games are played (a D season mid-way has none), and `open`
(the TUI: its writes are the evening layer's, as these are)."""

# A command another part of keizer adds joins the harness with one line here: the forecast writes only with
# the publication it is kept with (`forecast` itself reads; the fuzz's READERS hold it).
WRITERS.update({"publish --forecast": ("publish", "{S}", "-o", "{O}", "--forecast", "--runs", "3")})
# Issue 30: what `keizer open` writes before its first screen, the ranking it is drawn in kept beside the log
# (`race_child.opened`): against every other write, no ranking kept for a season it is not the replay of.
WRITERS.update({"open": ("open", "{S}")})

OLDER_PAIRS = (("result 1 1-0", "attend excused"), ("open", "result 2 ="), ("undo", "publish"),
               ("player add", "dates --start"))
"""Pairs raced on the same season in a store of schema 12 too (issue 30): each command's first write upgrades it
(a copy kept beside it first); what they leave must have the shape of this keizer's schema exactly. The long
form races every pair there once."""


@dataclass(frozen=True)
class Outcome:
    codes: tuple[int, ...]
    state: Any
    """What the commands left (`snapshot`)."""


class Worker:
    """A race_child.py process; each request answered on a line (read by a thread: a read never hangs)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(CHILD)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self._line() == "ready"

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def _line(self) -> str:
        try:
            line = self.lines.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"the race child gave no answer within {WAIT} s") from None
        if line is None:
            assert self.proc.stderr is not None
            raise AssertionError(f"the race child ended: {self.proc.stderr.read()[-2000:]}")
        return line

    def send(self, argv: list[str], delay: float = 0.0) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"argv": argv, "delay": delay}) + "\n")
        self.proc.stdin.flush()

    def answer(self) -> tuple[int, str]:
        reply = json.loads(self._line())
        return reply["code"], reply["err"]

    def run(self, argv: list[str]) -> tuple[int, str]:
        self.send(argv)
        return self.answer()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)


@pytest.fixture(scope="module")
def workers() -> Iterator[tuple[Worker, Worker]]:
    started: list[Worker] = []
    try:
        started.append(Worker())
        started.append(Worker())
        yield started[0], started[1]
    finally:
        for worker in started:  # never a process left behind, whatever failed
            worker.stop()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A D season (with K's group cups) of 14 players, rounds 1–21 played, round 22 paired and pending, dated,
    with starting classes, a 15th player joining at round 23 without one, its group not formed, the classes
    after round 20 not accepted, and an undone action (redo has one)."""
    folder = tmp_path_factory.mktemp("race-base")
    season_file = folder / "base.json"
    rules = {"preset": "doorn-driebergen-2019", "cups": {"top": 2, "participation": True}}
    season_file.write_text(dump_season(simulate_season(14, 36, rules, seed=3, played=21)))
    store = folder / "base.keizer"
    for argv in (("import", str(season_file), str(store)), ("dates", str(store), "--start", "2019-09-05"),
                 ("classes", str(store), "--start", "--save"), ("pair", str(store), "--save"),
                 ("player", "add", str(store), "Late Joiner", "--rating", "1500", "--joins", "23"),
                 ("attend", str(store), "p014", "excused", "--round", "23"), ("undo", str(store))):
        assert main(list(argv)) == 0, argv
    season = load_season(store)
    board1 = season.round(22).games[0]
    on_board = [p for g in season.round(22).games[4:] for p in g.players()]
    exported, trf, sheet = folder / "base-export.json", folder / "base.trf", folder / "base.csv"
    assert main(["export", str(store), "-o", str(exported)]) == 0
    assert main(["export", str(store), "--trf", "-o", str(trf)]) == 0
    assert main(["export", str(store), "--csv", "-o", str(sheet)]) == 0
    joiner = next(p.id for p in season.players if p.name == "Late Joiner")
    return {"store": str(store), "{J}": str(exported), "{R}": str(trf), "{F}": str(KFC), "{V}": str(sheet), "{A}": "p001",
            "{B}": "p002", "{C}": on_board[0], "{N}": joiner, "{W}": board1.white, "{K}": board1.black}


def argv_for(name: str, base: dict[str, str], folder: Path) -> list[str]:
    places = {**base, "{S}": str(folder / "season.keizer"), "{O}": str(folder / "site"),
              "{T}": str(folder / "made.keizer"), "{E}": str(folder / "export.json")}
    out = []
    for word in WRITERS[name]:
        for key, value in places.items():
            if key.startswith("{"):
                word = word.replace(key, value)
        out.append(word)
    return out


def fresh(base: dict[str, str], folder: Path) -> Path:
    """A copy of the season, and beside the site folder a folder planted as a killed publish leaves its own,
    its marker naming a file outside it (with its checksum) and a link out (issue 30)."""
    folder.mkdir()
    shutil.copyfile(base["store"], folder / "season.keizer")
    planted = folder / ".site.planted.keizer-old"
    planted.mkdir()
    (folder / "minutes.txt").write_text("the minutes")
    digest = hashlib.sha256(b"the minutes").hexdigest()
    (planted / ".keizer-site").write_text(f"A site\n{digest} {folder / 'minutes.txt'}\n{digest} up/minutes.txt\n")
    (planted / "up").symlink_to(folder)
    return folder


def untouched(folder: Path) -> None:
    """Nothing of the user's beside the site changed, the planted link still a link (never followed)."""
    assert (folder / "minutes.txt").read_text() == "the minutes"
    assert (folder / ".site.planted.keizer-old" / "up").is_symlink()


def snapshot(folder: Path) -> Any:
    """What the commands left in `folder`: the store's season and publications, the site's pages (its marker
    as the names it lists), the new store's season, the export's season (the log heads left out, and the
    checksum of the site's: they hold the time of each action)."""
    from keizer.seasons.site_folder import listed
    with SeasonStore.open(folder / "season.keizer", readonly=True) as store:
        season = store.season
        published = tuple((r.round, r.lang, r.revision, r.output) for _, r in store.publications())
    site = folder / "site"
    pages = None if not site.exists() else tuple(sorted(
        (p.relative_to(site).as_posix(), p.read_bytes()) for p in site.rglob("*")
        if p.is_file() and p.name not in ("log-head.txt", ".keizer-site"))) + (tuple(sorted(listed(site) or ())),)
    made = load_season(folder / "made.keizer") if (folder / "made.keizer").exists() else None
    export = folder / "export.json"
    exported = None if not export.exists() else {k: v for k, v in json.loads(export.read_text()).items()
                                                if k != "log_head"}
    left = sorted(p.name for p in folder.iterdir()
                  if p.name not in ("season.keizer", "site", "made.keizer", "export.json")
                  and not p.name.startswith(("season.keizer-", "made.keizer-", "season.keizer.schema-")))
    return season, published, pages, made, exported, left


def one_after_another(worker: Worker, base: dict[str, str], folder: Path, names: tuple[str, ...]) -> Outcome:
    fresh(base, folder)
    codes = tuple(worker.run(argv_for(name, base, folder))[0] for name in names)
    untouched(folder)
    return Outcome(codes, snapshot(folder))


def sound(folder: Path) -> list[str]:
    """What is wrong with the store the commands left: its shape, log and kept rankings (`keizer validate`), and
    each copy an upgrade kept beside it (a whole store of the older schema)."""
    from keizer.evening.kept_check import validate_kept_rankings
    from keizer.seasons.store.season_store import validate_store

    store = folder / "season.keizer"
    wrong = [*validate_store(store), *validate_kept_rankings(store)]
    for backup in folder.glob("season.keizer.schema-*.backup*"):
        wrong += [f"{backup.name}: {p}" for p in validate_store(backup)]
    return wrong


def pairs() -> list[tuple[str, str]]:
    names = list(WRITERS)
    if LONG:
        return list(itertools.combinations_with_replacement(names, 2))
    return [(a, names[(i + 1) % len(names)]) for i, a in enumerate(names)]  # each command once, in the suite


@pytest.fixture(scope="module")
def older(base: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The same season in a store of schema 12, as the keizer before issue 30 wrote it."""
    from keizer.seasons.store import schema
    from keizer.seasons.store.events import SeasonCreated

    folder = tmp_path_factory.mktemp("race-older")
    store = folder / "base.keizer"
    with SeasonStore.open(base["store"], readonly=True) as current:
        history = [(h.label, h.kind, current.action_events(h.id)) for h in current.history()]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:12])
        first = history[0][2][0]
        assert isinstance(first, SeasonCreated)
        with SeasonStore.create(store, first.season, label=history[0][0]) as made:
            for label, kind, events in history[1:]:
                if kind == "do":
                    made.apply(label, *events)
                else:
                    made.undo() if kind == "undo" else made.redo()
    with SeasonStore.open(store, readonly=True) as made, SeasonStore.open(base["store"], readonly=True) as current:
        assert made.season == current.season and made.can_redo() == current.can_redo()
    return {**base, "store": str(store)}


@pytest.mark.parametrize("pair", pairs(), ids=lambda p: f"{p[0]} | {p[1]}")
def test_two_writers_at_once_lose_nothing(workers: tuple[Worker, Worker], base: dict[str, str], tmp_path: Path,
                                          pair: tuple[str, str]) -> None:
    race(workers, base, tmp_path, pair)


@pytest.mark.parametrize("pair", list(itertools.combinations_with_replacement(WRITERS, 2)) if LONG else OLDER_PAIRS,
                         ids=lambda p: f"{p[0]} | {p[1]}")
def test_two_writers_at_once_upgrade_an_older_store_whole(workers: tuple[Worker, Worker], older: dict[str, str],
                                                         tmp_path: Path, pair: tuple[str, str]) -> None:
    race(workers, older, tmp_path, pair, rounds=1)


def race(workers: tuple[Worker, Worker], base: dict[str, str], tmp_path: Path, pair: tuple[str, str],
         rounds: int = ROUNDS) -> None:
    """The two commands of `pair` one after the other both ways, each alone, then at once ROUNDS times: what
    they leave at once must be what one order or the other leaves, or what one alone leaves when the other was
    refused for the race; and sound, with nothing of the user's beside the site touched."""
    first, second = pair
    one, two = workers
    serial = [one_after_another(one, base, tmp_path / "ab", (first, second)),
              one_after_another(one, base, tmp_path / "ba", (second, first))]
    serial[1] = Outcome(serial[1].codes[::-1], serial[1].state)  # codes in the pair's order
    alone = [one_after_another(one, base, tmp_path / f"alone{i}", (name,)) for i, name in enumerate(pair)]
    rng = random.Random(f"{first}|{second}")
    lost = []
    for n in range(rounds):
        folder = fresh(base, tmp_path / f"race{n}")
        one.send(argv_for(first, base, folder), rng.uniform(0, 0.05))
        two.send(argv_for(second, base, folder), rng.uniform(0, 0.05))
        (code_a, err_a), (code_b, err_b) = one.answer(), two.answer()
        assert -1 not in (code_a, code_b), (err_a, err_b)  # a traceback is never an outcome
        untouched(folder)
        assert sound(folder) == [], (err_a, err_b)
        got = Outcome((code_a, code_b), snapshot(folder))
        refused = [i for i, err in enumerate((err_a, err_b)) if got.codes[i] == 2 and any(w in err for w in RACE_WORDS)]
        fits = got in serial or any(got.codes[1 - i] == alone[1 - i].codes[0] and got.state == alone[1 - i].state
                                    for i in refused)
        if not fits:
            lost.append(f"round {n}: exit codes {got.codes} ({err_a.strip()!r}, {err_b.strip()!r}); one after "
                        f"another: {serial[0].codes} / {serial[1].codes}")
    assert lost == [], "\n".join(lost)
