"""Every `keizer` subcommand, registered in the order `--help` lists them."""

from __future__ import annotations

from tui.cli.commands import (
    bench,
    calendar,
    check_pairing,
    classes,
    demo,
    group,
    history,
    new,
    open,
    pair,
    players,
    publish,
    season_io,
    simulate,
    standings,
)

REGISTRY = (
    open.register,
    new.register,
    demo.register,
    standings.register,
    players.register,
    classes.register,
    pair.register,
    group.register,
    check_pairing.register,
    publish.register_pairing,
    publish.register_notice,
    publish.register_publish,
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
