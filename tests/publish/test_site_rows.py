"""What a member reads on the site (issue 20): a player's rounds add up to the score, a game against a player who
withdrew says so, and the table after the last planned round is the final standings."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, Season, Withdrawal
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from tests.conftest import DEMO
from tests.publish.group_seasons import separate_season
from tests.publish.helpers import NS, parse, table, text_of
from tests.publish.prize_seasons import cup_season

K = 32


def _number(cell: str) -> Fraction:
    return Fraction(cell.replace(",", ".")) if cell else Fraction(0)


def withdrawn_early(season: Season, before: int = 12) -> tuple[Season, str]:
    """The season with its last player withdrawn before round `before` (D: out of every ranking, rules §6), the
    games from then on taken out (the opponent excused)."""
    pid = season.players[-1].id
    rounds = []
    for rnd in season.rounds:
        if rnd.number >= before:
            game = rnd.game_of(pid)
            entries = [(p, kind) for p, kind in rnd.entries if p != pid]
            if game is not None:
                entries.append((game.opponent_of(pid), EntryKind.EXCUSED))
            rnd = replace(rnd, games=tuple(g for g in rnd.games if g is not game), entries=tuple(sorted(entries)),
                          reports=tuple(r for r in rnd.reports if r.player != pid))
        rounds.append(rnd)
    out = replace(season, rounds=tuple(rounds), withdrawals=(Withdrawal(pid, before),))
    return season_from_json(season_to_json(out)), season.player(pid).name


@pytest.mark.parametrize("make", [lambda: load_season(DEMO), separate_season, cup_season])
def test_a_players_rounds_add_up_to_the_score(make) -> None:  # type: ignore[no-untyped-def]
    # "Punten" 45 and "Totaal" 406 beside "Punten" 50 and "Totaal" 438: each row now adds its points
    files = build_site(Evening.of(make()), K, "nl")
    pages = [name for name in files if name.startswith("players/")]
    assert len(pages) > 40
    for name in pages:
        page = parse(files[name])
        headers, rows = table(page, "rounds")
        cells = [dict(zip(headers, row)) for row in rows]
        running = Fraction(0)
        for row in cells:
            running += _number(row["Punten"])
            # each shown rounded to two decimals from the exact values: within their rounding
            assert abs(_number(row["Totaal"]) - running) <= Fraction(len(cells), 200), (name, row)
        summary = text_of(next(p for p in page.iter(f"{NS}p") if p.get("class") == "summary"))
        assert f", {cells[-1]['Totaal']} punten" in summary, name  # the last row is the score after K


def test_a_starting_bonus_is_a_row_of_its_own() -> None:
    # K's starting bonus (rules §4) is added once: said in a row, so that the rows still add up
    season = separate_season()
    rules = dict(season.ruleset_spec) if isinstance(season.ruleset_spec, dict) else {"preset": season.ruleset_spec}
    bonus = replace(season, ruleset_spec={**rules, "aalsmeer": {"multiplier": 5, "rounds": 40}})
    files = build_site(Evening.of(bonus), K, "nl")
    headers, rows = table(parse(files["players/" + next(n for n in files if n.startswith("players/"))[8:]]), "rounds")
    first = dict(zip(headers, rows[0]))
    assert first["Rd"] == "" and first["Tegenstander"].startswith("startbonus (over na ronde 32)")
    assert first["Punten"] == first["Totaal"] != ""


def test_a_game_against_a_withdrawn_player_says_so() -> None:
    season, gone = withdrawn_early(load_season(DEMO))
    for lang, mark, word in (("nl", "tr", "teruggetrokken"), ("en", "wd", "withdrawn")):
        files = build_site(Evening.of(season), K, lang)
        cross = parse(files["cross.html"])
        cells = [td for td in cross.iter(f"{NS}td") if (td.get("title") or "").startswith(gone)]
        assert cells and all(text_of(td).startswith(mark) and f"({word})" in td.get("title", "") for td in cells)
        assert "–" not in "".join(text_of(td) for td in cross.iter(f"{NS}td"))  # no bare dash left
        assert f"{mark}: " in text_of(cross)  # the note above the table says what it means
        player = next(name for name in files if name.startswith("players/") and gone in files[name])
        assert f"{gone} ({word})" in files[player]


def test_the_table_after_the_last_planned_round_is_the_final_standings() -> None:
    season = replace(load_season(DEMO), rounds_planned=K)
    for lang, final, after in (("nl", "Eindstand", "Ranglijst na ronde"), ("en", "Final standings",
                                                                            "Standings after round")):
        files = build_site(Evening.of(season), K, lang)
        assert text_of(next(parse(files["index.html"]).iter(f"{NS}h1"))) == final
        assert final in text_of(parse(files[f"rounds/{K}.html"])) and f"{after} {K - 1}" in files[f"rounds/{K - 1}.html"]
        assert text_of(next(parse(build_site(Evening.of(season), K - 1, lang)["index.html"]).iter(f"{NS}h1"))) == f"{after} {K - 1}"
