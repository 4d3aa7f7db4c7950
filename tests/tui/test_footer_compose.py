"""The footer is composed again only when the keys it shows change (not at every focus change)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from keizer.tui.app.app import make_app
from keizer.tui.app.screens.pairing import screen as pairing_screen
from keizer.tui.app.widgets.footer import KeizerFooter


async def test_the_footer_is_composed_once_for_the_same_keys(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pairing_screen, "PARTIAL_DELAY", 60.0)
    composed: list[str] = []
    compose = Footer.compose

    def counted(self):  # type: ignore[no-untyped-def]
        composed.append(type(self.screen).__name__)
        return compose(self)

    monkeypatch.setattr(Footer, "compose", counted)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        for _ in range(3):
            await pilot.pause()
        # once empty (the bindings are not ready when it mounts), once with the keys: not once per refresh
        # of the bindings (focus, resume, solve)
        assert composed.count("PairingScreen") == 2
        footer = app.screen.query_one(KeizerFooter)
        keys = [key.key for key in footer.query(FooterKey)]
        assert "r" in keys and "a" in keys
        composed.clear()
        await pilot.press("2")  # the focus moves to the second proposal: the same keys
        await pilot.pause()
        assert composed == [] and [key.key for key in footer.query(FooterKey)] == keys
        await pilot.press("f5")  # another screen's keys
        await pilot.pause()
        assert "StandingsScreen" in composed
    app.evening.close()
