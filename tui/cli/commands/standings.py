"""`keizer standings`: the table after any round, as text, JSON (docs/format.md) or CSV."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from keizer.evening.evening import Evening
from keizer.evening.standings import csv_of, iteration_summary, prize_table_of, table_of
from keizer.evening.words.legend import LANGUAGES
from keizer.evening.words.tables import COLUMNS, exact, text_table
from keizer.seasons.championship import final_group
from keizer.web.notice import standings_for, to_come, to_come_sentence
from keizer.web.words import say
from keizer.tui.cli.commands.prizes_text import prize_lists, prize_lists_json, prize_lists_text
from keizer.tui.cli.commands.round_arg import standings_round

if TYPE_CHECKING:
    from keizer.evening.standings import Replay


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("standings", help="print the standings after a round",
                       description="The Keizer standings after round K (default: the last round with results).")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K", help="standings after this round (0 = start)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    fmt.add_argument("--csv", action="store_true", help="every column as CSV")
    p.add_argument("--columns", choices=sorted(COLUMNS),
                   help="which club's columns in the text table (default: the ruleset's `columns` key)")
    p.add_argument("--lang", choices=LANGUAGES,
                   help="the text's language, its column codes with it (default: the season's, the ruleset's "
                        "`language`: nl in every preset); JSON and CSV keys never change")
    p.add_argument("--prizes", action="store_true",
                   help="the prize list (text and CSV): players under the participation threshold (K's 33%% "
                        "rule) after those above it; the Keizer ranking itself does not change. Text and JSON "
                        "add each class's prize list (ruleset `classes`) and each group's cups (`cups`)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with Evening.read(args.season) as evening:
        season = evening.season
        k = standings_round(season, args.round)
        rep = evening.standings.replay(k)
        # --prizes: the prize order (those under the participation threshold after the others)
        table = prize_table_of(rep) if args.prizes else table_of(rep)
        if args.json:  # the JSON contract: rows in the Keizer ranking order, whatever the participation flag says
            out = standings_json(rep, table_of(rep))
            if args.prizes:  # the class and group lists as keys of their own, the rows above unchanged
                out.update(prize_lists_json(season, *prize_lists(evening, k)))
            sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
        elif args.csv:  # every row says whether the table is provisional: a CSV has no place for a header note
            sys.stdout.write(csv_of(rep, table))
        else:
            style = args.columns or rep.ruleset.columns
            lang = args.lang or rep.ruleset.language
            sys.stdout.write(standings_text(rep, table, style, lang) + "\n")
            lists = prize_lists_text(season, *prize_lists(evening, k), lang=lang) if args.prizes else ""
            if args.prizes and not lists:  # said, so that --prizes is not taken for a flag that did nothing
                lists = say("no_prizes", lang)
            if lists:
                sys.stdout.write("\n" + lists + "\n")
    return 0


def standings_text(rep: Replay, table: Any, style: str, lang: str = "en") -> str:
    """The table after the replay's round in `lang`: its title, whether it is provisional and whose team
    result keeps it so, and the club's columns with their codes and numbers as `lang` writes them."""
    shown = standings_for(rep, style, lang, table=table)
    title = f"{rep.season.name} — {say('standings_after', lang, k=rep.upto)} ({iteration_summary(rep, lang)})"
    missing = rep.standings().missing
    if missing:  # so that nobody publishes a half table by mistake
        title += "\n" + say("provisional", lang, n=missing)
        owed = to_come_sentence(to_come(rep.season, rep.upto), lang)
        if owed:  # whose team result keeps it provisional, and the command that enters it (rules §13)
            title += f"\n{owed} {say('to_come_how', lang)}"
    return title + "\n\n" + text_table(shown.headers, shown.rows, shown.right)


def standings_json(rep: Replay, table: Any) -> dict[str, Any]:
    st = rep.standings()
    exact_by_player = {row.player: row for row in st.rows}
    rule = rep.ruleset.championship
    left = final_group(rep.season.championship, rule.mode if rule else None) is not None
    out_rows = []
    for row in table.iter_rows(named=True):
        standing = exact_by_player[row["player"]]
        item: dict[str, Any] = {
            "rank": row["rank"], "player": row["player"], "name": row["name"],
            "score": float(standing.score), "score_exact": exact(standing.score),
            "value": _number(standing.value), "value_exact": exact(standing.value),
        }
        for key, value in row.items():
            if key not in item and key != "eligible":
                item[key] = value
        if standing.eligible is not None:
            item["eligible"] = standing.eligible
        if left:  # docs/rules.md §8: K's finalists, held at the top, out of the Keizer
            item["final_group"] = standing.final_group
        out_rows.append(item)
    it = st.iteration
    return {"round": st.round, "provisional": st.provisional, "missing": st.missing, "standings": out_rows,
            "iteration": {"iterations": it.iterations, "cycled": it.cycled,
                          "cycle_length": it.cycle_length, "capped": it.capped}}


def _number(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
