"""The app's log file: what went wrong on an evening, with its traceback, kept beside the season store."""

from __future__ import annotations

import logging
import os
from pathlib import Path

LOG = logging.getLogger("keizer.tui.app")
"""The app's logger; `KeizerApp` writes it to the log file while it runs."""

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path(store: Path | None) -> Path:
    """`club.keizer.log` beside `club.keizer`; without a store file, keizer's place in the user's state
    directory (`$XDG_STATE_HOME`, else ~/.local/state)."""
    if store is not None:
        return store.with_name(store.name + ".log")
    state = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(state) / "keizer" / "keizer.log"


def file_handler(path: Path) -> logging.Handler:
    """A handler appending to `path`, which is opened at the first record: an evening without a fault
    leaves no file behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(FORMAT))
    return handler
