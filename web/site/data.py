"""What every page of the site reads (`Site`), and what a page beyond the standings is (`ExtraPage`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import PlayerId, Season
from keizer.web.notice import Notice

if TYPE_CHECKING:
    from keizer.evening.standings import Replay


@dataclass(frozen=True, slots=True)
class Site:
    """What every page reads: the season, the replay up to K, the week's notice, the language."""

    season: Season
    replay: Replay
    notice: Notice
    lang: str
    style: str
    """The club's standings columns, "d" or "k"."""
    pages: Mapping[PlayerId, str]
    """Each ranked player's page file name."""
    forecasts: tuple[Forecast, ...] = ()
    """The forecast of the published round last, the ones kept before it first (published with `--forecast`;
    none: no forecast page)."""


@dataclass(frozen=True, slots=True)
class ExtraPage:
    """A page of the site beyond the standings (the championship group, the classes, the cups): listed in
    EXTRA_PAGES, linked from every page's menu when its `context` gives one."""

    file: str
    """Its file name at the root of a Dutch site ("klassen.html"), and the name an English site still serves,
    sending the reader on, where a club linked it."""
    template: str
    """Its template in web/templates, extending "base.html"."""
    title: tuple[str, str]
    """(Dutch, English)."""
    context: Callable[[Site], Mapping[str, Any] | None]
    """The template's variables, or None when the season has nothing for it (no groups): then no page. A
    `heading` among them replaces the title as the page's heading."""
    english: str = ""
    """Its file name on an English site ("classes.html"); "" where the Dutch name stands."""

    def file_in(self, lang: str) -> str:
        """Its file name in `lang`: a page's name is in the page's language."""
        return self.english if lang == "en" and self.english else self.file
