"""`keizer notice` and `keizer pairing`: aligned text in a fixed-width font (wide and combining characters
too), Dutch and English, Markdown that a name cannot break, and the saved pairing as it was accepted."""

from __future__ import annotations

from dataclasses import replace

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId
from tests.conftest import DEMO
from keizer.tui.cli.main import main
from keizer.web.cells import aligned, cell_width
from keizer.web.notice import make_notice, notice_text


@pytest.fixture(scope="module")
def demo():  # type: ignore[no-untyped-def]
    return load_season(DEMO)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cell_width_counts_columns_not_characters() -> None:
    assert cell_width("Zoë") == 3 and cell_width("Zoe\u0308") == 3  # composed and combining: one column
    assert cell_width("王小明") == 6  # wide characters take two columns
    lines = aligned(["Name", "Points"], [["王小明", "12"], ["Zoe\u0308 Meijer", "3"]], [False, True])
    assert len({cell_width(line) for line in lines}) == 1  # every line ends in the same column


def test_the_notice_in_dutch_keeps_its_columns_aligned(demo):  # type: ignore[no-untyped-def]
    players = tuple(replace(p, name="王小明") if p.id == "jan-peters" else p for p in demo.players)
    season = replace(demo, players=players)
    text = notice_text(make_notice(season, replay(season, 32), "nl"))
    assert "Ranglijst na ronde 32" in text and "Uitslagen ronde 32" in text and "Indeling ronde 33" in text
    assert "Verklaring van de kolommen" in text and "GSP" in text and "gespeelde partijen" in text
    table = text.split("\n\n")[2].splitlines()  # after the two titles and their rules
    assert table[0].lstrip().startswith("#") and len(table) == 2 + len(season.players)
    # the right-aligned last column ends in the same column on every line, the wide name included
    assert len({cell_width(line) for line in table}) == 1
    assert any("王小明" in line for line in table)
    assert "," in table[2]  # a decimal comma


def test_the_notice_in_english_and_as_markdown(demo, capsys):  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "notice", str(DEMO), "--round", "32", "--lang", "en")
    assert code == 0 and "Standings after round 32" in out and "Pairing of round 33" in out
    assert "games played" in out and "Ranglijst" not in out
    code, md, _ = run(capsys, "notice", str(DEMO), "--round", "32", "--markdown")
    assert code == 0 and md.startswith("# Demo club") and "| Quinten Koster |" in md
    players = tuple(replace(p, name="A|*b*") if p.id == "jan-peters" else p for p in demo.players)
    season = replace(demo, players=players)
    md = notice_text(make_notice(season, replay(season, 3), "en"), markdown=True)
    assert "A\\|\\*b\\*" in md and "A|*b*" not in md


def test_the_club_k_columns_and_their_legend(demo):  # type: ignore[no-untyped-def]
    text = notice_text(make_notice(demo, replay(demo, 5), "nl", "k"))
    for abbr in ("Wrd", "Lot", "Bordpt", "Gesp", "Opk", "Kleur", "33%?"):
        assert abbr in text
    assert "lotnummer" in text and "bordpunten" in text


def test_the_pairing_printout_is_the_saved_pairing(demo, capsys):  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "pairing", str(DEMO), "--round", "33")
    assert code == 0 and "Indeling ronde 33" in out
    rows = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    games = demo.round(33).games
    assert len(rows) == len(games)
    for number, (line, game) in enumerate(zip(rows, games), start=1):
        assert line.split()[0] == str(number)
        assert demo.player(game.white).name in line and demo.player(game.black).name in line
    if demo.round(33).bye is not None:
        assert "Vrijgeloot: " + demo.player(demo.round(33).bye).name in out


def test_the_printout_names_the_bye_and_who_is_absent(demo, capsys):  # type: ignore[no-untyped-def]
    rnd = demo.round(5)
    assert rnd.bye is not None
    code, out, _ = run(capsys, "pairing", str(DEMO), "--round", "5", "--lang", "en")
    assert code == 0
    assert f"Bye: {demo.player(rnd.bye).name}" in out
    excused = next(pid for pid, kind in rnd.entries if kind is EntryKind.EXCUSED)
    assert f"{demo.player(excused).name} (excused)" in out


def test_a_round_without_a_saved_pairing_is_said(capsys):  # type: ignore[no-untyped-def]
    code, _, err = run(capsys, "pairing", str(DEMO), "--round", "34")
    assert code == 2 and "round 34 has no saved pairing" in err
    code, _, err = run(capsys, "pairing", str(DEMO), "--round", "99")
    assert code == 2 and "round 99 does not exist" in err
    assert PlayerId  # the ids stay out of the printout: names are what the notice board shows


@pytest.mark.parametrize("kind", list(EntryKind))
def test_every_entry_has_its_words_in_both_languages(kind: EntryKind) -> None:
    from keizer.web.words import entry_short, entry_word

    assert entry_word(kind, "nl") and entry_word(kind, "en")
    assert isinstance(entry_short(kind, "nl"), str) and isinstance(entry_short(kind, "en"), str)


def test_a_team_match_with_its_result_to_come_is_published(demo):  # type: ignore[no-untyped-def]
    # the Round screen's `x` then `?`: the notice, the printout and the site name it instead of failing
    last = demo.rounds[32]
    pid, kind = next((pid, kind) for pid, kind in last.entries if kind.is_external)
    entries = tuple((p, EntryKind.EXTERNAL_PENDING if p == pid else k) for p, k in last.entries)
    season = replace(demo, rounds=(*demo.rounds[:32], replace(last, entries=entries), *demo.rounds[33:]))
    for lang, words in (("nl", "externe partij, uitslag volgt"), ("en", "external game, result to come")):
        text = notice_text(make_notice(season, replay(season, 33), lang))
        assert words in text


@pytest.mark.parametrize("k", ["34", "99", "-1"])
def test_a_round_without_standings_is_one_line_naming_the_paired_rounds(
        capsys: pytest.CaptureFixture[str], k: str) -> None:
    code, out, err = run(capsys, "notice", str(DEMO), "--round", k)
    assert code == 2 and out == ""
    assert err == f"keizer: error: --round {k}: the standings exist after rounds 0 to 33 (the paired rounds)\n"
