"""The next season from the last one (`keizer new --from`): its final ranking, its classes, the newcomers."""

from __future__ import annotations

from dataclasses import replace

from keizer.evening.championship.view import final_order, group_view
from keizer.seasons.championship import final_group
from keizer.seasons.classes import class_in_round
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Player, PlayerId, Season, SeasonOrigin
from keizer.seasons.roster import check_name, new_id, slot_by_rating
from keizer.seasons.ruleset.parse import parse_ruleset


def final_ranking(season: Season, k: int) -> tuple[PlayerId, ...]:
    """The season's final ranking after round k (docs/rules.md §1): the Keizer ranking in the prize order of
    the participation rule — K's "33%?": "het eindresultaat [telt] alleen als minstens aan 1/3 van het aantal
    ronden is deelgenomen", so a player under it is listed after those above it — with a final group that
    left the Keizer (K, "separate") first, in its own order: "De winnaar van de finalegroep is de
    clubkampioen", so the champion is first, not the round-20 order the group is held in."""
    from keizer.scoring.replay import replay

    rep = replay(season, k)
    order = tuple(r.player for r in rep.standings(k).prize_order())
    rule = parse_ruleset(season.ruleset_spec).championship
    if final_group(season.championship, rule.mode if rule else None) is None:
        return order
    ours = final_order(group_view(season, played=rep))
    return ours + tuple(p for p in order if p not in ours)


def next_season(last: Season, name: str, newcomers: tuple[tuple[str, int | None, int | None], ...] = (),
                rounds_planned: int | None = None) -> Season:
    """A new season started from `last` (docs/rules.md §1, §9).

    The starting ranking is `last`'s final ranking after its last scored round (`final_ranking`), withdrawn
    players left out; each player keeps name, rating and group, and takes the class the last accepted moves gave
    (the class of the round after). Newcomers (name, rating, KNSB number or None) are slotted in by rating in list order, as
    the roster slots a new player (`seasons.roster.slot_by_rating`); where the ruleset has classes,
    every player without one gets the proposed starting class (`scoring.classes.propose_start_classes`). The ruleset and the rounds planned carry over; the new
    season records where it came from (`started_from`).
    """
    from keizer.scoring.classes import propose_start_classes  # the engine: loaded by `--from` alone

    k = last.last_scored_round
    if k == 0:
        raise KeizerError(f"{last.name!r} has no results yet: there is no final ranking to start from")
    gone = {w.player for w in last.withdrawals}
    players = tuple(replace(last.player(pid), klass=class_in_round(last, pid, k + 1), joined=1, enters_at=None)
                    for pid in final_ranking(last, k) if pid not in gone)
    season = Season(name=name, ruleset_spec=last.ruleset_spec, players=players,
                    rounds_planned=last.rounds_planned if rounds_planned is None else rounds_planned,
                    weekday=last.weekday, started_from=SeasonOrigin(season=last.name, round=k))
    for who, rating, knsb_id in newcomers:
        who = check_name(season, who)
        player = Player(id=new_id(season, who), name=who, rating=rating, knsb_id=knsb_id)
        at = slot_by_rating(season, rating) - 1
        season = replace(season, players=season.players[:at] + (player,) + season.players[at:])
    rules = parse_ruleset(season.ruleset_spec).classes
    if rules is not None and any(p.klass is None for p in season.players):
        start = dict(propose_start_classes(season, rules.names))
        season = replace(season, players=tuple(replace(p, klass=start.get(p.id, p.klass)) for p in season.players))
    return season
