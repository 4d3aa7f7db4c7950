"""A finalist removed before the group plays (issue 31, item 3): D art. 3, "De nummers 1 tot en met 6 na 20
ronden plaatsen zich voor de kampioensgroep". A member who withdraws before the group's games begin leaves it
short; `keizer group` and the Groups screen say so and offer the next in line, and the director decides:
nothing is changed unasked (docs/rules.md §8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.pairing.simulate import simulate_season
from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A D season after round 20, its group formed, its first member withdrawn before round 21."""
    source = tmp_path / "d.json"
    source.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=2, played=20)))
    store = tmp_path / "d.keizer"
    assert run(capsys, "import", str(source), str(store))[0] == 0
    assert run(capsys, "group", "form", str(store), "--save")[0] == 0
    first = load_season(store).championship.members[0]  # type: ignore[union-attr]
    assert run(capsys, "player", "withdraw", str(store), first, "--before", "21")[0] == 0
    return store


def test_the_group_says_it_is_short_and_who_is_next_in_line(short: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(short)
    group = season.championship
    assert group is not None and len(group.members) == 6  # nothing changed unasked
    gone = group.members[0]
    ranking = [r.player for r in replay(season, 20).standings(20).rows]
    next_in_line = next(p for p in ranking if p not in group.members and p not in group.declined)
    code, out, _ = run(capsys, "group", str(short), "--json")
    said = json.loads(out)["short"]
    assert code == 0 and said == {"withdrew": [gone], "next_in_line": [next_in_line], "size": 6}
    code, out, _ = run(capsys, "group", str(short))
    assert code == 0 and "short" in out and season.player(next_in_line).name in out and "keizer group fill" in out
    with Evening.read(short) as evening:
        view = evening.group.view()
        assert view.short is not None and view.short.next_in_line == (next_in_line,)


def test_the_director_takes_the_next_in_line_in(short: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = load_season(short).championship
    assert before is not None
    code, out, err = run(capsys, "group", "fill", str(short))  # shown, not saved
    assert code == 0 and "not saved" in err and load_season(short).championship == before
    code, out, _ = run(capsys, "group", "fill", str(short), "--save")
    after = load_season(short).championship
    assert code == 0 and after is not None and len(after.members) == 6 and before.members[0] not in after.members
    code, out, _ = run(capsys, "group", str(short), "--json")
    assert "short" not in json.loads(out)
    code, _, err = run(capsys, "group", "fill", str(short))
    assert code == 2 and "not short" in err


async def test_the_groups_screen_says_it_and_n_takes_the_next_in_line_in(short: Path) -> None:
    from keizer.tui.app.app import make_app

    before = load_season(short).championship
    assert before is not None
    app = make_app(short)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        said = str(app.screen.query_one("#group-members").render())
        assert "Short:" in said and "n takes them in" in said
        assert load_season(short).championship == before  # said, nothing changed unasked
        await pilot.press("n")
        await pilot.pause()
    after = load_season(short).championship
    assert after is not None and before.members[0] not in after.members and len(after.members) == 6
