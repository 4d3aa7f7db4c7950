"""The group's rules against hand-worked examples: proposal, required games, table, state (rules §8)."""

from __future__ import annotations

from fractions import Fraction

from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.scoring.championship.state import group_state
from keizer.scoring.championship.table import (
    GroupRow,
    PlayedGame,
    group_games,
    missed_games,
    propose_members,
    required_games,
    table,
)

P = PlayerId
W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW
INSIDE = ChampionshipRule(after_round=2, size=4)
SEPARATE = ChampionshipRule(after_round=2, size=4, mode="separate")
MEMBERS = (P("a"), P("b"), P("c"), P("d"))


def test_the_next_in_line_moves_up_for_who_declines() -> None:
    ranking = tuple(P(x) for x in "abcdefgh")
    assert propose_members(ranking, 6) == tuple(P(x) for x in "abcdef")
    assert propose_members(ranking, 6, (P("b"), P("e"))) == tuple(P(x) for x in "acdfgh")
    assert propose_members(ranking[:3], 6) == ranking[:3]


def season(rounds: tuple[Round, ...]) -> Season:
    players = tuple(Player(id=P(x), name=x) for x in "abcdef")
    return Season(name="S", ruleset_spec="doorn-driebergen-2019", players=players, rounds=rounds, rounds_planned=8)


# Rounds 1-2: a-b (a white) and c-d met once; e-f twice is outside the group.
R1 = Round(1, games=(Game(P("a"), P("b"), W), Game(P("c"), P("d"), D), Game(P("e"), P("f"), D)))
R2 = Round(2, games=(Game(P("a"), P("e"), W), Game(P("b"), P("c"), B), Game(P("d"), P("f"), D)))
GROUP = ChampionshipGroup(formed_after=2, members=MEMBERS)


def test_art_4_pairs_that_met_once_meet_reversed_the_others_twice() -> None:
    s = season((R1, R2))
    need = required_games(s, GROUP, INSIDE)
    # a-b met (a white): b-a; b-c met (b white): c-b; c-d met: d-c; a-c, a-d, b-d twice.
    assert sorted(need) == sorted([(P("b"), P("a")), (P("a"), P("c")), (P("c"), P("a")), (P("a"), P("d")),
                                   (P("d"), P("a")), (P("c"), P("b")), (P("b"), P("d")), (P("d"), P("b")),
                                   (P("d"), P("c"))])
    assert len(group_games(s, GROUP, INSIDE)) == 3  # the three earlier games count


def test_a_separate_group_plays_every_pair_twice_all_new() -> None:
    need = required_games(season((R1, R2)), GROUP, SEPARATE)
    assert len(need) == 12 and len(set(need)) == 12
    assert group_games(season((R1, R2)), GROUP, SEPARATE) == ()


def test_a_pair_that_met_twice_is_complete() -> None:
    r2 = Round(2, games=(Game(P("b"), P("a"), D), Game(P("c"), P("d"), W), Game(P("e"), P("f"), D)))
    need = required_games(season((R1, r2)), GROUP, INSIDE)
    assert not any({w, b} in ({P("a"), P("b")}, {P("c"), P("d")}) for w, b in need)
    assert len(need) == 8


def test_scheduled_games_count_as_played_on_their_board_and_missed_ones_are_told() -> None:
    group = ChampionshipGroup(2, MEMBERS, schedule=(GroupGame(3, P("b"), P("a")), GroupGame(3, P("c"), P("d")),
                                                    GroupGame(4, P("a"), P("c"))))
    r3 = Round(3, games=(Game(P("b"), P("a"), D), Game(P("e"), P("f"), W)),
               entries=((P("c"), EntryKind.EXCUSED), (P("d"), EntryKind.BYE)))
    s = season((R1, R2, r3))
    games = group_games(s, group, INSIDE)
    assert PlayedGame(3, P("b"), P("a"), D) in games and len(games) == 4
    assert missed_games(s, group, INSIDE) == (1,)  # c-d was not played in round 3: reschedule it


def test_the_table_counts_one_half_nought() -> None:
    games = (PlayedGame(1, P("a"), P("b"), W), PlayedGame(1, P("c"), P("d"), D), PlayedGame(2, P("b"), P("c"), B),
             PlayedGame(3, P("d"), P("a"), Result.PENDING))
    rows = table(MEMBERS, games)
    assert [(r.place, r.player, r.points, r.played, r.to_play) for r in rows] == [
        (1, "c", Fraction(3, 2), 2, 4), (2, "a", Fraction(1), 1, 5), (3, "d", Fraction(1, 2), 1, 5),
        (4, "b", Fraction(0), 2, 4)]


def rows(*points: tuple[str, str, int]) -> tuple[GroupRow, ...]:
    return tuple(GroupRow(i + 1, P(p), Fraction(x), 6 - left, left) for i, (p, x, left) in
                 enumerate((p, Fraction(x), left) for p, x, left in points))


def test_the_state_while_playing_names_who_can_still_win() -> None:
    state = group_state(rows(("a", "4", 1), ("b", "3", 1), ("c", "2", 1), ("d", "1", 1)), ())
    assert state.phase == "playing" and state.contenders == ("a", "b")
    early = group_state(rows(("a", "5", 1), ("b", "3", 1), ("c", "2", 1), ("d", "1", 1)), ())
    assert early.phase == "champion" and early.champion == ("a",)


def test_a_clear_winner_is_champion() -> None:
    state = group_state(rows(("a", "4", 0), ("b", "3", 0), ("c", "3", 0), ("d", "2", 0)), ())
    assert (state.phase, state.champion, state.summary) == ("champion", ("a",), "a is champion")


def test_two_tied_play_two_decision_games_then_still_tied_share() -> None:
    tied = rows(("a", "4", 0), ("b", "4", 0), ("c", "2", 0), ("d", "2", 0))
    state = group_state(tied, ())
    assert state.phase == "decision" and state.needed == (("a", "b"), ("b", "a"))
    one = group_state(tied, (DecisionGame(P("a"), P("b"), D),))
    assert one.needed == (("b", "a"),)
    won = group_state(tied, (DecisionGame(P("a"), P("b"), D), DecisionGame(P("b"), P("a"), B)))
    assert (won.phase, won.champion) == ("champion", ("a",))
    shared = group_state(tied, (DecisionGame(P("a"), P("b"), D), DecisionGame(P("b"), P("a"), D)))
    assert (shared.phase, shared.champion) == ("shared", ("a", "b"))


def test_three_tied_play_a_double_round_robin() -> None:
    tied = rows(("a", "3", 0), ("b", "3", 0), ("c", "3", 0), ("d", "3", 0))
    state = group_state(tied, ())
    assert state.phase == "playoff" and len(state.needed) == 12
    three = rows(("a", "4", 0), ("b", "4", 0), ("c", "4", 0), ("d", "0", 0))
    games = tuple(DecisionGame(w, b, D) for w, b in group_state(three, ()).needed)
    assert group_state(three, games[:-1]).needed == ((games[-1].white, games[-1].black),)
    assert group_state(three, games).phase == "shared"
    games = games[:-1] + (DecisionGame(games[-1].white, games[-1].black, W),)
    assert group_state(three, games).champion == (games[-1].white,)


def test_a_scheduled_game_played_with_the_other_colours_reads_as_played() -> None:
    from tests.publish.group_seasons import inside_season
    from keizer.evening.championship.view import group_view

    season = inside_season()
    group = season.championship
    assert group is not None
    view = group_view(season)
    swapped = 0
    for row in view.schedule:
        if row.state != "played":
            continue
        board = next(g for g in season.round(row.game.round).games
                     if {g.white, g.black} == {row.game.white, row.game.black})
        # the row's colours are the board's, so its result reads the right way round
        assert (row.game.white, row.game.black, row.result) == (board.white, board.black, board.result)
        swapped += (board.white, board.black) not in {(g.white, g.black) for g in group.schedule}
    assert swapped  # the test season has such a game


def test_each_state_is_a_kind_with_its_facts_and_a_sentence_in_names() -> None:
    """The finding: `keizer championship --json` had the state only as an English sentence in ids. Each sentence
    is a `kind`, its numbers and players are fields, and the sentence is said with names."""
    name = {P("a"): "Anna", P("b"): "Bert", P("c"): "Cor", P("d"): "Dirk"}.__getitem__
    playing = group_state(rows(("a", "4", 1), ("b", "3", 1), ("c", "2", 1), ("d", "1", 1)), ())
    assert (playing.kind, playing.games_left, playing.tied, playing.tied_on) == ("playing", 2, (), None)
    assert playing.sentence(name) == "2 group games to play; can still win: Anna, Bert"
    early = group_state(rows(("a", "5", 1), ("b", "3", 1), ("c", "2", 0), ("d", "1", 0)), ())
    assert (early.kind, early.games_left) == ("champion_early", 1)
    assert early.sentence(name) == "Anna is champion; 1 group game still to play"
    clear = group_state(rows(("a", "4", 0), ("b", "3", 0), ("c", "3", 0), ("d", "2", 0)), ())
    assert (clear.kind, clear.sentence(name), clear.summary) == ("champion", "Anna is champion", "a is champion")
    tied = rows(("a", "7/2", 0), ("b", "7/2", 0), ("c", "2", 0), ("d", "2", 0))
    one = group_state(tied, (DecisionGame(P("a"), P("b"), D),))
    assert (one.kind, one.phase, one.tied, one.tied_on) == ("tied", "decision", ("a", "b"), Fraction(7, 2))
    assert one.sentence(name) == "tied on 3½: Anna, Bert; 1 decision game to play"
    assert one.summary == "tied on 3½: a, b; 1 decision game to play"
    won = group_state(tied, (DecisionGame(P("a"), P("b"), D), DecisionGame(P("b"), P("a"), B)))
    assert (won.kind, won.tied, won.sentence(name)) == ("champion_after_tie", ("a", "b"),
                                                        "Anna is champion after the decision games")
    shared = group_state(tied, (DecisionGame(P("a"), P("b"), D), DecisionGame(P("b"), P("a"), D)))
    assert (shared.kind, shared.sentence(name)) == ("shared", "still tied after the decision games: Anna, Bert "
                                                              "share the title")
    three = group_state(rows(("a", "4", 0), ("b", "4", 0), ("c", "4", 0), ("d", "0", 0)), ())
    assert three.kind == "tied" and three.sentence(name) == "tied on 4: Anna, Bert, Cor; 6 play-off games to play"
