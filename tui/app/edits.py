"""The keys that change the season: on a season open read-only each says so at once, before any dialog."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, Protocol, TypeVar

from textual.message import Message

from keizer.tui.app.messages import Said

if TYPE_CHECKING:
    from keizer.evening.evening import Evening

P = ParamSpec("P")


class Editor(Protocol):
    """A screen or a widget with keys that write through the evening."""

    @property
    def evening(self) -> Evening: ...

    def post_message(self, message: Message) -> bool: ...


E = TypeVar("E", bound=Editor)


READ_ONLY = "read-only: nothing changed"
"""What an editing key says on a season open read-only: one line of the status at 80 columns (why it is
read-only was said when it opened)."""


def edits(action: Callable[Concatenate[E, P], None]) -> Callable[Concatenate[E, P], None]:
    """An action that changes the season. On a season open read-only it says why it cannot, instead of
    opening a dialog whose answer could not be saved, or failing at the write."""

    @functools.wraps(action)
    def guarded(self: E, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.evening.readonly is not None:
            self.post_message(Said(READ_ONLY, "warning"))
            return
        action(self, *args, **kwargs)

    return guarded
