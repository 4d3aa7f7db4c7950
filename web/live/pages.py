"""The live evening's pages, rendered from the published site's templates and words on the evening's thread:
tonight's boards with the results as they come in, the standings (provisional while results are missing), a
player's page, a round's, the phone's and the wall's. A page is made once per state of the season and kept
until the season changes (a report, a check-in changes nothing a page shows)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from keizer.evening.evening import Evening
from keizer.evening.words.legend import LANGUAGES
from keizer.evening.words.localised import date as date_text
from keizer.seasons.model import EntryKind, PlayerId
from keizer.web.live.words import say
from keizer.web.notice import make_notice, title, to_come_sentence
from keizer.web.sheet import RoundSheet, round_sheet, sheet_title
from keizer.web.site.build import environment, player_context, round_context
from keizer.web.site.data import Site
from keizer.web.site.players import page_names
from keizer.web.words import entry_word

KEPT = 256
"""Pages kept for the season as it stands (a phone's page per member, the wall's panels, the players')."""

REFRESH = 30
"""Seconds after which a page without JavaScript refreshes itself."""

WALL_PANELS = ("pairing", "results", "standings")
"""The wall's panels, in the order they turn."""

TURN = 15
"""Seconds each wall panel stays (`live.js` turns them; without JavaScript the page turns with its refresh)."""


@dataclass(frozen=True, slots=True)
class Me:
    """The member a phone picked, in tonight's round: where they sit, whom they play, with which colour."""

    player: PlayerId
    name: str
    board: int | None
    white: bool
    opponent: PlayerId | None
    opponent_name: str
    opponent_rank: int | None
    """The opponent's place in the ranking the round is paired from."""
    result: str
    """As the notice board writes it, "" while none."""
    bye: bool
    entry: EntryKind | None


def chunks(items: tuple[Any, ...], most: int) -> tuple[tuple[Any, ...], ...]:
    """`items` in as few columns as hold at most `most` each, the columns as even as can be."""
    if not items:
        return ()
    n = -(-len(items) // most)
    size = -(-len(items) // n)
    return tuple(items[i:i + size] for i in range(0, len(items), size))


def row_class(rows: int) -> int:
    """The wall's size class for columns of `rows` rows: the type is as large as those rows let it be."""
    return next(limit for limit in (10, 15, 20, 25, 30, 40) if rows <= limit) if rows <= 40 else 40


class LivePages:
    """Every live page of one evening in one language, made on the evening's thread and kept per season state."""

    def __init__(self, evening: Evening, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.evening = evening
        self.lang = lang
        self.env = environment()
        self._kept: dict[tuple[object, ...], str] = {}
        self._at = -1
        self._site: Site | None = None

    # -- what every page shares ----------------------------------------------------------------------
    def at(self) -> int:
        """The season's state the pages are made from (they are kept until it changes)."""
        return self.evening.season_revision

    def _fresh(self) -> None:
        at = self.at()
        if at != self._at:
            self._kept.clear()
            self._site = None
            self._at = at

    def site(self) -> Site:
        """The standings after the last round with results (the notice a site of it would publish)."""
        self._fresh()
        if self._site is None:
            evening = self.evening
            season = evening.season
            rep = evening.standings.replay()
            notice = make_notice(season, rep, self.lang)
            ranked = set(notice.table.players)
            self._site = Site(season, rep, notice, self.lang, rep.ruleset.columns,
                              {pid: name for pid, name in page_names(season).items() if pid in ranked})
        return self._site

    def kept(self, key: tuple[object, ...], make: Callable[[], str]) -> str:
        """The page under `key` for the season as it stands, made when it is not kept."""
        self._fresh()
        if key not in self._kept:
            if len(self._kept) >= KEPT:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = make()
        return self._kept[key]

    def render(self, template: str, here: str, heading: str = "", kind: str = "", follow: str = "season",
               refresh: int = REFRESH, next_page: str = "", return_to: str = "", **context: Any) -> str:
        """A page of `template` with what every page of the site and the live evening reads; `follow`: what a
        page waits for to be fetched again ("season", "head" for one that shows the reports too, "none" for a
        form being filled in); `refresh`: the seconds after which it refreshes itself without JavaScript (0:
        never), `next_page` then (the wall's next panel)."""
        lang = self.lang
        site = self.site()
        menu = [("", say("tonight", lang)), ("pairing", say("pairing_tonight", lang)),
                ("standings", say("standings", lang))]
        return self.env.get_template(template).render(
            say=lambda key, **fill: say(key, lang, **fill), lang=lang, root="/", menu=menu,
            season=site.season.name, css="/site.css", here=here, pages=site.pages, heading=heading,
            date=lambda iso: date_text(iso, lang), sheet_title=lambda sheet, results: sheet_title(sheet, lang, results),
            entry=lambda k: entry_word(k, lang), owed=lambda items: to_come_sentence(items, lang),
            refresh=refresh, next_page=next_page, return_to=return_to, live_kind=kind, follow=follow, at=self._at,
            **context)

    # -- tonight -------------------------------------------------------------------------------------
    def tonight_sheet(self) -> tuple[int, RoundSheet | None]:
        """Tonight's round, and its boards once paired — else the last round paired (its results)."""
        season = self.evening.season
        k = self.evening.current_round()
        paired = [r.number for r in season.rounds if r.is_paired and r.number <= k]
        return k, round_sheet(season, paired[-1]) if paired else None

    def me(self, pid: str | None) -> Me | None:
        """The member a phone picked, in tonight's round (None: none, or not a member taking part)."""
        season = self.evening.season
        if not pid or not season.has_player(PlayerId(pid)):
            return None
        player = season.player(PlayerId(pid))
        k = self.evening.current_round()
        rnd = season.round(k) if k <= len(season.rounds) else None
        game = rnd.game_of(player.id) if rnd is not None else None
        if rnd is None or game is None:
            return Me(player.id, player.name, None, False, None, "", None, "",
                      rnd is not None and rnd.bye == player.id, rnd.entry_of(player.id) if rnd is not None else None)
        sheet = round_sheet(season, k)
        board = next(b for b in sheet.boards if player.id in (b.white, b.black))
        white = board.white == player.id
        opponent = board.black if white else board.white
        ranking = self.evening.results.boards(k)
        rank = next((r.black_rank if white else r.white_rank for r in ranking if r.board == board.number), None)
        return Me(player.id, player.name, board.number, white, opponent,
                  board.black_name if white else board.white_name, rank, board.result, False, None)

    def members(self) -> tuple[tuple[PlayerId, str], ...]:
        """Who a phone may pick: the members taking part tonight, by name."""
        return tuple((p.id, p.name) for p in self.evening.door.members())

    # -- the pages -------------------------------------------------------------------------------------
    def home(self, pid: str | None, report: bool) -> str:
        """The phone's page (375 px first): the member's board, colour and opponent on top."""
        me = self.me(pid)
        return self.kept(("home", me.player if me else None, report), lambda: self._home(me, report))

    def _home(self, me: Me | None, report: bool) -> str:
        k, sheet = self.tonight_sheet()
        lang = self.lang
        season = self.evening.season
        heading = say("round_tonight", lang, k=k)
        if me is not None and me.board is not None:
            heading = f"{say('me_board', lang, board=me.board)} · {me.name}"
        return self.render("live/home.html", "", heading, "phone", me=me, k=k, sheet=sheet,
                           members=() if me else self.members(), report=report and me is not None
                           and me.board is not None and not me.result and k <= len(season.rounds))

    def pairing(self) -> str:
        return self.kept(("pairing",), self._pairing)

    def _pairing(self) -> str:
        k, sheet = self.tonight_sheet()
        if sheet is None or sheet.round != k:
            return self.render("live/not_paired.html", "pairing", say("no_pairing", self.lang, k=k), sheet=sheet)
        return self.render("live/pairing.html", "pairing", sheet_title(sheet, self.lang, sheet.has_results),
                           sheet=sheet, results=True)

    def standings(self) -> str:
        return self.kept(("standings",), self._standings)

    def _standings(self) -> str:
        notice = self.site().notice
        return self.render("live/standings.html", "standings", title(notice), notice=notice,
                           tonight=False)  # tonight's boards are the phone's page and /pairing

    def player(self, file: str) -> str | None:
        """A player's page by its file name ("quinten-koster.html"); None for no such page."""
        site = self.site()
        pid = next((p for p, f in site.pages.items() if f == file), None)
        if pid is None:
            return None
        return self.kept(("player", pid), lambda: self.render("live/player.html", f"players/{file}",
                                                              **player_context(site, pid)))

    def round(self, j: int) -> str | None:
        """A round's page (its boards, the table after it), for a round with results; None for any other."""
        site = self.site()
        if not 1 <= j <= site.replay.upto:
            return None
        return self.kept(("round", j), lambda: self.render("live/round.html", f"rounds/{j}.html",
                                                           **round_context(site, j)))

    def archive(self) -> str:
        site = self.site()
        listed = tuple((j, round_sheet(site.season, j).date) for j in range(site.replay.upto, 0, -1))
        return self.kept(("archive",), lambda: self.render("live/archive.html", "rounds/index.html",
                                                           say("archive", self.lang), listed=listed))

    def wall(self, panel: str, codes: dict[int, str]) -> str:
        """The wall's page, `panel` in sight (the others turn in); `codes`: each board's, shown only to the wall
        in the room (`web/live/app.py`), never kept for another."""
        panel = panel if panel in WALL_PANELS else WALL_PANELS[0]
        return self.kept(("wall", panel, tuple(sorted(codes.items()))), lambda: self._wall(panel, codes))

    def _wall(self, panel: str, codes: dict[int, str]) -> str:
        k, sheet = self.tonight_sheet()
        notice = self.site().notice
        table = notice.table
        keep = min(len(table.headers), 4)  # the place, the name, the points and the value read across the room
        rows = tuple(row[:keep] for row in table.rows)
        boards = sheet.boards if sheet is not None else ()
        board_chunks = chunks(boards, 20)
        standing_chunks = chunks(rows, 27)
        heading = (say("round_tonight", self.lang, k=sheet.round if sheet else k)
                   + (f" · {date_text(sheet.date, self.lang)}" if sheet is not None and sheet.date else ""))
        turn = WALL_PANELS[(WALL_PANELS.index(panel) + 1) % len(WALL_PANELS)]
        return self.render("live/wall.html", "wall", heading, "wall", refresh=TURN, next_page=f"/wall?panel={turn}",
                           panel=panel, k=sheet.round if sheet else k,
                           sheet=sheet, codes=codes if sheet is not None and sheet.round == k else {},
                           board_chunks=board_chunks, board_rows=row_class(max(map(len, board_chunks), default=0)),
                           standing_chunks=standing_chunks, standing_headers=table.headers[:keep],
                           standing_right=table.right[:keep],
                           standing_rows=row_class(max(map(len, standing_chunks), default=0)),
                           standings_title=title(notice), missing=notice.missing)

    def message(self, heading: str, text: str, back: str = "/", kind: str = "message", return_in: int = 0) -> str:
        """A page that says one thing (a refusal, a confirmation) and links back (`return_in`: and goes back by
        itself after that many seconds): never kept, it is one member's."""
        return self.render("live/message.html", "", heading, kind, follow="none", refresh=return_in,
                           return_to=back if return_in else "", text=text, back=back)

    def form(self, template: str, heading: str, kind: str, **context: Any) -> str:
        """A page with a form on it (the kiosk's, a board's): not followed live, never refreshed under a thumb,
        never kept (it carries a one-time token)."""
        return self.render(template, "", heading, kind, follow="none", refresh=0, **context)
