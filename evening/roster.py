"""The roster: the Players list and its changes (add, edit, move, withdraw, suspend)."""

from __future__ import annotations

from dataclasses import replace

from keizer.seasons import roster
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Player, PlayerId
from keizer.seasons.rating_list import Member, RatingList
from keizer.seasons.roster import PlayerForm, PlayerRow, player_rows
from keizer.seasons.ruleset.texts import cite, with_choice
from keizer.seasons.store.events import EntrySet, Event, PlayerAdded, PlayerMoved, PlayerUpdated, SuspensionSet, WithdrawalSet
from keizer.evening.session import EveningSession


class Roster:
    """The Players screen's service: the starting ranking and every change to who plays."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session
        self.rating_list: RatingList | None = None
        """The national rating list the add-player form looks members up in (`keizer open --rating-list`)."""

    def look_up(self, text: str) -> Member:
        """The rating list's member `text` names (a relatienummer, a name or its start); KeizerError saying
        why not: no list loaded, several members fit (listed), none (the closest named)."""
        if self.rating_list is None:
            raise KeizerError("no rating list: open the season with `keizer open SEASON --rating-list FILE`")
        member = self.rating_list.pick(text, "rating list")
        season = self.session.season
        already = next((p for p in season.players
                        if p.knsb_id == member.knsb_id or p.name.casefold() == member.name.casefold()), None)
        if already is not None:  # said at the look-up, not only when the form is saved
            raise KeizerError(f"{member.name} ({member.knsb_id}) is already in the season as {already.name}")
        return member

    def rows(self) -> tuple[PlayerRow, ...]:
        """Everyone in starting-ranking order, with their state (withdrawn, suspended, joining later)."""
        return player_rows(self.session.season, self.session.current_round())

    def check_form(self, name: str, rating: str, klass: str, group: str, pid: str | None = None,
                   joins: str = "", place: str = "") -> PlayerForm:
        """A player form's fields checked (KeizerError naming the wrong field); nothing is written. `joins`
        and `place`: a new player's first round and entry place (empty: the next round, by rating)."""
        return roster.parse_player_form(self.session.season, name, rating, klass, group,
                                        PlayerId(pid) if pid is not None else None, joins, place)

    def add(self, name: str, rating: int | None = None, klass: str | None = None, group: int | None = None,
            knsb_id: int | None = None, joins: int | None = None, place: int | None = None) -> str:
        """A new player, taking part from round `joins` (default: the next round to be paired; earlier
        rounds are `late`); `knsb_id` from the rating list, when looked up there. Where they enter the
        ranking (docs/rules.md §6): `place` in the starting ranking for a player who plays from round 1,
        else `place` in the ranking of round `joins` (`enters_at`); by rating without it. One action."""
        season = self.session.season
        name = roster.check_name(season, name)
        joined = season.played_rounds + 1 if joins is None else joins
        roster.check_joining(season, joined, place)
        klass, group = roster.check_class(klass), roster.check_group(group)
        starts = joined == 1  # in the starting ranking itself; a later joiner enters round J's ranking
        position = place if starts and place is not None else roster.slot_by_rating(season, rating)
        player = Player(id=roster.new_id(season, name), name=name, rating=rating, klass=klass, group=group,
                        joined=joined, enters_at=None if starts else place, knsb_id=knsb_id)
        label = (f"add player {name} at #{position}" if starts else
                 f"add player {name}, joining in round {joined} at "
                 + (f"#{place}" if place is not None else "a place by rating"))
        if not starts and self.session.ruleset.aalsmeer is not None:  # K is silent on a joiner's bonus (§14)
            label = with_choice(label, self.session.ruleset, "joiner_bonus")
        return self.session.commit(label, PlayerAdded(player=player, position=position))

    def set_class(self, pid: str, klass: str | None) -> str:
        """D's starting class of a player (the class from round 1; the moves accepted at the readings apply
        after it, docs/rules.md §9); None takes it away. One action; the same class again is refused."""
        old = self.session.player(pid)
        klass = roster.check_class(klass)
        if self.session.ruleset.classes is None:
            raise KeizerError("this season's ruleset has no classes (ruleset key `classes`, docs/format.md)")
        if old.klass == klass:
            raise KeizerError(f"{old.name} already has {f'starting class {klass}' if klass else 'no class'}")
        return self.session.commit(f"starting class of {old.name}: {klass or 'none'}",
                                   PlayerUpdated(player=replace(old, klass=klass)))

    def set_group(self, pid: str, group: int | None) -> str:
        """K's cup group of a player (docs/rules.md §9); None takes it away. One action; the same group again
        is refused."""
        old = self.session.player(pid)
        group = roster.check_group(group)
        if self.session.ruleset.cups is None:
            raise KeizerError("this season's ruleset has no group cups (ruleset key `cups`, docs/format.md)")
        if old.group == group:
            raise KeizerError(f"{old.name} is already in {f'group {group}' if group else 'no group'}")
        return self.session.commit(f"cup group of {old.name}: {group or 'none'}",
                                   PlayerUpdated(player=replace(old, group=group)))

    def edit(self, pid: str, name: str, rating: int | None, klass: str | None, group: int | None) -> str:
        old = self.session.player(pid)
        name = roster.check_name(self.session.season, name, except_id=old.id)
        # what the form does not show (the federation's numbers, where a late joiner enters) stays as it is
        new = replace(old, name=name, rating=rating, klass=klass, group=group)
        if new == old:
            raise KeizerError(f"{old.name}: nothing changed")
        return self.session.commit(f"edit player {name}", PlayerUpdated(player=new))

    def move(self, pid: str, position: int) -> str:
        """Move a player in the starting ranking (the director may reorder it, docs/rules.md §1)."""
        player = self.session.player(pid)
        season = self.session.season
        n = len(season.players)
        if not 1 <= position <= n:
            raise KeizerError(f"{player.name} cannot move to #{position}: the ranking has places 1–{n}")
        if season.start_rank(player.id) == position:
            raise KeizerError(f"{player.name} is already #{position}")
        return self.session.commit(f"move {player.name} to #{position} of the starting ranking",
                                   PlayerMoved(player=player.id, position=position))

    def withdraw(self, pid: str, before_round: int | None) -> str:
        """D art. 22: `before_round` is the first round the player no longer takes part in; None cancels."""
        player = self.session.player(pid)
        roster.check_withdrawal(self.session.season, player, before_round)
        label = (f"cancel the withdrawal of {player.name}" if before_round is None
                 else f"{player.name} withdraws before round {before_round}")
        if before_round is not None:  # where the regulations are silent, the club's choices it applies (§14)
            rules, group = self.session.ruleset, self.session.season.championship
            label = with_choice(label, rules, "withdrawal")
            if group is not None and player.id in group.members:
                label = with_choice(label, rules, "group_withdrawal")
        return self.session.commit(label, WithdrawalSet(player=player.id, before_round=before_round))

    def toggle_suspension(self, pid: str) -> str:
        """D art. 12: suspend a player (not paired until they report back), or readmit them. The round
        being prepared follows: a suspended player is booked unexcused there, a readmitted one present."""
        player = self.session.player(pid)
        season = self.session.season
        k = self.session.current_round()
        if not roster.taking_part(season, player.id, k):
            raise KeizerError(f"{player.name} has withdrawn: nothing to suspend")
        readmit = player.id in season.suspended
        events: list[Event] = [SuspensionSet(player=player.id, suspended=not readmit)]
        rnd = season.round(k) if k <= len(season.rounds) else None
        if rnd is not None and not rnd.is_paired and k >= player.joined:
            entry = rnd.entry_of(player.id)
            if readmit and entry is EntryKind.UNEXCUSED:
                events.append(EntrySet(round=k, player=player.id, entry=None))
            elif not readmit and entry is None:
                events.append(EntrySet(round=k, player=player.id, entry=EntryKind.UNEXCUSED))
        article = cite(self.session.ruleset.regulations, "suspension")
        verb = f"readmitted{article}" if readmit else f"suspended until they report back{article}"
        return self.session.commit(f"{player.name} {verb}", *events)
