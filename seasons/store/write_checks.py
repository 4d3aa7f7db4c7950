"""What a write must pass before anything is written: its label, its events, the head it expects."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.errors import ChangedMeanwhile, KeizerError, StoreError
from keizer.seasons.limits import describe
from keizer.seasons.store.events import Event, SeasonCreated
from keizer.seasons.store.timeline import Timeline


def checked_label(label: str) -> str:
    """The label of an action, stripped: one non-empty line (KeizerError if not)."""
    if not isinstance(label, str) or not label.strip() or "\n" in label:
        raise KeizerError(f"an action's label must be one non-empty line, got {describe(label)}")
    return label.strip()


def check_events(label: str, events: tuple[Event, ...]) -> None:
    """An action's events: at least one, each an event, none creating the season (only the first action
    does that, `SeasonStore.create`)."""
    if not events:
        raise KeizerError(f"{label}: an action needs at least one event")
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"not an event: {event!r}")
        if isinstance(event, SeasonCreated):
            raise KeizerError(f"{label}: a season is created only once, with SeasonStore.create")


def check_head(path: Path, timeline: Timeline, expect_head: int | None, exact: bool = False) -> None:
    """A compare-and-set: nothing changed the season after action `expect_head` (None: any state will do);
    StoreError when there never was such an action, ChangedMeanwhile when a change came after it. Records
    that came after it (a check-in at the door, a report from a board, a publication: `Timeline.records`)
    change nothing the write was computed from, so they do not refuse it — unless `exact`: a write computed
    from the records themselves (the live evening's, `evening/live/`) needs the log exactly as it read it."""
    if expect_head is not None and not 0 < expect_head <= timeline.head:  # a log only grows
        raise StoreError(f"{path}: there is no action {expect_head} (the newest is "
                         f"{timeline.head}; `keizer log` lists them); nothing was saved")
    if expect_head is None or timeline.head == expect_head or (not exact and timeline.last_change <= expect_head):
        return
    newest = timeline.rows[-1] if exact else timeline.row(timeline.last_change)
    assert newest is not None  # an action of the log
    raise ChangedMeanwhile(
        f"{path}: the season changed since it was read (action {newest.id}, "
        f"{describe(newest.label)}, came after action {expect_head}); nothing was saved")
