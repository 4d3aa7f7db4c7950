"""A round's Keizer pairing around the championship group (docs/rules.md §8): its games fixed, its pairs kept apart."""

from __future__ import annotations

from collections.abc import Sequence

from keizer.pairing.criteria.meetings import meetings_beyond
from keizer.pairing.history import Meetings, Pair, pair_key
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import times
from keizer.seasons.ruleset.model import Ruleset


def _group_live(season: Season, ruleset: Ruleset, k: int) -> bool:
    """Whether round k is paired around an "inside" group (D): formed, and k after its round."""
    group, rule = season.championship, ruleset.championship
    return group is not None and rule is not None and rule.mode == "inside" and k > group.formed_after


def scheduled_fixed(season: Season, ruleset: Ruleset, k: int, present: set[PlayerId],
                    given: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """Round k's scheduled group games that become fixed boards: both players present and not already in
    a game the director fixed by hand. A game with an absent member is not played: the schedule is
    re-solved for it (`keizer championship schedule`)."""
    if not _group_live(season, ruleset, k) or season.championship is None:
        return ()
    taken = {p for game in given for p in game}
    given_pairs = {pair_key(w, b) for w, b in given}
    return tuple((g.white, g.black) for g in season.championship.games_in(k)
                 if g.white in present and g.black in present and not {g.white, g.black} & taken
                 and pair_key(g.white, g.black) not in given_pairs)


def group_forbids(season: Season, ruleset: Ruleset, k: int, present: set[PlayerId],
                  fixed: Sequence[tuple[PlayerId, PlayerId]], locks: set[Pair]) -> set[Pair]:
    """Every pair of present members not in a fixed game this round: from the group's start they meet only
    as scheduled (D art. 4). A lock or a hand-fixed game of such a pair, when a schedule exists, is refused."""
    group = season.championship
    if not _group_live(season, ruleset, k) or group is None:
        return set()
    fixed_pairs = {pair_key(w, b) for w, b in fixed}
    scheduled = {pair_key(g.white, g.black) for g in group.games_in(k)}
    members = [p for p in group.members if p in present]
    out: set[Pair] = set()
    for i, a in enumerate(members):
        for b in members[i + 1:]:
            pair = pair_key(a, b)
            if pair in locks:
                raise KeizerError(f"lock {a}–{b}: championship group members meet only as their schedule says "
                                  f"(docs/rules.md §8)")
            if pair in fixed_pairs:
                if group.schedule and pair not in scheduled:
                    raise KeizerError(f"fixed game {a}–{b}: not in the championship group's schedule for round {k}; "
                                      f"move the game in the schedule (keizer championship schedule --move)")
                continue
            out.add(pair)
    return out


def check_fixed_meetings(ruleset: Ruleset, k: int, fixed: Sequence[tuple[PlayerId, PlayerId]],
                         history: Meetings, ranking: Sequence[PlayerId]) -> None:
    """KeizerError naming the rule a fixed game breaks: one meeting more than `max_meetings` allows (the
    bottom region's one extra, D art. 9, included). An early rematch (before `rematch_from_round`, D art. 8
    "in principe") stays the director's to fix: the pairing itself may relax it too."""
    rules = ruleset.pairing
    bottom_from = len(ranking) - rules.bottom_region
    place = {p: i + 1 for i, p in enumerate(ranking)}
    for white, black in fixed:
        met = history.times_met(white, black)
        both_bottom = place.get(white, 0) > bottom_from and place.get(black, 0) > bottom_from
        if meetings_beyond(met, both_bottom, rules):
            raise KeizerError(f"fixed game {white}–{black}: they have met {times(met)} already and "
                              f"max_meetings is {rules.max_meetings} (docs/rules.md §7)")
