"""A TRF file as a keizer season: the players, every round's games with colours and results, byes and
absences, the absences announced for the evenings to come, and (in keizer's own report) its comment lines;
the report of what was read how, each guess named by player and round (docs/format.md "Moving in")."""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, NoReturn

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.gcpause import collector_paused
from keizer.seasons.json_keys import FORMAT
from keizer.seasons.limits import MAX_MOVED_IN, MAX_TEXT, checked_text, describe
from keizer.seasons.model import PlayerId
from keizer.seasons.moving_in.ids import slug_ids
from keizer.seasons.moving_in.report import MaybeWithdrew, MoveReport, Moved, span
from keizer.seasons.trf.lines import LINE_END as _LINES, Block, PlayerLine, TrfLines, read_lines
from keizer.seasons.trf.report import FIRST_ROUND_COLUMN
from keizer.seasons.trf.points import points_check
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.trf.report import name_title, spoken_name

GAMES = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2", ("+", "-"): "+-", ("-", "+"): "-+",
         ("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2", (" ", " "): "*"}
"""(white's code, black's code) of a game → its result; both blank: paired, no result yet."""
ALONE = {"U": "bye", "F": "bye", "+": "bye", "1": "bye", "H": "excused", "=": "excused", "Z": "excused",
         " ": "excused", "0": "excused", "-": "unexcused"}
"""A round without an opponent, by its code → keizer's entry."""
AHEAD = {"U": "excused", "F": "excused", "+": "excused", "1": "excused", "H": "excused", "=": "excused",
         "Z": "excused", "0": "excused", "-": "unexcused"}
"""A code in a round after the last one played (announced ahead) → the mark for that evening: an absence;
a bye asked for ahead is one too (keizer's bye goes by the pairing)."""
SAID = {"F": "F (a full-point bye) read as a bye", "+": "+ without an opponent read as a bye",
        "1": "1 without an opponent read as a bye", "H": "H (a half-point bye) read as excused",
        "=": "= without an opponent read as excused", "Z": "Z (a known absence) read as excused",
        " ": "a blank round read as excused", "0": "0 without an opponent read as excused",
        "-": "- without an opponent (a forfeit) read as unexcused",
        "W": "W, D, L (a game of less than one move) read as the result"}
"""How each code was read, said per player with the rounds (`U` is keizer's bye itself)."""
RECORDS = {"022": "the city", "032": "the federation", "042": "the start date", "052": "the end date",
           "062": "the number of players", "072": "the number of rated players", "082": "the number of teams",
           "092": "the type of tournament", "102": "the chief arbiter", "112": "the deputy arbiters",
           "122": "the time control", "152": "the first round's colour", "162": "the points of each result",
           "172": "the starting-rank method", "182": "the pairing program", "192": "the tournament type's code",
           "202": "the tie-breaks", "212": "the standings' tie-breaks", "222": "the time control's code",
           "240": "byes recorded apart, which the players' lines hold too", "XXC": "round 1's colour"}
"""What a record not read holds, for the report."""
WRITTEN = frozenset({"042", "052", "062", "072", "092"})
"""Records keizer's own report writes that say nothing the players' lines do not."""
DUMMIES = frozenset({"spielfrei", "freilos", "bye", "free", "vrij", "oneven", "exempt", "libre"})
"""Names a pairing program gives the dummy opponent of the odd player out ("spielfrei", "BYE", "(bye)"): no
player, its games byes."""
BLANK = Block(0, "-", " ")
P_WHITE = frozenset({("w", "b"), ("w", "-"), ("-", "b")})
Q_WHITE = frozenset({("b", "w"), ("b", "-"), ("-", "w")})
"""The colours of a game (the lower start rank's, the other's): the lower start rank white, or black."""
GONE = frozenset({" ", "-"})
"""A round without an opponent that says the player was simply not there: blank, or `-` (as lichess writes
every round of a player who left)."""


def read_trf(path: str | os.PathLike[str], ruleset: Any = None) -> Moved:
    """The season in a TRF file; `ruleset` the spec given with `--ruleset` (None: the file's own, written by
    keizer's export, else keizer-classic). KeizerError naming the file and line for what does not read."""
    with collector_paused():  # a large file is a million small objects (`seasons/gcpause.py`)
        return _read_trf(Path(path), ruleset)


def _read_trf(file: Path, ruleset: Any) -> Moved:
    data = read_bytes(file, "a TRF file")
    report = MoveReport("a TRF file")
    text = _decoded(data, report)
    if not text.strip():
        raise KeizerError(f"{file}: {'only white space' if text else 'an empty file'}, no season in it")
    _check_size(text, str(file))
    lines = read_lines(text, str(file))
    if not lines.players:
        raise KeizerError(f"{file}: no player line (001): not a TRF file keizer can read")
    everyone = sorted(lines.players, key=lambda p: p.rank)
    _unique_ranks(everyone, str(file))
    dummies = {p.rank: p for p in everyone if _is_dummy(p)}
    players = [p for p in everyone if p.rank not in dummies]
    if not players:
        raise KeizerError(f"{file}: only a dummy opponent ({everyone[0].name}), no player")
    by_rank = {p.rank: p for p in players}
    own = _Records(lines, by_rank, str(file), report)
    read = _Reading(players, by_rank, dummies, own, lines, report, str(file))
    names = [r["name"] if isinstance(r.get("name"), str) else spoken_name(p.name)
             for p, r in zip(players, (own.players.get(p.rank, {}) for p in players))]
    read.names = {p.rank: name for p, name in zip(players, names)}
    records = [own.players.get(p.rank, {}) for p in players]
    given = [str(r["id"]) for r in records if "id" in r]
    slugs = iter(slug_ids([n for r, n in zip(records, names) if "id" not in r], given))
    read.ids = {p.rank: r["id"] if "id" in r else next(slugs) for p, r in zip(players, records)}
    played, ahead = read.rounds()
    read.joined = {p.rank: read.joined_round(p, played) for p in players}
    obj: dict[str, Any] = {
        "format": FORMAT,
        "name": own.season.get("name", lines.name or checked_text(file.stem[:MAX_TEXT], "the file's name")),
        "ruleset": ruleset if ruleset is not None else own.season.get("ruleset", "keizer-classic"),
        "players": [_player_json(p, read.ids[p.rank], name, read.joined[p.rank], own, lines)
                    for p, name in zip(players, names)],
        "rounds": [read.round_json(k) for k in range(1, played + 1)] + [read.ahead_json(k)
                                                                       for k in range(played + 1, ahead + 1)],
        "withdrawals": [{"player": read.ids[rank], "before_round": k} for rank, k in own.withdrawals],
        "suspended": [read.ids[rank] for rank in own.suspended],
    }
    if own.season.get("rounds_planned", lines.rounds_planned) is not None:
        obj["rounds_planned"] = own.season.get("rounds_planned", lines.rounds_planned)
    read.say(played, ruleset)
    spec = obj["ruleset"]
    report.ruleset = spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)
    try:
        season = season_from_json(obj)
    except InputError as exc:
        raise KeizerError(f"{file}: the season read from it does not hold: {exc}") from None
    report.checks.extend(points_check(players, read.names, own.own))
    return Moved(season=season, report=report)


def _decoded(data: bytes, report: MoveReport) -> str:
    """UTF-8 (a byte order mark dropped); else Windows-1252, as Swiss-Manager writes; else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
        report.guess_file("the file is not UTF-8: read as Windows-1252")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        report.guess_file("the file is neither UTF-8 nor Windows-1252: read as Latin-1")
    return text


def _check_size(text: str, source: str) -> None:
    """A file of more player-rounds than keizer takes in (`MAX_MOVED_IN`) is refused before it is read: its
    player lines counted and its longest line measured, at the speed of a text search."""
    players = text.count("\n001 ") + text.count("\r001 ") + text.startswith("001 ")
    longest = max(map(len, _LINES.split(text)), default=0)
    rounds = max(0, (longest - FIRST_ROUND_COLUMN + 1 + 9) // 10)
    if players * rounds > MAX_MOVED_IN:
        raise KeizerError(f"{source}: {players:,} players over {rounds:,} rounds, more than keizer takes in from "
                          f"another program ({MAX_MOVED_IN:,} player-rounds): a season that size could be neither "
                          f"scored in time nor exported and read back (docs/format.md \"Moving in\")")


def _unique_ranks(players: list[PlayerLine], source: str) -> None:
    """Two lines with one start rank are refused, naming the second (players sorted by rank)."""
    for before, p in zip(players, players[1:]):
        if p.rank == before.rank:
            raise KeizerError(f"{source}: line {max(p.line, before.line)}: start rank {p.rank} is another "
                              f"player's too")


def _is_dummy(p: PlayerLine) -> bool:
    """The dummy opponent a pairing program lists as a player ("spielfrei", "BYE"): one of `DUMMIES` as its
    whole name, without a rating or an id."""
    name = "".join(c for c in p.name.casefold() if c.isalnum())
    return name in DUMMIES and p.rating is None and p.fide_id is None


class _Records:
    """keizer's comment lines, checked for their shape (their values are the season file's, checked there)."""

    def __init__(self, lines: TrfLines, by_rank: dict[int, PlayerLine], source: str, report: MoveReport) -> None:
        self.season: dict[str, Any] = {}
        self.players: dict[int, dict[str, Any]] = {}
        self.rounds: dict[int, dict[str, Any]] = {}
        self.withdrawals: list[tuple[int, Any]] = []
        self.suspended: list[int] = []
        for number, obj in lines.keizer:
            where = f"{source}: line {number}"
            if "season" in obj and isinstance(obj["season"], dict):
                self.season = obj["season"]
            elif "player" in obj:
                self.players[self._rank(obj["player"], by_rank, where)] = {k: v for k, v in obj.items() if k != "player"}
            elif isinstance(obj.get("round"), int) and not isinstance(obj["round"], bool):
                self.rounds[obj["round"]] = obj
            elif "withdrawal" in obj:
                self.withdrawals.append((self._rank(obj["withdrawal"], by_rank, where), obj.get("before_round")))
            elif isinstance(obj.get("suspended"), list):
                self.suspended = [self._rank(r, by_rank, where) for r in obj["suspended"]]
            else:
                report.drop(f"line {number}: a keizer line this version does not know ({describe(obj)})")

    @property
    def own(self) -> bool:
        """The file is keizer's own report: its lines say what the codes cannot."""
        return bool(self.season)

    @staticmethod
    def _rank(value: Any, by_rank: dict[int, PlayerLine], where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value not in by_rank:
            raise KeizerError(f"{where}: a keizer line names player {describe(value)}, who has no 001 line")
        return value


def _last(blocks: tuple[Block, ...], counts: Any) -> int:
    """The last round whose block `counts`, 0 for none: looked for from the end (where it mostly is)."""
    return next((k + 1 for k in range(len(blocks) - 1, -1, -1) if counts(blocks[k])), 0)


def _block(player: PlayerLine, k: int) -> Block:
    return player.blocks[k - 1] if k <= len(player.blocks) else BLANK


class _Reading:
    """One file's players read round by round, with what each reading guessed, by player and round."""

    def __init__(self, players: list[PlayerLine], by_rank: dict[int, PlayerLine], dummies: dict[int, PlayerLine],
                 own: _Records, lines: TrfLines, report: MoveReport, source: str) -> None:
        self.players, self.by_rank, self.dummies, self.own = players, by_rank, dummies, own
        self.lines, self.report, self.source = lines, report, source
        self.names: dict[int, str] = {}
        self.ids: dict[int, Any] = {}
        self.joined: dict[int, int] = {}
        self.gone = {rank: before for rank, before in own.withdrawals if isinstance(before, int)}
        self.codes: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        """How a code was read: code → start rank → the rounds."""
        self.forfeits: list[str] = []
        self.late: list[str] = []
        self.byes: list[str] = []
        self.marks: dict[int, list[int]] = defaultdict(list)
        """Absences announced after the last round played: start rank → the rounds."""

    def rounds(self) -> tuple[int, int]:
        """(the last round with a game, the last round with an absence announced after it). A game against a
        dummy opponent is a bye, no game."""
        dummies = self.dummies
        last = max((_last(p.blocks, lambda b: b.opponent and b.opponent not in dummies) for p in self.players),
                   default=0)
        announced = max((_last(p.blocks, lambda b: b.result != " ") for p in self.players), default=0)
        announced = announced if announced > last else 0
        if not last:
            raise KeizerError(f"{self.source}: no round of it has a game: nothing to import" if not announced else
                              f"{self.source}: no round of it has a game (round {announced} has only byes or "
                              f"absences)")
        return last, max(last, announced)

    def joined_round(self, player: PlayerLine, rounds: int) -> int:
        """The first round a player takes part in: keizer's own line says it; else the first round that is
        not a blank or `Z` (the rounds before it are read as before joining)."""
        if self.own.own:
            value = self.own.players.get(player.rank, {}).get("joined", 1)
            return value if isinstance(value, int) else 1
        first = next((k for k in range(1, rounds + 1) if _block(player, k) not in (BLANK, Block(0, "-", "Z"))),
                     rounds + 1)
        if first > 1:
            self.late.append(f"{self.names[player.rank]}: {'no round' if first > rounds else f'nothing before round {first}'} "
                             f"— read as joining in round {first}")
        return first

    def taking_part(self, rank: int, k: int) -> bool:
        return self.joined[rank] <= k < self.gone.get(rank, k + 1)

    def round_json(self, k: int) -> dict[str, Any]:
        games: list[tuple[int, int, str]] = []
        entries: dict[Any, str] = {}
        by_rank, dummies, ids, codes, i = self.by_rank, self.dummies, self.ids, self.codes, k - 1
        paired = 0
        for p in self.players:
            b = p.blocks[i] if k <= len(p.blocks) else BLANK
            opponent = b.opponent
            if not opponent:
                if self.taking_part(p.rank, k):
                    entries[ids[p.rank]] = ALONE[b.result]
                    if b.result != "U":
                        codes[b.result][p.rank].append(k)
                continue
            if opponent in dummies:
                if self.taking_part(p.rank, k):
                    entries[ids[p.rank]] = self._against_dummy(p, b, k)
                continue
            paired += 1
            if opponent < p.rank:  # the game is read once, from the lower start rank's line (counted below)
                continue
            q = by_rank.get(opponent)
            if q is None or q is p:
                self._check_pairs(k)
            qb = q.blocks[i] if k <= len(q.blocks) else BLANK
            if qb.opponent != p.rank:
                self._check_pairs(k)
            games.append(self._game(p, b, q, qb, k))
        if paired != 2 * len(games):  # a line names an opponent whose own line does not name it back
            self._check_pairs(k)
        for white, black, result in games:
            if result == "--":  # both lost by forfeit: neither came
                entries[self.ids[white]] = entries[self.ids[black]] = "unexcused"
        played = [g for g in games if g[2] != "--"]
        record = self.own.rounds.get(k, {})
        order = record.get("boards")
        if isinstance(order, list) and sorted(map(str, order)) == sorted(str(w) for w, _, _ in played):
            boards = {str(w): i for i, w in enumerate(order)}
            played.sort(key=lambda g: boards[str(g[0])])
        extra = record.get("entries", {})
        if isinstance(extra, dict):
            for rank, kind in extra.items():
                if not str(rank).isdigit() or int(rank) not in self.ids:
                    raise KeizerError(f"{self.source}: round {k}'s keizer line names player {describe(rank)}, who "
                                      f"has no 001 line")
                entries[self.ids[int(rank)]] = kind
        out = self._dated(k)
        out["games"] = [{"white": self.ids[w], "black": self.ids[b], "result": r} for w, b, r in played]
        out["entries"] = entries
        return out

    def _check_pairs(self, k: int) -> NoReturn:
        """KeizerError for the first line of round k whose opponent is no player, the player, or a player whose
        line names another: each pair looked at from both lines (only once a round is known not to add up)."""
        for p in self.players:
            b = p.blocks[k - 1] if k <= len(p.blocks) else BLANK
            if not b.opponent or b.opponent in self.dummies:
                continue
            q = self.by_rank.get(b.opponent)
            if q is None or q is p:
                raise KeizerError(f"{self.source}: line {p.line}, round {k}: opponent {b.opponent} is "
                                  f"{'the player' if q is p else 'no player'}'s start rank")
            qb = q.blocks[k - 1] if k <= len(q.blocks) else BLANK
            if qb.opponent != p.rank:
                raise KeizerError(f"{self.source}: line {p.line}, round {k}: plays {b.opponent}, whose line has "
                                  f"{qb.opponent or 'no opponent'} in round {k}")
        raise AssertionError(f"round {k}'s pairs add up after all")

    def ahead_json(self, k: int) -> dict[str, Any]:
        """A round after the last one played: no games, each absence announced for it a mark of that evening."""
        entries: dict[Any, str] = {}
        for p in self.players:
            b = _block(p, k)
            if b.result != " " and not b.opponent and self.taking_part(p.rank, k):
                entries[self.ids[p.rank]] = AHEAD[b.result]
                self.marks[p.rank].append(k)
        out = self._dated(k)
        out["games"] = []
        out["entries"] = entries
        return out

    def _dated(self, k: int) -> dict[str, Any]:
        out: dict[str, Any] = {"round": k}
        if k <= len(self.lines.dates):
            out["date"] = self.lines.dates[k - 1]
        return out

    def _against_dummy(self, p: PlayerLine, b: Block, k: int) -> str:
        """A game against the dummy opponent: a win a bye, a loss by forfeit unexcused, else excused."""
        entry = "bye" if b.result in ("1", "+", "W", "U", "F") else "unexcused" if b.result == "-" else "excused"
        self.byes.append(f"{self.names[p.rank]} in round {k}" + ("" if entry == "bye" else f" ({entry})"))
        return entry

    def _game(self, p: PlayerLine, b: Block, q: PlayerLine, qb: Block, k: int) -> tuple[int, int, str]:
        """(white's rank, black's rank, result) of the game of p (the lower start rank) and q."""
        colours = (b.colour, qb.colour)
        if colours in P_WHITE:
            white, black, wb, bb = p, q, b, qb
        elif colours in Q_WHITE:
            white, black, wb, bb = q, p, qb, b
        elif colours == ("-", "-"):
            white, black, wb, bb = p, q, b, qb
            self.forfeits.append(f"round {k}: {self.names[p.rank]} against {self.names[q.rank]}, a forfeit without "
                                 f"colours: {self.names[p.rank]} (the lower start rank) taken as white")
        else:
            raise KeizerError(f"{self.source}: line {p.line}, round {k}: both players of the game {p.rank}–{q.rank} "
                              f"have colour {b.colour}")
        pair = (wb.result, bb.result)
        if pair == ("-", "-"):
            self.report.guess(f"round {k}: {self.names[p.rank]} and {self.names[q.rank]} both lost by forfeit: both "
                              f"booked unexcused")
            return white.rank, black.rank, "--"
        if pair not in GAMES:
            raise KeizerError(f"{self.source}: line {p.line}, round {k}: results {wb.result!r} and {bb.result!r} of "
                              f"the game {white.rank}–{black.rank} do not fit together")
        if wb.result in ("W", "D", "L"):
            self.codes["W"][white.rank].append(k)
        return white.rank, black.rank, GAMES[pair]

    def say(self, played: int, ruleset: Any) -> None:
        """The report's items: file-wide guesses first, then each player's, by player and round."""
        report = self.report
        if not self.own.own:
            report.guess_file("the board order of each round by the players' start ranks (TRF has no board numbers)")
        if ruleset is None and not self.own.own:
            report.guess_file("the ruleset keizer-classic (a TRF file has no Keizer settings: give --ruleset)")
        if self.lines.rulers:
            numbers = ", ".join(map(str, self.lines.rulers))
            report.drop(f"line{'s' if len(self.lines.rulers) > 1 else ''} {numbers}: column counters above the "
                        f"players, no record")
        unrated = [self.names[p.rank] for p in self.players if p.rating == 0]
        if unrated:
            report.guess(f"rating 0000 read as no rating: {', '.join(unrated)}")
        for p in self.dummies.values():
            report.drop(f"line {p.line}: {p.name}, the dummy opponent of the odd player out: no player"
                        + (f"; a game against it is a bye: {', '.join(self.byes)}" if self.byes else ""))
        titles: dict[str, list[str]] = defaultdict(list)
        for p in self.players:
            if title := name_title(p.name):
                titles[title].append(self.names[p.rank])
        for title, who in sorted(titles.items()):
            report.drop(f"the title {title} written after the name of {', '.join(who)}: keizer's names hold none")
        report.guessed.extend(self.late + self.forfeits)
        if not self.own.own:
            self._say_codes(played)
        for rank, ks in self.marks.items():
            codes = "".join(sorted({_block(self.by_rank[rank], k).result for k in ks}))
            report.guess(f"{self.names[rank]}: {codes} in {span(ks)}, after the last round played — marked "
                         f"{'absent' if len(set(AHEAD[c] for c in codes)) > 1 else AHEAD[codes[0]]} for that evening")
        extras = Counter(what for p in self.players for what in p.extras)
        for what, n in sorted(extras.items()):
            report.drop(f"the players' {what} ({counted_times(n)}): keizer keeps none")
        records = [f"{code} ({RECORDS.get(code, 'a record keizer does not know')}{'' if n == 1 else f', {n} lines'})"
                   for code, n in sorted(self.lines.skipped.items()) if not (self.own.own and code in WRITTEN)]
        if records:
            report.drop(f"the records {', '.join(records)}: keizer does not read them")

    def _say_codes(self, played: int) -> None:
        """Each code read as something keizer has, per player with the rounds; a player whose games stop
        (nothing but blank or `-` to the last round played) as possibly withdrawn, with those rounds."""
        report = self.report
        for p in self.players:
            last = _last(p.blocks[:played], lambda b: b.opponent or b.result not in GONE)
            if 0 < last < played and self.joined[p.rank] <= last and p.rank not in self.gone:
                after = list(range(last + 1, played + 1))
                for code in GONE:
                    if p.rank in self.codes.get(code, {}):
                        left = [k for k in self.codes[code][p.rank] if k <= last]
                        self.codes[code][p.rank][:] = left
                kinds = sorted({ALONE[_block(p, k).result] for k in after})
                report.withdrew.append(MaybeWithdrew(PlayerId(str(self.ids[p.rank])), self.names[p.rank], last,
                                                     " or ".join(kinds)))
        for code, who in sorted(self.codes.items()):
            for rank, ks in who.items():
                if ks:
                    report.guess(f"{self.names[rank]}: {SAID[code]} in {span(ks)}")


def _player_json(p: PlayerLine, pid: Any, name: str, joined: int, own: _Records, lines: TrfLines) -> dict[str, Any]:
    record = own.players.get(p.rank)
    out: dict[str, Any] = {"id": pid, "name": name}
    if p.rating:  # 0000 is how some programs write "no rating"
        out["rating"] = p.rating
    if record is not None and own.own:
        return out | record
    if joined > 1:
        out["joined"] = joined
    if p.fide_id is not None:
        out["fide_id"] = p.fide_id
    if p.rank in lines.national:
        out["knsb_id"] = lines.national[p.rank]
    return out


def counted_times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"
