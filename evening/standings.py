"""Standings: rows with rank changes, either club's columns, the iteration report, a player's card, and the
tables the published pages show — the shells' one way to what `scoring` computed (a shell imports no scoring:
the data it holds is named here, and the tables are made here)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from fractions import Fraction

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import team_results_to_come, to_come_said

if TYPE_CHECKING:
    # The scoring data a shell holds, named for the shells here (imported lazily: a mark loads no scoring).
    from keizer.evening.session import EveningSession
    from keizer.scoring.card import CardLine, PlayerCard
    from keizer.scoring.replay import Replay, StandingRow

__all__ = ["CardLine", "LiveRow", "PlayerCard", "Replay", "StandingRow", "Standings", "StandingsView",
           "card_of", "cards_of", "csv_of", "frames_of", "iteration_summary", "prize_table_of", "standings_view",
           "table_of"]


def table_of(rep: Replay, k: int | None = None) -> Any:
    """The standings table after round k (default the replay's last) with both clubs' columns: a polars frame
    (docs/rules.md §10)."""
    from keizer.scoring.table import standings_table

    return standings_table(rep, k)


def prize_table_of(rep: Replay, k: int | None = None) -> Any:
    """The standings table in prize order: those under the participation threshold (K's 33% rule) after
    those above it (docs/rules.md §5); the Keizer ranking itself does not change."""
    from keizer.scoring.table import prize_table

    return prize_table(rep, k)


def csv_of(rep: Replay, table: Any) -> str:
    """A standings table as CSV, every row saying whether the table is provisional and how many results are
    missing: a CSV has no place for a note above the rows (docs/rules.md §5)."""
    from keizer.scoring.table import with_status

    return str(with_status(table, rep.standings().missing).write_csv())


def frames_of(rep: Replay, rounds: Iterable[int]) -> dict[int, Any]:
    """The table after each of `rounds` as a replay up to it gives it (tables that stand, docs/rules.md §6),
    each with the table's columns only: every round's table of a published site, computed at once."""
    from keizer.scoring.table import COLUMNS, standings_frames

    return {j: frame.select(COLUMNS) for j, frame in standings_frames(rep, rounds).items()}


def cards_of(rep: Replay, k: int, players: tuple[PlayerId, ...]) -> dict[PlayerId, PlayerCard]:
    """The cards of `players` after round k, computed together (a published site's player pages)."""
    from keizer.scoring.card import player_cards

    return player_cards(rep, k, players)


def card_of(rep: Replay, player: PlayerId, k: int) -> PlayerCard:
    """One player's card after round k."""
    from keizer.scoring.card import player_card

    return player_card(rep, player, k)


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
    """How the ranking was found: converged in n steps, cycled, single pass; the participation rule; and
    whether the table is provisional (results still missing)."""
    replay: Replay
    missing: int = 0
    """Games of rounds 1..round still without a result: the table is provisional while any is."""
    to_come: tuple[tuple[int, PlayerId], ...] = ()
    """The team matches among `missing` whose result is still to come, (round, player) in round order: said
    by name wherever the table is said to be provisional (docs/rules.md §13)."""

    @property
    def provisional(self) -> str:
        """"PROVISIONAL: 3 results missing" while results are missing, else "": said the same way wherever
        the standings are shown (the Standings screen and beside the Results screen's boards)."""
        return f"PROVISIONAL: {counted(self.missing, 'result')} missing" if self.missing else ""



_ITERATION = {
    # how the ranking was found, (Dutch, English); {n} iterations or steps, {length} of a cycle
    "start": ("de startranglijst", "the starting ranking"),
    "single": ("één keer berekend", "single pass"),
    "capped": ("iteratie gestopt bij de grens van {n}", "iteration stopped at the cap of {n}"),
    "cycled": ("cyclus (lengte {length}) na {n}: gemiddelde van de cyclus",
               "cycled (length {length}) after {n}: mean of the cycle"),
    "converged": ("vast punt na {n}", "converged in {n}"),
}
"""The iteration line in both languages: the TUI's report and `keizer standings --lang` (docs/rules.md §3)."""


def iteration_summary(rep: Replay, lang: str = "en") -> str:
    """One line on how the standings after the replay's last round were found (docs/rules.md §3), in `lang`."""
    it = rep.standings().iteration
    nl = lang == "nl"
    if rep.upto == 0:
        kind = "start"
    elif not rep.ruleset.iterates_at(rep.upto, rep.ruleset.final_round(rep.season.rounds_planned)):
        kind = "single"
    else:
        kind = "capped" if it.capped else "cycled" if it.cycled else "converged"
    nouns = {(True, True): ("stap", "stappen"), (True, False): ("iteratie", "iteraties"),
             (False, True): ("step", "steps"), (False, False): ("iteration", "iterations")}[nl, kind == "capped"]
    n = f"{it.iterations} {nouns[it.iterations != 1]}"
    return _ITERATION[kind][0 if nl else 1].format(n=n, length=it.cycle_length)



def standings_view(rep: Replay, previous: Replay | None) -> StandingsView:
    st = rep.standings(rep.upto)
    before = {} if previous is None else {r.player: r.rank for r in previous.standings(previous.upto).rows}
    season = rep.season
    rows = tuple(LiveRow(rank=r.rank, player=r.player, name=season.player(r.player).name, score=r.score,
                         value=r.value, eligible=r.eligible, move=_move(before.get(r.player), r.rank))
                 for r in st.rows)
    rs = rep.ruleset
    final = rs.final_round(season.rounds_planned)  # "final" said as its round when the season knows it
    iterate = rs.iterate if isinstance(rs.iterate, str) else "after rounds " + ", ".join(
        str(final) if r == "final" and final is not None else str(r) for r in rs.iterate)
    report = (f"values: {iteration_summary(rep)} ({rs.valuation} valuation, iterate {iterate})" if rep.upto
              else "the starting ranking")
    share = rs.participation
    if share is not None:
        under = sum(1 for r in st.rows if r.eligible is False)
        report += f"; participation rule {share}: {counted(under, 'player')} below it"
    view = StandingsView(round=rep.upto, rows=rows, report=report, replay=rep, missing=st.missing)
    if view.provisional:  # so that nobody publishes a half table by mistake (docs/rules.md §5)
        # whose team result keeps it provisional, when one does: it may come days later (rules §13)
        owed = team_results_to_come(season, rep.upto)
        said = (view.provisional, to_come_said(season, owed), report)
        view = replace(view, report=" · ".join(filter(None, said)), to_come=owed)
    return view


def _move(before: int | None, now: int) -> str:
    if before is None or before == now:
        return ""
    return f"▲{before - now}" if before > now else f"▼{now - before}"


class Standings:
    """The Standings screen's service (and the Results screen's live table, `keizer standings`, the published
    pages): every replay is the session's, cached — a command or a site replays the season once."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def replay(self, k: int | None = None) -> Replay:
        """The replay of rounds 1..k (default: up to the last round with results), the session's cached one."""
        return self.session.replay(self.session.season.last_scored_round if k is None else k)

    def table(self, k: int | None = None) -> Any:
        """The standings table after round k (default: the last round with results), both clubs' columns."""
        return table_of(self.replay(k))

    def view(self, k: int | None = None) -> StandingsView:
        """The standings after round k (default: the last round with results)."""
        k = self.session.season.last_scored_round if k is None else k
        previous = self.session.replay(k - 1) if k >= 1 else None
        return standings_view(self.session.replay(k), previous)

    @property
    def unconfirmed(self) -> bool:
        """A list was ordered from a ranking the store keeps that no replay has confirmed yet: a shell starts
        `confirm_rankings` (in the background: it replays)."""
        return self.session.unconfirmed

    @property
    def replaced(self) -> int:
        """How many kept rankings `confirm_rankings` replaced so far: a list drawn before is drawn again."""
        return self.session.replaced

    def confirm_rankings(self) -> tuple[str, ...]:
        """The kept rankings in use confirmed by a replay, one that differs replaced; what was replaced, in
        words (`EveningSession.confirm_rankings`)."""
        return self.session.confirm_rankings()

    @property
    def columns(self) -> str:
        """The club's standings columns, "d" or "k": the ruleset's `columns` key (as `keizer standings`)."""
        return self.session.ruleset.columns

    def card(self, pid: str, k: int | None = None) -> PlayerCard:
        """A player's card after round k: every round's entry, the value it scored at, their rank history."""
        player = self.session.player(pid)
        k = self.session.season.last_scored_round if k is None else k
        rep = self.session.replay(k)
        if player.id not in rep.ranking_after(k):
            raise KeizerError(f"{player.name} is not ranked after round {k} (withdrawn)")
        return card_of(rep, player.id, k)
