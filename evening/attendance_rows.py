"""A round's attendance list, pure: each player's row, an entry in words and the one-line count of tonight."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.seasons.championship import FINAL_GROUP
from keizer.seasons.model import EntryKind, Player, PlayerId, Result, Round, Season
from keizer.seasons.roster import suspended, taking_part
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import cite
from keizer.evening.mark_checks import final_group_now
from keizer.evening.ways import Said, Way

ENTRY_TEXT: dict[EntryKind | None, str] = {
    None: "present",
    EntryKind.EXCUSED: "excused",
    EntryKind.UNEXCUSED: "unexcused",
    EntryKind.DUTY: "duty",
    EntryKind.BYE: "bye",
    EntryKind.LATE: "late",
    EntryKind.EXTERNAL_WIN: "external: won",
    EntryKind.EXTERNAL_DRAW: "external: drawn",
    EntryKind.EXTERNAL_LOSS: "external: lost",
    EntryKind.EXTERNAL_PENDING: "external: result to come",
}
SHORT_ENTRY_TEXT: dict[EntryKind | None, str] = {
    EntryKind.EXTERNAL_WIN: "ext.: won",
    EntryKind.EXTERNAL_DRAW: "ext.: drawn",
    EntryKind.EXTERNAL_LOSS: "ext.: lost",
    EntryKind.EXTERNAL_PENDING: "ext.: to come",
}
"""An entry's words where a column has no room for ENTRY_TEXT (the Round and Results screens at 80 columns)."""


def entry_text(entry: EntryKind | None, width: int | None = None) -> str:
    """The entry in words; with `width`, the short form where the whole one is wider (and a short one exists)."""
    text = ENTRY_TEXT[entry]
    if width is not None and len(text) > width:
        return SHORT_ENTRY_TEXT.get(entry, text)
    return text


@dataclass(frozen=True, slots=True)
class AttendanceRow:
    """One player in a round's attendance list."""

    player: Player
    rank: int
    """Place in the ranking the round is paired from (after the previous round)."""
    entry: EntryKind | None
    """The round's entry; None: present (to be paired, or playing when `board` is set)."""
    board: int | None
    """The board of the player's game, once the round is paired."""
    white: bool
    """Has white on that board."""
    suspended: bool
    """Suspended by the director: not paired until they report back (D art. 12)."""
    absent_last: bool
    """Their last evening was an absence without notice (a hint: D art. 12 suspends such a player)."""
    late: bool
    """Has not joined yet in this round."""
    final_group: bool = False
    """Plays in K's final group this round, out of the Keizer (docs/rules.md §8): not paired, not absent."""
    article: str = ""
    """The suspension's article in the season's text (" (D art. 12)"), "" where it follows none that has one."""
    forfeited: bool = False
    """Lost their game by forfeit: did not come, without notice (a no-show keeps its board, D art. 11)."""

    @property
    def status(self) -> str:
        return self.status_within(None)

    def status_within(self, width: int | None) -> str:
        """Tonight in words, an entry shortened where `width` characters do not hold it (`entry_text`)."""
        if self.final_group:
            return FINAL_GROUP
        if self.late:
            return "late"
        if self.board is not None:
            return f"board {self.board} ({'white' if self.white else 'black'})"
        return entry_text(self.entry, width)

    @property
    def note(self) -> str:
        if self.late:
            return f"joins in round {self.player.joined}"
        if self.suspended:
            return f"suspended{self.article}"
        return "absent without notice last time" if self.absent_last else ""


def absent_last_time(season: Season, k: int) -> frozenset[PlayerId]:
    """Players whose last evening before round k was an absence without notice — an `unexcused` entry or
    a game lost by forfeit (D art. 11 books that absentee unexcused)."""
    last: dict[PlayerId, bool] = {}  # player → was their last evening an absence without notice
    for rnd in reversed(season.rounds[:max(0, k - 1)]):  # newest first; one pass over the season
        for game in rnd.games:
            last.setdefault(game.white, game.result is Result.BLACK_FORFEIT_WIN)
            last.setdefault(game.black, game.result is Result.WHITE_FORFEIT_WIN)
        for pid, entry in rnd.entries:
            if entry is not EntryKind.LATE:
                last.setdefault(pid, entry is EntryKind.UNEXCUSED)
        if len(last) == len(season.players):
            break
    return frozenset(p for p, absent in last.items() if absent and taking_part(season, p, k))


def attendance_rows(season: Season, rnd: Round, ranking: tuple[PlayerId, ...]) -> tuple[AttendanceRow, ...]:
    """Everyone taking part in `rnd`, in the order of `ranking`."""
    away = suspended(season, rnd.number)
    absent = absent_last_time(season, rnd.number)
    group = set(final_group_now(season, rnd.number))
    boards = {p: (i + 1, p == g.white) for i, g in enumerate(rnd.games) for p in g.players()}
    forfeited = {g.white if g.result is Result.BLACK_FORFEIT_WIN else g.black
                 for g in rnd.games if g.result.is_forfeit}
    entries = dict(rnd.entries)
    article = cite(parse_ruleset(season.ruleset_spec).regulations, "suspension")
    rows = []
    for rank, pid in enumerate(ranking, start=1):
        if not taking_part(season, pid, rnd.number):
            continue
        player = season.player(pid)
        board, white = boards.get(pid, (None, False))
        rows.append(AttendanceRow(player=player, rank=rank, entry=entries.get(pid), board=board, white=white,
                                  suspended=pid in away, absent_last=pid in absent,
                                  late=rnd.number < player.joined, final_group=pid in group,
                                  forfeited=pid in forfeited, article=article))
    return tuple(rows)


def summary(rnd: Round, rows: tuple[AttendanceRow, ...], evening: str | None = None) -> Said:
    """One line: the round, its evening ("Thu 2020-04-23") if it has a date, its state and how many are
    present, absent, away or on duty."""
    state = ("with results" if rnd.has_results else "paired") if rnd.is_paired else "to pair"
    counts: dict[str, int] = {}
    for row in rows:
        if row.late or row.final_group:
            continue
        # A no-show keeps their board but did not come: counted with the absent without notice, as the
        # standings' ZK column and D art. 11 count them.
        present = row.board is not None or row.entry in (None, EntryKind.BYE)
        key = "unexcused" if row.forfeited else "present" if present else row.status
        key = "external" if key.startswith("external") else key
        counts[key] = counts.get(key, 0) + 1
    parts = [f"{counts[k]} {k}" for k in ("present", "excused", "unexcused", "external", "duty") if counts.get(k)]
    name = f"Round {rnd.number}" + (f" ({evening})" if evening else "")
    if not parts:
        return Said(f"{name} {state}: nobody yet", (Way.ADD_PLAYERS,))
    return Said(f"{name} {state}: " + ", ".join(parts))
