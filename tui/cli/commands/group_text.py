"""The championship group as text and as JSON (docs/format.md `keizer group`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keizer.seasons.model import GroupGame
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import game_points_text
from keizer.evening.championship.view import GroupView, passed_over_summary, schedule_end, state_summary
from keizer.evening.words.tables import exact, text_table
from keizer.tui.cli.ways import COMMANDS

if TYPE_CHECKING:
    from keizer.evening.championship.changes import ScheduleCheck


def _name(season: Season, pid: PlayerId) -> str:
    return season.player(pid).name


def view_json(season: Season, view: GroupView) -> dict[str, Any]:
    rule = view.rule
    out: dict[str, Any] = {"after_round": rule.after_round, "size": rule.size, "mode": rule.mode,
                           "last_round": schedule_end(season), "formed": view.group is not None}
    if view.group is None:
        out["proposal"] = [{"player": p, "name": _name(season, p)} for p in view.proposal]
        out["passed_over"] = [{"player": p.player, "name": _name(season, p.player)}
                              | ({"reason": "withdrew"} if p.withdrew
                                 else {"reason": "participation", "attended": p.attended, "rounds": rule.after_round})
                              for p in view.passed_over]
        return out
    group = view.group
    out["members"] = [{"player": p, "name": _name(season, p)} for p in group.members]
    out["declined"] = list(group.declined)
    out["withdrawn"] = [{"player": w.player, "before_round": w.before_round, "played": w.played, "total": w.total,
                         "counted": w.counted} for w in view.withdrawn]
    if view.short is not None:  # D art. 3: the group is short before it played; the director decides
        out["short"] = {"withdrew": list(view.short.withdrew), "next_in_line": list(view.short.next_in_line),
                        "size": view.short.size}
    out["unavailable"] = {p: list(r) for p, r in group.unavailable}
    out["schedule"] = [{"round": r.game.round, "white": r.game.white, "black": r.game.black,
                        "result": r.result.value, "state": r.state} for r in view.schedule]
    out["table"] = [{"place": r.place, "player": r.player, "name": _name(season, r.player),
                     "points": float(r.points), "points_exact": exact(r.points), "played": r.played,
                     "to_play": r.to_play} for r in view.table]
    state = view.state
    out["decision"] = [{"white": g.white, "black": g.black, "result": g.result.value} for g in group.decision]
    out["state"] = {"phase": state.phase, "champion": list(state.champion), "contenders": list(state.contenders),
                    "needed": [{"white": w, "black": b} for w, b in state.needed],
                    "summary": state_summary(season, state), "kind": state.kind, "games_left": state.games_left,
                    "tied": list(state.tied), "tied_on": None if state.tied_on is None else float(state.tied_on),
                    "tied_on_exact": None if state.tied_on is None else exact(state.tied_on)}
    return out


def view_text(season: Season, view: GroupView) -> str:
    rule = view.rule
    head = (f"{season.name} — championship group ({rule.size} players after round {rule.after_round}, "
            f"{rule.mode})")
    if view.group is None:
        if not view.proposal:
            return f"{head}\nNot formed yet: it forms after round {rule.after_round}.\n"
        lines = [head, "Not formed yet. Proposed from the ranking (keizer group form):"]
        lines += [f"{i:>3}  {_name(season, p)} ({p})" for i, p in enumerate(view.proposal, 1)]
        if view.passed_over:
            lines.append(passed_over_summary(season, view))
        return "\n".join(lines) + "\n"
    group = view.group
    lines = [head, "Members: " + ", ".join(f"{_name(season, p)} ({p})" for p in group.members)]
    if group.declined:
        lines.append("Declined: " + ", ".join(f"{_name(season, p)} ({p})" for p in group.declined))
    lines += [f"Withdrawn: {w.sentence(lambda p: _name(season, p))}" for w in view.withdrawn]
    if view.short is not None:
        said = view.short.sentence(lambda p: _name(season, p))
        lines.append(f"Short: {said}" + "".join(f"; {COMMANDS[w]}" for w in view.short.ways))
    lines.append("")
    lines.append(text_table(["Pl", "Name", "Pts", "Played", "To play"],
                            [[str(r.place), _name(season, r.player), game_points_text(r.points), str(r.played),
                              str(r.to_play)] for r in view.table], [True, False, True, True, True]))
    lines.append("")
    if view.schedule:
        lines.append(text_table(["Rd", "White", "Black", "Result", "State"],
                                [[str(r.game.round), _name(season, r.game.white), _name(season, r.game.black),
                                  r.result.value, r.state] for r in view.schedule], [True, False, False, False, False]))
    else:
        lines.append("No schedule accepted yet (keizer group schedule).")
    if group.decision:
        lines.append("")
        lines.append("Decision games: " + "; ".join(f"{_name(season, g.white)}–{_name(season, g.black)} "
                                                    f"{g.result.value}" for g in group.decision))
    lines.append("")
    lines.append(f"State: {state_summary(season, view.state)}")
    lines += [f"  needed: {_name(season, w)}–{_name(season, b)}" for w, b in view.state.needed]
    return "\n".join(lines) + "\n"


def schedule_json(season: Season, schedule: tuple[GroupGame, ...], check: ScheduleCheck, first: int,
                  optimal: bool | None = None) -> dict[str, Any]:
    """`optimal`: for a proposal, whether it is proven the least cost (None: a schedule moved by hand)."""
    out: dict[str, Any] = {"from_round": first, "cost": check.cost, "valid": check.valid}
    if optimal is not None:
        out["optimal"] = optimal
    out["games"] = [{"round": g.round, "white": g.white, "black": g.black} for g in schedule]
    out["breaches"] = [{"hard": b.hard, "kind": b.kind, "players": list(b.players), "rounds": list(b.rounds),
                        "what": b.what} for b in check.breaches]
    out["notes"] = [{"hard": hard, "text": text} for hard, text in check.notes(lambda p: _name(season, p))]
    return out


def schedule_text(season: Season, schedule: tuple[GroupGame, ...], check: ScheduleCheck, first: int,
                  optimal: bool | None = None) -> str:
    """The schedule by round, then what the director can act on: each member named once, only what
    another placement could change (`ScheduleCheck.notes`)."""
    rounds = sorted({g.round for g in schedule})
    rows = [[str(r), "; ".join(f"{_name(season, g.white)}–{_name(season, g.black)}" for g in schedule if g.round == r)]
            for r in rounds]
    how = "" if optimal is None else ", the least possible" if optimal else \
        ", the best found in the time allowed (not proven the least)"
    lines = [f"Championship group schedule (placed from round {first} on; cost {check.cost}{how})",
             text_table(["Rd", "Games"], rows, [True, False])]
    lines += [f"  {'BREAKS' if hard else 'note'}: {text}" for hard, text in check.notes(lambda p: _name(season, p))]
    return "\n".join(lines) + "\n"
