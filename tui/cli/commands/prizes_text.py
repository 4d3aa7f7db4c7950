"""`keizer standings --prizes`: each class's and each group's prize list, as text and JSON (docs/rules.md §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keizer.evening.evening import Evening
from keizer.evening.words.legend import header
from keizer.evening.words.localised import number
from keizer.evening.words.tables import exact, points, text_table
from keizer.web.words import say

if TYPE_CHECKING:
    from keizer.evening.classes import ClassTable, CupTable
    from keizer.seasons.model import Season


def prize_lists(evening: Evening, k: int) -> tuple[tuple[ClassTable, ...], tuple[CupTable, ...]]:
    """The class prize lists (ruleset `classes`) and the group cups (ruleset `cups`) after round k; empty for
    a club without them."""
    rules = evening.ruleset
    classes = evening.classes.view(k, prizes=True).tables if rules.classes is not None else ()
    cups = evening.classes.cups(k) if rules.cups is not None else ()
    return classes, cups


def prize_lists_text(season: Season, classes: tuple[ClassTable, ...], cups: tuple[CupTable, ...],
                     lang: str = "en") -> str:
    """Each class's and each group's prize list as text in `lang` (`keizer standings --prizes`)."""
    parts = []
    if classes and not any(table.rows for table in classes):  # four empty tables would read as a fault
        parts.append(say("no_classes_yet", lang))
        classes = ()
    heads = [say("col_place", lang), say("col_keizer", lang), header("Name", lang), header("Points", lang)]
    for table in classes:
        rows = [[str(r.place), str(r.rank), season.player(r.player).name, number(points(r.score), lang)]
                for r in table.rows]
        parts.append(f"{say('class_name', lang, name=table.name)}\n"
                     + text_table(heads, rows, [True, True, False, True]))
    for cup in cups:
        rows = [[str(r.place), str(r.rank), season.player(r.player).name, number(points(r.score), lang),
                 "" if r.eligible is None else say("yes" if r.eligible else "no", lang),
                 say("cup_mark", lang) if r.cup else ""] for r in cup.rows]
        parts.append(f"{say('group_name', lang, group=cup.group)}\n"
                     + text_table([*heads, "33%?", ""], rows, [True, True, False, True, False, False]))
    return "\n\n".join(parts)


def prize_row_json(season: Season, r: Any) -> dict[str, Any]:
    """One row of a prize list (a class's table, a cup's) as `--json` writes it (docs/format.md)."""
    out = {"place": r.place, "rank": r.rank, "player": r.player, "name": season.player(r.player).name,
           "score": float(r.score), "score_exact": exact(r.score)}
    if r.eligible is not None:
        out["eligible"] = r.eligible
    return out


def prize_lists_json(season: Season, classes: tuple[ClassTable, ...], cups: tuple[CupTable, ...]) -> dict[str, Any]:
    def row(r: Any) -> dict[str, Any]:
        return prize_row_json(season, r)

    return {"class_prizes": [{"class": t.name, "rows": [row(r) for r in t.rows]} for t in classes],
            "cups": [{"group": c.group, "rows": [{**row(r), "cup": r.cup} for r in c.rows]} for c in cups]}
