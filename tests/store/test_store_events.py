"""Each event's apply (what it changes, what it refuses) and its payload form."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from keizer.seasons.forecasts import Forecast, PlayerChances
from keizer.seasons.model import DecisionGame, GroupGame
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Season, Withdrawal
from keizer.seasons.store.events import (
    CheckedIn,
    ClassMovesSet,
    GroupDecisionSet,
    GroupFormed,
    GroupResultSet,
    GroupScheduleSet,
    GroupUnavailableSet,
    NoShow,
    ResultReported,
    SuspensionSet,
    ReportSet,
    Published,
    SeasonDatesSet,
    EVENT_TYPES,
    ForecastKept,
    UNCHANGED,
    EntrySet,
    Event,
    PairingSaved,
    PlayerAdded,
    PlayerMoved,
    PlayerUpdated,
    ResultSet,
    RoundAdded,
    RoundDateSet,
    RoundRemoved,
    SeasonCreated,
    SettingsChanged,
    WithdrawalSet,
    event_from_payload,
    fold,
)
from keizer.seasons.store.payload import canonical_json
from store_helpers import make_season, pairing_for

P = PlayerId


def ids(season: Season) -> list[str]:
    return [p.id for p in season.players]


def with_result(season: Season, rnd: int, white: str, black: str, result: Result) -> Season:
    return ResultSet(rnd, P(white), P(black), result).apply(season)


# ---- SeasonCreated ---------------------------------------------------------------------------------

def test_season_created_starts_the_log(season: Season) -> None:
    assert SeasonCreated(season).apply(None) == season


def test_season_created_only_once(season: Season) -> None:
    with pytest.raises(KeizerError, match="already exists"):
        SeasonCreated(season).apply(season)


def test_season_created_refuses_an_invalid_season(season: Season) -> None:
    twice = replace(season, players=season.players + (season.players[0],))
    with pytest.raises(KeizerError, match="duplicate id 'p01'"):
        SeasonCreated(twice).apply(None)


def test_other_events_need_a_season() -> None:
    with pytest.raises(KeizerError, match="no season yet"):
        RoundAdded(1).apply(None)


# ---- SettingsChanged -------------------------------------------------------------------------------

def test_settings_change_only_what_is_given(season: Season) -> None:
    s = SettingsChanged(name="Renamed").apply(season)
    assert (s.name, s.ruleset_spec, s.rounds_planned) == ("Renamed", season.ruleset_spec, season.rounds_planned)
    s = SettingsChanged(rounds_planned=None, ruleset_spec={"preset": "kijk-uit"}).apply(s)
    assert (s.name, s.ruleset_spec, s.rounds_planned) == ("Renamed", {"preset": "kijk-uit"}, None)


def test_settings_refuse_a_bad_ruleset(season: Season) -> None:
    with pytest.raises(KeizerError, match="unknown preset 'nope'"):
        SettingsChanged(ruleset_spec="nope").apply(season)


def test_settings_refuse_nothing_and_bad_rounds_planned(season: Season) -> None:
    with pytest.raises(KeizerError, match="nothing to change"):
        SettingsChanged().apply(season)
    with pytest.raises(KeizerError, match="rounds_planned"):
        SettingsChanged(rounds_planned=0).apply(season)


def test_settings_keep_their_own_copy_of_the_spec(season: Season) -> None:
    spec: dict[str, Any] = {"preset": "keizer-classic", "value": {"top": 80}}
    event = SettingsChanged(ruleset_spec=spec)
    spec["value"]["top"] = 1
    assert event.apply(season).ruleset_spec == {"preset": "keizer-classic", "value": {"top": 80}}


# ---- players ---------------------------------------------------------------------------------------

def test_player_added_last_or_at_a_position(season: Season) -> None:
    new = Player(id=P("new"), name="New Player")
    assert ids(PlayerAdded(new).apply(season))[-1] == "new"
    assert ids(PlayerAdded(new, position=2).apply(season))[:3] == ["p01", "new", "p02"]


def test_player_added_refuses_duplicates_and_bad_positions(season: Season) -> None:
    with pytest.raises(KeizerError, match="already is a player with id 'p03'"):
        PlayerAdded(Player(id=P("p03"), name="Again")).apply(season)
    with pytest.raises(KeizerError, match=r"position 8 is outside 1\.\.7"):
        PlayerAdded(Player(id=P("x"), name="X"), position=8).apply(season)


def test_player_added_mid_season_needs_joined(paired: Season) -> None:
    with pytest.raises(KeizerError, match="'late' has neither a game nor an entry in round 1"):
        PlayerAdded(Player(id=P("late"), name="Late")).apply(paired)
    s = PlayerAdded(Player(id=P("late"), name="Late", joined=2)).apply(paired)
    assert s.player(P("late")).joined == 2


def test_player_updated(season: Season) -> None:
    s = PlayerUpdated(Player(id=P("p02"), name="Renamed", rating=1234, klass="B")).apply(season)
    assert s.player(P("p02")) == Player(id=P("p02"), name="Renamed", rating=1234, klass="B")
    assert ids(s) == ids(season)
    with pytest.raises(KeizerError, match="unknown player 'zz'"):
        PlayerUpdated(Player(id=P("zz"), name="Z")).apply(season)
    with pytest.raises(KeizerError, match="class"):
        PlayerUpdated(Player(id=P("p02"), name="X", klass="E")).apply(season)


def test_player_moved(season: Season) -> None:
    assert ids(PlayerMoved(P("p06"), 1).apply(season)) == ["p06", "p01", "p02", "p03", "p04", "p05"]
    assert ids(PlayerMoved(P("p01"), 6).apply(season)) == ["p02", "p03", "p04", "p05", "p06", "p01"]
    with pytest.raises(KeizerError, match=r"position 7 is outside 1\.\.6"):
        PlayerMoved(P("p01"), 7).apply(season)
    with pytest.raises(KeizerError, match="unknown player 'zz'"):
        PlayerMoved(P("zz"), 1).apply(season)


# ---- withdrawals -----------------------------------------------------------------------------------

def test_withdrawal_set_changed_and_cancelled(paired: Season) -> None:
    s = WithdrawalSet(P("p03"), 5).apply(paired)
    assert s.withdrawals == (Withdrawal(P("p03"), 5),)
    s = WithdrawalSet(P("p03"), 3).apply(s)
    assert s.withdrawals == (Withdrawal(P("p03"), 3),)
    assert WithdrawalSet(P("p03"), None).apply(s).withdrawals == ()


def test_a_withdrawal_takes_the_absences_after_it_along(paired: Season) -> None:
    """An imported season reads a player's blank rounds after their last game as excused: withdrawing them
    from the round after it takes those entries away (the season stays valid), the rounds before keep theirs."""
    s = RoundAdded(2, None).apply(paired)
    s = EntrySet(2, P("p03"), EntryKind.EXCUSED).apply(s)
    s = RoundAdded(3, None).apply(s)
    s = EntrySet(3, P("p03"), EntryKind.UNEXCUSED).apply(s)
    after = WithdrawalSet(P("p03"), 2).apply(s)
    assert after.round(2).entry_of(P("p03")) is None and after.round(3).entry_of(P("p03")) is None
    assert after.round(1).game_of(P("p03")) is not None and after.withdrawals == (Withdrawal(P("p03"), 2),)
    assert WithdrawalSet(P("p03"), 3).apply(s).round(2).entry_of(P("p03")) is EntryKind.EXCUSED


def test_withdrawal_refusals(paired: Season) -> None:
    with pytest.raises(KeizerError, match="'p03' has not withdrawn"):
        WithdrawalSet(P("p03"), None).apply(paired)
    with pytest.raises(KeizerError, match="withdrew before round 1"):  # p03 plays in round 1
        WithdrawalSet(P("p03"), 1).apply(paired)


# ---- rounds ----------------------------------------------------------------------------------------

def test_round_added_must_be_the_next(season: Season) -> None:
    s = RoundAdded(1, "2024-09-05").apply(season)
    assert (len(s.rounds), s.round(1).date, s.round(1).is_paired) == (1, "2024-09-05", False)
    with pytest.raises(KeizerError, match="the next round is 2"):
        RoundAdded(3).apply(s)


def test_round_date_set(paired: Season) -> None:
    assert RoundDateSet(1, "2024-09-12").apply(paired).round(1).date == "2024-09-12"
    assert RoundDateSet(1, None).apply(paired).round(1).date is None
    with pytest.raises(KeizerError, match="round 2 does not exist"):
        RoundDateSet(2, "2024-09-12").apply(paired)


def test_round_removed_only_last_and_without_results(paired: Season) -> None:
    two = RoundAdded(2).apply(paired)
    with pytest.raises(KeizerError, match=r"only the last round \(2\)"):
        RoundRemoved(1).apply(two)
    assert RoundRemoved(2).apply(two) == paired
    assert len(RoundRemoved(1).apply(paired).rounds) == 0  # paired, but every game pending
    scored = with_result(paired, 1, "p01", "p02", Result.DRAW)
    with pytest.raises(KeizerError, match="round 1 has results"):
        RoundRemoved(1).apply(scored)


# ---- entries ---------------------------------------------------------------------------------------

def test_entry_set_and_removed(season: Season) -> None:
    s = RoundAdded(1).apply(season)
    s = EntrySet(1, P("p04"), EntryKind.EXCUSED).apply(s)
    s = EntrySet(1, P("p02"), EntryKind.DUTY).apply(s)
    assert s.round(1).entries == ((P("p02"), EntryKind.DUTY), (P("p04"), EntryKind.EXCUSED))
    assert EntrySet(1, P("p04"), None).apply(s).round(1).entries == ((P("p02"), EntryKind.DUTY),)


def test_entry_refusals(paired: Season) -> None:
    with pytest.raises(KeizerError, match=r"'p01' has a game in round 1 \(p01–p02\)"):
        EntrySet(1, P("p01"), EntryKind.EXCUSED).apply(paired)
    with pytest.raises(KeizerError, match="round 4 does not exist"):
        EntrySet(4, P("p01"), EntryKind.EXCUSED).apply(paired)
    with pytest.raises(KeizerError, match="unknown player 'zz'"):
        EntrySet(1, P("zz"), EntryKind.EXCUSED).apply(paired)
    odd = make_season(5)
    odd = pairing_for(RoundAdded(1).apply(odd), 1).apply(RoundAdded(1).apply(odd))
    with pytest.raises(KeizerError, match="'p05' has neither a game nor an entry in round 1"):
        EntrySet(1, P("p05"), None).apply(odd)  # the bye taken away leaves p05 unaccounted for


# ---- pairings and results --------------------------------------------------------------------------

def test_pairing_saved(season: Season) -> None:
    s = RoundAdded(1).apply(season)
    s = EntrySet(1, P("p06"), EntryKind.EXCUSED).apply(s)
    event = PairingSaved(1, ((P("p01"), P("p02")), (P("p03"), P("p04"))), bye=P("p05"),
                         entries=((P("p06"), EntryKind.EXCUSED),), meta={"solver": "test", "ranking": ["p01"]})
    rnd = event.apply(s).round(1)
    assert rnd.games == (Game(P("p01"), P("p02")), Game(P("p03"), P("p04")))
    assert rnd.entries == ((P("p05"), EntryKind.BYE), (P("p06"), EntryKind.EXCUSED))


def test_re_pairing_before_play_replaces_everything(season: Season) -> None:
    s = RoundAdded(1).apply(season)
    first = PairingSaved(1, ((P("p01"), P("p02")), (P("p03"), P("p04"))), bye=P("p05"),
                         entries=((P("p06"), EntryKind.EXCUSED),)).apply(s)
    again = PairingSaved(1, ((P("p05"), P("p01")), (P("p02"), P("p03")), (P("p04"), P("p06")))).apply(first)
    assert again.round(1).entries == ()  # the old bye and entries are gone
    assert [g.players() for g in again.round(1).games] == [("p05", "p01"), ("p02", "p03"), ("p04", "p06")]


def test_pairing_refused_after_a_result(paired: Season) -> None:
    scored = with_result(paired, 1, "p05", "p06", Result.WHITE_WINS)
    with pytest.raises(KeizerError, match="round 1 already has results"):
        pairing_for(scored, 1).apply(scored)


def test_pairing_refusals(season: Season) -> None:
    s = RoundAdded(1).apply(season)
    everyone = ((P("p01"), P("p02")), (P("p03"), P("p04")), (P("p05"), P("p06")))
    with pytest.raises(KeizerError, match="'p01' is placed twice"):
        PairingSaved(1, everyone, bye=P("p01")).apply(s)
    with pytest.raises(KeizerError, match="unknown player 'zz'"):
        PairingSaved(1, everyone[:2] + ((P("p05"), P("zz")),)).apply(s)
    with pytest.raises(KeizerError, match="at least one game"):
        PairingSaved(1, ()).apply(s)
    with pytest.raises(KeizerError, match="'p06' has neither a game nor an entry in round 1"):
        PairingSaved(1, everyone[:2], bye=P("p05")).apply(s)
    with pytest.raises(KeizerError, match="round 2 does not exist"):
        PairingSaved(2, everyone).apply(s)


def test_result_set_and_cleared(paired: Season) -> None:
    s = with_result(paired, 1, "p04", "p03", Result.BLACK_FORFEIT_WIN)
    assert s.round(1).games[1] == Game(P("p04"), P("p03"), Result.BLACK_FORFEIT_WIN)
    assert with_result(s, 1, "p04", "p03", Result.PENDING) == paired


def test_result_refusals(paired: Season) -> None:
    with pytest.raises(KeizerError, match="no game p03–p04 .*colours the other way round"):
        with_result(paired, 1, "p03", "p04", Result.DRAW)
    with pytest.raises(KeizerError, match="no game p01–p03"):
        with_result(paired, 1, "p01", "p03", Result.DRAW)
    with pytest.raises(KeizerError, match="round 2 does not exist"):
        with_result(paired, 2, "p01", "p02", Result.DRAW)


def test_a_published_pairing_keeps_its_games_after_results(paired: Season) -> None:
    s = with_result(paired, 1, "p01", "p02", Result.WHITE_WINS)
    assert [g.players() for g in s.round(1).games] == [g.players() for g in paired.round(1).games]


def test_fold_applies_in_order(season: Season) -> None:
    events: list[Event] = [SeasonCreated(season), RoundAdded(1), EntrySet(1, P("p01"), EntryKind.DUTY)]
    assert fold(events).round(1).entries == ((P("p01"), EntryKind.DUTY),)
    with pytest.raises(KeizerError, match="no events"):
        fold([])


# ---- payloads --------------------------------------------------------------------------------------

SAMPLE_FORECAST = Forecast(
    round=3, last=10, runs=4, seed=1, title="first", group_after=None, reading=None, outcomes=("title", "eligible"),
    draw_share=0.25, attendance=0.875,
    players=(PlayerChances(P("p01"), 1, 0.75, (3, 1), eligible=1.0), PlayerChances(P("p02"), 2, 0.25, (1, 3), eligible=0.5)))


def sample_events(season: Season) -> list[Event]:
    return [
        SeasonCreated(season),
        SettingsChanged(name="N"),
        SettingsChanged(ruleset_spec={"preset": "kijk-uit", "iterate": [20, "final"]}, rounds_planned=None),
        PlayerAdded(Player(id=P("new"), name="New", rating=1500, klass="C", cup_group=2, joined=3), position=2),
        PlayerAdded(Player(id=P("new2"), name="New 2")),
        PlayerUpdated(Player(id=P("p01"), name="One")),
        PlayerMoved(P("p02"), 4),
        WithdrawalSet(P("p03"), 21),
        WithdrawalSet(P("p03"), None),
        RoundAdded(4, "2024-10-03"),
        RoundAdded(5),
        RoundDateSet(4, None),
        EntrySet(2, P("p04"), EntryKind.EXTERNAL_DRAW),
        EntrySet(2, P("p04"), None),
        PairingSaved(3, ((P("p01"), P("p02")),), bye=P("p03"), entries=((P("p04"), EntryKind.LATE),),
                     meta={"objective": 12, "ranking": ["p01", "p02"], "solver": {"name": "cp-sat"}}),
        ResultSet(3, P("p01"), P("p02"), Result.WHITE_FORFEIT_WIN),
        CheckedIn(4, P("p04")),
        ResultReported(3, P("p01"), P("p02"), "black", Result.DRAW),
        RoundRemoved(5),
        SuspensionSet(P("p02"), True),
        NoShow(3, P("p01"), P("p02"), P("p02")),
        ReportSet(4, P("p04"), "2024-10-02T19:30", force_majeure="ill"),
        SeasonDatesSet("2024-09-05", "thursday"),
        ClassMovesSet(20, ((P("p01"), "B"), (P("p02"), "A"))),
        ClassMovesSet(20, None),
        Published(3, "nl", 12, "club-site"),
        GroupFormed(20, (P("p01"), P("p02"), P("p04")), declined=(P("p03"),)),
        GroupScheduleSet((GroupGame(21, P("p01"), P("p02")), GroupGame(22, P("p02"), P("p04"), Result.DRAW))),
        GroupUnavailableSet(P("p04"), (23, 25)),
        GroupResultSet(22, P("p02"), P("p04"), Result.BLACK_WINS),
        GroupDecisionSet((DecisionGame(P("p01"), P("p02"), Result.WHITE_WINS), DecisionGame(P("p02"), P("p01")))),
        ForecastKept(SAMPLE_FORECAST, revision=7),
    ]


def test_every_kind_has_a_sample(season: Season) -> None:
    assert {type(e) for e in sample_events(season)} == set(EVENT_TYPES)


def test_payload_round_trip(season: Season) -> None:
    for event in sample_events(season):
        text = canonical_json(event.to_payload())
        again = event_from_payload(event.kind, json.loads(text))
        assert again == event, event.kind
        assert canonical_json(again.to_payload()) == text


def test_unchanged_settings_stay_out_of_the_payload() -> None:
    assert SettingsChanged(rounds_planned=None).to_payload() == {"rounds_planned": None}
    read = event_from_payload("settings-changed", {"rounds_planned": None})
    assert isinstance(read, SettingsChanged) and read.name is UNCHANGED and read.rounds_planned is None


@pytest.mark.parametrize(("kind", "payload", "where"), [
    ("no-such-kind", {}, "no-such-kind: unknown event kind"),
    ("result-set", {"round": 1, "white": "a", "black": "b"}, "result-set.result: missing"),
    ("result-set", {"round": 1, "white": "a", "black": "b", "result": "2-0"}, "result-set.result: unknown result"),
    ("result-set", {"round": "1", "white": "a", "black": "b", "result": "1-0"}, "result-set.round: expected"),
    ("round-added", {"number": 1, "colour": "red"}, "round-added.colour: unknown key"),
    ("entry-set", {"round": 1, "player": "a", "entry": "ill"}, "entry-set.entry: unknown entry"),
    ("entry-set", {"round": 1, "player": "a", "entry": ["bye"]}, "entry-set.entry: unknown entry"),
    ("result-set", {"round": 1, "white": "a", "black": "b", "result": {}}, "result-set.result: unknown result"),
    ("pairing-saved", {"round": 1, "games": [["a"]]}, r"pairing-saved.games\[0\]: expected \[white, black\]"),
    ("player-added", {"player": {"id": "x", "rating": "high"}}, "player-added.player.rating: expected a whole"),
    ("player-updated", {"player": {"id": "", "name": "x"}}, "player-updated.player.id: expected a player id"),
    ("season-created", {"season": {"format": "keizer-season/1", "players": {}}},
     "season-created.season.players: must be a list"),
    ("player-moved", [], "player-moved: the payload must be an object"),
])
def test_bad_payloads_name_the_field(kind: str, payload: object, where: str) -> None:
    with pytest.raises(InputError, match=where):
        event_from_payload(kind, payload)  # type: ignore[arg-type]


def test_meta_must_be_json() -> None:
    with pytest.raises(InputError, match="pairing-saved.meta: must be plain JSON"):
        PairingSaved(1, ((P("a"), P("b")),), meta={"bad": object()})


def test_suspension_is_set_and_cleared_and_survives_reopen(tmp_path):
    from keizer.seasons.season_json.read import season_from_json
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.seasons.store.events import SuspensionSet

    season = season_from_json({"format": "keizer-season/1", "name": "s", "players": [
        {"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "rounds": []})
    path = tmp_path / "s.keizer"
    with SeasonStore.create(path, season) as store:
        assert store.apply("suspend b", SuspensionSet("b", True)).suspended == ("b",)
        with pytest.raises(KeizerError, match="nothing to change"):
            store.apply("again", SuspensionSet("b", True))
    with SeasonStore.open(path) as store:
        assert store.season.suspended == ("b",)
        assert store.apply("readmit b", SuspensionSet("b", False)).suspended == ()
        store.undo()
        assert store.season.suspended == ("b",)


def test_a_no_show_books_bye_and_unexcused(paired: Season) -> None:
    game = paired.round(1).games[0]
    after = NoShow(1, game.white, game.black, game.black).apply(paired)
    rnd = after.round(1)
    assert game not in rnd.games and len(rnd.games) == len(paired.round(1).games) - 1
    assert rnd.entry_of(game.white) is EntryKind.BYE and rnd.entry_of(game.black) is EntryKind.UNEXCUSED
    with pytest.raises(KeizerError, match="does not play"):
        NoShow(1, game.white, game.black, P("p09")).apply(paired)
    with pytest.raises(KeizerError, match="has no game"):
        NoShow(1, game.black, game.white, game.black).apply(paired)
