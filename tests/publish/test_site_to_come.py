"""A provisional table on the site and the notice says whose team result is still to come and of which round
(docs/rules.md §13), in Dutch and English, a name as written: never markup, never an entity it spells."""

from __future__ import annotations

from dataclasses import replace

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.roster import taking_part
from tests.conftest import D_BY_RESULT, DEMO
from tests.publish.helpers import NS, page_file, parse, text_of
from tests.publish.prize_seasons import classed_season, cup_season
from keizer.web.cells import md_escape
from keizer.web.notice import make_notice, notice_text, to_come
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

K = 32


def team_match_pending(season: Season, k: int, name: str | None = None) -> tuple[Season, PlayerId]:
    """`season` with the first player excused in round k playing a team match whose result is to come
    instead (and named `name` when given)."""
    if season.ruleset_spec == "doorn-driebergen-2019":  # under D itself nobody owes a team result (rules §13)
        season = replace(season, ruleset_spec=D_BY_RESULT)
    rnd = season.round(k)
    pid = next(p for p, e in rnd.entries if e is EntryKind.EXCUSED and taking_part(season, p, k))
    season = season.with_round(rnd.with_entry(pid, EntryKind.EXTERNAL_PENDING))
    if name is not None:
        season = replace(season, players=tuple(replace(p, name=name) if p.id == pid else p for p in season.players))
    return season, pid


@pytest.fixture(scope="module")
def owed() -> tuple[Season, str]:
    season, pid = team_match_pending(load_season(DEMO), K)
    return season, season.player(pid).name


def notes(page: str) -> list[str]:
    """The texts of the page's provisional notes."""
    return [text_of(p) for p in parse(page).iter(f"{NS}p") if "provisional" in (p.get("class") or "").split()]


def test_the_index_names_whose_team_result_is_to_come(owed: tuple[Season, str]) -> None:
    season, name = owed
    nl, en = build_site(Evening.of(season), K, "nl"), build_site(Evening.of(season), K, "en")
    assert notes(nl["index.html"]) == ["VOORLOPIG: nog 1 uitslag open; een open partij telt 0 tot de uitslag bekend "
                                       f"is. 1 externe uitslag volgt nog: {name} (ronde 32)."]
    assert notes(en["index.html"])[0].endswith(f"entered. 1 team result is still to come: {name} (round 32).")
    # the archive's table after a round says it from that round on; before it, the table is final
    assert f"{name} (ronde 32)" in notes(nl["rounds/32.html"])[0]
    assert notes(nl["rounds/31.html"]) == []
    # the standings after a later round stay provisional until it is entered
    assert notes(build_site(Evening.of(season), 33, "en")["index.html"])[0].endswith(f"{name} (round 32).")


def test_an_entered_team_result_leaves_no_note(owed: tuple[Season, str]) -> None:
    season, _ = owed
    pid = to_come(season, K)[0].player
    done = season.with_round(season.round(K).with_entry(pid, EntryKind.EXTERNAL_WIN))
    assert to_come(done, K) == ()
    assert notes(build_site(Evening.of(done), K, "nl")["index.html"]) == []


def test_a_pending_game_alone_names_nobody(owed: tuple[Season, str]) -> None:
    from keizer.seasons.model import Result

    demo = load_season(DEMO)
    rnd = demo.round(K)
    season = demo.with_round(replace(rnd, games=(replace(rnd.games[0], result=Result.PENDING), *rnd.games[1:])))
    assert notes(build_site(Evening.of(season), K, "en")["index.html"]) == [
        "PROVISIONAL: 1 result still missing; a game without a result scores 0 until it is entered."]


def test_several_are_named_in_round_order_with_the_plural() -> None:
    season, first = team_match_pending(load_season(DEMO), 31)
    season, second = team_match_pending(season, K)
    assert [(t.round, t.player) for t in to_come(season, K)] == [(31, first), (32, second)]
    a, b = season.player(first).name, season.player(second).name
    nl = notes(build_site(Evening.of(season), K, "nl")["index.html"])[0]
    assert nl.endswith(f"nog 2 uitslagen open; een open partij telt 0 tot de uitslag bekend is. "
                       f"2 externe uitslagen volgen nog: {a} (ronde 31), {b} (ronde 32).")
    en = notes(build_site(Evening.of(season), K, "en")["index.html"])[0]
    assert en.endswith(f"2 team results are still to come: {a} (round 31), {b} (round 32).")


@pytest.mark.parametrize("name", ["<b>x</b>", "A &amp; B", "{n} {names}", "*a*_[b](c)"])
def test_a_name_reads_as_written(name: str) -> None:
    season, _ = team_match_pending(load_season(DEMO), K, name)
    for lang in ("nl", "en"):
        files = build_site(Evening.of(season), K, lang)
        for page in ("index.html", "rounds/32.html"):
            tree = parse(files[page])
            assert [n for n in tree.iter() if n.tag == f"{NS}b"] == [], page
            assert f"{name} (" in notes(files[page])[0], page
        assert f"{name} (" in notice_text(make_notice(season, replay(season, K), lang))
    markdown = notice_text(make_notice(season, replay(season, K), "en"), markdown=True)
    said = next(line for line in markdown.splitlines() if "still to come" in line)
    assert said.endswith(f": {md_escape(name)} (round 32).")


def test_the_notice_text_says_it_under_the_provisional_line(owed: tuple[Season, str]) -> None:
    season, name = owed
    lines = notice_text(make_notice(season, replay(season, K), "nl")).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("VOORLOPIG"))
    assert lines[at + 1] == f"1 externe uitslag volgt nog: {name} (ronde 32)."


@pytest.mark.parametrize("make,page", [(classed_season, "klassen.html"), (cup_season, "bekers.html")])
def test_the_classes_and_cups_pages_say_it_too(make, page) -> None:  # type: ignore[no-untyped-def]
    season, pid = team_match_pending(make(), K)
    for lang, said in (("nl", f"(ronde {K})."), ("en", f"(round {K}).")):
        found = notes(build_site(Evening.of(season), K, lang)[page_file(page, lang)])
        assert found[0].endswith(f"{season.player(pid).name} {said}"), found
