"""Which round an evening is about: tonight's round, the round to pair, the round whose results are entered."""

from __future__ import annotations

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.limits import MAX_ROUNDS, checked_text
from keizer.seasons.model import EntryKind, PlayerId, Season


def current_round(season: Season) -> int:
    """Tonight's round: the first one not paired yet; else the last one while it still has games without a
    result (the evening in progress); else the next one to add. A director who moves on while an adjourned
    game stays pending goes to the next round by hand."""
    rounds = season.rounds
    for rnd in rounds:
        if not rnd.is_paired:
            return rnd.number
    if rounds and any(not g.result.is_decided for g in rounds[-1].games):
        return rounds[-1].number
    return len(rounds) + 1


def round_to_pair(season: Season) -> int:
    """The round to pair when none is named: tonight's round, unless its evening is under way (a round with
    results is never paired again), then the next one."""
    k = current_round(season)
    if k <= len(season.rounds) and season.round(k).has_results:
        return k + 1
    return k


def results_round(season: Season) -> int:
    """The round whose results are being entered: the last paired round (1 before anything is paired)."""
    return max((r.number for r in season.rounds if r.is_paired), default=1)


def pending_before(season: Season, k: int) -> int:
    """Games of the round before round k without a result: the ranking round k is paired from counts them
    as 0, so a director is warned before pairing."""
    if not 2 <= k <= len(season.rounds) + 1:
        return 0
    return sum(1 for g in season.round(k - 1).games if not g.result.is_decided)


def team_results_to_come(season: Season, upto: int | None = None) -> tuple[tuple[int, PlayerId], ...]:
    """Team matches marked without their result (`external`) in rounds 1..upto (every round without it), as
    (round, player) in round order, then by player id: the standings stay provisional until each is entered,
    and tonight's round moves on without waiting for them (a team result may come days later). None where
    the result changes no score (`Ruleset.team_result_scores`; D art. 18): nothing is owed there."""
    from keizer.seasons.ruleset.parse import parse_ruleset

    if not parse_ruleset(season.ruleset_spec).team_result_scores:
        return ()
    last = len(season.rounds) if upto is None else min(upto, len(season.rounds))
    return tuple((rnd.number, pid) for rnd in season.rounds[:max(0, last)]
                 for pid, entry in rnd.entries if entry is EntryKind.EXTERNAL_PENDING)


def to_come_list(season: Season, pending: tuple[tuple[int, PlayerId], ...]) -> str:
    """"Ann Visser (round 31), Bob Jansen (round 32)": each team match whose result is to come."""
    return ", ".join(f"{season.player(pid).name} (round {k})" for k, pid in pending)


def to_come_head(n: int) -> str:
    """"team result to come" or, for more than one, "team results to come": how every shell begins its
    words for the team results still to come."""
    return f"team result{'s' if n > 1 else ''} to come"


def to_come_said(season: Season, pending: tuple[tuple[int, PlayerId], ...]) -> str:
    """The standings' words for these team results still to come (`team_results_to_come`), one wording for
    every shell; "" for none."""
    return f"{to_come_head(len(pending))}: {to_come_list(season, pending)}" if pending else ""


def to_come_report(season: Season, upto: int) -> str:
    """The standings' words for the team results of rounds 1..upto still to come (the table is provisional
    until they are entered); "" when none is."""
    return to_come_said(season, team_results_to_come(season, upto))


def past_the_season(season: Season, k: int | None) -> int | None:
    """The number of planned rounds when round k lies beyond them (the season is complete: nothing to mark
    or pair there until the director plans more), else None."""
    from keizer.seasons.season_length import season_length

    planned = season_length(season)
    return planned if k is not None and planned is not None and k > planned else None


def complete_text(planned: int) -> str:
    """The fact, one wording for every shell; each adds its own way to plan more rounds (the domain names
    no shell's keys or commands)."""
    if planned == 1:
        return "the season is complete: its 1 planned round is paired"
    return f"the season is complete: all {planned} planned rounds are paired"


class SeasonComplete(KeizerError):
    """Round k lies beyond the planned rounds: nothing to mark, report or pair there. The message says the
    fact (`complete_text`); a shell catching it adds how to plan more."""

    def __init__(self, planned: int) -> None:
        super().__init__(complete_text(planned))
        self.planned = planned
        """The number of planned rounds."""


class RoundsUnplanned(KeizerError):
    """The season does not say how many rounds it will play, and what was asked needs it (a forecast plays
    the rest of the season). A shell catching it adds how to plan them, as for `SeasonComplete`."""

    def __init__(self, what: str) -> None:
        super().__init__(f"the season does not say how many rounds it will play (rounds_planned), nor does its "
                         f"ruleset: {what} needs it")


def checked_rounds_planned(season: Season, rounds: int | None) -> int | None:
    """Rounds planned as a director gives them (None: not planned): never fewer than the rounds listed, at
    most MAX_ROUNDS. InputError naming the field ("rounds planned"), nothing written."""
    least = max(1, len(season.rounds))
    if rounds is not None and not least <= rounds <= MAX_ROUNDS:
        raise InputError("rounds planned", f"must be at least {least} (rounds listed), got {rounds}" if rounds < least else
                         f"at most {MAX_ROUNDS}, got {rounds}")
    return rounds


def checked_season_name(text: str) -> str:
    """A season's name as a director types it: trimmed, not empty, a name's limits (one line, no control
    characters). InputError naming the field ("name")."""
    name = text.strip()
    if not name:
        raise InputError("name", "the season needs a name")
    return checked_text(name, "name")
