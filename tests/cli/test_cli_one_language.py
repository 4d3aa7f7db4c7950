"""One language at a time (issue 31, item 5): `keizer standings` takes `--lang` (default: the season's language),
each column code once per language in one table; the English `--explain` cites an article only where the
season's ruleset follows that club's text, and says colours the English way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keizer.evening.words import legend
from keizer.evening.words.tables import COLUMNS
from keizer.pairing.simulate import simulate_season
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.conftest import EVENING
from tests.publish.test_english import dutch_in


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("columns", ["d", "k"])
def test_english_standings_are_english(capsys: pytest.CaptureFixture[str], columns: str) -> None:
    code, out, _ = run(capsys, "standings", str(EVENING), "--lang", "en", "--columns", columns)
    assert code == 0 and out.startswith(f"{load_season(EVENING).name} — Standings after round 32")
    assert dutch_in(out, load_season(EVENING), html=False) == []
    assert not re.search(r"\b\d+Z\b", out)  # a colour run in English letters: 2B, not 2Z


def test_dutch_standings_are_dutch_and_the_default_for_a_dutch_club(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "standings", str(EVENING))
    assert code == 0 and "Ranglijst na ronde 32" in out
    heads = out.splitlines()[2].split()
    assert {"GSP", "GW", "RM", "VL", "AL", "ZK", "Naam", "Punten"} <= set(heads)
    assert not re.search(r"\b\d+B\b", out) and re.search(r"\b\d+Z\b", out)
    assert run(capsys, "standings", str(EVENING), "--lang", "nl")[1] == out


def test_each_code_once_per_language_in_one_table() -> None:
    for lang in legend.LANGUAGES:
        for style, columns in COLUMNS.items():
            heads = [legend.header(h, lang) for h, *_ in columns]
            assert len(heads) == len(set(heads)), (lang, style, heads)
    english = {legend.header(h, "en") for columns in COLUMNS.values() for h, *_ in columns}
    assert not english & {"GSP", "GW", "RM", "VL", "AF", "KL", "AL", "ON", "NG", "ZK", "Naam", "Wrd", "Opk"}
    codes = [row[0] for row in legend.COLUMN_WORDS]
    assert len(codes) == len(set(codes))  # one row per code: its header and meaning in each language


@pytest.fixture(scope="module")
def classic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("c") / "classic.json"
    path.write_text(dump_season(simulate_season(8, 30, "keizer-classic", seed=3, played=14)))
    return path


def test_the_english_explain_of_a_classic_season_cites_no_club_s_article(classic: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(classic), "--explain")
    assert code == 0 and "colours reversed" in out  # a rematch is on a board: its colours said
    assert "D art." not in out and "K \"" not in out  # keizer-classic follows no club's text


def test_a_d_season_s_explain_cites_d_s_articles_and_says_colours_in_english(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(EVENING), "--explain")
    assert code == 0 and "D art. 10" in out
    assert " in a row" in out and not re.search(r"\b\d+Z in a row", out)  # "3B", never D's Dutch "3Z"
