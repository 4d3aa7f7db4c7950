"""Results: a round's boards, the result of a game, and a no-show (D art. 11) — each on its board for good."""

from __future__ import annotations

from typing import Literal

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Game, Result
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.texts import cite
from keizer.seasons.rounds import results_round
from keizer.seasons.store.events import Event, ResultSet, SuspensionSet
from keizer.evening.attendance_rows import entry_text
from keizer.evening.boards import BoardRow, board_rows, parse_row_key
from keizer.evening.listing import round_or_next
from keizer.evening.session import EveningSession
from keizer.evening.ways import Said, Way, WayOut


class HasResult(WayOut):
    """A result or a no-show refused on a board whose game has a result already: replacing an entered
    result is the director's decision, asked for (the TUI's second key press, the CLI's --change)."""

    def __init__(self, k: int, board: int, old: Result, new: Result | None) -> None:
        super().__init__(f"board {board} of round {k} already has {old.value}", Way.REPLACE_RESULT)
        self.round = k
        self.board = board
        self.old = old
        """The result entered."""
        self.new = new
        """The result asked for (None: a no-show)."""


class Results:
    """The Results screen's service: walk the boards of a round and enter what happened."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def round(self) -> int:
        """The round whose results are being entered (`seasons.rounds.results_round`)."""
        return results_round(self.session.season)

    def boards(self, k: int) -> tuple[BoardRow, ...]:
        """Round k's games in board order, then everyone else with their entry."""
        rnd = round_or_next(self.session.season, k)
        ranking = self.session.ranking_before(k) if rnd.is_paired else ()
        return board_rows(self.session.season, rnd, ranking)

    def game_on(self, k: int, board: int) -> Game | None:
        """The game on a board of round k (None: no such board); without the ranking `boards` reads."""
        games = round_or_next(self.session.season, k).games
        return games[board - 1] if 1 <= board <= len(games) else None

    def summary(self, k: int) -> Said:
        rnd = round_or_next(self.session.season, k)
        if not rnd.is_paired:
            return Said(f"Round {k} — not paired yet: nothing to enter", (Way.PAIR,))
        done = sum(1 for g in rnd.games if g.result.is_decided)
        return Said(f"Round {k} — {done} of {counted(len(rnd.games), 'result')} entered")

    def check_free(self, k: int, row_key: str, replace: bool = False, new: Result | None = None) -> None:
        """`HasResult` when the game on a row of round k has a result already and `replace` does not ask to
        replace it (`new`: the result to enter, None for a no-show); nothing on a board without one."""
        board, _ = parse_row_key(row_key)
        games = round_or_next(self.session.season, k).games
        if board is not None and 1 <= board <= len(games) and games[board - 1].result.is_decided and not replace:
            raise HasResult(k, board, games[board - 1].result, new)

    def set_result(self, k: int, row_key: str, result: Result, replace: bool = False, source: str | None = None) -> str:
        """The result of the game on a row of `boards(k)`; refused on a row without a game, and — unless
        `replace` — on a board that has another result already (`HasResult`: the director asks for it).
        `source`: where it came from, said in the label ("reported from board 3")."""
        season = self.session.season
        rnd = round_or_next(season, k)
        if not rnd.is_paired:
            raise KeizerError(f"round {k} is not paired yet: there is no game to enter a result for")
        board, pid = parse_row_key(row_key)
        if board is None:
            player = self.session.player(pid or "")
            raise KeizerError(f"{player.name} has no game in round {k} ({entry_text(rnd.entry_of(player.id))}): "
                              f"no result to enter")
        if not 1 <= board <= len(rnd.games):
            raise KeizerError(f"round {k} has no board {board} (boards 1–{len(rnd.games)})")
        game = rnd.games[board - 1]
        if game.result is result:
            raise KeizerError(f"board {board} is already pending" if result is Result.PENDING
                              else f"board {board} already has the result {result.value}")
        self.check_free(k, row_key, replace, result)
        lifted, note = self._no_show_undone(k, game, result)
        label = (f"round {k} board {board}: {season.player(game.white).name}–"
                 f"{season.player(game.black).name} {result.value}{f' ({source})' if source else ''}{note}")
        return self.session.commit(label, ResultSet(round=k, white=game.white, black=game.black, result=result),
                                   *lifted)

    def no_show_means(self) -> str:
        """What a no-show does under the season's ruleset, in a sentence (the TUI's dialog says it before the
        director chooses): `forfeit` and `suspension`, the article cited where the season's text has one."""
        rules = self.session.ruleset
        came = ("the other gets a bye (100% of own value), the absentee is booked unexcused" if rules.forfeit == "bye"
                else "the other wins by forfeit")
        rule = "no_show" if rules.forfeit == "bye" else "suspension"
        return (came + (" and suspended until reporting back" if rules.suspension else "")
                + (cite(rules.regulations, rule) if rules.forfeit == "bye" or rules.suspension else "") + ".")

    def no_show(self, k: int, row_key: str, absent_colour: Literal["white", "black"], replace: bool = False) -> str:
        """The player of `absent_colour` did not come without notice: the game is a forfeit won by the one
        who came, on its board (a published board number never changes); the ruleset's `forfeit` key says
        how it scores (D art. 11, `"bye"`: the one who came as a bye, the absentee unexcused). Where the
        ruleset has D art. 12's suspension, the absentee is suspended until they report back. One action;
        on a board with a result already only when `replace` asks for it (`HasResult`)."""
        season = self.session.season
        rnd = round_or_next(season, k)
        board, pid = parse_row_key(row_key)
        if board is None or not 1 <= board <= len(rnd.games):
            who = self.session.player(pid).name if pid else "this row"
            raise KeizerError(f"{who} has no game in round {k}: there is nobody to not show up")
        game = rnd.games[board - 1]
        absent = game.white if absent_colour == "white" else game.black
        self.check_free(k, row_key, replace)
        result = Result.BLACK_FORFEIT_WIN if absent == game.white else Result.WHITE_FORFEIT_WIN
        events: list[Event] = [ResultSet(round=k, white=game.white, black=game.black, result=result)]
        rules = self.session.ruleset
        if rules.suspension and absent not in season.suspended:  # D art. 12 where the club has it
            events.append(SuspensionSet(player=absent, suspended=True))
        lifted, note = self._no_show_undone(k, game, result)
        events.extend(lifted)
        came = season.player(game.opponent_of(absent)).name
        booked = (["unexcused"] if rules.forfeit == "bye" else []) + (["suspended"] if rules.suspension else [])
        scored = f"{came} gets a bye{cite(rules.regulations, 'no_show')}" if rules.forfeit == "bye" \
            else f"{came} wins by forfeit"
        label = (f"round {k} board {board} {result.value}: {season.player(absent).name} did not come"
                 + (f" ({', '.join(booked)})" if booked else "") + f", {scored}{note}")
        return self.session.commit(label, *events)

    def _no_show_undone(self, k: int, game: Game, new: Result) -> tuple[tuple[SuspensionSet, ...], str]:
        """A correction of a no-show (docs/rules.md §13): the board's forfeit becomes `new`, so whoever lost
        it by not coming is readmitted, if the no-show's own action suspended them and nothing changed
        their suspension since (the log says so: a suspension set on its own by the director, or
        one the season came with, stays), and no later no-show of theirs keeps them away. The events and
        the words for the label."""
        if not game.result.is_forfeit or new is game.result:
            return (), ""
        season = self.session.season
        absent = game.white if game.result is Result.BLACK_FORFEIT_WIN else game.black
        if absent not in season.suspended or any(
                g.result is (Result.BLACK_FORFEIT_WIN if g.white == absent else Result.WHITE_FORFEIT_WIN)
                for rnd in season.rounds[k:] if (g := rnd.game_of(absent)) is not None):
            return (), ""
        cause = self.session.store.suspension_action(absent)
        if (SuspensionSet(player=absent, suspended=True) not in cause
                or ResultSet(round=k, white=game.white, black=game.black, result=game.result) not in cause):
            return (), ""
        name = season.player(absent).name
        return (SuspensionSet(player=absent, suspended=False),), f"; {name} readmitted (the no-show is corrected)"
