"""How a command writes into a season store: the evening on it, every write checked against the state the
command read (a compare-and-set), and a mark computed again when another program wrote in between."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from keizer.evening.evening import Evening
from keizer.seasons.errors import ChangedMeanwhile, KeizerError

T = TypeVar("T")

ATTEMPTS = 5
"""How often `as_read` computes a mark again when another program wrote between its reading and its writing."""


@contextmanager
def evening_on(path: str) -> Iterator[Evening]:
    """The evening layer on a season store, closed again however the command ends. Every write the command
    makes is checked against the state it read: the store's newest action when it opened, taken before
    anything is read (`Evening.show`), so that a write computed from a season another program
    changed meanwhile is refused (`ChangedMeanwhile`, nothing saved) — never a silent replacement."""
    evening = Evening.open(path)
    try:
        evening.show(evening.revision)  # first: whatever is read after it is at least this new
        yield evening
    finally:
        evening.close()


def as_read(path: str, mark: Callable[[Evening], T]) -> T:
    """A mark (`result`, `attend`, `report`, `dates`, `classes --accept`) computed and written against one
    state of the season (`evening_on`). When another program wrote in between, nothing was written, so the
    mark is computed again from the season as it now stands, its checks with it (a board that got a result
    meanwhile needs --change): as if it had been typed a moment later — also when a check failed on the
    season as the other program left it. Refused, nothing saved, after
    ATTEMPTS such turns, or when the command had already written an action of its own."""
    for attempt in range(1, ATTEMPTS + 1):
        with evening_on(path) as evening:
            try:
                return mark(evening)
            except ChangedMeanwhile:
                if attempt == ATTEMPTS or evening.written is not None:
                    raise
            except KeizerError:
                # A check that failed on the season as another program left it meanwhile (the store is read
                # again at every look: a player proposed a class from the season as read, then undone) is no
                # answer to what was typed: computed again, as above. On the season as read, it stands.
                if (attempt == ATTEMPTS or evening.written is not None
                        or evening.revision == evening.shown):
                    raise
    raise AssertionError("unreachable: the last attempt returns or raises")
