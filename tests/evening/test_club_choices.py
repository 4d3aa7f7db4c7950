"""Where the regulations are silent the program says its choice where the director meets it (issue 31, item 4):
each reading the texts leave open is a ruleset key with today's choice as default, named in docs/rules.md §14
with the ruleset key that sets it, and said by the evening layer at the moment it applies ("by the club's
choice: …")."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from keizer.evening.championship.view import group_view
from keizer.scoring.card import player_card
from keizer.scoring.championship.table import PlayedGame
from keizer.scoring.championship.withdrawal import member_withdrawals
from keizer.scoring.replay import replay
from keizer.seasons.absence import round_date
from keizer.seasons.load import load_season
from keizer.seasons.model import ChampionshipGroup, Player, PlayerId, Result, Season, Withdrawal
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from tests.conftest import EVENING, REPO
from tests.publish.group_seasons import separate_season
from tests.scoring.scoring_builders import season as built

CHOICE = "by the club's choice"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_each_reading_is_a_key_with_today_s_choice_as_default() -> None:
    d, k, classic = (parse_ruleset(p) for p in ("doorn-driebergen-2019", "kijk-uit", "keizer-classic"))
    assert d.championship is not None and k.championship is not None and k.aalsmeer is not None
    assert (d.championship.withdrawn_member, k.championship.withdrawn_member) == ("half", "half")
    assert (d.championship.ties, k.championship.ties) == ("decision", "decision")
    assert k.aalsmeer.joiners == "none"
    assert d.absence_deadline is not None and k.absence_deadline is not None
    assert (d.absence_deadline.late, k.absence_deadline.late) == ("unexcused", "unexcused")
    assert (d.regulations, k.regulations, classic.regulations) == ("D", "K", None)


P = PlayerId
A, B, C, D = P("a"), P("b"), P("c"), P("d")
W, X = Result.WHITE_WINS, Result.DRAW


def _small(spec: object) -> Season:
    players = tuple(Player(id=p, name=p.upper()) for p in (A, B, C, D))
    return Season(name="S", ruleset_spec=spec, players=players, withdrawals=(Withdrawal(D, 5),))


def test_a_group_member_s_withdrawal_follows_the_key() -> None:
    group = ChampionshipGroup(2, (A, B, C, D))
    half = (PlayedGame(1, A, D, W), PlayedGame(2, D, B, W), PlayedGame(3, D, C, X))  # 3 of 6: half
    spec = {"preset": "doorn-driebergen-2019"}
    (today,) = member_withdrawals(_small(spec), group, half)
    assert today.counted and CHOICE in today.sentence(str)  # both texts are silent: said as a choice
    (annul,) = member_withdrawals(_small({**spec, "championship": {"withdrawn_member": "annul"}}), group, half)
    assert not annul.counted
    (forfeit,) = member_withdrawals(_small({**spec, "championship": {"withdrawn_member": "forfeit"}}), group,
                                    half[:1])
    assert forfeit.counted


def test_k_s_tied_final_group_plays_decision_games_or_shares_by_the_key() -> None:
    season = separate_season(decision=())
    state = group_view(season).state
    assert state.kind == "tied" and CHOICE in state.summary  # K is silent on ties: D's decision games
    shared = replace(season, ruleset_spec={"preset": "kijk-uit", "championship": {"ties": "shared"}})
    state = group_view(shared).state
    assert state.phase == "shared" and len(state.champion) == 2 and not state.needed
    d_like = replace(season, ruleset_spec={"preset": "kijk-uit", "regulations": "D"})
    assert CHOICE not in group_view(d_like).state.summary  # D art. 2 says it: no choice to say


def test_k_s_late_joiner_has_a_bonus_only_by_the_key() -> None:
    rounds = ["p1-p2 1-0, p3-p4 1/2-1/2", "p1-p3 1-0, p2-p5 0-1; p4 excused"]
    players = [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 5)] + [{"id": "p5", "name": "P5", "joined": 2,
                                                                        "enters_at": 2}]
    rounds[0] += "; p5 late"
    today = built(players, rounds, ruleset="kijk-uit", rounds_planned=10)
    assert player_card(replay(today, 2), "p5").bonus == 0
    entered = built(players, rounds, ruleset={"preset": "kijk-uit", "aalsmeer": {"joiners": "entered"}},
                    rounds_planned=10)
    card = player_card(replay(entered, 2), "p5")
    assert card.bonus > 0 and card.bonus == Fraction(5) * card_v0(entered) * 3 / 5
    assert player_card(replay(entered, 1), "p1").bonus == player_card(replay(today, 1), "p1").bonus


def card_v0(season: Season) -> Fraction:
    """p5's starting value: the value of place 2, where they entered (top 100)."""
    return Fraction(99)


@pytest.fixture
def k_store(tmp_path: Path) -> Path:
    path = tmp_path / "k.keizer"  # the test evening under K's ruleset: round 33 to be paired
    SeasonStore.create(path, replace(load_season(EVENING), ruleset_spec="kijk-uit")).close()
    return path


def _present(path: Path) -> list[str]:
    season = load_season(path)
    rnd = season.round(33)
    return [p.id for p in season.players if rnd.entry_of(p.id) is None and season.withdrawal_of(p.id) is None
            and p.joined <= 33]


def test_k_s_choices_are_said_where_they_apply(k_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two, three = _present(k_store)[:3]
    code, out, _ = run(capsys, "attend", str(k_store), one, "duty")
    assert code == 0 and CHOICE in out and "factors.duty" in out
    code, out, _ = run(capsys, "player", "withdraw", str(k_store), two, "--before", "34")
    assert code == 0 and CHOICE in out and "withdrawal" in out
    day = round_date(load_season(k_store), 33)
    code, out, _ = run(capsys, "report", str(k_store), three, f"{day.isoformat()}T20:30", "--round", "33")
    assert code == 0 and "too late" in out and CHOICE in out and "absence_deadline.late" in out
    code, out, _ = run(capsys, "player", "add", str(k_store), "Nieuw Lid", "--joins", "34")
    assert code == 0 and CHOICE in out and "aalsmeer.joiners" in out


def test_what_d_s_text_says_is_no_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "d.keizer"
    SeasonStore.create(store, load_season(EVENING)).close()
    one, two = _present(store)[:2]
    code, out, _ = run(capsys, "player", "withdraw", str(store), two, "--before", "34")
    assert code == 0 and CHOICE not in out  # D art. 22
    code, out, _ = run(capsys, "attend", str(store), one, "duty")
    assert code == 0 and CHOICE in out  # D has no duty entry: a choice


def test_section_14_names_every_reading_with_its_key() -> None:
    from keizer.seasons.ruleset.texts import READINGS

    text = (REPO / "docs" / "rules.md").read_text()
    section = text[text.index("## §14"):]
    assert len(READINGS) >= 20
    for reading in READINGS:
        assert re.search(rf"`{re.escape(reading.key)}`", section), f"§14 does not name `{reading.key}`"
        assert reading.title in section, f"§14 does not name the reading {reading.title!r}"
