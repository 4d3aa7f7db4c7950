"""`keizer bench limits`: each command at the largest input its limits let through, timed (CPU seconds)."""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season, Withdrawal

if TYPE_CHECKING:
    from keizer.scoring.replay import Replay

GOAL_SECONDS = 10.0
"""What every input inside the limits is answered within (docs/performance.md)."""


@dataclass(frozen=True, slots=True)
class LimitCase:
    what: str
    size: str
    seconds: float
    """CPU seconds of this process (the machine is shared: wall time says more about the others)."""

    def line(self) -> str:
        mark = "ok" if self.seconds <= GOAL_SECONDS else "OVER"
        return f"{self.what:<44} {self.size:<34} {self.seconds:7.2f} s  {mark}"


def random_season(players: int, rounds: int, seed: int, ruleset: str = "keizer-classic",
                  joining: int = 0, leaving: int = 0) -> Season:
    """Every player in every round, paired at random with random results: a season whose rankings cycle
    as long as any (a club's own seasons cycle far shorter), the worst case of the standings' search.
    `joining`: the last so many players join one a round from round 2 on (a segment of the replay each);
    `leaving`: the first so many withdraw, one a round from before round 3 on (under D's rules a removal
    each, docs/rules.md §6)."""
    rng = random.Random(f"limits|{players}|{rounds}|{seed}")
    first = players - joining
    field = tuple(Player(id=PlayerId(f"p{i:05d}"), name=f"Player {i}", joined=max(1, i - first + 1))
                  for i in range(1, players + 1))
    gone = {field[i].id: 3 + i for i in range(leaving)}
    out = []
    for k in range(1, rounds + 1):
        ids = [p.id for p in field if p.joined <= k and gone.get(p.id, k + 1) > k]
        rng.shuffle(ids)
        entries = ((ids.pop(), EntryKind.BYE),) if len(ids) % 2 else ()
        games = tuple(Game(ids[i], ids[i + 1], rng.choice((Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)))
                      for i in range(0, len(ids), 2))
        out.append(Round(number=k, games=games, entries=tuple(sorted(entries))))
    return Season(name=f"random {players}x{rounds}", ruleset_spec=ruleset, players=field, rounds=tuple(out),
                  withdrawals=tuple(Withdrawal(pid, before) for pid, before in gone.items()))


def rounds_at_the_limit(players: int, seed: int) -> int:
    """The most rounds of `random_season(players, …)` whose standings the work limit lets through."""
    from keizer.scoring.fixpoint import ITERATION_CAP
    from keizer.scoring.work import worst_case_work
    from keizer.seasons.limits import MAX_ROUNDS, MAX_SCORING_WORK
    from keizer.seasons.ruleset.parse import parse_ruleset

    rules = parse_ruleset("keizer-classic")
    low, high = 1, MAX_ROUNDS
    while low < high:
        mid = (low + high + 1) // 2
        if worst_case_work(random_season(players, mid, seed), rules, mid, ITERATION_CAP) <= MAX_SCORING_WORK:
            low = mid
        else:
            high = mid - 1
    return low


def work_done(replay: Replay) -> int:
    """The results a replay of a season without joiners priced (`scoring.work.worst_case_work`'s measure)."""
    from keizer.scoring.work import ITERATION_OVERHEAD

    games, done = 0, 0
    for k in range(1, replay.upto + 1):
        games += len(replay.season.round(k).games)
        done += replay.states[k].iterations * (len(replay.players) + 2 * games + ITERATION_OVERHEAD)
    return done


def _cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _command(*argv: str, refused: bool = False) -> float:
    """The CPU seconds of one keizer command, run as the director runs it (its own process, its start-up
    included), its output set aside; it must succeed (`refused`: it must refuse, exit 2)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "keizer", *argv], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != (2 if refused else 0):
        raise KeizerError(f"bench limits: keizer {argv[0]} {'was not refused' if refused else 'failed'}: "
                          f"{done.stderr.strip()}")
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def trf_file(path: Path, players: int, rounds: int, seed: int) -> None:
    """A Swiss tournament's TRF file as another program writes it (CR LF, "Last, First", random pairings
    and results, an odd player out with `U`, no keizer lines and no points column)."""
    rng = random.Random(f"trf|{players}|{rounds}|{seed}")
    blocks: list[list[str]] = [[] for _ in range(players)]
    order = list(range(players))
    for _ in range(rounds):
        rng.shuffle(order)
        if players % 2:
            blocks[order[-1]].append("0000 - U  ")
        for a, b in zip(order[0:players - 1:2], order[1:players:2]):
            result = rng.choice("10=")
            blocks[a].append(f"{b + 1:4d} w {result}  ")
            blocks[b].append(f"{a + 1:4d} b {'=' if result == '=' else '01'[result == '0']}  ")
    lines = [f"012 Bench {players} x {rounds}"]
    lines += [f"001 {i + 1:4d}      {f'Player{i + 1}, Test':<33} {1000 + i % 1500:4d}".ljust(91)
              + "".join(blocks[i]).rstrip() for i in range(players)]
    path.write_text("\r\n".join(lines) + "\r\n", encoding="ascii")


def kfc_file(path: Path, players: int, rounds: int, seed: int) -> None:
    """A KeizerForClubs tournament as the program keeps one: 99 boards a round (its most), every other player
    absent (a row from board 100 on), random results."""
    import sqlite3

    rng = random.Random(f"kfc|{players}|{rounds}|{seed}")
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE Player (id INTEGER PRIMARY KEY, name VARCHAR(30) NOT NULL, rating INTEGER NOT NULL, "
        "rank INTEGER NOT NULL, state INTEGER, Keizer_StartPts FLOAT, Keizer_SumPts FLOAT);"
        "CREATE TABLE Pairing (Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL, "
        "PID_B INTEGER NOT NULL, Result INTEGER, Pts_W FLOAT, Pts_B FLOAT);"
        "CREATE TABLE ConfigTab (CfgKey VARCHAR(20) NOT NULL PRIMARY KEY, CfgText VARCHAR(5), CfgValue FLOAT);")
    conn.executemany("INSERT INTO Player VALUES (?, ?, ?, ?, 1, 0, 0)",
                     [(i, f"Player {i}", 1000 + i, i) for i in range(1, players + 1)])
    ids, rows = list(range(1, players + 1)), []
    for k in range(1, rounds + 1):
        rng.shuffle(ids)
        boards = min(99, players // 2)
        rows += [(k, b + 1, ids[2 * b], ids[2 * b + 1], rng.choice((1, 2, 3))) for b in range(boards)]
        rows += [(k, 100 + i, pid, -1, rng.choice((4, 6, 7))) for i, pid in enumerate(ids[2 * boards:])]
    conn.executemany("INSERT INTO Pairing (Rnd, board, PID_W, PID_B, Result) VALUES (?, ?, ?, ?, ?)", rows)
    conn.commit()
    conn.close()


def run_limits_benchmark(seed: int = 0, progress: Callable[[str], object] = lambda _: None) -> list[LimitCase]:
    """The worst case at each limit: standings of random results at the scoring work limit (40 and 1,000
    players), a round with the most alternatives allowed at MAX_ALTERNATIVES_FIELD present, a site at
    MAX_SITE_CELLS, the rating report at 9,999 players."""
    from keizer.pairing.simulate import simulate_season
    from keizer.scoring.replay import replay
    from keizer.seasons.limits import MAX_ALTERNATIVES_FIELD, MAX_SCORING_WORK, MAX_SITE_CELLS, alternatives_in_time
    from keizer.seasons.season_json.write import dump_season

    cases = []
    for players in (40, 1000):
        rounds = rounds_at_the_limit(players, seed)
        season = random_season(players, rounds, seed)
        progress(f"standings {players}x{rounds}")
        done: list[Replay] = []
        seconds = _cpu(lambda: done.append(replay(season)))
        cases.append(LimitCase("standings, random results, iterate always", f"{players} players × {rounds} rounds",
                               seconds))
        # Random results reach the cap in some rounds, not all: at the rate measured, every round to the cap.
        cases.append(LimitCase("  every round to the cap (rate × limit)",
                               f"{seconds / work_done(done[0]) * 1e9:.2f} ns a result",
                               seconds / work_done(done[0]) * MAX_SCORING_WORK))
    with tempfile.TemporaryDirectory(prefix="keizer-limits-") as tmp:
        folder = Path(tmp)
        present = MAX_ALTERNATIVES_FIELD
        paired = simulate_season(present, 12, "keizer-classic", seed, played=6)
        path = folder / "pair.json"
        path.write_text(dump_season(paired))
        most = alternatives_in_time(present)
        progress(f"pair --alternatives {most}")
        cases.append(LimitCase(f"pair --alternatives {most}", f"{present} players (some absent)",
                               _command("pair", str(path), "--alternatives", str(most))))
        rounds = 36
        site_players = MAX_SITE_CELLS // rounds
        site = simulate_season(site_players, rounds, "keizer-classic", seed)
        path = folder / "site.json"
        path.write_text(dump_season(site))
        progress("publish")
        cases.append(LimitCase("publish", f"{site_players} players × {rounds} rounds",
                               _command("publish", str(path), "-o", str(folder / "site"))))
        trf = replace(random_season(9_999, 20, seed, "doorn-driebergen-2019"), start_date="2019-09-05")
        path = folder / "trf.json"
        path.write_text(dump_season(trf))
        progress("export --trf")
        cases.append(LimitCase("export --trf (single pass)", "9,999 players × 20 rounds",
                               _command("export", str(path), "--trf", "-o", str(folder / "x.trf"))))
        cases += _moving_in(folder, seed, progress)
    return cases


def _moving_in(folder: Path, seed: int, progress: Callable[[str], object]) -> list[LimitCase]:
    """Moving in at the limits (docs/format.md "Moving in"): a KeizerForClubs tournament at its most rows, TRF
    files of 5,000 players up to the most player-rounds taken in, one of 9,999 × 300 refused before it is read,
    the standings of such a season refused before the work, and its export imported again."""
    from keizer.seasons.limits import MAX_MOVED_IN

    cases = []
    kfc = folder / "club.s3db"
    kfc_file(kfc, 1000, 200, seed)
    progress("import KeizerForClubs")
    cases.append(LimitCase("import KeizerForClubs (with its check)", "1,000 players × 200 rounds",
                           _command("import", str(kfc), str(folder / "kfc.keizer"))))
    for players, rounds in ((5000, 150), (5000, MAX_MOVED_IN // 5000)):
        trf = folder / f"t{rounds}.trf"
        trf_file(trf, players, rounds, seed)
        progress(f"import TRF {players}x{rounds}")
        cases.append(LimitCase("import TRF", f"{players:,} players × {rounds} rounds",
                               _command("import", str(trf), str(folder / f"t{rounds}.keizer"))))
    store = folder / f"t{MAX_MOVED_IN // 5000}.keizer"
    progress("standings refused")
    cases.append(LimitCase("  standings of it (refused before the work)", "",
                           _command("standings", str(store), refused=True)))
    progress("export and import again")
    cases.append(LimitCase("  export", "", _command("export", str(store), "-o", str(folder / "t.json"))))
    cases.append(LimitCase("  import of that export", "",
                           _command("import", str(folder / "t.json"), str(folder / "again.keizer"))))
    big = folder / "big.trf"
    trf_file(big, 9_999, 300, seed)
    progress("import TRF 9999x300 refused")
    cases.append(LimitCase("import TRF (refused before it is read)", "9,999 players × 300 rounds",
                           _command("import", str(big), str(folder / "big.keizer"), refused=True)))
    return cases
