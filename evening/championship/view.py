"""The championship group as the director reads it (docs/rules.md §8): the members or the proposal, the
schedule with each game's state, the table and what is decided — and the facts every group action needs."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_ROUNDS, describe
from keizer.seasons.model import ChampionshipGroup, GroupGame, PlayerId, Result, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import ClubChoice, club_choice
from keizer.seasons.season_length import season_length
from keizer.evening.ways import Way

if TYPE_CHECKING:
    # The scoring data a shell holds, named for the shells here (imported lazily: a mark loads no scoring).
    from keizer.scoring.championship.state import GroupState
    from keizer.scoring.championship.table import GroupRow, PlayedGame
    from keizer.scoring.championship.withdrawal import MemberWithdrawal
    from keizer.scoring.replay import Replay

GameState = Literal["played", "on the board", "to play", "missed", "withdrawn"]


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    """One scheduled game as the director reads it."""

    game: GroupGame
    result: Result
    """The result so far (PENDING while not played, or on the board without a result)."""
    state: GameState
    """"played" (a result), "on the board" (paired, no result), "to play", "missed" (its round was played
    without it: reschedule), "withdrawn" (a member withdrew: never played; `result` is the forfeit it counts
    as, or PENDING when the member's games do not count)."""


@dataclass(frozen=True, slots=True)
class PassedOver:
    """A player ranked into the group whom its proposal passes over (docs/rules.md §8), and why."""

    player: PlayerId
    withdrew: bool
    """They withdrew (D art. 22: as a decline); otherwise they are under the participation threshold."""
    attended: int | None = None
    """Under the threshold: the rounds they took part in up to the group's round."""


@dataclass(frozen=True, slots=True)
class GroupShort:
    """The group short of its size before its games begin (docs/rules.md §8; D art. 3: "De nummers 1 tot en
    met 6 na 20 ronden plaatsen zich"): members who withdrew, and who is next in line. Nothing is changed
    unasked: the director takes the next in line in (`ChampionshipGroupService.fill`), or leaves it."""

    withdrew: tuple[PlayerId, ...]
    """The members who withdrew, in member order."""
    next_in_line: tuple[PlayerId, ...]
    """As many as withdrew, in ranking order after the group's round: not a member, not declined, not
    withdrawn, not under the participation threshold (fewer when the ranking runs out)."""
    size: int
    """The group's size (`championship.size`)."""

    def sentence(self, name: Callable[[PlayerId], str]) -> str:
        """One sentence for the director, each player said by `name`; the way to take them in is the
        shell's (`Way.FILL_GROUP`)."""
        left = self.size - len(self.withdrew)
        gone = ", ".join(name(p) for p in self.withdrew)
        head = f"the group is short, {left} of {self.size}: {gone} withdrew before it played"
        if not self.next_in_line:
            return f"{head}; nobody is left in line to take {'their places' if len(self.withdrew) > 1 else 'the place'}"
        return f"{head}; next in line: {', '.join(name(p) for p in self.next_in_line)}"

    @property
    def ways(self) -> tuple[Way, ...]:
        """Taking the next in line in, while there is one."""
        return (Way.FILL_GROUP,) if self.next_in_line else ()


@dataclass(frozen=True, slots=True)
class GroupView:
    """The group at this moment: the setting, the members, the schedule, the table and the state."""

    rule: ChampionshipRule
    group: ChampionshipGroup | None
    proposal: tuple[PlayerId, ...]
    """Before the group is formed, once its round is scored: the top of the ranking (no declines)."""
    schedule: tuple[ScheduleRow, ...]
    table: tuple[GroupRow, ...]
    """The group table's rows (empty before the group forms)."""
    state: Any
    """The group's `GroupState`, or None before the group forms."""
    share: Fraction | None = None
    """The participation threshold (`Ruleset.participation`, K: 1/3), None without one."""
    withdrawn: tuple[MemberWithdrawal, ...] = ()
    """Per member who withdrew, what that does to the group, in member order."""
    passed_over: tuple[PassedOver, ...] = ()
    """With the proposal: each player ranked above its last place whom it passes over, and why."""
    short: GroupShort | None = None
    """A formed group whose members withdrew before its games began, with who is next in line (None: not so)."""
    ties_choice: ClubChoice | None = None
    """The club's choice on ties where its regulations are silent (`championship.ties`), said in the state."""


def played_games(season: Season, view: GroupView) -> tuple[PlayedGame | None, ...]:
    """Per scheduled game of the formed group, in schedule order: how it was played (colours as played, its
    result), or None while it is not (yet) played."""
    from keizer.scoring.championship.table import scheduled_results

    assert view.group is not None
    return scheduled_results(season, view.group, view.rule)


def final_order(view: GroupView) -> tuple[PlayerId, ...]:
    """The group's own final order: the champion first (those sharing the title, in table order), then the
    table's order (points, then member order); a member whose results were annulled is in no table."""
    champions = tuple(view.state.champion) if view.state is not None else ()
    return champions + tuple(r.player for r in view.table if r.player not in champions)


def state_summary(season: Season, state: GroupState) -> str:
    """The state's sentence with the players' names, as the director reads it; scripts read the ids from
    the JSON's own fields (docs/format.md `keizer championship`)."""
    return state.sentence(lambda pid: season.player(pid).name)


def passed_over_summary(season: Season, view: GroupView) -> str:
    """Who the proposal passed over, and why, in one line ("" when nobody): the director reads it where the
    proposal is (docs/rules.md §8)."""
    after = view.rule.after_round
    gone = [season.player(p.player).name for p in view.passed_over if p.withdrew]
    under = [f"{season.player(p.player).name} ({p.attended} of {after} rounds)" for p in view.passed_over
             if not p.withdrew]
    said = ([f"withdrew: {', '.join(gone)}"] if gone else []) + (
        [f"under the {view.share} participation rule after round {after}: {', '.join(under)}"] if under else [])
    return f"Passed over, {'; '.join(said)}" if said else ""


def rule_of(season: Season) -> ChampionshipRule:
    rule = parse_ruleset(season.ruleset_spec).championship
    if rule is None:
        raise KeizerError("this season's ruleset has no championship group (ruleset key `championship`)")
    return rule


def schedule_end(season: Season) -> int:
    """The last round of the group's schedule (the season's length for an "inside" group, D art. 4's
    "tweede competitiegedeelte"; KeizerError where nothing gives the length)."""
    return rule_of(season).schedule_end(season_length(season))


def group_of(season: Season) -> ChampionshipGroup:
    if season.championship is None:
        raise KeizerError("the championship group has not been formed yet (keizer championship form)")
    return season.championship


def proposal(season: Season, declined: tuple[PlayerId, ...] = ()) -> tuple[PlayerId, ...]:
    """The members proposed from the Keizer ranking after the group's round, minus who declines, who withdrew
    and who is under the participation threshold then (K's 33% rule, docs/rules.md §8)."""
    return _proposal(season, declined)[0]


def _proposal(season: Season, declined: tuple[PlayerId, ...] = (), played: Replay | None = None,
              ) -> tuple[tuple[PlayerId, ...], tuple[PassedOver, ...]]:
    """The proposal, and who it passes over above its last place: who withdrew (D art. 22) and who is under
    the participation threshold (with the rounds they took part in). `played`: a replay reaching the group's
    round, else one is made (`_reaching`)."""
    from keizer.scoring.championship.table import propose_members

    rule = rule_of(season)
    if season.last_scored_round < rule.after_round:
        raise KeizerError(f"the group forms after round {rule.after_round}; the season has results up to round "
                          f"{season.last_scored_round}")
    for pid in declined:
        if not season.has_player(pid):
            raise KeizerError(f"--decline {pid}: unknown player {pid!r}")
    played = _reaching(season, rule, played)
    ranking, under, withdrawn = _ranking_after(season, rule, played)
    members = propose_members(ranking, rule.size, declined, under | withdrawn)
    last = max((ranking.index(p) for p in members), default=-1) if len(members) == rule.size else len(ranking)
    attended = dict(zip((p.id for p in played.players), (int(n) for n in played.attended(rule.after_round))))
    return members, tuple(PassedOver(p, p in withdrawn, None if p in withdrawn else attended[p])
                          for p in ranking[:last] if p in under | withdrawn and p not in declined)


def group_view(season: Season, declined: tuple[PlayerId, ...] = (), played: Replay | None = None) -> GroupView:
    """The group as it stands; before it forms, the proposal with these declines (`played`: a replay of the
    season reaching the group's round, read rather than replaying it again)."""
    from keizer.scoring.championship.state import group_state
    from keizer.scoring.championship.table import group_games, missed_games, scheduled_results
    from keizer.scoring.championship.withdrawal import group_table, member_withdrawals

    rule = rule_of(season)
    group = season.championship
    if group is None:
        if season.last_scored_round < rule.after_round:
            return GroupView(rule, None, (), (), (), None)
        members, passed = _proposal(season, declined, played)
        return GroupView(rule, None, members, (), (), None, passed_over=passed,
                         share=parse_ruleset(season.ruleset_spec).participation)
    done = scheduled_results(season, group, rule)
    missed = set(missed_games(season, group, rule))
    games = group_games(season, group, rule)
    withdrawn = member_withdrawals(season, group, games)
    gone = {w.player: w for w in withdrawn}
    rows = []
    for i, (g, d) in enumerate(zip(group.schedule, done)):
        result = d.result if d is not None else Result.PENDING
        if d is not None:
            state: GameState = "played" if d.result.is_decided else "on the board"
        else:
            state = "missed" if i in missed else "to play"
            left = [gone[p] for p in (g.white, g.black) if p in gone]
            if left and (state == "missed" or any(g.round >= w.before_round for w in left)):
                state = "withdrawn"  # never played: a forfeit when the member's games count (rules §8)
                if len(left) == 1 and left[0].counted:
                    result = Result.WHITE_FORFEIT_WIN if left[0].player == g.black else Result.BLACK_FORFEIT_WIN
        if d is not None and (d.white, d.black) != (g.white, g.black):
            g = GroupGame(g.round, d.white, d.black)  # played with the other colours: the result reads with them
        rows.append(ScheduleRow(g, result, state))
    rows_table = group_table(group.members, games, withdrawn)
    ties = club_choice(parse_ruleset(season.ruleset_spec), "group_ties")
    now = group_state(rows_table, group.decision, frozenset(gone), rule.ties, "" if ties is None else str(ties))
    begun = group.decision or any(r.state in ("played", "on the board") for r in rows)
    short = None if begun or not gone else GroupShort(
        tuple(gone), _next_in_line(season, group, rule, len(gone), played), rule.size)
    return GroupView(rule, group, (), tuple(rows), rows_table, now, withdrawn=withdrawn, short=short,
                     ties_choice=ties)


def _next_in_line(season: Season, group: ChampionshipGroup, rule: ChampionshipRule, count: int,
                  played: Replay | None) -> tuple[PlayerId, ...]:
    """The next `count` of the ranking after the group's round whom a proposal would take: not a member, not
    declined, not withdrawn, not under the participation threshold (`_proposal`'s rule)."""
    from keizer.scoring.championship.table import propose_members

    ranking, under, withdrawn = _ranking_after(season, rule, _reaching(season, rule, played))
    return propose_members(ranking, count, group.declined + group.members, under | withdrawn)


def group_ranking(season: Season, played: Replay | None = None) -> tuple[PlayerId, ...]:
    """The Keizer ranking after the group's round (`played`: a replay reaching it, read rather than made)."""
    rule = rule_of(season)
    return _ranking_after(season, rule, _reaching(season, rule, played))[0]


def _reaching(season: Season, rule: ChampionshipRule, played: Replay | None) -> Replay:
    """`played` if it reaches the group's round (tables stand: its table after that round is the one a replay
    up to it gives), else a replay up to it."""
    from keizer.scoring.replay import replay

    return played if played is not None and played.upto >= rule.after_round else replay(season, rule.after_round)


def _ranking_after(season: Season, rule: ChampionshipRule, played: Replay,
                   ) -> tuple[tuple[PlayerId, ...], frozenset[PlayerId], frozenset[PlayerId]]:
    """The Keizer ranking after the group's round, who is under the participation threshold then (K's 33%
    rule) and who withdrew (D art. 22): whom a proposal passes over."""
    rows = played.standings(rule.after_round).rows
    return (tuple(r.player for r in rows), frozenset(r.player for r in rows if r.eligible is False),
            frozenset(w.player for w in season.withdrawals))


def group_pairs(season: Season, k: int) -> frozenset[tuple[PlayerId, PlayerId]]:
    """Round k's scheduled group games as pairs in id order (marked on the boards); none without a group."""
    if season.championship is None:
        return frozenset()
    return frozenset((min(g.white, g.black), max(g.white, g.black)) for g in season.championship.games_in(k))


def first_open_round(season: Season, group: ChampionshipGroup, rule: ChampionshipRule) -> int:
    """The first round the schedule may still change: after the paired rounds (and, for a separate group,
    after its last game with a result)."""
    decided = [g.round for g in group.schedule if g.result.is_decided]
    return max(season.played_rounds + 1, group.formed_after + 1, max(decided, default=0) + 1)


def rounds_from(text: str) -> tuple[int, ...]:
    """Rounds as the director types them: "24 25", "24, 25" or "24-26", sorted and each once; nothing is
    none. KeizerError naming the part that is not a round."""
    rounds: set[int] = set()
    for part in text.replace(",", " ").replace("–", "-").split():  # an en dash as the season's pages write it
        first, dash, last = part.partition("-")
        ends = (first, last) if dash else (first,)
        said = describe(part)  # a pasted line of thousands of digits is not echoed whole
        if not all(x.isascii() and x.isdigit() for x in ends):  # "²" is a digit to isdigit, not to int
            raise KeizerError(f"{said} is not a round (e.g. 24, or 24-26 for a stretch)")
        # the length first: int() refuses a number of thousands of digits (leading zeros too) with a ValueError
        digits = [x.lstrip("0") or "0" for x in ends]
        if any(len(x) > len(str(MAX_ROUNDS)) for x in digits) or int(digits[-1]) > MAX_ROUNDS:
            raise KeizerError(f"{said}: a season has at most {MAX_ROUNDS} rounds")  # a typo, never millions
        low, high = int(digits[0]), int(digits[-1])
        if high < low:
            raise KeizerError(f"{said}: the stretch runs backwards (write {high}-{low})")
        rounds.update(range(low, high + 1))
    return tuple(sorted(rounds))


def check_group_rounds(season: Season, rounds: tuple[int, ...]) -> None:
    """KeizerError for the first round not after the group formed or after the schedule's last round: the
    rounds a member may say they cannot play (the `u` dialog checks them before it closes)."""
    first, last = group_of(season).formed_after + 1, schedule_end(season)
    outside = [r for r in rounds if not first <= r <= last]
    if outside:
        raise KeizerError(f"round {outside[0]}: the group plays in rounds {first}–{last} (nothing saved)")
