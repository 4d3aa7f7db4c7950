"""The classes page (D art. 5) and the group cups page (K) of the published site: their templates' variables."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from keizer.seasons.classes import class_in_round, classes_in_round, reading_after
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.names import sort_key
from keizer.seasons.numbers import whole_half_up
from keizer.seasons.season_length import season_length
from keizer.evening.classes import classes_view, cups_view, proposed_moves
from keizer.evening.classes import cup_exclusions as season_cup_exclusions
from keizer.evening.words.localised import number, points
from keizer.web.notice import to_come
from keizer.web.words import say

if TYPE_CHECKING:
    from keizer.evening.classes import ClassTable, CupTable
    from keizer.web.site.data import Site


@dataclass(frozen=True, slots=True)
class Line:
    """One player's row in a class or group table, every cell as the reader's language writes it."""

    place: int
    """1.. within the class or group."""
    rank: int
    """The place in the Keizer ranking."""
    player: PlayerId
    name: str
    points: str
    """The Keizer points, rounded as the standings page rounds them."""
    eligible: str
    """"ja"/"nee" for the participation rule ("" where the ruleset has none)."""
    cup: bool = False
    """Wins the group's cup (the cups page only)."""


@dataclass(frozen=True, slots=True)
class Block:
    """One class's or group's table under its heading."""

    title: str
    lines: tuple[Line, ...]
    notes: tuple[str, ...] = ()
    """Sentences under the table: who wins the cup, who wins nothing and why."""


@dataclass(frozen=True, slots=True)
class MoveLine:
    """One accepted (or proposed) class move, in words."""

    player: PlayerId
    name: str
    source: str
    target: str
    reason: str
    """"promotie", "degradatie", "extra verschuiving: klassen even groot", "besluit van de wedstrijdleider";
    for a proposed move not made (`target` is `source`), that the director kept the player there."""


@dataclass(frozen=True, slots=True)
class Reading:
    """The moves after one reading round."""

    after_round: int
    status: str
    """"accepted", "proposed" (this round's proposal, not yet accepted) or "none" (nothing accepted)."""
    moves: tuple[MoveLine, ...]


def cup_exclusions(site: Site) -> frozenset[PlayerId]:
    """The players the cups page leaves out: K's final-group members, who play for the title and not for a
    cup (docs/rules.md §9) — the one rule of `evening.classes.cup_exclusions`."""
    return season_cup_exclusions(site.season, site.replay.ruleset)


def _decimals(site: Site) -> int:
    # the same rounding as the standings page in the club's columns: K's "Keizer" one decimal, D's two
    return 1 if site.style == "k" else 2


def _finished(season: Season, k: int, missing: int) -> bool:
    """The season's last planned round is in and every result with it: the prize lists are final."""
    planned = season_length(season)
    return planned is not None and k >= planned and missing == 0


def _not_final(site: Site, missing: int) -> str:
    """"" when the prize lists are final, else the sentence saying they are provisional and why."""
    season, k = site.season, site.replay.upto
    if _finished(season, k, missing):
        return ""
    planned = season_length(season)
    if planned is not None and k >= planned:
        return say("prizes_provisional_missing", site.lang, n=missing)
    return say("prizes_provisional", site.lang, k=k, n=planned if planned is not None else "?")


def _line(site: Site, place: int, rank: int, pid: PlayerId, score: Fraction, eligible: bool | None,
          cup: bool = False) -> Line:
    shown = "" if eligible is None else say("yes" if eligible else "no", site.lang)
    return Line(place, rank, pid, site.season.player(pid).name, points(score, site.lang, _decimals(site)), shown, cup)


def _share_header(site: Site) -> str:
    share = site.replay.ruleset.participation
    return "" if share is None else number(f"{whole_half_up(share * 100)}%", site.lang)


def _legend(site: Site, participation: bool, cups: bool) -> tuple[tuple[str, str], ...]:
    lang = site.lang
    out = [(say("col_place", lang), say("legend_place_class" if not cups else "legend_place_group", lang)),
           (say("col_keizer", lang), say("legend_keizer", lang))]
    share = site.replay.ruleset.participation
    if participation and share is not None:
        out.append((_share_header(site), say("legend_share", lang, share=f"{share.numerator}/{share.denominator}")))
    return tuple(out)


def class_blocks(site: Site, tables: Sequence[ClassTable]) -> tuple[Block, ...]:
    lang = site.lang
    return tuple(Block(say("class_name", lang, name=t.name),
                       tuple(_line(site, r.place, r.rank, r.player, r.score, r.eligible) for r in t.rows))
                 for t in tables)


def _reason(reason: str, lang: str) -> str:
    return say(f"move_{reason}", lang)


def readings(site: Site) -> tuple[Reading, ...]:
    """Every reading round up to K: the moves accepted there, each with its reason in words (the program's
    proposal's reason, or the director's decision where the director changed it), and the proposed moves the
    director did not make; at round K itself, before they are accepted, the proposal."""
    season, rep, lang = site.season, site.replay, site.lang
    rules = rep.ruleset.classes
    assert rules is not None
    out = []
    for r in rules.reading_rounds(season_length(season)):
        if r > rep.upto or r < 1:
            continue
        proposal = proposed_moves(season, rep, r)
        proposed = {m.player: m for m in proposal}
        accepted = reading_after(season, r)
        if accepted is None and r == rep.upto:
            out.append(Reading(r, "proposed", tuple(
                MoveLine(m.player, season.player(m.player).name, m.source, m.target, _reason(m.reason, lang))
                for m in proposal)))
            continue
        if accepted is None:
            out.append(Reading(r, "none", ()))
            continue
        lines = []
        for pid, target in accepted.moves:
            if not season.has_player(pid):
                continue
            move = proposed.get(pid)
            followed = move is not None and move.target == target
            why = _reason(move.reason, lang) if move is not None and followed else say("move_director", lang)
            lines.append(MoveLine(pid, season.player(pid).name, class_in_round(season, pid, r) or "–", target, why))
        kept = dict(accepted.moves)
        for move in proposal:  # a proposed move the director did not make: the reader asks why they stayed
            if move.player not in kept and season.has_player(move.player):
                lines.append(MoveLine(move.player, season.player(move.player).name, move.source, move.source,
                                      say("move_kept", lang, target=move.target, why=_reason(move.reason, lang))))
        out.append(Reading(r, "accepted", tuple(sorted(lines, key=lambda m: (m.source, m.target, m.name, m.player)))))
    return tuple(out)


def classes_context(site: Site) -> Mapping[str, Any] | None:
    """The classes page's variables; None (no page) without ruleset `classes` or without classed players."""
    season, rep, lang, k = site.season, site.replay, site.lang, site.replay.upto
    rules = rep.ruleset.classes
    if rules is None or k < 1 or not classes_in_round(season, k):
        return None
    view = classes_view(season, rep, k)
    prizes = classes_view(season, rep, k, prizes=True)
    participation = any(r.eligible is not None for t in view.tables for r in t.rows)
    return {
        "heading": say("classes_after", lang, k=k),
        "missing": view.missing,
        "to_come": to_come(season, k),
        "blocks": class_blocks(site, view.tables),
        "prize_blocks": class_blocks(site, prizes.tables),
        "prizes_note": _not_final(site, view.missing),
        "participation": participation, "share": _share_header(site),
        "legend_table": {"legend": _legend(site, participation, False)},
        "readings": readings(site),
        "unclassed": tuple((pid, season.player(pid).name) for pid in view.unclassed),
        "k": k,
    }


def cup_blocks(site: Site, tables: Sequence[CupTable]) -> tuple[Block, ...]:
    season, lang, k = site.season, site.lang, site.replay.upto
    share = site.replay.ruleset.participation
    seg = site.replay.at(k)
    attended = dict(zip((p.id for p in seg.players), (int(n) for n in seg.attended(k))))
    out = []
    for t in tables:
        lines = tuple(_line(site, r.place, r.rank, r.player, r.score, r.eligible, r.cup) for r in t.rows)
        winners = [ln.name for ln in lines if ln.cup]
        notes = [say("cup_winners", lang, names=", ".join(winners)) if winners else say("cup_nobody", lang)]
        for r in t.rows:
            if r.eligible is False and share is not None:
                notes.append(say("cup_under_share", lang, name=season.player(r.player).name,
                                 n=attended.get(r.player, 0), k=k, need=math.ceil(share * k),
                                 share=f"{share.numerator}/{share.denominator}"))
        out.append(Block(say("group_name", lang, group=t.group), lines, tuple(notes)))
    return tuple(out)


def cups_context(site: Site) -> Mapping[str, Any] | None:
    """The group cups page's variables; None (no page) without ruleset `cups` or without players in a group."""
    season, rep, lang, k = site.season, site.replay, site.lang, site.replay.upto
    rules = rep.ruleset.cups
    if rules is None or k < 1 or not any(p.group is not None for p in season.players):
        return None
    excluded = cup_exclusions(site)
    tables = cups_view(season, rep, k, excluded)
    missing = rep.standings(k).missing
    participation = any(r.eligible is not None for t in tables for r in t.rows)
    share = rep.ruleset.participation
    rule = (say("cups_rule_share", lang, top=rules.top, share=f"{share.numerator}/{share.denominator}")
            if participation and share is not None else say("cups_rule", lang, top=rules.top))
    return {
        "heading": say("cups_after", lang, k=k),
        "missing": missing,
        "to_come": to_come(season, k),
        "rule": rule,
        "blocks": cup_blocks(site, tables),
        "prizes_note": _not_final(site, missing),
        "participation": participation, "share": _share_header(site),
        "legend_table": {"legend": _legend(site, participation, True)},
        "excluded": tuple(sorted((season.player(p).name for p in excluded if season.has_player(p)), key=sort_key)),
    }
