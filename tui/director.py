"""The director's club evening without a screen: each operation of the TUI as one store action."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring import Replay, replay
from seasons.errors import InputError, KeizerError
from seasons.load import is_store_file
from seasons.model import EntryKind, Player, PlayerId, Result, Round, Season
from seasons.rounds import current_round, results_round
from seasons.ruleset import Ruleset, parse_ruleset
from seasons.store import SeasonStore
from seasons.store.events import (
    UNCHANGED,
    EntrySet,
    Event,
    NoShow,
    PlayerAdded,
    PlayerMoved,
    PairingSaved,
    PlayerUpdated,
    ResultSet,
    RoundAdded,
    SettingsChanged,
    SuspensionSet,
    WithdrawalSet,
)
from tui.evening import attendance as att
from seasons import roster
from tui.evening.players import PlayerRow, player_rows
from tui.evening.boards import BoardRow, board_rows, parse_row_key
from tui.evening.pairing import PairingDesk
from tui.evening.proposals import ProposalView
from tui.evening.solve import solve_request
from tui.evening.standings import StandingsView, standings_view


REPLAY_CACHE = 8
"""Replays kept: the rounds the screens show (this one, the one before, the standings' choice)."""


class Director:
    """A season store and the evening's operations on it; every change is committed before it returns."""

    def __init__(self, store: SeasonStore, path: Path | None = None) -> None:
        self.store = store
        self.path = path
        self._replays: dict[tuple[object, ...], Replay] = {}
        self.desk = PairingDesk(self)
        """The pairing being worked on (locks, forbids, proposals) before it is accepted."""

    @classmethod
    def open(cls, path: str | Path) -> Director:
        """A director on an existing season store; KeizerError if it is not one."""
        path = Path(path)
        if not path.exists():
            raise KeizerError(f"{path}: no such file")
        if not is_store_file(path):
            raise KeizerError(f"{path}: not a season store (a JSON season is imported first)")
        return cls(SeasonStore.open(path), path)

    def close(self) -> None:
        self.store.close()

    # -- reading ------------------------------------------------------------------------------------
    @property
    def season(self) -> Season:
        return self.store.season

    @property
    def revision(self) -> int:
        """The newest action of the store's log: changes with every write, undo and redo (also another
        process's), so screens and caches compare it."""
        return self.store.head()

    @property
    def ruleset(self) -> Ruleset:
        return parse_ruleset(self.season.ruleset_spec)

    def replay(self, upto: int) -> Replay:
        """The replay of rounds 1..upto of the season as it stands, cached on everything it reads: marking
        someone absent in round K does not recompute the ranking after round K − 1."""
        season = self.season
        key = (upto, season.players, season.withdrawals, season.rounds_planned, season.rounds[:upto],
               json.dumps(season.ruleset_spec, sort_keys=True))
        if key not in self._replays:
            if len(self._replays) >= REPLAY_CACHE:
                self._replays.pop(next(iter(self._replays)))  # the oldest
            self._replays[key] = replay(season, upto)
        return self._replays[key]

    def current_round(self) -> int:
        return current_round(self.season)

    def results_round(self) -> int:
        return results_round(self.season)

    def round(self, k: int) -> Round:
        """Round k as listed, or the empty round k would be once added."""
        season = self.season
        if 1 <= k <= len(season.rounds):
            return season.round(k)
        if k == len(season.rounds) + 1:
            return Round(number=k)
        raise KeizerError(f"round {k} does not exist (the next round is {len(season.rounds) + 1})")

    def ranking_before(self, k: int) -> tuple[PlayerId, ...]:
        """The ranking round k is paired from: after round k − 1."""
        return self.replay(k - 1).ranking_after(k - 1)

    # -- attendance ------------------------------------------------------------------------------
    def attendance(self, k: int) -> tuple[att.AttendanceRow, ...]:
        """Everyone taking part in round k, in the order of the ranking it is paired from."""
        return att.attendance_rows(self.season, self._listed_round(k), self.ranking_before(k))

    def round_summary(self, k: int) -> str:
        return att.summary(self._listed_round(k), self.attendance(k))

    def suspended(self, k: int) -> frozenset[PlayerId]:
        """Players not paired in round k until they report back (D art. 12)."""
        return roster.suspended(self.season, k)

    def set_attendance(self, k: int, pid: str, entry: EntryKind | None) -> str:
        """Present (None), excused, unexcused, external (with its result) or duty, for round k.

        In the round being prepared, D art. 12 goes with it: marking a player unexcused also suspends
        them (not paired until they report back), and any other mark readmits a suspended player (they
        did report). One action, one undo step."""
        player = self._player(pid)
        rnd = self._listed_round(k)
        att.check_change(self.season, rnd, player, entry)
        if rnd.entry_of(player.id) == entry:
            raise KeizerError(f"{player.name} is already {att.entry_text(entry)} in round {k}")
        events: list[Event] = [e for e in self.listing_events(k)
                               if not (isinstance(e, EntrySet) and e.player == player.id)]
        if (self.round(k).entry_of(player.id) if k <= len(self.season.rounds) else None) != entry:
            events.append(EntrySet(round=k, player=player.id, entry=entry))
        label = f"round {k}: {player.name} {att.entry_text(entry)}"
        if k == self.current_round():
            was = player.id in self.suspended(k)
            if entry is EntryKind.UNEXCUSED and not was:
                events.append(SuspensionSet(player=player.id, suspended=True))
                label += ", suspended until they report back (D art. 12)"
            elif entry is not EntryKind.UNEXCUSED and was:
                events.append(SuspensionSet(player=player.id, suspended=False))
                label += ", readmitted (D art. 12)"
        return self.commit(label, *events)

    def _listed_round(self, k: int) -> Round:
        """Round k as listed, or as it will be paired: in a round not paired yet, suspended players
        without an entry are booked unexcused (D art. 12: not paired until they report back)."""
        rnd = self.round(k)
        if rnd.is_paired:
            return rnd
        for pid in self._to_book(k, rnd):
            rnd = rnd.with_entry(pid, EntryKind.UNEXCUSED)
        return rnd

    def _to_book(self, k: int, rnd: Round) -> list[PlayerId]:
        """Suspended players who take part in round k (joined) and have no entry there, sorted."""
        season = self.season
        return [pid for pid in sorted(self.suspended(k))
                if season.player(pid).joined <= k and rnd.entry_of(pid) is None]

    def listing_events(self, k: int) -> tuple[Event, ...]:
        """The events that list round k if it is not listed yet, with suspended players booked unexcused."""
        if k <= len(self.season.rounds):
            return ()
        if k != len(self.season.rounds) + 1:
            raise KeizerError(f"round {k} cannot be added: the next round is {len(self.season.rounds) + 1}")
        return (RoundAdded(number=k),) + tuple(
            EntrySet(round=k, player=pid, entry=EntryKind.UNEXCUSED) for pid in self._to_book(k, Round(k)))

    def save_pairing(self, k: int, games: tuple[tuple[PlayerId, PlayerId], ...], bye: PlayerId | None,
                     meta: dict[str, Any], label: str | None = None) -> str:
        """Save a pairing as round k's (one action): the round is listed first if need be, and its
        absences stay as they are (an old bye goes: the pairing places that player anew)."""
        rnd = self.prospective(k).round(k)
        placed = {p for g in games for p in g} | ({bye} if bye else set())
        entries = tuple((pid, e) for pid, e in rnd.entries if pid not in placed and e is not EntryKind.BYE)
        label = label or f"pairing of round {k} ({len(games)} boards)"
        self.commit(label, *self.listing_events(k),
                    PairingSaved(round=k, games=games, bye=bye, entries=entries, meta=meta))
        return label

    def prospective(self, k: int) -> Season:
        """The season with round k as it will be paired (`_listed_round`); nothing is written."""
        return self.season.with_round(self._listed_round(k))

    # -- results ---------------------------------------------------------------------------------------
    def boards(self, k: int) -> tuple[BoardRow, ...]:
        """Round k's games in board order, then everyone else with their entry."""
        rnd = self.round(k)
        ranking = self.ranking_before(k) if rnd.is_paired else ()
        return board_rows(self.season, rnd, ranking)

    def results_summary(self, k: int) -> str:
        rnd = self.round(k)
        if not rnd.is_paired:
            return f"Round {k} — not paired yet: nothing to enter (pair it on F3)"
        done = sum(1 for g in rnd.games if g.result.is_decided)
        return f"Round {k} — {done} of {len(rnd.games)} results entered"

    def set_result(self, k: int, row_key: str, result: Result) -> str:
        """The result of the game on a row of `boards(k)`; refused on a row without a game."""
        rnd = self.round(k)
        if not rnd.is_paired:
            raise KeizerError(f"round {k} is not paired yet: there is no game to enter a result for")
        board, pid = parse_row_key(row_key)
        if board is None:
            player = self._player(pid or "")
            entry = rnd.entry_of(player.id)
            raise KeizerError(f"{player.name} has no game in round {k} ({att.entry_text(entry)}): "
                              f"no result to enter")
        if not 1 <= board <= len(rnd.games):
            raise KeizerError(f"round {k} has no board {board} (boards 1–{len(rnd.games)})")
        game = rnd.games[board - 1]
        if game.result is result:
            raise KeizerError(f"board {board} is already pending" if result is Result.PENDING
                              else f"board {board} already has the result {result.value}")
        season = self.season
        label = (f"round {k} board {board}: {season.player(game.white).name}–"
                 f"{season.player(game.black).name} {result.value}")
        return self.commit(label, ResultSet(round=k, white=game.white, black=game.black, result=result))

    def forfeit_is_no_show(self) -> bool:
        """The ruleset's `forfeit` key: "bye" books a player absent without notice as unexcused and the
        opponent as a bye (D art. 11), so the forfeit keys record a no-show."""
        return self.ruleset.forfeit == "bye"

    def no_show(self, k: int, row_key: str, absent_colour: str) -> str:
        """D art. 11 on the game of a row: the player of `absent_colour` ("white"/"black") did not come
        without notice. The opponent is booked as bye, the absentee unexcused and, D art. 12, suspended
        until they report back. One action."""
        rnd = self.round(k)
        board, pid = parse_row_key(row_key)
        if board is None or not 1 <= board <= len(rnd.games):
            who = self._player(pid).name if pid else "this row"
            raise KeizerError(f"{who} has no game in round {k}: there is nobody to not show up")
        game = rnd.games[board - 1]
        absent = game.white if absent_colour == "white" else game.black
        events: list[Event] = [NoShow(round=k, white=game.white, black=game.black, absent=absent)]
        if absent not in self.season.suspended:
            events.append(SuspensionSet(player=absent, suspended=True))
        season = self.season
        label = (f"round {k} board {board}: {season.player(absent).name} did not come (unexcused, suspended), "
                 f"{season.player(game.opponent_of(absent)).name} gets a bye (D art. 11)")
        return self.commit(label, *events)

    # -- pairing ----------------------------------------------------------------------------------------
    def pair(self, k: int | None = None, alternatives: int = 2) -> tuple[ProposalView, ...]:
        """Pair round k (default: the current round) here and now, from the ranking and values after
        round k − 1 with the desk's locks and forbids; the best proposal first, then the alternatives.
        The Textual app runs the same steps with the solve in a worker thread."""
        k = self.current_round() if k is None else k
        request = self.desk.prepare(k, alternatives)
        message = self.desk.take(solve_request(request, threading.Event()))
        if self.desk.failed:
            raise KeizerError(message)
        return self.desk.views()

    def accept_pairing(self, index: int = 0) -> str:
        """Save proposal `index` of `pair` (0: the best) as the round's pairing."""
        return self.desk.accept(index)

    # -- standings ---------------------------------------------------------------------------------
    def standings(self, k: int | None = None) -> StandingsView:
        """The standings after round k (default: the last round with results)."""
        season = self.season
        k = season.last_scored_round if k is None else k
        previous = self.replay(k - 1) if k >= 1 else None
        return standings_view(self.replay(k), previous)

    def default_columns(self) -> str:
        """The club's standings columns: the ruleset's `columns` key (as `keizer standings` chooses)."""
        return self.ruleset.columns

    def card(self, pid: str, k: int | None = None) -> Any:
        """A player's card after round k: every round's entry, the value it scored at, their rank history."""
        from scoring import player_card

        player = self._player(pid)
        k = self.season.last_scored_round if k is None else k
        rep = self.replay(k)
        if player.id not in rep.ranking_after(k):
            raise KeizerError(f"{player.name} is not ranked after round {k} (withdrawn)")
        return player_card(rep, player.id, k)

    # -- players ----------------------------------------------------------------------------------
    def players(self) -> tuple[PlayerRow, ...]:
        """Everyone in starting-ranking order, with their state (withdrawn, suspended, joining later)."""
        return player_rows(self.season, self.current_round())

    def check_player_form(self, name: str, rating: str, klass: str, group: str,
                          pid: str | None = None) -> roster.PlayerForm:
        """A player form's fields checked (KeizerError naming the wrong field); nothing is written."""
        return roster.parse_player_form(self.season, name, rating, klass, group,
                                        PlayerId(pid) if pid is not None else None)

    def add_player(self, name: str, rating: int | None = None, klass: str | None = None,
                   group: int | None = None) -> str:
        """A new player slotted into the starting ranking by rating, taking part from the next round
        to be paired (earlier rounds are `late`)."""
        season = self.season
        name = roster.check_name(season, name)
        player = Player(id=roster.new_id(season, name), name=name, rating=rating, klass=klass, group=group,
                        joined=season.played_rounds + 1)
        position = roster.slot_by_rating(season, rating)
        return self.commit(f"add player {name} at #{position}", PlayerAdded(player=player, position=position))

    def edit_player(self, pid: str, name: str, rating: int | None, klass: str | None,
                    group: int | None) -> str:
        old = self._player(pid)
        name = roster.check_name(self.season, name, except_id=old.id)
        new = Player(id=old.id, name=name, rating=rating, klass=klass, group=group, joined=old.joined)
        if new == old:
            raise KeizerError(f"{old.name}: nothing changed")
        return self.commit(f"edit player {name}", PlayerUpdated(player=new))

    def move_player(self, pid: str, position: int) -> str:
        """Move a player in the starting ranking (the director may reorder it, RULES.md §1)."""
        player = self._player(pid)
        n = len(self.season.players)
        if not 1 <= position <= n:
            raise KeizerError(f"{player.name} cannot move to #{position}: the ranking has places 1–{n}")
        if self.season.start_rank(player.id) == position:
            raise KeizerError(f"{player.name} is already #{position}")
        return self.commit(f"move {player.name} to #{position} of the starting ranking",
                           PlayerMoved(player=player.id, position=position))

    def withdraw(self, pid: str, before_round: int | None) -> str:
        """D art. 22: `before_round` is the first round the player no longer takes part in; None cancels."""
        player = self._player(pid)
        roster.check_withdrawal(self.season, player, before_round)
        label = (f"cancel the withdrawal of {player.name}" if before_round is None
                 else f"{player.name} withdraws before round {before_round}")
        return self.commit(label, WithdrawalSet(player=player.id, before_round=before_round))

    def toggle_suspension(self, pid: str) -> str:
        """D art. 12: suspend a player (not paired until they report back), or readmit them. The round
        being prepared follows: a suspended player is booked unexcused there, a readmitted one present."""
        player = self._player(pid)
        k = self.current_round()
        if not roster.taking_part(self.season, player.id, k):
            raise KeizerError(f"{player.name} has withdrawn: nothing to suspend")
        readmit = player.id in self.season.suspended
        events: list[Event] = [SuspensionSet(player=player.id, suspended=not readmit)]
        listed = k <= len(self.season.rounds)
        rnd = self.round(k)
        if listed and not rnd.is_paired and k >= player.joined:
            entry = rnd.entry_of(player.id)
            if readmit and entry is EntryKind.UNEXCUSED:
                events.append(EntrySet(round=k, player=player.id, entry=None))
            elif not readmit and entry is None:
                events.append(EntrySet(round=k, player=player.id, entry=EntryKind.UNEXCUSED))
        verb = "readmitted (D art. 12)" if readmit else "suspended until they report back (D art. 12)"
        return self.commit(f"{player.name} {verb}", *events)

    # -- settings ---------------------------------------------------------------------------------
    def change_settings(self, name: object = UNCHANGED, ruleset_spec: object = UNCHANGED,
                        rounds_planned: object = UNCHANGED) -> str:
        """Name, ruleset (a preset or overrides, validated before anything is written) and rounds planned."""
        season = self.season
        changes: dict[str, object] = {}
        if name is not UNCHANGED:
            text = str(name).strip()
            if not text:
                raise InputError("name", "the season needs a name")
            if text != season.name:
                changes["name"] = text
        if ruleset_spec is not UNCHANGED and ruleset_spec != season.ruleset_spec:
            parse_ruleset(ruleset_spec)  # InputError naming the key; nothing written
            changes["ruleset_spec"] = ruleset_spec
        if rounds_planned is not UNCHANGED and rounds_planned != season.rounds_planned:
            if rounds_planned is not None and (not isinstance(rounds_planned, int) or
                                               rounds_planned < max(1, len(season.rounds))):
                raise InputError("rounds planned", f"must be at least {max(1, len(season.rounds))} "
                                                   f"(rounds listed), got {rounds_planned!r}")
            changes["rounds_planned"] = rounds_planned
        if not changes:
            raise KeizerError("the settings are unchanged: nothing to save")
        return self.commit(f"settings: {', '.join(k.replace('_spec', '').replace('_', ' ') for k in changes)}",
                           SettingsChanged(**changes))  # type: ignore[arg-type]

    # -- history -----------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self.store.can_undo()

    def can_redo(self) -> bool:
        return self.store.can_redo()

    def undo(self) -> str | None:
        """Take back the last action (its label), or None when there is nothing to undo."""
        return self._history_step(self.store.undo)

    def redo(self) -> str | None:
        return self._history_step(self.store.redo)

    def _history_step(self, step: Callable[[], str | None]) -> str | None:
        label = step()
        if label is not None:
            self._changed()
        return label

    # -- helpers ------------------------------------------------------------------------------------
    def _player(self, pid: str) -> Player:
        if not self.season.has_player(PlayerId(pid)):
            raise KeizerError(f"unknown player {pid!r}")
        return self.season.player(PlayerId(pid))

    def commit(self, label: str, *events: Event) -> str:
        """One user action = one transaction = one undo step; committed before this returns."""
        self.store.apply(label, *events)
        self._changed()
        return label

    def _changed(self) -> None:
        self.desk.season_changed()


__all__ = ["BoardRow", "Director", "ProposalView", "StandingsView"]
