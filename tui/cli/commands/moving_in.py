"""`keizer import` of another program's file: a KeizerForClubs tournament or a TRF file, with the report of
what was carried and what was not (docs/format.md "Moving in")."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keizer.seasons.errors import KeizerError
from keizer.seasons.numbers import counted

if TYPE_CHECKING:
    from keizer.seasons.moving_in.report import Moved


def import_moved(args: argparse.Namespace, kind: str) -> int:
    """Read the file of `kind` ("kfc", "trf"), compare the tables it stores with keizer's, create the store
    whose first action's label holds the report, and print the report."""
    from keizer.seasons.keizerforclubs.season import read_kfc
    from keizer.seasons.moving_in.report import report_label, report_lines
    from keizer.seasons.trf.read import read_trf
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.evening.words.visible import visible

    source = Path(args.json_file)
    if kind == "kfc":
        if args.ruleset is not None:
            raise KeizerError("--ruleset: a KeizerForClubs tournament brings its own settings (its ConfigTab); "
                              "the import translates them")
        moved = read_kfc(source)
    else:
        moved = read_trf(source, ruleset=ruleset_option(args.ruleset))
    moved.report.checks.extend(_compared(moved))
    season, report = moved.season, moved.report
    target = Path(args.store)
    SeasonStore.create(target, season, label=report_label(source.name, report, season)).close()
    for line in report_lines(report, season):
        print(visible(line))
    print(f"imported {counted(len(season.players), 'player')} and {counted(len(season.rounds), 'round')} into "
          f"{target}; the report is kept in its log (`keizer log {target}`)")
    return 0


def ruleset_option(value: str | None) -> Any:
    """`--ruleset`: a preset's name, or a JSON file holding a ruleset (`{"preset": …, overrides}`); checked."""
    from keizer.seasons.errors import InputError
    from keizer.seasons.json_input import load_json
    from keizer.seasons.load import read_text
    from keizer.seasons.ruleset.parse import parse_ruleset
    from keizer.seasons.ruleset.presets import PRESET_NAMES

    if value is None or value in PRESET_NAMES:
        return value
    if not Path(value).exists():
        raise KeizerError(f"--ruleset {value}: neither a preset ({', '.join(PRESET_NAMES)}) nor a file")
    try:
        spec = load_json(read_text(value, "a ruleset file"))
        parse_ruleset(spec)
    except InputError as exc:
        raise KeizerError(f"--ruleset {value}: {exc}") from None
    return spec


def _compared(moved: Moved) -> list[str]:
    """The check of keizer's table after the last round against the totals the other program stored."""
    from keizer.evening.evening import Evening
    from keizer.seasons.moving_in.report import stored_differences
    from keizer.seasons.numbers import points_text

    if not moved.stored_totals:
        return []
    season = moved.season
    k = season.last_scored_round
    if not k:
        return []
    scores = {row.player: row.score for row in Evening.of(season).standings.replay(k).standings().rows}
    off = stored_differences(moved.stored_totals, scores)
    if not off:
        return [f"the table after round {k} equals the totals KeizerForClubs stored, for all "
                f"{counted(len(moved.stored_totals), 'player')}"]
    shown = "; ".join(f"{season.player(pid).name} {points_text(mine) if mine is not None else 'unranked'} "
                      f"(KeizerForClubs {stored:.2f})" for pid, stored, mine in off)
    return [f"the table after round {k} differs from KeizerForClubs' stored totals for "
            f"{counted(len(off), 'player')}: {shown}"]
