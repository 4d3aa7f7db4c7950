"""The pairing desk: a round's proposals, the director's locks, forbids and swaps, and accepting one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from seasons.errors import KeizerError
from seasons.model import EntryKind, PlayerId
from seasons.store.events import EntrySet, RoundAdded, RoundRemoved
from tui.evening.proposals import BoardView, Pair, PlayerRef, ProposalView, named_costs, pair_key
from tui.evening.solve import SolveOutcome, SolveRequest
from tui.format import with_names

if TYPE_CHECKING:
    from tui.director import Director


@dataclass
class PairingDesk:
    """The round being paired: proposals (best first), the director's locks and forbids, a manual pairing."""

    director: Director
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
    failed: str | None = None
    """Why the last solve found nothing."""
    edits: list[tuple[str, set[Pair], set[Pair], list[ProposalView], int]] = field(default_factory=list)
    """The director's edits on the desk (lock, forbid, swap), newest last, each with the desk as it was
    before: ctrl+z on the Pairing screen takes these back first (they are not store actions)."""

    # -- what the screen shows ---------------------------------------------------------------------
    def follow(self, k: int) -> None:
        """Work on round k; a different round starts with a clean desk."""
        if k != self.round_number:
            self.round_number = k
            self.locks.clear()
            self.forbids.clear()
            self.proposals.clear()
            self.edits.clear()
            self.failed = None

    def season_changed(self) -> None:
        """The season changed (a write, undo, redo): proposals stay visible but are flagged stale, and a
        failed solve may succeed now."""
        self.failed = None

    @property
    def stale(self) -> bool:
        return bool(self.proposals) and self.made_at != self.director.revision

    def views(self) -> tuple[ProposalView, ...]:
        if self.proposals:
            return tuple(self.proposals)
        saved = self.saved_view()
        return (saved,) if saved is not None else ()

    def saved_view(self) -> ProposalView | None:
        k = self.round_number
        if k is None or k > len(self.director.season.rounds):
            return None
        rnd = self.director.season.round(k)
        if not rnd.is_paired:
            return None
        bye = next((pid for pid, e in rnd.entries if e is EntryKind.BYE), None)
        return self._view("saved pairing", tuple(g.players() for g in rnd.games), bye, None, (), kind="saved")

    def title(self) -> str:
        k = self.round_number
        if k is None:
            return "Pairing"
        parts = [f"Round {k}"]
        if self.proposals:
            parts.append(f"{len(self.proposals)} proposal(s)")
            if self.stale:
                parts.append("! the season changed since: r re-solves")
        elif self.saved_view() is not None:
            parts.append("paired and saved (r re-pairs, c clears)")
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
        k = self.round_number
        if k is None or self.failed or self.pending_before():
            return False
        return not (k <= len(self.director.season.rounds) and self.director.season.round(k).is_paired)

    def pending_before(self) -> int:
        """Games of the round before without a result."""
        k = self.round_number
        season = self.director.season
        if k is None or not 2 <= k <= len(season.rounds) + 1:
            return 0
        return sum(1 for g in season.round(k - 1).games if not g.result.is_decided)

    # -- solving -------------------------------------------------------------------------------------
    def prepare(self, k: int, alternatives: int) -> SolveRequest:
        """A solve request for round k from the ranking after round k − 1 (on the UI thread)."""
        self.follow(k)
        director = self.director
        season = director.prospective(k)
        rep = director.replay(k - 1)
        ranking = rep.ranking_after(k - 1)
        values = tuple(rep.value_ladder()[: len(ranking)])
        present = sum(1 for row in director.attendance(k) if row.entry is None)
        return SolveRequest(round_number=k, season=season, ranking=ranking, values=values,
                            locks=tuple(sorted(self.locks)), forbids=tuple(sorted(self.forbids)),
                            alternatives=alternatives, head=director.revision, players=present)

    def take(self, outcome: SolveOutcome) -> str:
        """Put a solve's proposals on the desk (best first); the line to tell the director."""
        k = outcome.request.round_number
        self.made_at = outcome.request.head
        if outcome.error is not None:
            self.failed = outcome.error
            self.proposals.clear()
            return f"round {k} cannot be paired: {outcome.error}"
        self.failed = None
        self.proposals = []
        for index, (proposal, why) in enumerate(zip(outcome.proposals, outcome.explanations)):
            self.proposals.append(self._from_solver(proposal, why, index))
        if not self.proposals:
            return "solving cancelled: nothing changed"
        best = self.proposals[0]
        bye = f", bye {best.bye.name}" if best.bye is not None else ""
        found = f"round {k}: {len(best.games)} boards{bye}, best pairing costs {best.objective}"
        if outcome.partial:
            return found + "; looking for alternatives…"
        if outcome.cancelled:
            return found + "; stopped looking for alternatives"
        others = len(self.proposals) - 1
        return found + (f", {others} alternative(s) beside it" if others else "") + " — a accepts"

    def toggle_lock(self, index: int, board: int) -> str:
        """Lock the pair of a board (every re-solve keeps it), or unlock it."""
        pair = pair_key(*self._board(index, board).pair)
        self._remember(f"the lock of {self._names(pair)}")
        if self._toggle(pair, self.locks, self.forbids):
            return f"locked {self._names(pair)}: every re-solve keeps them together (r re-solves)"
        return f"unlocked {self._names(pair)}"

    def toggle_forbid(self, index: int, board: int) -> str:
        """Forbid the pair of a board (no re-solve makes it), or allow it again."""
        pair = pair_key(*self._board(index, board).pair)
        self._remember(f"the forbid of {self._names(pair)}")
        if self._toggle(pair, self.forbids, self.locks):
            return f"forbade {self._names(pair)}: the next solve pairs them apart (r re-solves)"
        return f"{self._names(pair)} may play each other again"

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
        cost, costs, problems = self._check(games, bye)
        self._remember(f"the swap of {self._names((a, b))}")
        if not self.proposals:  # a hand change of the saved pairing starts from the season as it is
            self.made_at = self.director.revision
        manual = self._view("by hand", games, bye, cost, costs, problems, kind="manual")
        self.proposals = [manual] + [p for p in self.proposals if p.kind != "manual"]
        self._redraw_marks()
        verdict = "breaks no rule" if not problems else "breaks: " + "; ".join(problems)
        return f"swapped {self._names((a, b))}: {verdict} (cost {cost}) — a accepts it"

    def _remember(self, what: str) -> None:
        self.edits.append((what, set(self.locks), set(self.forbids), list(self.proposals), self.made_at))

    def undo_edit(self) -> str | None:
        """Take back the last lock, forbid or swap; None when there is none (then ctrl+z undoes the store)."""
        if not self.edits:
            return None
        what, self.locks, self.forbids, self.proposals, self.made_at = self.edits.pop()
        self._redraw_marks()
        return f"undone on the desk: {what}"

    def accept(self, index: int) -> str:
        """Save proposal `index` as the round's pairing (one action; undo takes it back)."""
        view = self._proposal(index)
        k = self.round_number
        assert k is not None
        if view.kind == "saved":
            raise KeizerError(f"round {k} is already paired like this")
        if self.stale:
            raise KeizerError("the season changed since this pairing was made: re-solve (r) first")
        label = f"pairing of round {k} ({len(view.games)} boards, {view.title})"
        self.director.save_pairing(k, view.games, view.bye.id if view.bye else None,
                                   meta={"objective": view.objective, "kind": view.kind,
                                         "costs": dict(view.costs)}, label=label)
        self.proposals.clear()
        self.locks.clear()
        self.forbids.clear()
        self.edits.clear()
        return label

    def clear_saved(self) -> str:
        """Take the saved pairing off round k (before play), keeping its absences: to pair it again."""
        k = self.round_number
        season = self.director.season
        if k is None or k > len(season.rounds) or not season.round(k).is_paired:
            raise KeizerError(f"round {k} has no saved pairing to clear")
        rnd = season.round(k)
        if rnd.has_results:
            raise KeizerError(f"round {k} has results: its pairing stays")
        if k != len(season.rounds):
            raise KeizerError(f"round {k} is not the last round: only the last round's pairing can be cleared")
        keep = [EntrySet(round=k, player=pid, entry=e) for pid, e in rnd.entries if e is not EntryKind.BYE]
        label = f"clear the pairing of round {k}"
        self.director.commit(label, RoundRemoved(number=k), RoundAdded(number=k, date=rnd.date), *keep)
        return label + " (pair it again with r)"

    # -- helpers ---------------------------------------------------------------------------------------
    def _proposal(self, index: int) -> ProposalView:
        views = self.views()
        if not 0 <= index < len(views):
            raise KeizerError("no proposal there")
        return views[index]

    def _board(self, index: int, board: int) -> BoardView:
        view = self._proposal(index)
        if not 1 <= board <= len(view.boards):
            raise KeizerError(f"no board {board}")
        return view.boards[board - 1]

    def _refs(self) -> dict[PlayerId, PlayerRef]:
        k = self.round_number or 1
        rep = self.director.replay(k - 1)
        ladder = rep.value_ladder()
        season = self.director.season
        return {pid: PlayerRef(pid, season.player(pid).name, i + 1, ladder[i])
                for i, pid in enumerate(rep.ranking_after(k - 1))}

    def _view(self, title: str, games: tuple[Pair, ...], bye: PlayerId | None, objective: int | None,
              costs: tuple[tuple[str, int], ...], problems: tuple[str, ...] = (), kind: str = "solved",
              first: tuple[Pair, ...] | None = None,
              reasons: dict[tuple[str, str], tuple[str, ...]] | None = None) -> ProposalView:
        refs = self._refs()
        base = {pair_key(w, b) for w, b in first} if first is not None else None
        boards = tuple(BoardView(board=i, white=refs[w], black=refs[b], locked=pair_key(w, b) in self.locks,
                                 forbidden=pair_key(w, b) in self.forbids,
                                 differs=base is not None and pair_key(w, b) not in base)
                       for i, (w, b) in enumerate(games, start=1))
        return ProposalView(title=title, games=games, bye=refs[bye] if bye is not None else None, boards=boards,
                            objective=objective, costs=costs, problems=problems, kind=kind,
                            reasons=reasons or {})

    def _redraw_marks(self) -> None:
        """Recompute the lock, forbid and differ marks of every proposal."""
        if not self.proposals:
            return
        first = self.proposals[0].games
        self.proposals = [self._view(p.title, p.games, p.bye.id if p.bye else None, p.objective, p.costs,
                                     p.problems, p.kind, first if i else None, p.reasons)
                          for i, p in enumerate(self.proposals)]

    def _names(self, pair: Pair) -> str:
        season = self.director.season
        return " and ".join(season.player(pid).name for pid in pair)

    def _named(self, lines: tuple[str, ...]) -> tuple[str, ...]:
        return with_names(self.director.season, lines)

    def _from_solver(self, proposal: Any, why: Any, index: int) -> ProposalView:
        first = None if index == 0 else self.proposals[0].games
        title = "best" if index == 0 else f"alternative {index}"
        problems = self._named(tuple(f"gave way (no pairing keeps every rule): {r.message}"
                                     for r in proposal.relaxations))
        reasons = {(b.white, b.black): self._named(b.lines) for b in why.boards}
        if why.bye is not None:
            reasons[("bye", why.bye.player)] = self._named(why.bye.lines)
        return self._view(title, proposal.pairs(), proposal.bye, proposal.real_cost, named_costs(proposal.criteria),
                          problems=problems, kind="solved" if index == 0 else "alternative", first=first,
                          reasons=reasons)

    def _check(self, games: tuple[Pair, ...], bye: PlayerId | None) -> tuple[int, tuple[tuple[str, int], ...],
                                                                                tuple[str, ...]]:
        """The independent checker on a hand-made pairing: its real cost, costs and the rules it breaks
        (the director's locks and forbids are not rules: a swap may undo them on purpose)."""
        from pairing import build_instance, check_pairing

        req = self.prepare(self.round_number or 1, 0)
        inst = build_instance(req.season, req.round_number, req.ranking, req.values)
        report = check_pairing(inst, games, bye)
        problems = self._named(tuple(v.message for v in report.violations + report.relaxed))
        return report.real_cost, named_costs(report.criteria), problems
