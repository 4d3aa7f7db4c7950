"""Classes and cups on a club evening: the tables after a round, the proposed class moves, and writing them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from keizer.seasons.classes import classes_in_round, reading_after
from keizer.seasons.errors import KeizerError
from keizer.seasons.json_keys import CLASSES
from keizer.seasons.model import ClassMoves, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import ClassRules
from keizer.seasons.season_length import season_length
from keizer.seasons.store.events import ClassMovesSet, PlayerUpdated
from keizer.evening.session import EveningSession

if TYPE_CHECKING:
    # The scoring data a shell holds, named for the shells here (imported lazily: a mark loads no scoring).
    from keizer.scoring.classes import ClassMove, ClassTable
    from keizer.scoring.cups import CupTable
    from keizer.scoring.replay import Replay

__all__ = ["ClassMove", "ClassTable", "Classes", "ClassesView", "CupTable", "class_rules", "classes_view",
           "cup_exclusions", "cups_view", "default_round", "edited", "parse_move", "proposed_moves"]


@dataclass(frozen=True, slots=True)
class ClassesView:
    """The class tables after `round` and, at a reading round, the moves (docs/rules.md §9)."""

    round: int
    """The tables are read off the Keizer ranking after this round."""
    reading: bool
    """`round` is one of the ruleset's reading rounds (`classes.read_after`): moves are proposed."""
    tables: tuple[ClassTable, ...]
    """Each class in the Keizer order (`prizes`: the prize order), the strongest class first."""
    proposal: tuple[ClassMove, ...]
    """The program's proposal (empty when `reading` is false)."""
    accepted: ClassMoves | None
    """The moves the director accepted at this reading, if any."""
    sizes: tuple[tuple[str, int], ...]
    """(class, players) after the proposal."""
    missing: int
    """Results of rounds 1..round still missing: the tables are provisional while any is."""
    unclassed: tuple[PlayerId, ...] = ()
    """Ranked players without a class in that round (in no table; the director gives them one)."""


def class_rules(ruleset: Ruleset) -> ClassRules:
    """The ruleset's `classes`, or KeizerError saying the club has none."""
    if ruleset.classes is None:
        raise KeizerError("this season's ruleset has no classes (ruleset key `classes`, docs/format.md)")
    return ruleset.classes


def default_round(season: Season, rules: ClassRules, last_scored: int) -> int:
    """The last reading round already scored, else the last scored round."""
    done = [k for k in rules.reading_rounds(season_length(season)) if k <= last_scored]
    return done[-1] if done else last_scored


def classes_view(season: Season, rep: Replay, k: int, *, prizes: bool = False) -> ClassesView:
    """The class tables of `season` after round k of `rep` (its replay, reaching k) and the moves proposed
    there. The season is passed on its own: a cached replay's season may predate accepted moves, which
    change no standings."""
    from keizer.scoring.classes import class_tables, read_classes

    rules = class_rules(rep.ruleset)
    st = rep.standings(k)
    reading = read_classes(season, st.rows, k, rules)  # the moves always go by the Keizer ranking
    tables = class_tables(season, st.prize_order(), k, rules.names) if prizes else reading.tables
    is_reading = k in rules.reading_rounds(season_length(season))
    return ClassesView(round=k, reading=is_reading, tables=tables, proposal=reading.moves if is_reading else (),
                       accepted=reading_after(season, k), sizes=reading.sizes, missing=st.missing,
                       unclassed=tuple(r.player for r in st.rows if r.player not in classes_in_round(season, k)))


def proposed_moves(season: Season, rep: Replay, k: int) -> tuple[ClassMove, ...]:
    """The class moves the program proposes after round k of `rep` (a reading round; the Keizer ranking
    decides them, docs/rules.md §9), whether or not the director accepted them."""
    from keizer.scoring.classes import read_classes

    return read_classes(season, rep.standings(k).rows, k, class_rules(rep.ruleset)).moves


def edited(season: Season, k: int, proposal: tuple[ClassMove, ...],
           changes: tuple[tuple[PlayerId, str], ...]) -> tuple[tuple[PlayerId, str], ...]:
    """The proposal with the director's changes: (player, class) moves that player there; their class of
    round k (or nothing) keeps them where they are."""
    from keizer.scoring.classes import moves_as_data

    now = classes_in_round(season, k)
    moves = dict(moves_as_data(proposal))
    for pid, klass in changes:
        if not season.has_player(pid):
            raise KeizerError(f"--move: unknown player {pid!r}")
        if klass not in CLASSES:
            raise KeizerError(f"--move {pid}:{klass}: the class must be one of {', '.join(CLASSES)}")
        if now.get(pid) == klass:
            moves.pop(pid, None)
        else:
            moves[pid] = klass
    return tuple(sorted(moves.items()))


def parse_move(text: str) -> tuple[PlayerId, str]:
    """`ID:CLASS` → (player, class); KeizerError naming the text otherwise."""
    pid, sep, klass = text.rpartition(":")
    if not sep or not pid or not klass:
        raise KeizerError(f"--move {text!r}: write it as PLAYER:CLASS, like jan:B")
    return PlayerId(pid), klass.upper()


def cups_view(season: Season, rep: Replay, k: int,
              excluded: frozenset[PlayerId] | None = None) -> tuple[CupTable, ...]:
    """K's group prize lists of `season` after round k of `rep`; `excluded`: who plays for no cup (default:
    `cup_exclusions`)."""
    from keizer.scoring.cups import cup_tables

    if rep.ruleset.cups is None:
        raise KeizerError("this season's ruleset has no group cups (ruleset key `cups`, docs/format.md)")
    if excluded is None:
        excluded = cup_exclusions(season, rep.ruleset)
    return cup_tables(season, rep.standings(k), rep.ruleset.cups, excluded)


def cup_exclusions(season: Season, ruleset: Ruleset) -> frozenset[PlayerId]:
    """Who plays for no group cup: the members of a final group that left the Keizer (K's "finalegroep",
    ruleset `championship.mode` "separate", docs/rules.md §8–9) once it is formed; nobody otherwise."""
    rule, group = ruleset.championship, season.championship
    if rule is None or rule.mode != "separate" or group is None:
        return frozenset()
    return frozenset(group.members)


class Classes:
    """The classes' service: read the tables, accept or change a reading's moves, give classes."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def view(self, k: int | None = None, *, prizes: bool = False) -> ClassesView:
        season = self.session.season
        rules = class_rules(self.session.ruleset)
        k = default_round(season, rules, season.last_scored_round) if k is None else k
        return classes_view(season, self.session.replay(k), k, prizes=prizes)

    def cups(self, k: int | None = None, excluded: frozenset[PlayerId] | None = None) -> tuple[CupTable, ...]:
        """K's group prize lists after round k (default: the last round with results); `excluded`: who plays
        for no cup (default: `cup_exclusions`)."""
        season = self.session.season
        k = season.last_scored_round if k is None else k
        return cups_view(season, self.session.replay(k), k, excluded)

    def accept(self, k: int, changes: tuple[tuple[PlayerId, str], ...] = ()) -> str:
        """The proposal after reading round k, with the director's changes, accepted: one undo step."""
        view = self.view(k)
        if not view.reading:
            rounds = class_rules(self.session.ruleset).reading_rounds(
                season_length(self.session.season, self.session.ruleset))
            raise KeizerError(f"round {k} is not a reading of the classes (the ruleset reads after "
                              f"{', '.join(map(str, rounds)) or 'no round'})")
        if view.missing:
            raise KeizerError(f"round {k}'s table is provisional ({counted(view.missing, 'result')} missing): "
                              f"enter them first")
        moves = edited(self.session.season, k, view.proposal, changes)
        if view.accepted is not None and view.accepted.moves == moves:
            return f"the class moves after round {k} are already accepted as they are"
        self.session.commit(f"class moves after round {k}", ClassMovesSet(k, moves))
        return f"accepted {counted(len(moves), 'class move')} after round {k}"

    def take_back(self, k: int) -> str:
        """The moves accepted after round k taken back (one undo step)."""
        if reading_after(self.session.season, k) is None:
            raise KeizerError(f"no class moves were accepted after round {k}")
        self.session.commit(f"take back the class moves after round {k}", ClassMovesSet(k, None))
        return f"took back the class moves after round {k}"

    def start_proposal(self) -> tuple[tuple[PlayerId, str], ...]:
        """A starting class for every player without one (docs/rules.md §9)."""
        from keizer.scoring.classes import propose_start_classes

        return propose_start_classes(self.session.season, class_rules(self.session.ruleset).names)

    def give_start_classes(self, classes: tuple[tuple[PlayerId, str], ...]) -> str:
        """These starting classes (`class`, the first half's) given at once: one undo step; its label. A
        player who has that class already is left as they are; KeizerError when nobody's class changes."""
        events = []
        for pid, klass in classes:
            player = self.session.player(pid)
            if klass not in CLASSES:
                raise KeizerError(f"{pid}: the class must be one of {', '.join(CLASSES)}")
            if player.klass != klass:
                events.append(PlayerUpdated(replace(player, klass=klass)))
        if not events:
            raise KeizerError("every player already has that class: nothing to save")
        return self.session.commit(f"starting classes of {counted(len(events), 'player')}", *events)


def start_classes(season: Season, changes: tuple[tuple[PlayerId, str], ...] = ()) -> tuple[tuple[PlayerId, str], ...]:
    """The starting classes `Classes.give_start_classes` would give: the proposal for every player without a
    class (docs/rules.md §9) with the director's changes (player, class), leaving out whoever has that class
    already; sorted by player. KeizerError for a class the club does not have."""
    from keizer.scoring.classes import propose_start_classes

    proposal = dict(propose_start_classes(season, class_rules(parse_ruleset(season.ruleset_spec)).names))
    for pid, klass in changes:
        if klass not in CLASSES:
            raise KeizerError(f"--move {pid}:{klass}: the class must be one of {', '.join(CLASSES)}")
        proposal[pid] = klass
    return tuple((pid, klass) for pid, klass in sorted(proposal.items()) if season.player(pid).klass != klass)
