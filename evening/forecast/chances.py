"""A forecast's result from its counted runs: each player's share of the runs for each outcome the rules have."""

from __future__ import annotations

from keizer.evening.forecast.needs import needs_of
from keizer.evening.forecast.start import Start
from keizer.evening.forecast.tally import Tally
from keizer.seasons.forecasts import OUTCOMES, Forecast, Outcome, PlayerChances, TitleKind
from keizer.seasons.model import PlayerId


def outcomes_of(start: Start) -> tuple[TitleKind, tuple[Outcome, ...], int | None]:
    """(what the title is, the outcomes the season's rules have, the round the group forms after while it is
    still to form)."""
    ruleset = start.ruleset
    rule = ruleset.championship
    # the group is known, or the runs form it after its round; a separate group (K) a director did not form
    # after its round cannot be formed later (its members played on in the Keizer): the title is then first place
    group = rule is not None and start.last > rule.after_round and (start.group_known or start.k < rule.after_round)
    title: TitleKind = "group" if group else "first"
    group_after = rule.after_round if rule is not None and title == "group" and not start.group_known else None
    has = {"title": True, "group": group_after is not None, "up": start.reading is not None,
           "down": start.reading is not None, "cup": ruleset.cups is not None,
           "eligible": ruleset.participation is not None}
    return title, tuple(o for o in OUTCOMES if has[o]), group_after


def chances_of(start: Start, tally: Tally) -> Forecast:
    """The forecast from where its runs started and what they ended with."""
    runs = tally.runs
    title, outcomes, group_after = outcomes_of(start)
    now = start.ranking
    ranked = {pid: i + 1 for i, pid in enumerate(now)}
    later = sorted((pid for pid in tally.places if pid not in ranked), key=start.season.start_rank)
    size = max((max(row) for row in tally.places.values()), default=0)

    def share(counts: dict[PlayerId, int], pid: PlayerId, outcome: Outcome) -> float | None:
        return counts.get(pid, 0) / runs if outcome in outcomes else None

    players = []
    for pid in list(now) + later:
        row = tally.places.get(pid, {})
        players.append(PlayerChances(
            player=pid, rank=ranked.get(pid, 0), title=float(tally.titles.get(pid, 0) / runs),
            places=tuple(row.get(p, 0) for p in range(1, size + 1)), group=share(tally.group, pid, "group"),
            up=share(tally.up, pid, "up"), down=share(tally.down, pid, "down"), cup=share(tally.cups, pid, "cup"),
            eligible=share(tally.eligible, pid, "eligible")))
    needs = needs_of(tally.needs, outcomes, start.k + 1, start.last, tuple(p.player for p in players)) \
        if start.needs else ()
    return Forecast(round=start.k, last=start.last, runs=runs, seed=start.seed, title=title, group_after=group_after,
                    reading=start.reading, outcomes=outcomes, draw_share=start.model.draw_share,
                    attendance=start.model.club_presence, players=tuple(players), needs=needs)
