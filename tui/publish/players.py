"""What the site shows of one player and of the cross table: every round with its opponent, colour, result,
points, running score and place."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from keizer.scoring.card import player_card
from keizer.scoring.replay import Replay
from keizer.seasons.model import PlayerId, Season
from keizer.tui.publish.localised import points
from keizer.tui.publish.words import RESULT_TEXT, colour_letter, entry_short, entry_word, own_result

_SAFE = re.compile(r"[a-z0-9][a-z0-9_-]{0,60}")
_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])")
"""Names Windows keeps for devices, whatever follows the dot (`con.html` cannot be made or copied there)."""


def page_names(season: Season) -> dict[PlayerId, str]:
    """Each player's page file ("quinten-koster.html"): the id where it is a safe file name on every system
    (lowercase, unique without case), else the place in the starting list ("speler-12.html")."""
    lowered = [p.id.lower() for p in season.players]
    out = {}
    for p, low in zip(season.players, lowered):
        safe = p.id == low and _SAFE.fullmatch(low) is not None and lowered.count(low) == 1 \
            and not low.startswith("speler-") and _RESERVED.fullmatch(low) is None
        out[p.id] = f"{low if safe else f'speler-{season.start_rank(p.id)}'}.html"
    return out


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One round on a player's page."""

    round: int
    opponent: PlayerId | None
    opponent_name: str
    """The opponent's name, or what the player did instead ("afgemeld")."""
    colour: str
    """"w"/"z" ("w"/"b" in English; the legend says them); "" without a game."""
    result: str
    """"1", "½", "0", "+", "-"; "" while pending or without a game."""
    points: str
    """What the round adds to the score after round K, in the page's language."""
    total: str
    """The score after this round, as published after it."""
    rank: int | None
    """The place after this round (None: not ranked then)."""


def history(rep: Replay, pid: PlayerId, lang: str) -> tuple[tuple[PlayerRound, ...], tuple[tuple[int, Fraction, int], ...]]:
    """The player's rounds 1..K and (round, score, rank) after each round the player was ranked."""
    season, k = rep.season, rep.upto
    card = player_card(rep, pid, k)
    lines = {line.round: line for line in card.lines}
    rows, series = [], []
    for j in range(1, k + 1):
        after = {r.player: r for r in rep.at(j).standings(j).rows}
        standing = after.get(pid)
        rnd = season.round(j)
        game = rnd.game_of(pid)
        line = lines.get(j)
        if game is not None:
            white = game.white == pid
            opp = game.opponent_of(pid)
            opponent, name = opp, season.player(opp).name
            colour, result = colour_letter(white, lang), own_result(game.result, white)
        else:
            kind = rnd.entry_of(pid)
            opponent, name, colour, result = None, "" if kind is None else entry_word(kind, lang), "", ""
        rows.append(PlayerRound(j, opponent, name, colour, result,
                                "" if line is None else points(line.points, lang),
                                "" if standing is None else points(standing.score, lang),
                                None if standing is None else standing.rank))
        if standing is not None:
            series.append((j, standing.score, standing.rank))
    return tuple(rows), tuple(series)


def cross_cells(rep: Replay, order: tuple[PlayerId, ...], lang: str) -> dict[PlayerId, tuple[tuple[str, str, str], ...]]:
    """Per player (in `order`, the standings after K) and round 1..K: (place, play, title). A game is the
    opponent's place in these standings and the colour and result ("12", "w1"); an entry is no place and its
    short word ("", "afg"). Two parts, so that a wide table can stand the place over the rest."""
    season, k = rep.season, rep.upto
    place = {pid: i + 1 for i, pid in enumerate(order)}
    out = {}
    for pid in order:
        cells = []
        for j in range(1, k + 1):
            rnd = season.round(j)
            game = rnd.game_of(pid)
            if game is not None:
                white = game.white == pid
                opp = game.opponent_of(pid)
                where = str(place[opp]) if opp in place else "–"
                play = f"{colour_letter(white, lang)}{own_result(game.result, white)}"
                title = f"{season.player(opp).name} {RESULT_TEXT[game.result]}".strip()
            else:
                kind = rnd.entry_of(pid)
                where, play = "", "" if kind is None else entry_short(kind, lang)
                title = "" if kind is None else entry_word(kind, lang)
            cells.append((where, play, title))
        out[pid] = tuple(cells)
    return out
