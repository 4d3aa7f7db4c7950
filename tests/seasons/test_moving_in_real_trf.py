"""Moving in from TRF files no one here wrote (tests/data/README.md names each one's source): a pairing
engine's test files (CR line ends, an absence announced for the next round), FIDE's tie-break exercises
(column counters, `0` as no opponent), a 284-player Swiss-Manager tournament (titles after the names, the
dummy opponent `spielfrei`, players who stopped) and a lichess export. Each imports, its guesses name the
player and round, and its points column is what its games give under Swiss scoring."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.moving_in.report import report_lines
from keizer.seasons.trf.lines import is_ruler
from keizer.seasons.trf.read import read_trf
from tests.conftest import REPO

DATA = REPO / "tests" / "data"
REAL = ("bbp-issue-7.trf", "bbp-dutch-2025-c5.trf", "tiebreak-held-swiss-9.trf", "tiebreak-many-unplayed-rounds.trf",
        "karl-mala-2005.trf", "lichess-2020-06.trf")


def players_in(path: Path) -> list[str]:
    """The 001 lines of the file, read here with the file's own line ends (CR, LF or CRLF)."""
    return [line for line in re.split(r"\r\n|\r|\n", path.read_text(encoding="latin-1")) if line.startswith("001")]


@pytest.mark.parametrize("name", REAL)
def test_every_real_file_imports_and_its_points_are_its_games(name: str) -> None:
    moved = read_trf(DATA / name)
    lines = report_lines(moved.report, moved.season)
    assert [line for line in lines if line.startswith("check: ")] == [
        "check: the games give every player the file's points under Swiss scoring"
        + (" (a pairing-allocated bye U worth 1)" if any(line[98::10].count("U") for line in players_in(DATA / name))
           else "")]
    assert replay(moved.season).standings().rows  # the season scores


@pytest.mark.parametrize("name", REAL)
def test_each_guess_names_a_player_and_round_or_the_whole_file(name: str) -> None:
    """No guess is a bare count: each names whom and which round, or is about the file as a whole."""
    moved = read_trf(DATA / name)
    names = {p.name for p in moved.season.players}
    whole = ("the board order", "the ruleset", "the file is", "rating 0000")
    for guess in moved.report.guessed:
        assert guess.startswith(whole) or (any(n in guess for n in names) and "round" in guess), guess
        assert not re.search(r"\(\d+ times\)|\(once\)", guess), guess


def test_cr_line_ends_as_the_standard_writes_them() -> None:
    """bbpPairings' test file ends its lines with CR alone (TRF-16's Remark 1): one line of 13,841 characters
    to a reader that splits on LF."""
    data = (DATA / "bbp-issue-7.trf").read_bytes()
    assert b"\r" in data and b"\n" not in data
    season = read_trf(DATA / "bbp-issue-7.trf").season
    assert len(season.players) == len(players_in(DATA / "bbp-issue-7.trf")) and len(season.rounds) == 14


def test_column_counters_are_skipped_and_said() -> None:
    path = DATA / "tiebreak-many-unplayed-rounds.trf"
    rulers = [n for n, line in enumerate(path.read_text().split("\n"), start=1) if is_ruler(line.rstrip())]
    assert len(rulers) == 3
    said = read_trf(path).report.dropped
    assert f"lines {', '.join(map(str, rulers))}: column counters above the players, no record" in said


@pytest.mark.parametrize("line, ruler", [("  1  2  3  4  5", True), ("         1         2         3", True),
                                         ("12345678901234567890", True), ("DDD SSSS sTTT NNNN", True),
                                         ("062 13", False), ("142 9 10", False), ("072 0", False)])
def test_what_a_ruler_is(line: str, ruler: bool) -> None:
    assert is_ruler(line) is ruler


def test_swiss_managers_names_titles_and_dummy_opponent() -> None:
    """`Kiese,Matthias,Dr.` is Matthias Kiese (the title said, not made part of the name); `spielfrei` is no
    player, the file's odd player out has a bye."""
    path = DATA / "karl-mala-2005.trf"
    moved = read_trf(path)
    season = moved.season
    names = [p.name for p in season.players]
    assert "Matthias Kiese" in names and not any("," in n or "Dr." in n for n in names)
    assert "spielfrei" not in names and len(names) == len(players_in(path)) - 1
    titled = [line[14:47].split(",")[0] for line in players_in(path) if line[14:47].strip().endswith("Dr.")]
    title_lines = [d for d in moved.report.dropped if d.startswith("the title")]
    assert titled and all(any(last in d for d in title_lines) for last in titled)
    assert any(d.startswith("line ") and "spielfrei, the dummy opponent" in d for d in moved.report.dropped)


def test_a_game_against_the_dummy_is_a_bye(tmp_path: Path) -> None:
    path = tmp_path / "bye.trf"
    path.write_text("\n".join([
        "001    1      Kok, Leo                          1850                             1.0    1     2 w 1     3 w 1",
        "001    2      Vos, Ina                          1800                             1.0    2     1 b 0     4 b 1",
        "001    3      Bos, Ad                           1700                             1.0    3     4 b 1     1 b 0",
        "001    4      BYE                                                                0.0    4     3 w 0     2 w 0",
    ]) + "\n")
    moved = read_trf(path)
    season = moved.season
    assert [p.name for p in season.players] == ["Leo Kok", "Ina Vos", "Ad Bos"]
    assert season.round(1).entries == ((PlayerId("bos"), EntryKind.BYE),)
    assert season.round(2).entries == ((PlayerId("vos"), EntryKind.BYE),)
    assert any("Ad Bos in round 1" in d and "Ina Vos in round 2" in d for d in moved.report.dropped)


def test_an_absence_announced_for_the_next_round_is_its_mark() -> None:
    """bbpPairings' Dutch C5 file: two rounds played, player 4 `0000 - Z` in round 3. Round 3 is the round
    to be paired, with player 4 excused; nothing is left out."""
    moved = read_trf(DATA / "bbp-dutch-2025-c5.trf")
    season = moved.season
    assert len(season.rounds) == 3 and not season.round(3).is_paired
    fourth = season.players[3].id
    assert season.round(3).entries == ((fourth, EntryKind.EXCUSED),)
    assert not any("round 3" in d for d in moved.report.dropped)
    assert f"{season.players[3].name}: Z in round 3, after the last round played — marked excused for that evening" \
        in moved.report.guessed


def test_players_whose_games_stop_are_named_with_the_command(tmp_path: Path) -> None:
    """Swiss-Manager leaves a withdrawn player's rounds blank: read as excused (they score), each such player
    is named as possibly withdrawn, with the command that withdraws them."""
    path = DATA / "karl-mala-2005.trf"
    moved = read_trf(path)
    season = moved.season
    last_round = len(season.rounds)
    stopped = {}
    for line in players_in(path):
        blocks = [line[91 + 10 * k:99 + 10 * k] for k in range(last_round)]
        played = [k + 1 for k, b in enumerate(blocks) if b.strip()]
        if played and played[0] == 1 and played[-1] < last_round and line[14:47].strip() != "spielfrei":
            stopped[line[14:47].split(",")[0].strip()] = played[-1]
    assert stopped
    lines = report_lines(moved.report, season, store="club.keizer")
    for surname, k in stopped.items():
        player = next(p for p in season.players if p.name.endswith(surname))
        said = [g for g in lines if g.startswith(f"guessed: {player.name}: no game after round {k},")]
        assert len(said) == 1 and said[0].endswith(f"possibly withdrew after round {k}: `keizer player withdraw "
                                                   f"club.keizer {player.id} --before {k + 1}`"), said
        assert all(season.round(j).entry_of(player.id) is EntryKind.EXCUSED for j in range(k + 1, last_round + 1))


def test_the_screen_shows_ten_guesses_and_counts_the_rest() -> None:
    moved = read_trf(DATA / "karl-mala-2005.trf")
    everything = report_lines(moved.report, moved.season, store="club.keizer")
    shown = report_lines(moved.report, moved.season, store="club.keizer", most=10)
    guesses = [g for g in everything if g.startswith("guessed: ")]
    assert len(guesses) > 10
    assert [g for g in shown if g.startswith("guessed: ")][:10] == guesses[:10]
    assert f"guessed: … and {len(guesses) - 10} more guesses ({len(guesses)} in all): `--report FILE` writes every " \
           f"one, and `keizer log club.keizer` shows them" in shown
