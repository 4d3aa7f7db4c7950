"""D art. 5's shadow classes: the class tables read off the Keizer ranking, the proposed moves, starting classes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Literal

from keizer.scoring.replay import StandingRow
from keizer.seasons.classes import classes_in_round
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.ruleset.model import ClassRules


@dataclass(frozen=True, slots=True)
class ClassRow:
    """One player in a class table."""

    place: int
    """1.. within the class."""
    rank: int
    """The place in the Keizer ranking the table is read off."""
    player: PlayerId
    score: Fraction
    """Exact Keizer points."""
    eligible: bool | None
    """The participation flag of the Keizer row (None: the ruleset has no participation rule)."""


@dataclass(frozen=True, slots=True)
class ClassTable:
    """One class's standing after a round: its members in the order of the Keizer rows it was read from."""

    name: str
    """"A", "B", …"""
    rows: tuple[ClassRow, ...]


MoveReason = Literal["promotion", "relegation", "balance"]


@dataclass(frozen=True, slots=True)
class ClassMove:
    """A proposed move from one class to a neighbouring one."""

    player: PlayerId
    source: str
    """The class the player is in."""
    target: str
    """The class the player moves to."""
    reason: MoveReason
    """"promotion" / "relegation": art. 5's moves between neighbours; "balance": an extra move that keeps
    the classes about equal in size ("versterkte promotie en/of degradatie"), also a promoted or
    relegated player moved on a class further by it."""


@dataclass(frozen=True, slots=True)
class ClassReading:
    """The class tables after a reading round and the moves the program proposes."""

    after_round: int
    tables: tuple[ClassTable, ...]
    """One per class of the ruleset, the strongest first."""
    moves: tuple[ClassMove, ...]
    """Promotions and relegations, then the extra moves, boundary by boundary from the top."""
    sizes: tuple[tuple[str, int], ...]
    """(class, members) after the proposed moves, leavers left out."""


def class_tables(season: Season, rows: Iterable[StandingRow], k: int, names: tuple[str, ...]) -> tuple[ClassTable, ...]:
    """Each class's members in round k, in the order of `rows` (the Keizer ranking; its `prize_order()` for the
    prize lists). Players without a class, or in a class the ruleset does not name, are in no table."""
    classes = classes_in_round(season, k)
    members: dict[str, list[StandingRow]] = {name: [] for name in names}
    for row in rows:
        klass = classes.get(row.player)
        if klass in members:
            members[klass].append(row)
    return tuple(ClassTable(name, tuple(ClassRow(place=i + 1, rank=r.rank, player=r.player, score=r.score,
                                                 eligible=r.eligible) for i, r in enumerate(members[name])))
                 for name in names)


def leavers(season: Season, k: int) -> frozenset[PlayerId]:
    """Players who will not play after round k (withdrawn before round k + 1 or earlier): they move nowhere."""
    return frozenset(w.player for w in season.withdrawals if w.before_round <= k + 1)


def propose_moves(tables: tuple[ClassTable, ...], rules: ClassRules,
                  leaving: frozenset[PlayerId] = frozenset()) -> tuple[ClassMove, ...]:
    """Art. 5's moves and the extra ones that even the sizes out (docs/rules.md §9).

    Between each two neighbouring classes the best `rules.moves` of the lower go up and the worst of the
    upper go down (a player promoted out of a class is not also its worst). With `rules.balance`, the
    sizes are then brought to N // m each, the upper classes taking the N % m left over, with the fewest
    moves: boundary by boundary from the top, the worst of the upper class go down, or the best of the
    lower come up, until the classes above the boundary hold their target. Those who have not moved are
    taken first; when they run out, a player who already moved that way moves on a class further; only
    when nobody else is left is a move back across the boundary made (in classes of one or two, an
    art. 5 move undone).
    """
    names = tuple(t.name for t in tables)
    order = {row.player: (row.rank, row.player) for t in tables for row in t.rows}
    home = {r.player: i for i, t in enumerate(tables) for r in t.rows if r.player not in leaving}
    now = dict(home)
    reasons: dict[PlayerId, MoveReason] = {}
    for i in range(1, len(names)):  # promotions first: the best of a class is never also its worst
        for pid in [r.player for r in tables[i].rows if r.player in home][:rules.moves]:
            now[pid], reasons[pid] = i - 1, "promotion"
    for i in range(len(names) - 1):
        stay = [r.player for r in tables[i].rows if r.player in home and r.player not in reasons]
        for pid in stay[len(stay) - min(rules.moves, len(stay)):]:
            now[pid], reasons[pid] = i + 1, "relegation"
    if rules.balance:
        base, extra = divmod(len(now), len(names))
        target = [base + (1 if i < extra else 0) for i in range(len(names))]
        # A small class may need another pass; each pass moves the counts above every boundary towards
        # their targets, so a few passes do it (the bound is only a safety net).
        for _ in range(len(names) * (len(now) + 1)):
            if not _balance_pass(now, home, reasons, target, order):
                break
    moved = [p for p in reasons if now[p] != home[p]]
    return tuple(ClassMove(p, names[home[p]], names[now[p]], reasons[p]) for p in moved)


def _balance_pass(now: dict[PlayerId, int], home: dict[PlayerId, int], reasons: dict[PlayerId, MoveReason],
                  target: list[int], order: dict[PlayerId, tuple[int, PlayerId]]) -> bool:
    """One pass over the boundaries from the top (see `propose_moves`); whether anybody moved."""
    changed = False
    for i in range(len(target) - 1):
        surplus = sum(1 for c in now.values() if c <= i) - sum(target[:i + 1])
        if surplus == 0:
            continue
        down = surplus > 0
        members = sorted((p for p, c in now.items() if c == (i if down else i + 1)), key=order.__getitem__)
        if down:
            members.reverse()  # the worst first
        # who has not moved first; then who already moved this way (moving on); a move back across the
        # boundary only when nobody else is left (a class of one or two: the art. 5 move is undone)
        unmoved = [p for p in members if now[p] == home[p]]
        onward = [p for p in members if now[p] != home[p] and (now[p] > home[p]) == down]
        back = [p for p in members if now[p] != home[p] and (now[p] > home[p]) != down]
        for pid in (unmoved + onward + back)[:abs(surplus)]:
            now[pid] = i + 1 if down else i
            reasons[pid] = "balance"
            if now[pid] == home[pid]:
                del reasons[pid]
            changed = True
    return changed


def read_classes(season: Season, rows: tuple[StandingRow, ...], k: int, rules: ClassRules) -> ClassReading:
    """The reading after round k: the class tables off `rows` (the Keizer ranking after k) and the proposal."""
    tables = class_tables(season, rows, k, rules.names)
    leaving = leavers(season, k)
    moves = propose_moves(tables, rules, leaving)
    final = {r.player: t.name for t in tables for r in t.rows if r.player not in leaving}
    final.update((m.player, m.target) for m in moves)
    sizes = tuple((name, sum(1 for c in final.values() if c == name)) for name in rules.names)
    return ClassReading(after_round=k, tables=tables, moves=moves, sizes=sizes)


def moves_as_data(moves: Iterable[ClassMove]) -> tuple[tuple[PlayerId, str], ...]:
    """The proposal as the season stores it (`class_moves[].moves`): (player, new class) by player id."""
    return tuple(sorted((m.player, m.target) for m in moves))


def propose_start_classes(season: Season, names: tuple[str, ...]) -> tuple[tuple[PlayerId, str], ...]:
    """A class for every player without one (art. 5: new players "op basis van rating"), in starting order.

    When nobody has a class yet (a club's first season with classes), the starting ranking is cut into
    len(names) parts as equal as possible, the upper ones taking what is left over. Otherwise a new player
    goes to the class whose classed members' median rating is nearest to theirs (ties: the stronger class;
    classes without rated members are skipped); an unrated player to the last class.
    """
    new = [p for p in season.players if p.klass is None]
    if len(new) == len(season.players):
        base, extra = divmod(len(new), len(names))
        cuts, at = [], 0
        for i in range(len(names)):
            at += base + (1 if i < extra else 0)
            cuts.append(at)
        return tuple((p.id, names[next(i for i, c in enumerate(cuts) if n < c)]) for n, p in enumerate(new))
    medians: list[tuple[str, Fraction]] = []
    for name in names:
        ratings = sorted(p.rating for p in season.players if p.klass == name and p.rating is not None)
        if ratings:
            mid = len(ratings) // 2
            median = Fraction(ratings[mid]) if len(ratings) % 2 else Fraction(ratings[mid - 1] + ratings[mid], 2)
            medians.append((name, median))
    out = []
    for p in new:
        if p.rating is None or not medians:
            out.append((p.id, names[-1]))
            continue
        rating = p.rating
        out.append((p.id, min(medians, key=lambda nm: (abs(nm[1] - rating), names.index(nm[0])))[0]))
    return tuple(out)
