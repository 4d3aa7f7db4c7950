"""What a command that writes only with --save says of it, on stderr (stdout keeps the command's output, JSON
or text): the action it saved, or that it saved nothing. One wording for every such command."""

from __future__ import annotations

import sys

NOT_SAVED = "not saved: add --save to write it"
"""Said when a command that writes only with --save ran without it (nothing was written)."""


def say_saved(label: str) -> None:
    """"saved: LABEL", the store action's label (as `keizer log` lists it)."""
    print(f"saved: {label}", file=sys.stderr)


def say_not_saved() -> None:
    print(NOT_SAVED, file=sys.stderr)
