"""What the site shows of one player and of the cross table: every round with its opponent, colour, result,
points, running score and place."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from keizer.evening.standings import card_of
from keizer.seasons.model import PlayerId, Season
from keizer.evening.words.localised import points
from keizer.web.words import colour_letter, entry_short, entry_word, own_result, say
from keizer.seasons.result_text import SHOWN

if TYPE_CHECKING:
    from keizer.evening.standings import PlayerCard, Replay, StandingRow

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
    """The round; 0 for a row that no round gives (a starting bonus, the own value)."""
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
    """The points of the rows up to this one added up, as they count after round K: the rows add up to the
    score (a round's price changes as values do, so the score published right after it may differ)."""
    rank: int | None
    """The place after this round, as published then (None: not ranked then)."""


def standings_by_round(rep: Replay) -> tuple[Mapping[PlayerId, StandingRow], ...]:
    """Per round 0..K: each ranked player's row in the standings after it (read once for every page)."""
    return tuple({r.player: r for r in rep.standings(j).rows} for j in range(rep.upto + 1))


def history(rep: Replay, pid: PlayerId, lang: str, after: Sequence[Mapping[PlayerId, StandingRow]] | None = None,
            card: PlayerCard | None = None,
            ) -> tuple[tuple[PlayerRound, ...], tuple[tuple[int, Fraction, int, Fraction], ...]]:
    """The player's rounds 1..K and, after each round the player was ranked, (round, score as published then,
    rank, the table's Total: the points up to it as counted after K); `after` (`standings_by_round(rep)`) and
    `card` (the player's after K), when the caller has them already."""
    season, k = rep.season, rep.upto
    after = standings_by_round(rep) if after is None else after
    card = card_of(rep, pid, k) if card is None else card
    lines = {line.round: line for line in card.lines}
    rows, series = [], []
    total = Fraction(0)
    for word, extra in (("start_bonus", card.bonus), ("own_value", card.self_value)):
        if extra:  # added once, not by a round: a row of its own, so that the rows add up to the score
            total += extra
            rows.append(PlayerRound(0, None, say(word, lang, k=k), "", "", points(extra, lang), points(total, lang),
                                    None))
    for j in range(1, k + 1):
        standing = after[j].get(pid)
        rnd = season.round(j)
        game = rnd.game_of(pid)
        line = lines.get(j)
        if game is not None:
            white = game.white == pid
            opp = game.opponent_of(pid)
            opponent, name = opp, season.player(opp).name
            if opp not in after[k]:  # withdrawn and out of the standings (rules §6): said, as in the cross table
                name = f"{name} ({say('withdrawn', lang)})"
            colour, result = colour_letter(white, lang), own_result(game.result, white)
        else:
            kind = rnd.entry_of(pid)
            opponent, name, colour, result = None, "" if kind is None else entry_word(kind, lang), "", ""
        total += 0 if line is None else line.points
        rows.append(PlayerRound(j, opponent, name, colour, result,
                                "" if line is None else points(line.points, lang), points(total, lang),
                                None if standing is None else standing.rank))
        if standing is not None:
            series.append((j, standing.score, standing.rank, total))
    return tuple(rows), tuple(series)


def cross_cells(rep: Replay, order: tuple[PlayerId, ...], lang: str) -> dict[PlayerId, tuple[tuple[str, str, str], ...]]:
    """Per player (in `order`, the standings after K) and round 1..K: (place, play, title). A game is the
    opponent's place in these standings and the colour and result ("12", "w1"), or "tr" for an opponent who
    withdrew and is in no standings ("tr", "w1"); an entry is no place and its short word ("", "afg"). Two parts, so that a wide table can stand the place over the rest."""
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
                play = f"{colour_letter(white, lang)}{own_result(game.result, white)}"
                if opp in place:
                    where, title = str(place[opp]), f"{season.player(opp).name} {SHOWN[game.result]}".strip()
                else:  # withdrawn and out of the standings (rules §6): said, not a bare dash
                    where = say("cross_withdrawn", lang)
                    title = f"{season.player(opp).name} ({say('withdrawn', lang)}) {SHOWN[game.result]}".strip()
            else:
                kind = rnd.entry_of(pid)
                where, play = "", "" if kind is None else entry_short(kind, lang)
                title = "" if kind is None else entry_word(kind, lang)
            cells.append((where, play, title))
        out[pid] = tuple(cells)
    return out
