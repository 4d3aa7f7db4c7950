"""A TRF file as a keizer season: the players, every round's games with colours and results, byes and
absences, and (in keizer's own report) its comment lines; the report of what was read how (docs/format.md
"Moving in")."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.json_keys import FORMAT
from keizer.seasons.limits import MAX_TEXT, checked_text, describe
from keizer.seasons.moving_in.ids import slug_ids
from keizer.seasons.moving_in.report import MoveReport, Moved
from keizer.seasons.trf.lines import Block, PlayerLine, TrfLines, read_lines
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.trf.report import spoken_name

GAMES = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2", ("+", "-"): "+-", ("-", "+"): "-+",
         ("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2", (" ", " "): "*"}
"""(white's code, black's code) of a game → its result; both blank: paired, no result yet."""
ALONE = {"U": "bye", "F": "bye", "+": "bye", "1": "bye", "H": "excused", "=": "excused", "Z": "excused",
         " ": "excused", "0": "excused", "-": "unexcused"}
"""A round without an opponent, by its code → keizer's entry."""
SAID = {"F": "F (a full-point bye) read as a bye", "+": "+ without an opponent read as a bye",
        "1": "1 without an opponent read as a bye", "H": "H (a half-point bye) read as excused",
        "=": "= without an opponent read as excused", "Z": "Z (a known absence) read as excused",
        " ": "a blank round read as excused", "0": "0 without an opponent read as excused",
        "-": "- without an opponent (a forfeit) read as unexcused",
        "W": "W, D, L (a game of less than one move) read as the result"}
"""How each code was read, said once per file with how often (`U` is keizer's bye itself)."""
RECORDS = {"022": "the city", "032": "the federation", "042": "the start date", "052": "the end date",
           "062": "the number of players", "072": "the number of rated players", "082": "the number of teams",
           "092": "the type of tournament", "102": "the chief arbiter", "112": "the deputy arbiters",
           "122": "the time control", "152": "the first round's colour", "162": "the points of each result",
           "172": "the starting-rank method", "182": "the pairing program", "192": "the tournament type's code",
           "202": "the tie-breaks", "212": "the standings' tie-breaks", "222": "the time control's code",
           "240": "byes recorded apart (the players' lines hold them too)", "XXC": "round 1's colour"}
"""What a record not read holds, for the report."""
WRITTEN = frozenset({"042", "052", "062", "072", "092"})
"""Records keizer's own report writes that say nothing the players' lines do not."""
BLANK = Block(0, "-", " ")


def read_trf(path: str | os.PathLike[str], ruleset: Any = None) -> Moved:
    """The season in a TRF file; `ruleset` the spec given with `--ruleset` (None: the file's own, written by
    keizer's export, else keizer-classic). KeizerError naming the file and line for what does not read."""
    file = Path(path)
    data = read_bytes(file, "a TRF file")
    report = MoveReport("a TRF file")
    text = _decoded(data, report)
    if not text.strip():
        raise KeizerError(f"{file}: {'only white space' if text else 'an empty file'}, no season in it")
    lines = read_lines(text, str(file))
    if not lines.players:
        raise KeizerError(f"{file}: no player line (001): not a TRF file keizer can read")
    players = sorted(lines.players, key=lambda p: p.rank)
    by_rank = {p.rank: p for p in players}
    if len(by_rank) < len(players):
        twice = next(p for p in players if sum(q.rank == p.rank for q in players) > 1)
        raise KeizerError(f"{file}: line {twice.line}: start rank {twice.rank} is another player's too")
    own = _Records(lines, by_rank, str(file), report)
    rounds = _game_rounds(players, report, str(file))
    records = [own.players.get(p.rank, {}) for p in players]
    names = [r["name"] if isinstance(r.get("name"), str) else spoken_name(p.name) for p, r in zip(players, records)]
    given = [str(r["id"]) for r in records if "id" in r]
    slugs = iter(slug_ids([n for r, n in zip(records, names) if "id" not in r], given))
    ids = {p.rank: r["id"] if "id" in r else next(slugs) for p, r in zip(players, records)}
    joined = {p.rank: _joined(p, rounds, own, report, name) for p, name in zip(players, names)}
    codes: Counter[str] = Counter()
    obj: dict[str, Any] = {
        "format": FORMAT,
        "name": own.season.get("name", lines.name or checked_text(file.stem[:MAX_TEXT], "the file's name")),
        "ruleset": ruleset if ruleset is not None else own.season.get("ruleset", "keizer-classic"),
        "players": [_player_json(p, ids[p.rank], name, joined[p.rank], own, lines)
                    for p, name in zip(players, names)],
        "rounds": [_round_json(k, players, by_rank, ids, joined, own, lines, codes, report, str(file))
                   for k in range(1, rounds + 1)],
        "withdrawals": [{"player": ids[rank], "before_round": k} for rank, k in own.withdrawals],
        "suspended": [ids[rank] for rank in own.suspended],
    }
    if own.season.get("rounds_planned", lines.rounds_planned) is not None:
        obj["rounds_planned"] = own.season.get("rounds_planned", lines.rounds_planned)
    _say(lines, codes, own, ruleset, report)
    spec = obj["ruleset"]
    report.ruleset = spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)
    try:
        season = season_from_json(obj)
    except InputError as exc:
        raise KeizerError(f"{file}: the season read from it does not hold: {exc}") from None
    return Moved(season=season, report=report)


def _decoded(data: bytes, report: MoveReport) -> str:
    """UTF-8 (a byte order mark dropped); else Windows-1252, as Swiss-Manager writes; else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
        report.guess("the file is not UTF-8: read as Windows-1252")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        report.guess("the file is neither UTF-8 nor Windows-1252: read as Latin-1")
    return text


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


def _block(player: PlayerLine, k: int) -> Block:
    return player.blocks[k - 1] if k <= len(player.blocks) else BLANK


def _game_rounds(players: list[PlayerLine], report: MoveReport, source: str) -> int:
    """The rounds read: up to the last with a game; later rounds (byes asked for ahead) are said and left."""
    last = max((k for p in players for k, b in enumerate(p.blocks, start=1) if b.opponent), default=0)
    later = sorted({k for p in players for k, b in enumerate(p.blocks, start=1) if k > last and b != BLANK})
    if later:
        report.drop(f"rounds {later[0]}–{later[-1]}: no game in them (byes or absences entered ahead)"
                    if len(later) > 1 else f"round {later[0]}: no game in it (byes or absences entered ahead)")
    if not last:
        raise KeizerError(f"{source}: no round of it has a game: nothing to import" if not later else
                          f"{source}: no round of it has a game (round {later[0]} has only byes or absences)")
    return last


def _joined(player: PlayerLine, rounds: int, own: _Records, report: MoveReport, name: str) -> int:
    """The first round a player takes part in: keizer's own line says it; else the first round that is not
    a blank or `Z` (the rounds before it are read as before joining)."""
    if own.own:
        value = own.players.get(player.rank, {}).get("joined", 1)
        return value if isinstance(value, int) else 1
    first = next((k for k in range(1, rounds + 1) if _block(player, k) not in (BLANK, Block(0, "-", "Z"))), rounds + 1)
    if first > 1:
        report.guess(f"{name}: {'no round' if first > rounds else f'nothing before round {first}'} — read as "
                     f"joining in round {first}")
    return first


def _player_json(p: PlayerLine, pid: Any, name: str, joined: int, own: _Records, lines: TrfLines) -> dict[str, Any]:
    record = own.players.get(p.rank)
    out: dict[str, Any] = {"id": pid, "name": name}
    if p.rating is not None:
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


def _round_json(k: int, players: list[PlayerLine], by_rank: dict[int, PlayerLine], ids: dict[int, Any],
                joined: dict[int, int], own: _Records, lines: TrfLines, codes: Counter[str], report: MoveReport,
                source: str) -> dict[str, Any]:
    games: list[tuple[int, int, str]] = []
    entries: dict[Any, str] = {}
    gone = {rank: before for rank, before in own.withdrawals if isinstance(before, int)}
    for p in players:
        b = _block(p, k)
        where = f"{source}: line {p.line}, round {k}"
        if not b.opponent:
            if joined[p.rank] <= k < gone.get(p.rank, k + 1):
                entries[ids[p.rank]] = ALONE[b.result]
                codes[b.result] += b.result != "U"
            continue
        q = by_rank.get(b.opponent)
        if q is None or q is p:
            raise KeizerError(f"{where}: opponent {b.opponent} is {'the player' if q is p else 'no player'}'s start rank")
        qb = _block(q, k)
        if qb.opponent != p.rank:
            raise KeizerError(f"{where}: plays {b.opponent}, whose line has {qb.opponent or 'no opponent'} in round {k}")
        if p.rank > q.rank:
            continue
        games.append(_game(p, b, q, qb, where, codes, report, k))
    for white, black, result in games:
        if result == "--":  # both lost by forfeit: neither came
            entries[ids[white]] = entries[ids[black]] = "unexcused"
    played = [g for g in games if g[2] != "--"]
    record = own.rounds.get(k, {})
    order = record.get("boards")
    if isinstance(order, list) and sorted(map(str, order)) == sorted(str(w) for w, _, _ in played):
        boards = [str(w) for w in order]
        played.sort(key=lambda g: boards.index(str(g[0])))
    extra = record.get("entries", {})
    if isinstance(extra, dict):
        for rank, kind in extra.items():
            if not str(rank).isdigit() or int(rank) not in ids:
                raise KeizerError(f"{source}: round {k}'s keizer line names player {describe(rank)}, who has no 001 line")
            entries[ids[int(rank)]] = kind
    out: dict[str, Any] = {"round": k}
    if k <= len(lines.dates):
        out["date"] = lines.dates[k - 1]
    out["games"] = [{"white": ids[w], "black": ids[b], "result": r} for w, b, r in played]
    out["entries"] = entries
    return out


def _game(p: PlayerLine, b: Block, q: PlayerLine, qb: Block, where: str, codes: Counter[str], report: MoveReport,
          k: int) -> tuple[int, int, str]:
    """(white's rank, black's rank, result) of the game of p (the lower start rank) and q."""
    colours = (b.colour, qb.colour)
    if colours in (("w", "b"), ("w", "-"), ("-", "b")):
        white, black, wb, bb = p, q, b, qb
    elif colours in (("b", "w"), ("b", "-"), ("-", "w")):
        white, black, wb, bb = q, p, qb, b
    elif colours == ("-", "-"):
        white, black, wb, bb = p, q, b, qb
        report.guess(f"round {k}: {p.rank} against {q.rank} has no colours (a forfeit): {p.rank} taken as white")
    else:
        raise KeizerError(f"{where}: both players of the game {p.rank}–{q.rank} have colour {b.colour}")
    pair = (wb.result, bb.result)
    if pair == ("-", "-"):
        report.guess(f"round {k}: {p.rank} and {q.rank} both lost by forfeit: both booked unexcused")
        return white.rank, black.rank, "--"
    if pair not in GAMES:
        raise KeizerError(f"{where}: results {wb.result!r} and {bb.result!r} of the game {white.rank}–{black.rank} "
                          f"do not fit together")
    codes["W"] += wb.result in ("W", "D", "L")
    return white.rank, black.rank, GAMES[pair]


def _say(lines: TrfLines, codes: Counter[str], own: _Records, ruleset: Any, report: MoveReport) -> None:
    if not own.own:
        report.guessed.extend(f"{SAID[code]} ({counted_times(n)})" for code, n in sorted(codes.items()) if n)
    if not own.own:
        report.guess("the board order of each round by the players' start ranks (TRF has no board numbers)")
    if ruleset is None and not own.own:
        report.guess("the ruleset keizer-classic (a TRF file has no Keizer settings: give --ruleset)")
    extras = Counter(what for p in lines.players for what in p.extras)
    for what, n in sorted(extras.items()):
        report.drop(f"the players' {what} ({counted_times(n)}): keizer keeps none")
    for code, n in sorted(lines.skipped.items()):
        if not (own.own and code in WRITTEN):
            report.drop(f"{code}, {RECORDS.get(code, 'records keizer does not read')} ({counted_times(n)})")


def counted_times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"
