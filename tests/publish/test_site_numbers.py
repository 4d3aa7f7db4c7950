"""Every number the site publishes equals `keizer standings --json` for the same round, and every page is
valid HTML5, escaped, and the same bytes for the same season."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Player, PlayerId
from keizer.seasons.numbers import points_text
from tests.conftest import DEMO
from tests.publish.helpers import parse, table, text_of
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

K = 32
"""The demo after round 32: round 33 is paired (and played), so the index has both results and a pairing."""


@pytest.fixture(scope="module")
def demo():  # type: ignore[no-untyped-def]
    return load_season(DEMO)


def standings_json(capsys: pytest.CaptureFixture[str], k: int) -> dict[str, Any]:
    assert main(["standings", str(DEMO), "--round", str(k), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def plain(cell: str) -> str:
    """A published number back in the JSON's notation: decimal comma to point."""
    return cell.replace(",", ".")


def rounded(exact: str, decimals: int) -> str:
    return points_text(Fraction(exact), decimals)


D_CHECKS = {  # header on the Dutch site → what it must equal in a JSON row
    "#": lambda r: str(r["rank"]), "Naam": lambda r: r["name"], "Punten": lambda r: rounded(r["score_exact"], 2),
    "Waarde": lambda r: rounded(r["value_exact"], 2), "GSP": lambda r: str(r["games"]),
    "GW": lambda r: str(r["won"]), "RM": lambda r: str(r["drawn"]), "VL": lambda r: str(r["lost"]),
    "AF": lambda r: str(r["pending"]), "KL": lambda r: f"{r['colour_balance']:+d}" if r["colour_balance"] else "0",
    "AL": lambda r: r["colour_run"], "ON": lambda r: str(r["byes"]), "NG": lambda r: str(r["excused"]),
    "ZK": lambda r: str(r["unexcused"]),
    "%": lambda r: "" if r["score_pct"] is None else f"{Decimal(str(r['score_pct'])).quantize(1, ROUND_HALF_UP)}%",
}
K_CHECKS = {
    "Pl": lambda r: str(r["rank"]), "Wrd": lambda r: rounded(r["value_exact"], 2), "Naam": lambda r: r["name"],
    "Lot": lambda r: str(r["lot"]), "Keizer": lambda r: rounded(r["score_exact"], 1),
    "Bordpt": lambda r: points_text(Fraction(str(r["board_points"])), 1), "Gesp": lambda r: str(r["games"]),
    "Opk": lambda r: str(r["attended"]),
    "Kleur": lambda r: f"{r['colour_balance']:+d}" if r["colour_balance"] else "0",
}


def check_table(headers: list[str], rows: list[list[str]], expected: dict[str, Any], checks: dict[str, Any]) -> None:
    assert len(rows) == len(expected["standings"])
    assert set(checks) <= set(headers)
    for cells, row in zip(rows, expected["standings"]):
        for header, cell in zip(headers, cells):
            if header in checks:
                assert plain(cell) == checks[header](row), (header, row["name"])


@pytest.mark.parametrize("style,checks", [("d", D_CHECKS), ("k", K_CHECKS)])
def test_the_index_and_every_round_page_publish_the_json_standings(demo, capsys, style, checks):  # type: ignore[no-untyped-def]
    files = build_site(Evening.of(demo), K, "nl", style)
    for k, page in ((K, "index.html"), (1, "rounds/1.html"), (17, "rounds/17.html"), (K, f"rounds/{K}.html")):
        headers, rows = table(parse(files[page]), "standings")
        check_table(headers, rows, standings_json(capsys, k), checks)


def test_a_player_page_has_the_place_of_every_round_and_adds_up_to_the_score(demo, capsys):  # type: ignore[no-untyped-def]
    files = build_site(Evening.of(demo), K, "nl")
    after = {k: {r["player"]: r for r in standings_json(capsys, k)["standings"]} for k in (1, 9, K)}
    for pid in ("quinten-koster", "jan-peters"):
        headers, rows = table(parse(files[f"players/{pid}.html"]), "rounds")
        assert len(rows) == K
        for k, row in after.items():
            cells = dict(zip(headers, rows[k - 1]))
            assert cells["Pl"] == str(row[pid]["rank"])  # the place as published after round k
        # the running total of the points as they count after K ends in the score after K
        assert plain(dict(zip(headers, rows[-1]))["Totaal"]) == rounded(after[K][pid]["score_exact"], 2)


def test_a_player_page_says_its_short_headers_and_what_points_and_total_are(demo):  # type: ignore[no-untyped-def]
    page = parse(build_site(Evening.of(demo), K, "nl")["players/quinten-koster.html"])
    headers, rows = table(page, "rounds")
    assert headers == ["Rd", "Tegenstander", "Kl", "Res", "Punten", "Totaal", "Pl"]
    explained = {text_of(dt) for dt in page.iter("{http://www.w3.org/1999/xhtml}dt")}
    assert set(headers) - {"Tegenstander"} <= explained  # the legend says every short header
    text = text_of(page)
    assert "Totaal telt ze op tot de punten van nu" in text and f"in de ranglijst na ronde {K}" in text
    assert dict(zip(headers, rows[1]))["Kl"] in ("w", "z")


def test_the_index_says_the_results_and_the_next_pairing(demo):  # type: ignore[no-untyped-def]
    page = parse(build_site(Evening.of(demo), K, "nl")["index.html"])
    titles = [text_of(h) for h in page.iter("{http://www.w3.org/1999/xhtml}h2")]
    assert any(t.startswith(f"Uitslagen ronde {K}") for t in titles)
    assert any(t.startswith(f"Indeling ronde {K + 1}") for t in titles)
    headers, boards = table(page, "pairing")
    first = demo.round(K).games[0]
    assert boards[0][:3] == ["1", demo.player(first.white).name, demo.player(first.black).name]
    h1 = text_of(next(page.iter("{http://www.w3.org/1999/xhtml}h1")))
    assert h1 == f"Ranglijst na ronde {K}"


def test_the_pairing_to_print_of_an_older_round_has_no_results_from_after_it(demo):  # type: ignore[no-untyped-def]
    # the demo's round 33 is played: the site of round 32 prints round 33's pairing with the result column blank
    from keizer.seasons.model import Result

    assert Result.PENDING not in {g.result for g in demo.round(K + 1).games}
    headers, boards = table(parse(build_site(Evening.of(demo), K, "nl")["pairing.html"]), "pairing")
    assert headers[-1] == "Uitslag" and len(boards) == len(demo.round(K + 1).games)
    assert {board[-1] for board in boards} == {""}
    # the site of the last round prints that round's results
    _, boards = table(parse(build_site(Evening.of(demo), K + 1, "nl")["pairing.html"]), "pairing")
    assert all(board[-1] for board in boards)


def test_every_page_is_valid_html5_in_both_languages(demo):  # type: ignore[no-untyped-def]
    for lang in ("nl", "en"):
        files = build_site(Evening.of(demo), K, lang)
        pages = [p for p in files if p.endswith(".html")]
        assert {"index.html", "cross.html", "pairing.html", "rounds/index.html"} <= set(pages)
        for page in pages[:: 7] + ["index.html", "cross.html", "pairing.html", "rounds/index.html"]:
            parse(files[page])  # strict: raises on any parse error
            assert "<script" not in files[page] and "http://" not in files[page].replace(
                'xmlns="http://www.w3.org/2000/svg"', "")


def test_the_same_season_gives_the_same_bytes(demo):  # type: ignore[no-untyped-def]
    assert build_site(Evening.of(demo), K, "en") == build_site(Evening.of(demo), K, "en")


def test_a_site_replays_the_season_once(demo, monkeypatch):  # type: ignore[no-untyped-def]
    # every round page replayed rounds 1..j again: 9.4 s for a real 59-player season (docs/performance.md)
    import keizer.scoring.replay as replaying
    import keizer.web.site.build as site

    segments = []
    real = replaying._segment
    monkeypatch.setattr(replaying, "_segment", lambda *a: segments.append(a[2:4]) or real(*a))
    monkeypatch.setattr(site, "EXTRA_PAGES", ())  # the group page may replay up to the round the group forms
    replaying.replay(demo, K)
    once = list(segments)
    segments.clear()
    build_site(Evening.of(demo), K, "nl")
    assert once and segments == once


def test_a_name_is_text_never_markup(demo):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    evil = '<script>alert("x")</script> & Co'
    players = tuple(replace(p, name=evil) if p.id == "quinten-koster" else p for p in demo.players)
    files = build_site(Evening.of(replace(demo, players=players)), 3, "en")
    for page in ("index.html", "cross.html", "players/quinten-koster.html", "rounds/2.html"):
        assert "<script>" not in files[page]
        assert "&lt;script&gt;" in files[page]
        parse(files[page])


def test_the_english_site_says_it_in_english(demo):  # type: ignore[no-untyped-def]
    files = build_site(Evening.of(demo), K, "en")
    assert f"Standings after round {K}" in files["index.html"] and "Ranglijst" not in files["index.html"]
    assert "1653.67" in build_site(Evening.of(demo), 33, "en")["index.html"]
    assert "1653,67" in build_site(Evening.of(demo), 33, "nl")["index.html"]


def test_a_provisional_table_says_so(demo):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from keizer.seasons.model import Result

    rnd = demo.round(K)
    games = (replace(rnd.games[0], result=Result.PENDING), *rnd.games[1:])
    season = demo.with_round(replace(rnd, games=games))
    index = build_site(Evening.of(season), K, "nl")["index.html"]
    assert "VOORLOPIG: nog 1 uitslag open" in index
    assert "PROVISIONAL: 1 result still missing" in build_site(Evening.of(season), K, "en")["index.html"]


def test_players_with_unsafe_ids_get_numbered_pages() -> None:
    from keizer.seasons.model import Season
    from keizer.web.site.players import page_names

    season = Season("s", "d", (Player(PlayerId("Jan"), "Jan"), Player(PlayerId("../x"), "X"),
                               Player(PlayerId("ok-1"), "Ok")))
    assert page_names(season) == {"Jan": "speler-1.html", "../x": "speler-2.html", "ok-1": "ok-1.html"}
