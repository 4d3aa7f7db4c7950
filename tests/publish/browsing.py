"""The system's Chromium through Playwright, shared by the browser tests (the published site's, the live evening's):
where it is, and a browser launched for a module, skipping, saying why, where it does not start."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"

NO_CHROMIUM = "no system Chromium (install it with the system's package manager: apt-get install chromium)"


def launched(sync_api: Any) -> Iterator[Any]:
    """The system's Chromium, headless, until the generator is closed (a module-scoped fixture's body)."""
    with sync_api.sync_playwright() as p:
        try:
            chromium = p.chromium.launch(executable_path=CHROMIUM)
        except Exception as exc:  # noqa: BLE001 — a Chromium that does not start is a machine's matter
            pytest.skip(f"the system Chromium does not start: {exc}")
        yield chromium
        chromium.close()
