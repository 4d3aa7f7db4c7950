"""Where every run of a forecast starts: the season as it stood after round K, its standings, history and model."""

from __future__ import annotations

from dataclasses import dataclass, replace

from keizer.evening.forecast.group import Schedules, form_group
from keizer.evening.forecast.model import ForecastModel, measure_model
from keizer.pairing.history import CarriedPast, season_history
from keizer.scoring.classes import moves_as_data, read_classes
from keizer.scoring.championship.table import missed_games
from keizer.scoring.onward import Onward
from keizer.seasons.championship import out_of_keizer
from keizer.seasons.classes import reading_after, with_class_moves
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.roster import suspended, taking_part
from keizer.seasons.rounds import RoundsUnplanned
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_length import season_length


@dataclass(frozen=True, slots=True)
class Start:
    """The state every run starts from (the same for all of them, built once)."""

    season: Season
    """Rounds 1..K as played; later rounds only as far as they are known and unplayed (absences reported,
    team matches marked, a pairing saved); the group formed and scheduled, earlier class readings accepted."""
    ruleset: Ruleset
    k: int
    """The forecast is made after this round."""
    last: int
    """The season's last round (`rounds_planned`)."""
    onward: Onward
    """The standings after round K, ready to score round K + 1 (a new segment's, when the ranked players
    change at K + 1)."""
    ranking: tuple[PlayerId, ...]
    """The Keizer ranking after round K, as published."""
    past: CarriedPast
    """The pairing history of rounds 1..K, as each run carries it on (`fork`)."""
    model: ForecastModel
    seed: int
    reading: int | None
    """The class reading the forecast reports (the next one after K); None without classes or readings left."""
    group_known: bool
    """The championship group had formed by round K (its title is the title; no "place in the group" outcome)."""
    new_segments: frozenset[int]
    """The rounds after K whose ranked players change (`Onward.starts_segment`: a joiner, a removal): the
    same in every run, as neither the players nor the withdrawals change in one."""
    windows: dict[PlayerId, tuple[int, int | None]]
    """Each player's rounds: the one they join in and the one their withdrawal takes effect in (None: none),
    read once for the rounds every run lists (`Run.listed`)."""
    needs: bool = False
    """Each run also tells what each player's next rounds were (`needs.Watch`): what they need."""


def forecast_round(season: Season, k: int | None) -> int:
    """The round a forecast is made after: `k`, by default the last round with results; checked."""
    last = season_length(season)
    if last is None:
        raise RoundsUnplanned("a forecast")
    if k is None:
        k = season.last_scored_round
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= last:
        raise KeizerError(f"--round must be between 0 and {last}, got {k!r}")
    if k == last:
        raise KeizerError(f"round {k} is the season's last: there is nothing left to forecast")
    unpaired = [r.number for r in season.rounds[:k] if not r.is_paired]
    if len(season.rounds) < k or unpaired:
        missing = unpaired[0] if unpaired else len(season.rounds) + 1
        raise KeizerError(f"round {missing} has not been played: a forecast after round {k} needs rounds 1..{k}")
    return k


def check_rounds_left(season: Season, k: int, last: int, mode: str | None) -> None:
    """KeizerError naming what the season lacks when a round the runs must play before another has fewer than
    two players who can come: the season has fewer, the others withdrew (or join later, or left for a final
    group), or every other one is marked absent in it already. No pairing fixes that, and the runs would stop
    at the round after it ("round 1 is not paired yet"). The last round may go unplayed: none comes after it."""
    if len(season.players) < 2:
        raise KeizerError(f"the season has {counted(len(season.players), 'player')}: a forecast needs two who can "
                          f"play the rounds left")
    for j in range(k + 1, last):
        known = season.rounds[j - 1] if j <= len(season.rounds) else None
        if known is not None and known.is_paired:  # a pairing saved: played as saved
            continue
        away = set(out_of_keizer(season.championship, mode, j))
        playing = [p for p in season.players if p.joined <= j and taking_part(season, p.id, j) and p.id not in away]
        if len(playing) < 2:
            who = f"only {playing[0].name} can" if playing else "nobody can"
            raise KeizerError(f"{who} play round {j} (the others withdrew, join later or left for the final group): "
                              f"a forecast needs two players in every round but the last")
        absent = {pid for pid, entry in known.entries if entry is not EntryKind.BYE} if known is not None else set()
        if j == k + 1:
            absent |= suspended(season, j)
        coming = [p for p in playing if p.id not in absent]
        if len(coming) < 2:
            who = f"only {coming[0].name}" if coming else "nobody"
            raise KeizerError(f"round {j} has {who} who can come (every other player is marked absent): a forecast "
                              f"needs two in every round but the last; mark who comes in round {j}")


def as_after(season: Season, k: int) -> Season:
    """The season as it stood after round k: a later round is kept while nothing of it is played (its absences
    known, a saved pairing); from the first later round with results on (a forecast made afterwards, to look
    back), the later rounds go, with whatever was decided after round k (the group formed later, class moves
    read later, the suspensions of today)."""
    later = season.rounds[k:]
    played = next((i for i, r in enumerate(later) if r.has_results), None)
    if played is None:
        return season
    group = season.championship
    return replace(season, rounds=season.rounds[:k] + later[:played] if played else season.rounds[:k],
                   championship=group if group is not None and group.formed_after <= k else None,
                   class_moves=tuple(m for m in season.class_moves if m.after_round <= k), suspended=())


def make_start(season: Season, k: int | None, seed: int, schedules: Schedules) -> Start:
    """The start of a forecast after round k (default: the last round with results) of `season`."""
    k = forecast_round(season, k)
    ruleset = parse_ruleset(season.ruleset_spec)
    last = ruleset.final_round(season.rounds_planned)
    assert last is not None
    season = as_after(season, k)
    rule = ruleset.championship
    check_rounds_left(season, k, last, rule.mode if rule else None)
    onward = Onward.of(season, k, last)
    group_known = season.championship is not None
    # A separate group (K) leaves the Keizer after its round: formed later, its members would have played on.
    formable = rule is not None and (k == rule.after_round or rule.mode == "inside")
    if rule is not None and k >= rule.after_round and last > rule.after_round and (group_known or formable):
        if season.championship is None:  # formed as proposed: nobody declines (docs/forecast.md)
            ranking = Onward.of(season, rule.after_round, last).ranking() if k > rule.after_round else onward.ranking()
            season = form_group(season, rule, ranking, schedules, k)
            group_known = True
        group = season.championship
        assert group is not None
        if rule.mode == "inside" and (not group.schedule or missed_games(season, group, rule)):
            # the director schedules before the round (a separate group's schedule: see `form_group`)
            season = replace(season, championship=schedules.scheduled(season, group, rule, k + 1))
        if rule.mode == "separate":
            onward.with_final_group(season)
    reading = None
    if ruleset.classes is not None and any(p.klass is not None for p in season.players):
        rounds = ruleset.classes.reading_rounds(last)
        reading = next((r for r in rounds if r > k), None)
        for r in rounds:  # a reading already made: its proposal stands for the moves not yet accepted
            if r <= k and reading_after(season, r) is None and reading is not None:
                rows = Onward.of(season, r, last).rows()
                moves = read_classes(season, rows, r, ruleset.classes).moves
                season = with_class_moves(season, r, moves_as_data(moves))
    ranking = onward.ranking()
    if onward.starts_segment(season, k + 1):  # a joiner or a removal in round K + 1: the same for every run
        onward = onward.next_segment(season, last)
    past = CarriedPast([p.id for p in season.players], season_history(season, k + 1))
    windows = {}
    for player in season.players:
        withdrawal = season.withdrawal_of(player.id)
        windows[player.id] = (player.joined, withdrawal.before_round if withdrawal is not None else None)
    return Start(season=season, ruleset=ruleset, k=k, last=last, onward=onward, ranking=ranking, past=past,
                 model=measure_model(season, ruleset, k), seed=seed, reading=reading, group_known=group_known,
                 new_segments=frozenset(j for j in range(k + 1, last + 1) if onward.starts_segment(season, j)),
                 windows=windows)
