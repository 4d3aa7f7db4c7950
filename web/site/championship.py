"""The championship group page of the published site (docs/rules.md §8): its template's variables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.numbers import game_points_text
from keizer.seasons.season_length import season_length
from keizer.evening.championship.view import GroupView, group_view, played_games
from keizer.seasons.result_text import SHOWN
from keizer.web.words import GamePoints, say

if TYPE_CHECKING:
    from keizer.evening.championship.view import GroupRow, GroupState
    from keizer.web.site.data import Site


@dataclass(frozen=True, slots=True)
class TableLine:
    """One member's row in the group table, as the page writes it."""

    place: int
    player: PlayerId
    name: str
    points: str
    """Game points with a half as "½" ("3½")."""
    played: int
    to_play: int


@dataclass(frozen=True, slots=True)
class GameLine:
    """One group game (scheduled, or a decision game) as the page writes it."""

    round: int | None
    """The round it is scheduled in (None: a decision game, played outside the Keizer)."""
    white: PlayerId
    white_name: str
    black: PlayerId
    black_name: str
    result: str
    """"1-0", "½-½", "+ -" once played; else what is known in words ("to play", "not played: …")."""
    state: str
    """The schedule's state ("played", "on the board", "to play", "missed", "withdrawn"); "played"/"to play"
    for a decision game."""


def season_after(season: Season, k: int) -> Season:
    """The season as it stood when round k was published: rounds 1..k, round k+1 paired without results (the
    site shows that pairing), a separate group's games after round k without results, and the decision games
    only once every scheduled game is in rounds up to k. The group page must not tell a later round's result
    on the page of round k."""
    rounds = list(season.rounds[:k])
    if len(season.rounds) > k:
        nxt = season.rounds[k]
        rounds.append(replace(nxt, games=tuple(replace(g, result=Result.PENDING) for g in nxt.games)))
    group = season.championship
    if group is not None:
        if group.formed_after > k:
            group = None
        else:
            done = all(g.round <= k for g in group.schedule)
            group = replace(group, decision=group.decision if done else (),
                            schedule=tuple(g if g.round <= k else replace(g, result=Result.PENDING)
                                           for g in group.schedule))
    # a withdrawal said after round k is not on its page: the ones in effect by the round after it
    withdrawals = tuple(w for w in season.withdrawals if w.before_round <= k + 1)
    return replace(season, rounds=tuple(rounds), championship=group, withdrawals=withdrawals)


def _names(season: Season, pids: Sequence[PlayerId], lang: str) -> str:
    """"A, B en C" / "A, B and C"."""
    names = [season.player(p).name for p in pids]
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {say('and', lang)} {names[-1]}"


def state_lines(season: Season, state: GroupState, lang: str) -> tuple[str, ...]:
    """What is decided and what is still needed, in the reader's words: the state's facts (`kind`, the games
    left, the tie), the ones the director's sentence and `keizer group --json` say."""
    kind = state.kind
    if kind == "playing":
        return (say("state_playing", lang, n=state.games_left, names=_names(season, state.contenders, lang)),)
    if kind == "champion_early":
        return (say("state_champion_early", lang, name=season.player(state.champion[0]).name, n=state.games_left),)
    if kind in ("champion", "champion_after_tie"):
        return (say("state_champion_decision" if kind == "champion_after_tie" else "state_champion", lang,
                    name=season.player(state.champion[0]).name),)
    if kind == "tied":
        return (say(f"state_{state.phase}", lang, names=_names(season, state.tied, lang),
                    points=GamePoints(state.tied_on or Fraction(0))),)
    return (say("state_shared", lang, names=_names(season, state.champion, lang)),)


def withdrawal_lines(season: Season, view: GroupView, lang: str) -> tuple[str, ...]:
    """Per member who withdrew, what that does to the group (docs/rules.md §8), in the reader's words."""
    return tuple(say("group_withdrawn_counted" if w.counted else "group_withdrawn_struck", lang,
                     name=season.player(w.player).name, r=w.before_round, played=w.played, total=w.total)
                 for w in view.withdrawn)


def _result(result: Result, state: str, lang: str) -> str:
    if result.is_decided:
        return SHOWN[result]
    return say({"on the board": "game_on_board", "missed": "game_missed", "withdrawn": "game_withdrawn"}
               .get(state, "game_to_play"), lang)


def schedule_lines(season: Season, view: GroupView, lang: str) -> tuple[GameLine, ...]:
    """The scheduled games by round, each with the colours as played (the Keizer board's, for an inside
    group) and its result or state in words."""
    played = played_games(season, view)
    out = []
    for row, game in zip(view.schedule, played):
        white, black = (game.white, game.black) if game is not None else (row.game.white, row.game.black)
        out.append(GameLine(row.game.round, white, season.player(white).name, black, season.player(black).name,
                            _result(row.result, row.state, lang), row.state))
    return tuple(out)


def group_context(site: Site) -> Mapping[str, Any] | None:
    """The championship group page's variables; None (no page) without ruleset `championship`, or before
    round `after_round` has results."""
    rule = site.replay.ruleset.championship
    k, lang = site.replay.upto, site.lang
    if rule is None or k < rule.after_round:
        return None
    season = season_after(site.season, k)
    if season.championship is None and season.last_scored_round < rule.after_round:
        return None
    view = group_view(season, played=site.replay)  # the site's own replay: a publish replays once
    last = rule.schedule_end(season_length(season))
    intro = say(f"group_rule_{rule.mode}", lang, size=rule.size, after=rule.after_round,
                first=rule.after_round + 1, last=last)
    pair = lambda pid: (pid, season.player(pid).name)  # noqa: E731 — a short local alias
    base: dict[str, Any] = {"heading": say("group_after", lang, k=k), "intro": intro, "formed": view.group is not None,
                            "after": rule.after_round}
    group = view.group
    if group is None:
        return {**base, "proposal": tuple(pair(p) for p in view.proposal),
                "passed_over": tuple(pair(p.player) for p in view.passed_over if p.withdrew),
                "passed_under": tuple(pair(p.player) for p in view.passed_over if not p.withdrew)}
    state: GroupState = view.state
    rows: tuple[GroupRow, ...] = view.table
    decision = tuple(GameLine(None, g.white, season.player(g.white).name, g.black, season.player(g.black).name,
                              _result(g.result, "to play", lang), "played" if g.result.is_decided else "to play")
                     for g in group.decision)
    legend = ((say("col_place", lang), say("legend_group_place", lang)),
              (say("group_points", lang), say("legend_group_points", lang)),
              (say("group_played", lang), say("legend_group_played", lang)),
              (say("group_to_play", lang), say("legend_group_to_play", lang)))
    return {
        **base,
        "members": tuple(pair(p) for p in group.members),
        "declined": tuple(pair(p) for p in group.declined if season.has_player(p)),
        "state_lines": state_lines(season, state, lang) + withdrawal_lines(season, view, lang),
        "needed": tuple((*pair(w), *pair(b)) for w, b in state.needed),
        "table": tuple(TableLine(r.place, r.player, season.player(r.player).name, game_points_text(r.points), r.played,
                                 r.to_play) for r in rows),
        "schedule": schedule_lines(season, view, lang),
        "inside": rule.mode == "inside",
        "decision": decision,
        "legend_table": {"legend": legend},
    }
