"""The rating report: a season's internal games as a FIDE TRF-16 file (docs/format.md "The rating report")."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Mapping

from keizer.seasons.absence import round_date
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Season
from keizer.seasons.names import latin, person_name
from keizer.seasons.trf.keizer_lines import keizer_lines

FIRST_ROUND_COLUMN = 92
"""TRF's 1-based column of round 1's block (in the 001 and 132 lines); each round takes 10 columns."""
MAX_START_RANK = 9999
"""A start rank has four columns."""
TOURNAMENT_TYPE = "Individual: Keizer system"
"""The 092 line."""
_GAME_CODES = {  # (white's, black's) result character, TRF's `1 = 0 + -`; a pending game has none yet
    Result.WHITE_WINS: ("1", "0"), Result.BLACK_WINS: ("0", "1"), Result.DRAW: ("=", "="),
    Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"), Result.PENDING: (" ", " "),
}
_POINTS = {"1": 2, "+": 2, "=": 1}
"""Half game points per result character: a win (over the board or by forfeit) 1, a draw ½."""


@dataclass(frozen=True, slots=True)
class TrfReport:
    """A TRF file and what the director should know about it."""

    text: str
    """The file: ASCII, one line per record, LF line ends."""
    pending: int
    """Games of the reported rounds still without a result: written with the opponent and no result."""


def trf_name(name: str) -> str:
    """"Last, First" as the name is understood (`seasons.names.person_name`, docs/format.md "Names"): the
    surname with its particles, then the given names ("Eva van Dijk" → "van Dijk, Eva", "Anna Jansen-van der
    Berg" → "Jansen-van der Berg, Anna", "C. Dekker" → "Dekker, C."; a name written "Vries, Jan de" →
    "de Vries, Jan"). One word stays one word."""
    return person_name(name).last_first()


def spoken_name(column: str) -> str:
    """The name a person reads from TRF's "Last, First" ("van Dijk, Eva" → "Eva van Dijk"; "Mirzoev,Azer" →
    "Azer Mirzoev"); a name without a comma as it is; a third part, the title Swiss-Manager writes last
    ("Kiese,Matthias,Dr."), left out (`name_title`). `trf_name`'s inverse for every name without a comma."""
    last, comma, rest = column.partition(",")
    first = rest.partition(",")[0]
    if not comma or not first.strip():
        return " ".join(f"{last} {first}".split())
    return " ".join(f"{first} {last}".split())


def name_title(column: str) -> str:
    """The third part of "Last,First,Title" as Swiss-Manager writes an academic title ("Dr.", "Prof. Dr."),
    "" for none."""
    return " ".join(column.split(",", 2)[2].split()) if column.count(",") >= 2 else ""


def column_name(player: Player) -> str:
    """What a reader of the 001 line's name column (15–47) reads back as the player's name."""
    return spoken_name(ascii_text(trf_name(player.name))[:33].strip())


def ascii_text(text: str) -> str:
    """`text` in ASCII: transliterated as every plain form of a name is (`seasons.names.latin`: é → e,
    ı → i, ø → o, ß → ss), what has no ASCII form as "?". TRF counts columns, and readers differ on the
    encoding; ASCII is read the same by all of them."""
    return latin(text).encode("ascii", "replace").decode("ascii")


def trf_report(season: Season, upto: int, ranks: Mapping[PlayerId, int], national_ids: bool = False,
               log_head: str | None = None) -> TrfReport:
    """Rounds 1..upto of the season as TRF-16: every player of the season at their place in the starting
    ranking, the internal games with game points, the club's bye as `U`, every other round without a
    game as `Z`; `ranks` the places after round `upto` (a player without one has a blank rank); then
    keizer's comment lines (`seasons/trf/keizer_lines.py`).
    `national_ids`: the KNSB number in the id column instead of the FIDE id; `log_head`: the head of the
    store's log it was made from (`keizer_lines`). KeizerError when a round has no date or the season does
    not fit the columns."""
    dates = check_reportable(season, upto)
    lines = [f"012 {ascii_text(season.name) or 'Keizer competition'}",
             f"042 {dates[0]:%Y/%m/%d}", f"052 {dates[-1]:%Y/%m/%d}",
             f"062 {len(season.players)}", f"072 {sum(1 for p in season.players if p.rating)}",
             f"092 {TOURNAMENT_TYPE}",
             _columns("132", [f"{d:%y/%m/%d}" for d in dates])]
    sittings = _sittings(season, upto)
    lines += [_player_line(season, p, sittings, ranks.get(p.id), national_ids) for p in season.players]
    lines += keizer_lines(season, upto, column_name, log_head)  # comments to other readers: the season given back exactly
    pending = sum(1 for k in range(1, upto + 1) for g in season.round(k).games if g.result is Result.PENDING)
    return TrfReport(text="\n".join(lines) + "\n", pending=pending)


def check_reportable(season: Season, upto: int) -> tuple[dt.date, ...]:
    """What the report of rounds 1..upto needs that the season itself tells, checked before any standings are
    replayed (a season of 60,000 players was replayed for a minute before it was told it has too many):
    paired rounds, at most MAX_START_RANK players, every round dated, game points that fit their column.
    KeizerError naming the first that fails; the rounds' dates."""
    if not 1 <= upto <= season.played_rounds:
        raise KeizerError(f"round {upto}: the rating report covers paired rounds, 1..{season.played_rounds}"
                          if season.played_rounds else "no round is paired yet: nothing to report")
    if len(season.players) > MAX_START_RANK:
        raise KeizerError(f"TRF numbers at most {MAX_START_RANK} players; this season has {len(season.players)}")
    dates = tuple(_date(season, k) for k in range(1, upto + 1))
    halves: dict[PlayerId, int] = {}
    for k in range(1, upto + 1):
        for game in season.round(k).games:
            for pid in game.players():
                halves[pid] = halves.get(pid, 0) + _POINTS.get(_code(game, pid), 0)
    for player in season.players:
        if halves.get(player.id, 0) >= 200:
            raise KeizerError(f"{player.id}: {halves[player.id] / 2} game points do not fit TRF's points column "
                              f"(99.5 at most)")
    return dates


def _date(season: Season, k: int) -> dt.date:
    day = round_date(season, k)
    if day is None:
        raise KeizerError(f"round {k} has no date, and the rating report needs each round's real date: "
                          f"`keizer dates SEASON --start DATE` dates the season (or --round {k} --date DATE)")
    return day


def _columns(head: str, blocks: list[str]) -> str:
    """`head` and the 8-column per-round blocks from column 92 on, one every 10 columns. The line ends
    at the last block's result column even when that result is blank (a game not yet played): a reader
    finds every round's block where the layout puts it."""
    return head.ljust(FIRST_ROUND_COLUMN - 1) + "  ".join(blocks)


Sittings = list[tuple[dict[PlayerId, Game], frozenset[PlayerId]]]


def _sittings(season: Season, upto: int) -> Sittings:
    """Per round 1..upto: each player's game, and who has the bye. Looked up once, not per player (a
    player's game searched for in each round's list made 9,999 players a minute's work)."""
    return [({pid: game for game in rnd.games for pid in game.players()},
             frozenset(pid for pid, kind in rnd.entries if kind is EntryKind.BYE))
            for rnd in (season.round(k) for k in range(1, upto + 1))]


def _player_line(season: Season, player: Player, sittings: Sittings, rank: int | None, national_ids: bool) -> str:
    blocks, halves = [], 0
    for games, byes in sittings:
        game = games.get(player.id)
        if game is None:  # the pairing's bye; every other round without an internal game is an absence
            blocks.append("0000 - U" if player.id in byes else "0000 - Z")
            continue
        code = _code(game, player.id)
        halves += _POINTS.get(code, 0)
        colour = "w" if game.white == player.id else "b"
        blocks.append(f"{season.start_rank(game.opponent_of(player.id)):>4} {colour} {code}")
    if halves >= 200:
        raise KeizerError(f"{player.id}: {halves / 2} game points do not fit TRF's points column (99.5 at most)")
    number = player.knsb_id if national_ids else player.fide_id
    head = (f"001 {season.start_rank(player.id):>4}      {ascii_text(trf_name(player.name))[:33]:<33} "
            f"{'' if player.rating is None else player.rating:>4}     {'' if number is None else number:>11} "
            f"{'':>10} {halves / 2:>4.1f} {'' if rank is None else rank:>4}")
    return _columns(head, blocks)


def _code(game: Game, pid: PlayerId) -> str:
    white, black = _GAME_CODES[game.result]
    return white if game.white == pid else black


__all__ = ["TrfReport", "ascii_text", "check_reportable", "column_name", "spoken_name", "trf_name", "trf_report"]
