"""The Round screen drawn at once from a kept ranking, which the replay that follows confirms (issue 30): one
changed by hand under its own key is replaced, said, and the screen drawn anew with every player in place."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from keizer.evening.evening import Evening
from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable
from tests.evening.test_kept_ranking import K, forge, truth
from tests.tui.waiting import until


def shown(app) -> list[str]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(KeizerTable)
    return [str(table.get_row_at(i)[1]) for i in range(table.row_count)]


async def test_a_shortened_kept_ranking_hides_nobody_once_the_replay_has_confirmed_it(demo_store: Path) -> None:
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
        names = {p.id: p.name for p in evening.season.players}
    true = list(truth(demo_store))
    forge(demo_store, true[1:])  # the leader left out: not on the Round screen, so not to be marked
    app = make_app(demo_store)
    async with app.run_test(size=(120, 60)) as pilot:
        await until(pilot, lambda: any("replaced" in s.text for s in app.said))
        await until(pilot, lambda: names[true[0]] in shown(app))
        said = [s for s in app.said if "replaced" in s.text]
        assert len(said) == 1 and said[0].severity == "warning" and f"round {K}" in said[0].text
        assert not app.evening.standings.unconfirmed


async def test_a_kept_ranking_the_replay_confirms_draws_nothing_again(demo_store: Path) -> None:
    with closing(Evening.open(demo_store)) as evening:
        evening._session.ranking_before(K)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 60)) as pilot:
        await until(pilot, lambda: not app.evening.standings.unconfirmed)
        await pilot.pause()
        assert not any("replaced" in s.text for s in app.said)
