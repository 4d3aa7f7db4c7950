"""The standings as the screens show them: rows with rank changes, either club's columns, the iteration report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring import Replay, standings_table
from seasons.model import PlayerId
from tui.format import COLUMNS, iteration_summary


@dataclass(frozen=True, slots=True)
class LiveRow:
    """One ranked player after a round."""

    rank: int
    player: PlayerId
    name: str
    score: Fraction
    value: Fraction
    eligible: bool | None
    """The participation flag (K's 33% rule); None without the rule."""
    move: str
    """The change of rank since the round before: "▲2" (up two), "▼1", "" (unchanged or round 0)."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings after `round`, ready to show."""

    round: int
    rows: tuple[LiveRow, ...]
    report: str
    """How the ranking was found: converged in n steps, cycled, single pass; and the participation rule."""
    replay: Replay

    def columns(self, style: str) -> tuple[tuple[tuple[str, bool], ...], list[tuple[str, Sequence[str]]]]:
        """(header, right-aligned) per column and (player id, cells) rows, in club D's or club K's
        published columns (RULES.md §10), formatted as `keizer standings` prints them."""
        columns = COLUMNS[style]
        table = standings_table(self.replay, self.round)
        rows: list[tuple[str, Sequence[str]]] = [
            (str(row["player"]), [show(row[col]) for _, col, show, _ in columns])
            for row in table.iter_rows(named=True)]
        return tuple((c[0], c[3]) for c in columns), rows


def standings_view(rep: Replay, previous: Replay | None) -> StandingsView:
    st = rep.standings(rep.upto)
    before = {} if previous is None else {r.player: r.rank for r in previous.standings(previous.upto).rows}
    season = rep.season
    rows = tuple(LiveRow(rank=r.rank, player=r.player, name=season.player(r.player).name, score=r.score,
                         value=r.value, eligible=r.eligible, move=_move(before.get(r.player), r.rank))
                 for r in st.rows)
    rs = rep.ruleset
    iterate = rs.iterate if isinstance(rs.iterate, str) else "after rounds " + ", ".join(map(str, rs.iterate))
    report = (f"values: {iteration_summary(rep)} ({rs.valuation} valuation, iterate {iterate})" if rep.upto
              else "the starting ranking")
    share = rs.participation
    if share is not None:
        under = sum(1 for r in st.rows if r.eligible is False)
        report += f"; participation rule {share}: {under} player(s) below it"
    return StandingsView(round=rep.upto, rows=rows, report=report, replay=rep)


def _move(before: int | None, now: int) -> str:
    if before is None or before == now:
        return ""
    return f"▲{before - now}" if before > now else f"▼{now - before}"
