"""The pairing desk: a round's proposals, the director's locks, forbids and swaps, and accepting one."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Round, Season
from keizer.seasons.rounds import current_round, past_the_season, pending_before
from keizer.evening.desk.steps import DeskEdit, DeskSteps
from keizer.evening.desk.text import found_said
from keizer.evening.desk.hand import hand_report, swap_text, swapped
from keizer.evening.desk.late_marks import Marks, brought_back, marked, taken_back, with_marks
from keizer.evening.desk.repair import kept_pairing
from keizer.evening.desk.saved import accepted, clearing, paired_like_this, saved_round
from keizer.evening.listing import saved_pairing
from keizer.evening.change import Change
from keizer.evening.ways import Way, WayOut
from keizer.seasons.names import joined_names

if TYPE_CHECKING:
    # Solving and its views are loaded by the first solve, not with the desk that the first screen asks
    # whether a mark waits (`waiting`).
    from keizer.evening.desk.check import CheckedPairing
    from keizer.evening.desk.proposals import ProposalView, ViewMaker
    from keizer.evening.desk.solve import SolveOutcome, SolveRequest
    from keizer.pairing.checker import CheckReport
    from keizer.pairing.history import Pair
    from keizer.pairing.proposal import Proposal
    from keizer.pairing.reuse import Reusable
    from keizer.scoring.replay import Replay

class DeskSource(Protocol):
    """What the desk reads and writes through (an `EveningSession` is one): the season, its revision (the
    newest change: a check-in at the door or a report from a board after it leaves the desk's proposals and
    steps as they are), its replays, and the commit of an accepted or cleared pairing."""

    @property
    def season(self) -> Season: ...

    @property
    def season_revision(self) -> int: ...

    def replay(self, upto: int) -> Replay: ...

    def apply(self, change: Change, expect_head: int | None = None) -> str: ...


@dataclass
class PairingDesk:
    """The round being paired: proposals (best first), the director's locks and forbids, a manual pairing.
    It writes only to accept a proposal or clear the saved pairing, each one action (`accept`,
    `clear_saved`); `accepting` and `clearing` are the same changes to show before."""

    source: DeskSource
    """The season it reads."""
    round_number: int | None = None
    """The round on the desk."""
    locks: set[Pair] = field(default_factory=set)
    """Pairs every solve must keep (in id order)."""
    forbids: set[Pair] = field(default_factory=set)
    """Pairs no solve may make (in id order)."""
    proposals: list[ProposalView] = field(default_factory=list)
    """Best first, then the alternatives; a hand-made pairing goes first."""
    made_at: int = 0
    """The store head the proposals were made from."""
    late: Marks = field(default_factory=dict)
    """Attendance changed in the desk's paired round before its results — a latecomer (None: present) or a
    player who calls off (their entry) — waiting for the re-pairing that saves it with the new pairing
    (a player of a paired round has a game or an entry, never both: the two are one action)."""
    on_late: Callable[[int | None, Marks], None] | None = None
    """Told the desk's round and its waiting marks whenever they change (the evening keeps a note of them
    beside the store, `waiting_note`: marks lost with the session are said when the season opens again)."""
    steps: DeskSteps = field(default_factory=DeskSteps)
    """The edits and marks ctrl+z takes back (they are not store actions), and those ctrl+y brings back."""
    failure: tuple[str, int] | None = field(default=None, init=False)
    """Why the last solve found nothing, and the revision it was made at (see `failed`)."""
    reuse: Reusable | None = field(default=None, init=False)
    """What the last solve of the desk's round left for the next (its history, its priced pairs): each
    solve uses what is still valid for the season it pairs (`pairing.reuse`)."""

    # -- what the screen shows ---------------------------------------------------------------------
    def follow(self, k: int) -> None:
        """Work on round k; a different round starts with a clean desk."""
        if k != self.round_number:
            self.round_number = k
            self._clear()
            self.failure = None
            self.reuse = None

    @property
    def failed(self) -> str | None:
        """Why the last solve found nothing, while the season is as it was then (a change may let it succeed)."""
        if self.failure is None or self.failure[1] != self.source.season_revision:
            return None
        return self.failure[0]

    @property
    def stale(self) -> bool:
        return bool(self.proposals) and self.made_at != self.source.season_revision

    def waiting(self) -> Marks:
        """The attendance changes waiting for the re-pairing of the desk's round (`late`). They lapse when
        the saved pairing they wait on is gone (undone, cleared) or played (it has results)."""
        if self.late:
            rnd = self._saved_round()
            if rnd is None or rnd.has_results:
                self._set_late({})
                self.steps.late_steps.clear()
        return self.late

    def views(self) -> tuple[ProposalView, ...]:
        if self.proposals:
            return tuple(self.proposals)
        saved = self.saved_view()
        return (saved,) if saved is not None else ()

    def saved_view(self) -> ProposalView | None:
        rnd = self._saved_round()
        if rnd is None:
            return None
        return self._maker().view("saved pairing", tuple(g.players() for g in rnd.games), rnd.bye, kind="saved")

    def should_solve(self) -> bool:
        """Solve on arrival: the round is not paired yet, nothing was tried, and the round before has
        every result (its ranking is what this round is paired from)."""
        if self.round_number is None or self.failed or self.pending_before() or self.past_the_season():
            return False
        return self._saved_round() is None

    def past_the_season(self) -> int | None:
        """The planned number of rounds when the round worked on lies beyond it: the season is complete, and
        arriving on the Pairing screen says so instead of failing to pair a round that cannot be."""
        return past_the_season(self.source.season, self.round_number)

    def pending_before(self) -> int:
        """Games of the round before without a result (`seasons.rounds.pending_before`)."""
        k = self.round_number
        return 0 if k is None else pending_before(self.source.season, k)

    # -- solving -------------------------------------------------------------------------------------
    def prepare(self, k: int, alternatives: int, keep: bool = False) -> SolveRequest:
        """A solve request for round k from the ranking after round k − 1 (on the UI thread), with the
        attendance changed since the pairing was accepted (`late`). `keep`: pair the paired round again
        changing as few of its accepted boards as possible (docs/rules.md §7)."""
        from keizer.evening.desk.solve import round_request

        self.follow(k)
        season = self.source.season
        kept = kept_pairing(season, k) if keep else None
        return round_request(self._with_late(season), self.source.replay(k - 1), k, locks=tuple(sorted(self.locks)),
                             forbids=tuple(sorted(self.forbids)), alternatives=alternatives,
                             head=self.source.season_revision, keep=kept, reuse=self.reuse)

    def take(self, outcome: SolveOutcome) -> str:
        """Put a solve's proposals on the desk (best first); the line to tell the director."""
        k = outcome.request.round_number
        self.made_at = outcome.request.head
        if outcome.reuse is not None and k == self.round_number:
            self.reuse = outcome.reuse
        if outcome.error is not None:
            self.failure = (outcome.error, outcome.request.head)
            self.proposals.clear()
            return f"round {k} cannot be paired: {outcome.error}"
        self.failure = None
        maker = self._maker()
        self.proposals = maker.remarked([maker.from_solver(proposal, why, index) for index, (proposal, why)
                                         in enumerate(zip(outcome.proposals, outcome.explanations))])
        if not self.proposals:
            return "solving cancelled: nothing changed"
        return found_said(k, self.proposals, outcome)

    def solve(self, k: int | None = None, alternatives: int = 2, keep: bool = False) -> tuple[ProposalView, ...]:
        """Pair round k (default: tonight's) here and now, with the desk's locks and forbids: the best
        proposal first, then the alternatives; KeizerError when it cannot be paired. The Textual app runs
        the same steps with the solve in a worker thread. `keep`: as `prepare`."""
        from keizer.evening.desk.solve import solve_request

        k = current_round(self.source.season) if k is None else k
        message = self.take(solve_request(self.prepare(k, alternatives, keep), threading.Event()))
        if self.failed:
            raise KeizerError(message)
        return self.views()

    def mark(self, k: int, pid: PlayerId, entry: EntryKind | None) -> str:
        """A latecomer (None: present) or a player who calls off (their entry) in paired round k before its
        results: kept on the desk until a re-pairing (r, keeping the accepted boards) is accepted, which
        saves the attendance with the new pairing. Marking a player back as the saved pairing has them
        takes the change back."""
        self.follow(k)
        # the desk's round is paired without results once `marked` allows it: none of its marks lapse
        late, text = marked(self.source.season, k, pid, entry, self.late)
        self.steps.marked(self.late, self.source.season_revision)
        self._set_late(late)
        # Proposals on the desk were made for the attendance as it was: accepting one now would leave a
        # latecomer without a game (or a game for who called off). The re-pairing makes new ones.
        self.proposals.clear()
        return text

    def take_back_late(self) -> str | None:
        """ctrl+z right after a mark that waits for the re-pairing: the mark goes back (the desk as it was
        before it), not the store's last action — that is the accepted pairing the mark waits on. None when
        no mark waits, or something was saved since the newest (then ctrl+z undoes that)."""
        self.waiting()  # marks whose pairing is gone lapse, with their steps
        after, before = self.late, self.steps.take_back_mark(self.late, self.source.season_revision)
        if before is None:
            return None
        self._set_late(before)
        self.proposals.clear()
        return taken_back(self.source.season, self.round_number, after, self.late)

    def redo(self) -> str | None:
        """ctrl+y: the edit or mark ctrl+z took back last comes back, the desk as it left it (an edit does not
        re-solve; a mark waits for the re-pairing again). None when none was taken back, when the store's
        action taken back after it is to come back first, or something was saved since (then ctrl+y redoes
        the store's action)."""
        step = self.steps.undone.next(self.source.season_revision)
        if isinstance(step, DeskEdit):
            self.steps.edits.append(self._state(step.what))
            self._restore(step)
            return f"redone on the desk: {step.what}"
        if step is None:
            return None
        before = self.late
        self._set_late(self.steps.bring_back_mark(step, self.late, self.source.season_revision))
        self.proposals.clear()
        return brought_back(self.source.season, self.round_number, before, self.late)

    # -- the director's hand ---------------------------------------------------------------------------
    def toggle_lock(self, index: int, board: int) -> str:
        """Lock the pair of a board (every re-solve keeps it), or unlock it."""
        who, added = self._toggle(index, board, "lock", self.locks, self.forbids)
        return f"locked {who}: every re-solve keeps them together" if added else f"unlocked {who}"

    def toggle_forbid(self, index: int, board: int) -> str:
        """Forbid the pair of a board (no re-solve makes it), or allow it again."""
        who, added = self._toggle(index, board, "forbid", self.forbids, self.locks)
        if added:
            return f"forbade {who}: the next solve pairs them apart"
        return f"{who} may play each other again"

    def swap(self, index: int, a: PlayerId, b: PlayerId) -> str:
        """Swap two players of a proposal by hand; the checker says what that breaks. The hand-made
        pairing goes first on the desk (accepting it saves it like any other)."""
        if a == b:
            raise KeizerError("choose two different players to swap")
        view = self._proposal(index)
        games, bye = swapped(view.games, view.bye.id if view.bye is not None else None, a, b)
        report, problems = self._check(games, bye)
        self._remember(f"the swap of {self._names((a, b))}")
        if not self.proposals:  # a hand change of the saved pairing starts from the season as it is
            self.made_at = self.source.season_revision
        manual = self._maker().view("by hand", games, bye, report, problems, kind="manual")
        self.proposals = [manual] + [p for p in self.proposals if p.kind != "manual"]
        self._redraw_marks()
        return swap_text(self._names((a, b)), problems, report.real_cost)

    def undo_edit(self) -> str | None:
        """Take back the last lock, forbid or swap; None when there is none (then ctrl+z undoes the store)."""
        if not self.steps.edits:
            return None
        edit = self.steps.edits.pop()
        self.steps.undone.push(self._state(edit.what), self.source.season_revision)  # the desk as the edit left it
        self._restore(edit)
        return f"undone on the desk: {edit.what}"

    # -- what the desk commits -----------------------------------------------------------------------
    def accept(self, index: int) -> str:
        """Proposal `index` saved as the round's pairing: one action (undo takes it back), checked against
        the season the shell shows (`ChangedMeanwhile`, nothing saved); its label. The desk is cleared then:
        its proposals are handed over."""
        label = self.source.apply(self.accepting(index))
        self._clear()
        return label

    def clear_saved(self) -> str:
        """The saved pairing taken off the round (before play), its absences kept: one action; its label."""
        return self.source.apply(self.clearing())

    def accepting(self, index: int) -> Change:
        """Proposal `index` as the round's pairing, not saved yet: the change `accept` commits (refused
        with the reason when it cannot be: already paired like this, the season changed since)."""
        view = self._proposal(index)
        k = self.round_number
        assert k is not None
        if view.kind == "saved" and self.waiting():
            raise WayOut(f"round {k}'s attendance changed since its pairing was accepted", Way.REPAIR_KEEPING)
        late = self.waiting()
        if view.kind == "saved" or (not late and paired_like_this(self.source.season, k, view.games,
                                                                  view.bye.id if view.bye else None)):
            raise KeizerError(f"round {k} is already paired like this")
        if self.stale:
            raise WayOut("the season changed since this pairing was made", Way.RESOLVE)
        return accepted(self.source.season, self._with_late(self.source.season), k, view, late)

    # -- one solve, no desk (`keizer pair`) --------------------------------------------------------------
    def request_for(self, season: Season, k: int, **fields: Any) -> SolveRequest:
        """The request for round k of `season` (the season as it stands, or with a re-pairing's attendance
        changes) from the ranking after round k − 1: checked first (a round out of range is said before
        anything is replayed). `fields`: the request's own (locks, forbids, alternatives, keep, bye, fixed,
        solver, differ, explain); the desk's state is neither read nor changed."""
        from keizer.evening.desk.solve import round_request
        from keizer.pairing.instance import check_round

        check_round(season, k)
        return round_request(season, self.source.replay(k - 1), k, head=self.source.season_revision, **fields)

    def check(self, k: int, games: tuple[tuple[PlayerId, PlayerId], ...], bye: PlayerId | None) -> CheckedPairing:
        """A pairing made elsewhere as round k's, checked against the rules and priced from the ranking after
        round k − 1, beside the optimum (`keizer check-pairing`); the round checked first, as a solve's is."""
        from keizer.evening.desk.check import check_pairing
        from keizer.pairing.instance import check_round

        check_round(self.source.season, k)
        return check_pairing(self.source.season, self.source.replay(k - 1), k, games, bye)

    def save_proposal(self, k: int, best: Proposal, marked: Season | None = None, attendance: str = "") -> str:
        """The best proposal of one solve saved as round k's pairing (`keizer pair --save`): one action, a
        compare-and-set against the season the shell shows; its label. `marked`: the season with the
        attendance changes a re-pairing saves with it, `attendance` them in words. Refused when the round is
        paired like this already: saving it again would change nothing."""
        season = self.source.season
        games = tuple(best.pairs())
        if not attendance and paired_like_this(season, k, games, best.bye):
            raise KeizerError(f"round {k} is already paired like this: nothing saved")
        who = f"{attendance}; " if attendance else ""
        label = None if best.moved is None else f"re-pairing of round {k}: {who}{best.moved.words()}"
        return self.source.apply(saved_pairing(marked or season, k, games, best.bye,
                                               meta={"objective": best.saved_objective, "kind": "cli"}, label=label))

    def clearing(self) -> Change:
        """Taking the saved pairing off round k (before play), keeping its absences: to pair it again; the
        change `clear_saved` commits."""
        return clearing(self.source.season, self.round_number)

    # -- steps ----------------------------------------------------------------------------------------
    def _clear(self) -> None:
        self._set_late({})
        self.steps.clear()
        self.locks.clear()
        self.forbids.clear()
        self.proposals.clear()

    def _set_late(self, late: Marks) -> None:
        """The waiting marks are these now (`on_late` told of a change)."""
        changed = late != self.late
        self.late = late
        if changed and self.on_late is not None:
            self.on_late(self.round_number, dict(late))

    def _with_late(self, season: Season) -> Season:
        """The season with the desk's round as it is to be paired again: its attendance changes applied."""
        k = self.round_number
        if not self.waiting() or k is None:  # none, or the pairing was undone or played since: they lapse
            return season
        return with_marks(season, k, self.late)

    def _saved_round(self) -> Round | None:
        """The desk's round if it is paired (and saved) already."""
        return saved_round(self.source.season, self.round_number)

    def _toggle(self, index: int, board: int, what: str, into: set[Pair], opposite: set[Pair]) -> tuple[str, bool]:
        """Put the pair of a board in `into` (out of its opposite) or take it out again, as an edit the desk
        remembers ("the lock of …"); the pair's names, and True when it went in."""
        pair = self._pair_at(index, board)
        who = self._names(pair)
        self._remember(f"the {what} of {who}")
        added = pair not in into
        if added:
            opposite.discard(pair)
            into.add(pair)
        else:
            into.remove(pair)
        self._redraw_marks()
        return who, added

    def _remember(self, what: str) -> None:
        """A new edit: the desk before it goes on the undo stack; what was taken back is gone (as in an editor)."""
        self.steps.edits.append(self._state(what))
        self.steps.undone.forget()

    def _state(self, what: str) -> DeskEdit:
        return DeskEdit(what, frozenset(self.locks), frozenset(self.forbids), tuple(self.proposals), self.made_at)

    def _restore(self, edit: DeskEdit) -> None:
        self.locks, self.forbids = set(edit.locks), set(edit.forbids)
        self.proposals, self.made_at = list(edit.proposals), edit.made_at
        self._redraw_marks()

    def _proposal(self, index: int) -> ProposalView:
        views = self.views()
        if not 0 <= index < len(views):
            raise KeizerError("no proposal there")
        return views[index]

    def _pair_at(self, index: int, board: int) -> Pair:
        """The pair on a board of a proposal, in id order."""
        from keizer.pairing.history import pair_key

        view = self._proposal(index)
        if not 1 <= board <= len(view.boards):
            raise KeizerError(f"no board {board}")
        return pair_key(*view.boards[board - 1].pair)

    def _maker(self) -> ViewMaker:
        """The views of the desk's round with the desk's marks (ranks and values after the round before)."""
        from keizer.evening.championship.view import group_pairs
        from keizer.evening.desk.proposals import ViewMaker, player_refs

        k = self.round_number or 1
        season = self.source.season
        return ViewMaker(season, player_refs(season, self.source.replay(k - 1), k), frozenset(self.locks),
                         frozenset(self.forbids), group_pairs(season, k))

    def _redraw_marks(self) -> None:
        """Recompute the lock, forbid and differ marks of every proposal."""
        if self.proposals:
            self.proposals = self._maker().remarked(self.proposals)

    def _names(self, pair: Pair) -> str:
        return joined_names(self.source.season, pair)

    def _check(self, games: tuple[Pair, ...], bye: PlayerId | None) -> tuple[CheckReport, tuple[str, ...]]:
        """The independent checker on a hand-made pairing: its report and the rules it breaks
        (the director's locks and forbids are not rules: a swap may undo them on purpose)."""
        report = hand_report(self.prepare(self.round_number or 1, 0), games, bye)
        problems = self._maker().named(tuple(v.message for v in report.violations + report.relaxed))
        return report, problems
