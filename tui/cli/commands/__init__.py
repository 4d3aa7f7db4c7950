"""Every `keizer` subcommand, registered in the order `--help` lists them."""

from __future__ import annotations

from tui.cli.commands import (
    bench,
    calendar,
    check_pairing,
    demo,
    group,
    history,
    new,
    open,
    pair,
    season_io,
    simulate,
    standings,
)

REGISTRY = (
    open.register,
    new.register,
    demo.register,
    standings.register,
    pair.register,
    group.register,
    check_pairing.register,
    calendar.register_dates,
    calendar.register_report,
    season_io.register_import,
    season_io.register_export,
    season_io.register_validate,
    history.register_undo,
    history.register_redo,
    history.register_log,
    history.register_backup,
    simulate.register,
    bench.register,
)
