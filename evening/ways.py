"""What the director can do about a fact the evening layer reports. The layer names a way in plain words and
never a key or a command: each shell says it its own way (the TUI a key on a screen, the CLI a command)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId


class Way(enum.Enum):
    """A way forward, in the words a shell that knows no better says it."""

    RESOLVE = "solve the round again"
    REPAIR_KEEPING = "pair the round again keeping its accepted boards"
    ACCEPT = "accept a proposal"
    CLEAR_PAIRING = "clear the round's pairing and pair it again"
    PAIR = "pair the round"
    PAIR_ANYWAY = "pair it anyway"
    ENTER_RESULTS = "enter the results"
    CORRECT_RESULT = "correct that game's result"
    NO_SHOW = "record a no-show"
    PLAN_MORE = "plan more rounds"
    ADD_PLAYERS = "add the players"
    GROUP_GAMES = "see the championship group's games"
    REPLACE_RESULT = "replace the result entered"
    FILL_GROUP = "take the next in line into the championship group"


class WayOut(KeizerError):
    """A refusal with what the director can do instead. `str()` says the fact and the ways in plain words;
    a shell says `fact` and words `ways` for its user."""

    def __init__(self, fact: str, *ways: Way) -> None:
        super().__init__(f"{fact}: {' or '.join(w.value for w in ways)}" if ways else fact)
        self.fact = fact
        """What is so, with names and numbers, no way forward."""
        self.ways = ways
        """What the director can do, most likely first."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line the evening layer says (a title, a summary), with the ways forward from it."""

    text: str
    ways: tuple[Way, ...] = ()

    def __str__(self) -> str:
        return self.text + (f" ({'; '.join(w.value for w in self.ways)})" if self.ways else "")


@dataclass(frozen=True, slots=True)
class Already:
    """A mark that changes nothing: the player is so already in that round. Not a refusal — a script that
    marks everyone present succeeds — and nothing is written; each shell says `str()` (exit code 0)."""

    player: PlayerId
    round: int
    fact: str
    """"Ann Visser is already present in round 33 (board 1)": what is so, with names and numbers."""

    def __str__(self) -> str:
        return f"{self.fact}: nothing to change"
