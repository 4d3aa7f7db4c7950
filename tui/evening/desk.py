"""The pairing desk: a round's proposals, the director's locks, forbids and swaps, and accepting one."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from seasons.errors import KeizerError
from seasons.model import EntryKind, PlayerId, Round, Season
from seasons.numbers import counted
from seasons.rounds import complete_text, current_round, past_the_season, pending_before
from seasons.roster import suspended
from seasons.store.events import EntrySet, RoundAdded, RoundRemoved, SuspensionSet
from tui.evening.attendance import PLAN_MORE, attendance_rows, entry_text, suspension_with
from tui.evening.listing import listed_round, prospective, saved_pairing
from tui.evening.group import group_pairs
from tui.evening.proposals import ProposalView, ViewMaker, player_refs
from tui.evening.repair import kept_pairing, with_attendance
from tui.evening.session import Change
from tui.evening.solve import SolveOutcome, SolveRequest, solve_request
from tui.format import short

if TYPE_CHECKING:
    from pairing import CheckReport
    from pairing.history import Pair
    from pairing.reuse import Reusable
    from scoring import Replay

Edit = tuple[str, set["Pair"], set["Pair"], list[ProposalView], int]
"""An edit on the desk and the desk before it: (what, locks, forbids, proposals, made_at)."""

BYE_NAME = 20
"""The most of the bye's name the line saying what the solve found gives."""


class DeskSource(Protocol):
    """What the desk reads (an `EveningSession` is one): the season, its revision and its replays."""

    @property
    def season(self) -> Season: ...

    @property
    def revision(self) -> int: ...

    def replay(self, upto: int) -> Replay: ...


@dataclass
class PairingDesk:
    """The round being paired: proposals (best first), the director's locks and forbids, a manual pairing.
    It writes nothing: accepting or clearing returns the `Change` for the caller to commit."""

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
    edits: list[Edit] = field(default_factory=list)
    """The director's edits on the desk (lock, forbid, swap), newest last, each with the desk as it was
    before: ctrl+z on the Pairing screen takes these back first (they are not store actions)."""
    late: dict[PlayerId, EntryKind | None] = field(default_factory=dict)
    """Attendance changed in the desk's paired round before its results — a latecomer (None: present) or a
    player who calls off (their entry) — waiting for the re-pairing that saves it with the new pairing
    (a player of a paired round has a game or an entry, never both: the two are one action)."""
    late_steps: list[dict[PlayerId, EntryKind | None]] = field(default_factory=list)
    """`late` as it was before each of the director's marks, newest last: ctrl+z takes the newest mark back
    while nothing was saved since (`take_back_late`), not the accepted pairing the marks wait on."""
    late_at: int = 0
    """The store head when the newest mark was made."""
    late_undone: list[dict[PlayerId, EntryKind | None]] = field(default_factory=list)
    """`late` as each mark taken back left it, newest last: ctrl+y brings the newest back
    (`bring_back_late`) while nothing was saved since; a new mark forgets them, as a new action does redo."""
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
        if self.failure is None or self.failure[1] != self.source.revision:
            return None
        return self.failure[0]

    @property
    def stale(self) -> bool:
        return bool(self.proposals) and self.made_at != self.source.revision

    def waiting(self) -> dict[PlayerId, EntryKind | None]:
        """The attendance changes waiting for the re-pairing of the desk's round (`late`). They lapse when
        the saved pairing they wait on is gone (undone, cleared) or played (it has results)."""
        if self.late:
            rnd = self._saved_round()
            if rnd is None or rnd.has_results:
                self.late.clear()
                self.late_steps.clear()
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

    def title(self) -> str:
        k = self.round_number
        if k is None:
            return "Pairing"
        parts = [f"Round {k}"]
        if self.proposals:
            parts.append(counted(len(self.proposals), "proposal"))
            if self.stale:
                parts.append("! the season changed since: r re-solves")
        elif self.waiting():
            parts.append(f"{counted(len(self.late), 'attendance change')} since the pairing was accepted: r re-pairs "
                         f"keeping the accepted boards")
        elif self.saved_view() is not None:
            parts.append("paired and saved (r re-pairs, c clears)")
        elif (planned := self.past_the_season()) is not None:
            parts.append(f"{complete_text(planned)} ({PLAN_MORE})")
        elif self.failed:
            parts.append(f"✗ {self.failed}")
        elif self.pending_before():
            parts.append(f"! round {k - 1} has {self.pending_before()} games without a result: enter them "
                         f"on F4, or press r to pair anyway")
        if self.locks:
            parts.append(f"{len(self.locks)} locked")
        if self.forbids:
            parts.append(f"{len(self.forbids)} forbidden")
        return " — ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")

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
        self.follow(k)
        season = self.source.season
        kept = kept_pairing(season, k) if keep else None
        season = self._with_late(season)
        played = self.source.replay(k - 1)
        ranking, values = played.entry_ranking(k)
        present = sum(1 for row in attendance_rows(season, listed_round(season, k), ranking) if row.entry is None)
        return SolveRequest(round_number=k, season=prospective(season, k), ranking=ranking,
                            values=values,
                            locks=tuple(sorted(self.locks)), forbids=tuple(sorted(self.forbids)),
                            alternatives=alternatives, head=self.source.revision, players=present,
                            slots=played.slots, keep=kept, reuse=self.reuse)

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
        return self._found_text(k, outcome)

    def solve(self, k: int | None = None, alternatives: int = 2, keep: bool = False) -> tuple[ProposalView, ...]:
        """Pair round k (default: tonight's) here and now, with the desk's locks and forbids: the best
        proposal first, then the alternatives; KeizerError when it cannot be paired. The Textual app runs
        the same steps with the solve in a worker thread. `keep`: as `prepare`."""
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
        season = self.source.season
        kept_pairing(season, k)  # paired, without results: or why not
        rnd = season.round(k)
        if entry is EntryKind.BYE:
            raise KeizerError("the bye is the pairing's to give: re-pair, or lock a volunteer's bye")
        name = season.player(pid).name
        saved = None if rnd.game_of(pid) is not None or rnd.entry_of(pid) is EntryKind.BYE else rnd.entry_of(pid)
        before = dict(self.waiting())
        if saved == entry:
            if pid not in self.late:
                raise KeizerError(f"{name} is already {entry_text(entry)} in round {k}")
            del self.late[pid]
            text = f"round {k}: {name} {entry_text(entry)} again, as the saved pairing has them"
        else:
            if self.late.get(pid, "none") == entry:
                raise KeizerError(f"{name} is already {entry_text(entry)} in round {k} (waiting for the re-pairing)")
            self.late[pid] = entry
            text = f"round {k}: {name} {entry_text(entry)} — re-pair on F3 (r) keeps the accepted boards"
        self.late_steps.append(before)
        self.late_undone.clear()
        self.late_at = self.source.revision
        # Proposals on the desk were made for the attendance as it was: accepting one now would leave a
        # latecomer without a game (or a game for who called off). The re-pairing makes new ones.
        self.proposals.clear()
        self.edits.clear()
        return text

    def take_back_late(self) -> str | None:
        """ctrl+z right after a mark that waits for the re-pairing: the mark goes back (the desk as it was
        before it), not the store's last action — that is the accepted pairing the mark waits on. None when
        no mark waits, or something was saved since the newest (then ctrl+z undoes that)."""
        self.waiting()  # marks whose pairing is gone lapse, with their steps
        if not self.late_steps or self.late_at != self.source.revision:
            return None
        after = dict(self.late)
        self.late = self.late_steps.pop()
        self.late_undone.append(after)
        self.proposals.clear()
        self.edits.clear()
        return f"taken back: the mark of {self._marked_between(after)} in round {self.round_number} (it waited for " \
               f"the re-pairing)"

    def bring_back_late(self) -> str | None:
        """ctrl+y right after `take_back_late`: the mark comes back, waiting for the re-pairing again. None
        when no mark was taken back, or something was saved since (then ctrl+y redoes the store's action)."""
        if not self.late_undone or self.late_at != self.source.revision:
            return None
        before = dict(self.late)
        self.late = self.late_undone.pop()
        self.late_steps.append(before)
        self.proposals.clear()
        self.edits.clear()
        return f"brought back: the mark of {self._marked_between(before)} in round {self.round_number} (it waits " \
               f"for the re-pairing)"

    def _marked_between(self, other: dict[PlayerId, EntryKind | None]) -> str:
        """The names of the players whose waiting mark differs between `other` and `late`."""
        changed = sorted(p for p in set(other) | set(self.late) if other.get(p, "none") != self.late.get(p, "none"))
        return " and ".join(self.source.season.player(pid).name for pid in changed)

    # -- the director's hand ---------------------------------------------------------------------------
    def toggle_lock(self, index: int, board: int) -> str:
        """Lock the pair of a board (every re-solve keeps it), or unlock it."""
        pair = self._pair_at(index, board)
        self._remember(f"the lock of {self._names(pair)}")
        if self._toggle(pair, self.locks, self.forbids):
            return f"locked {self._names(pair)}: every re-solve keeps them together (r re-solves)"
        return f"unlocked {self._names(pair)}"

    def toggle_forbid(self, index: int, board: int) -> str:
        """Forbid the pair of a board (no re-solve makes it), or allow it again."""
        pair = self._pair_at(index, board)
        self._remember(f"the forbid of {self._names(pair)}")
        if self._toggle(pair, self.forbids, self.locks):
            return f"forbade {self._names(pair)}: the next solve pairs them apart (r re-solves)"
        return f"{self._names(pair)} may play each other again"

    def swap(self, index: int, a: PlayerId, b: PlayerId) -> str:
        """Swap two players of a proposal by hand; the checker says what that breaks. The hand-made
        pairing goes first on the desk (accepting it saves it like any other)."""
        if a == b:
            raise KeizerError("choose two different players to swap")
        view = self._proposal(index)

        def swapped(pid: PlayerId) -> PlayerId:
            return b if pid == a else a if pid == b else pid

        games = tuple((swapped(w), swapped(bl)) for w, bl in view.games)
        bye = swapped(view.bye.id) if view.bye is not None else None
        report, problems = self._check(games, bye)
        self._remember(f"the swap of {self._names((a, b))}")
        if not self.proposals:  # a hand change of the saved pairing starts from the season as it is
            self.made_at = self.source.revision
        manual = self._maker().view("by hand", games, bye, report, problems, kind="manual")
        self.proposals = [manual] + [p for p in self.proposals if p.kind != "manual"]
        self._redraw_marks()
        verdict = "breaks no rule" if not problems else "breaks: " + "; ".join(problems)
        return f"swapped {self._names((a, b))}: {verdict} (cost {report.real_cost}) — a accepts it"

    def undo_edit(self) -> str | None:
        """Take back the last lock, forbid or swap; None when there is none (then ctrl+z undoes the store)."""
        if not self.edits:
            return None
        what, self.locks, self.forbids, self.proposals, self.made_at = self.edits.pop()
        self._redraw_marks()
        return f"undone on the desk: {what}"

    # -- what the caller commits ---------------------------------------------------------------------
    def accept(self, index: int) -> Change:
        """Proposal `index` as the round's pairing: the change to commit (one action; undo takes it back).
        The desk is cleared: its proposals are handed over."""
        view = self._proposal(index)
        k = self.round_number
        assert k is not None
        if view.kind == "saved" and self.waiting():
            raise KeizerError(f"round {k}'s attendance changed since its pairing was accepted: r re-pairs it "
                              f"keeping the accepted boards, then a accepts that")
        if view.kind == "saved":
            raise KeizerError(f"round {k} is already paired like this")
        if self.stale:
            raise KeizerError("the season changed since this pairing was made: re-solve (r) first")
        # The attendance saved with it is named first: the log (and an undo's message) says who came or went,
        # and the status line, cut at 80 columns, shows it before the boards that moved.
        moved = "".join(f"; {self.source.season.player(pid).name} {entry_text(entry)}"
                        for pid, entry in sorted(self.waiting().items()))
        moved += f"; {view.moved}" if view.moved else ""
        change = saved_pairing(self._with_late(self.source.season), k, view.games,
                               view.bye.id if view.bye else None,
                               meta={"objective": view.objective, "kind": view.kind, "costs": dict(view.costs)},
                               label=f"pairing of round {k} ({len(view.games)} boards, {view.title}{moved})")
        change = Change(change.label, change.events + self._late_suspensions(k))
        self._clear()
        return change

    def clear_saved(self) -> Change:
        """Taking the saved pairing off round k (before play), keeping its absences: to pair it again."""
        k = self.round_number
        season = self.source.season
        rnd = self._saved_round()
        if k is None or rnd is None:
            raise KeizerError(f"round {k} has no saved pairing to clear")
        if rnd.has_results:
            raise KeizerError(f"round {k} has results: its pairing stays")
        if k != len(season.rounds):
            raise KeizerError(f"round {k} is not the last round: only the last round's pairing can be cleared")
        keep = tuple(EntrySet(round=k, player=pid, entry=e) for pid, e in rnd.entries if e is not EntryKind.BYE)
        return Change(f"clear the pairing of round {k}", (RoundRemoved(number=k), RoundAdded(number=k, date=rnd.date))
                      + keep)

    # -- steps ----------------------------------------------------------------------------------------
    def _clear(self) -> None:
        self.late.clear()
        self.late_steps.clear()
        self.late_undone.clear()
        self.locks.clear()
        self.forbids.clear()
        self.proposals.clear()
        self.edits.clear()

    def _late_suspensions(self, k: int) -> tuple[SuspensionSet, ...]:
        """D art. 12 with the changes saved now, where the ruleset has it and k is tonight's round: an
        unexcused mark suspends, another mark readmits a suspended player (as `Attendance.set` does)."""
        from seasons.ruleset import parse_ruleset

        season = self.source.season
        if not self.late or k != current_round(season) or not parse_ruleset(season.ruleset_spec).suspension:
            return ()
        away = suspended(season, k)
        return tuple(event for pid, entry in sorted(self.late.items())
                     for event in suspension_with(pid in away, pid, entry)[0])

    def _with_late(self, season: Season) -> Season:
        """The season with the desk's round as it is to be paired again: its attendance changes applied."""
        k = self.round_number
        if not self.waiting() or k is None:  # none, or the pairing was undone or played since: they lapse
            return season
        return with_attendance(season, k, [p for p, e in sorted(self.late.items()) if e is None],
                               [(p, e) for p, e in sorted(self.late.items()) if e is not None])

    def _saved_round(self) -> Round | None:
        """The desk's round if it is paired (and saved) already."""
        k = self.round_number
        season = self.source.season
        if k is None or k > len(season.rounds) or not season.round(k).is_paired:
            return None
        return season.round(k)

    def _found_text(self, k: int, outcome: SolveOutcome) -> str:
        best = self.proposals[0]
        # short: at 80 columns the status line holds ~35 characters on each of its three lines; a long
        # name pushed "a accepts" out of it (the bye's row and w say the name whole)
        bye = f", bye {short(best.bye.name, BYE_NAME)}" if best.bye is not None else ""
        found = f"round {k}: {len(best.games)} boards{bye}, best costs {best.objective}"
        if outcome.partial:
            return found + "; looking for alternatives…"
        if outcome.cancelled:
            return found + "; stopped looking for alternatives"
        others = len(self.proposals) - 1
        return found + (f", {others} alternative{'s' if others > 1 else ''}" if others else "") + " — a accepts"

    def _toggle(self, pair: Pair, into: set[Pair], opposite: set[Pair]) -> bool:
        """Put the pair in `into` (out of its opposite) or take it out again; True when it went in."""
        added = pair not in into
        if added:
            opposite.discard(pair)
            into.add(pair)
        else:
            into.remove(pair)
        self._redraw_marks()
        return added

    def _remember(self, what: str) -> None:
        self.edits.append((what, set(self.locks), set(self.forbids), list(self.proposals), self.made_at))

    def _proposal(self, index: int) -> ProposalView:
        views = self.views()
        if not 0 <= index < len(views):
            raise KeizerError("no proposal there")
        return views[index]

    def _pair_at(self, index: int, board: int) -> Pair:
        """The pair on a board of a proposal, in id order."""
        from pairing.history import pair_key

        view = self._proposal(index)
        if not 1 <= board <= len(view.boards):
            raise KeizerError(f"no board {board}")
        return pair_key(*view.boards[board - 1].pair)

    def _maker(self) -> ViewMaker:
        """The views of the desk's round with the desk's marks (ranks and values after the round before)."""
        k = self.round_number or 1
        season = self.source.season
        return ViewMaker(season, player_refs(season, self.source.replay(k - 1), k), frozenset(self.locks),
                         frozenset(self.forbids), group_pairs(season, k))

    def _redraw_marks(self) -> None:
        """Recompute the lock, forbid and differ marks of every proposal."""
        if self.proposals:
            self.proposals = self._maker().remarked(self.proposals)

    def _names(self, pair: Pair) -> str:
        season = self.source.season
        return " and ".join(season.player(pid).name for pid in pair)

    def _check(self, games: tuple[Pair, ...], bye: PlayerId | None) -> tuple[CheckReport, tuple[str, ...]]:
        """The independent checker on a hand-made pairing: its report and the rules it breaks
        (the director's locks and forbids are not rules: a swap may undo them on purpose)."""
        from pairing import build_instance, check_pairing
        from pairing.reuse import reused_history

        req = self.prepare(self.round_number or 1, 0)
        inst = build_instance(req.season, req.round_number, req.ranking, req.values, slots=req.slots,
                              history=reused_history(req.reuse, req.season, req.round_number))
        report = check_pairing(inst, games, bye)
        problems = self._maker().named(tuple(v.message for v in report.violations + report.relaxed))
        return report, problems
