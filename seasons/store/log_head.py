"""What a store can tell about its own log beyond the chain: its recorded head, event kinds its schema cannot hold,
and whether a head written down elsewhere is still in it."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import describe
from keizer.seasons.store import schema
from keizer.seasons.store.chain import LogHead
from keizer.seasons.store.log_rows import marked_time

OUTSIDE = "changed outside keizer"


@contextmanager
def one_snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """The reads inside see one state of the file (a read transaction), unless the caller's transaction
    already gives them one: the log and its recorded head are read together, never across another's commit."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


def head_problem(version: int, recorded: str | None, head: int, digest: str | None) -> str | None:
    """What the head `meta` records (`recorded`) says against the log as read (newest action `head`, its
    checksum `digest`); None when they agree, or when the schema keeps no head."""
    if version < schema.CHAIN_VERSION:
        if recorded is not None:  # only a chained store records a head: its chain was taken away
            return (f"the log was {OUTSIDE}: its checksum chain was removed and its schema version set back to "
                    f"{version} (it was chained up to action {describe(recorded.partition(':')[0])})")
        return None
    if version < schema.HEAD_VERSION:
        return None
    if recorded is None:  # an empty log, never written (said as such when the store opens), records none
        return None if head == 0 else f"the log was {OUTSIDE}: the record of its newest action was removed"
    parsed = LogHead.parse(recorded)
    action, written = parsed if parsed is not None else (None, "")
    if action is None:
        return f"the log was {OUTSIDE}: the record of its newest action reads {describe(recorded)}"
    if action > head:
        return (f"the log was {OUTSIDE}: its newest actions were removed (it ends at action {head}, but keizer "
                f"wrote up to action {action}); the actions before can still be exported")
    if action < head:
        return (f"the log was {OUTSIDE}: actions {action + 1}–{head} were added after the newest action keizer "
                f"wrote (action {action})")
    if written != digest:
        return f"the log was {OUTSIDE}: action {head} is not the one keizer wrote (its checksum differs)"
    return None


def kinds_problem(version: int, kinds: Sequence[tuple[int, Sequence[str]]]) -> tuple[int, str] | None:
    """The first action with an event of a kind the store's schema cannot hold (`schema.EVENT_KINDS_SINCE`),
    and what it says: its version was set back. `kinds`: each action with its event kinds, in log order."""
    for action, names in kinds:
        for kind in names:
            since = schema.EVENT_KINDS_SINCE.get(kind)
            if since is not None and since > version:
                return action, (f"the log was {OUTSIDE}: action {action} has a {kind} event, which a store of "
                                f"schema {version} cannot hold (its schema version was set back)")
    return None


def marks_problem(version: int, times: Sequence[tuple[int, str]]) -> tuple[int, str] | None:
    """The first action whose time carries the mark of a schema newer than the store's (`schema.MARK_VERSION`),
    and what it says: its version was set back, with whatever tables and records the later schemas have
    dropped too. `times`: each action with its time as stored, in log order."""
    if version >= schema.MARK_VERSION:
        return None
    for action, at in times:
        if marked_time(at):
            return action, (f"the log was {OUTSIDE}: action {action} was written by a keizer of schema "
                            f"{schema.MARK_VERSION} or later, but the store says schema {version}: its schema "
                            f"version was set back")
    return None


def given_head_problem(text: str, digests: Mapping[int, str], head: int, chained: bool) -> tuple[str | None, str]:
    """A head the director kept (`42:3f9a…`, or the digest alone or its start) against the log: (the
    problem, None when the log holds it; and what was found). `digests`: each action's checksum as read."""
    parsed = LogHead.parse(text)
    if parsed is None:
        raise KeizerError(f"--head {describe(text)}: expected the head as `keizer log` shows it, ACTION:DIGEST "
                         f"(or the digest alone, at least 12 of its hex digits)")
    if not chained:
        return "the store keeps no checksums (an older schema, never written by this keizer): a head cannot be " \
               "checked against it", ""
    action, digest = parsed
    found = sorted(aid for aid, d in digests.items() if d.startswith(digest) and (action is None or aid == action))
    if found:
        at = found[0]
        after = "the newest action" if at == head else f"action {at}; {head - at} came after it"
        return None, f"the head given is {after}"
    if action is not None and action > head:
        return (f"the log ends at action {head}, before the head given (action {action}): its newest actions "
                f"were removed"), ""
    where = f"action {action} is not the one" if action is not None else "no action of this log is the one"
    return (f"{where} the head given names: the log was {OUTSIDE} before that head (or the head is of "
            f"another season)"), ""
