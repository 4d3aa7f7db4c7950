"""Moving in: what keizer's own table says of a season read from another program's file (docs/format.md
"Moving in"). The readers are in `seasons/` (stdlib only); comparing a table needs the scoring engine."""

from __future__ import annotations

from keizer.seasons.moving_in.report import Moved, stored_differences
from keizer.seasons.numbers import counted, points_text

WHAT_NEXT = {
    "defaults": "the tournament keeps no settings and KeizerForClubs' defaults of that time were taken: "
                "--settings KeizerForClubs.config.s3db (in the cfg folder of the KeizerForClubs the club used) "
                "reads the club's own, --ruleset PRESET|FILE.json takes a ruleset of yours",
    "config": "--ruleset PRESET|FILE.json imports it with a ruleset of yours",
    "own": "--ruleset PRESET|FILE.json imports it with a ruleset of yours",
    "ruleset": "the ruleset given scores otherwise than KeizerForClubs' settings; without --ruleset the import "
               "translates those",
}
"""What the director can do when the totals differ, by where the ruleset came from (`Moved.settings_from`)."""


def stored_check(moved: Moved) -> list[str]:
    """The check of keizer's table against the totals the other program stored: after the last paired round
    (KeizerForClubs totals every round it paired, a bye of a round still being played counted), each player
    whose total differs named, with what the director can do."""
    if not moved.stored_totals:
        return []
    from keizer.scoring.replay import replay  # the scoring engine (numpy, polars) only for a file with totals

    season = moved.season
    k = season.played_rounds
    if not k:
        return []
    scores = {row.player: row.score for row in replay(season, k).standings().rows}
    off = stored_differences(moved.stored_totals, scores)
    if not off:
        return [f"the table after round {k} equals the totals KeizerForClubs stored, for all "
                f"{counted(len(moved.stored_totals), 'player')}"]
    shown = "; ".join(f"{season.player(pid).name} {points_text(mine) if mine is not None else 'unranked'} "
                      f"(KeizerForClubs {stored:.2f})" for pid, stored, mine in off)
    advice = WHAT_NEXT.get(moved.settings_from)
    return [f"the table after round {k} differs from KeizerForClubs' stored totals for "
            f"{counted(len(off), 'player')}: {shown}" + (f" — {advice}" if advice else "")]
