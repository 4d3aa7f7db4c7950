"""The club evening's operations over a season store, headless (no Textual): the layer both shells use."""

from tui.evening.evening import Evening
from tui.evening.session import Change, EveningSession

__all__ = ["Change", "Evening", "EveningSession"]
