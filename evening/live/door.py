"""The door: the kiosk the director switches on for tonight (a one-time code pairs one tablet), the members who
check in there, and the arrivals the Round screen shows. The director's own mark always wins."""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from keizer.seasons.absence import book_report, round_date
from keizer.seasons.errors import ChangedMeanwhile, KeizerError
from keizer.seasons.lookup import folded, word_tails
from keizer.seasons.model import EntryKind, Player, PlayerId
from keizer.seasons.roster import taking_part
from keizer.seasons.store.live_events import CheckedIn
from keizer.evening.attendance import Attendance
from keizer.evening.listing import listed_round
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.secret import random_digits, same
from keizer.evening.live.tonight import KIOSK, Tonight
from keizer.evening.mark_checks import final_group_now
from keizer.evening.session import EveningSession

CODE_DIGITS = 6
"""The kiosk's one-time code: six digits, shown to the director, typed once on the tablet."""

ATTEMPTS = 5
"""How often a check-in is computed again when another program wrote between its reading and its writing."""

FOUND_AT_MOST = 12
"""Names a search at the kiosk lists at most: big rows, a few letters narrow them."""


class Kiosk(enum.Enum):
    """The kiosk tonight."""

    OFF = "off"
    WAITING = "on: its code not typed on a tablet yet"
    PAIRED = "on: a tablet is paired"


class Arrived(enum.Enum):
    """What a check-in did, as the kiosk says it to the member (never why the director marked them)."""

    PRESENT = "checked in: plays tonight"
    """Present for the pairing (as they were, or their absence report set aside: they came after all)."""
    ALREADY = "was checked in already"
    ON_BOARD = "checked in: on tonight's pairing"
    LATE = "checked in after the pairing was made: the director pairs them if it can"
    SEE_DIRECTOR = "checked in: the director's mark stands, see the director"


@dataclass(frozen=True, slots=True)
class CheckIn:
    """A check-in at the door: who, for which round, and what it did."""

    player: Player
    round: int
    arrived: Arrived
    label: str | None
    """The action written (None: nothing was, `ALREADY`)."""


@dataclass(frozen=True, slots=True)
class Arrival:
    """A member who checked in, as the director sees it on the Round screen."""

    at: dt.datetime
    """When (local time)."""
    late: bool
    """After the pairing was saved, not on it: the director re-pairs if they play."""


class Door:
    """The kiosk at the entrance: the director's switch (`kiosk_code`, `kiosk_off`), the tablet it pairs
    (`pair_tablet`, `tablet`), the members who check in (`find`, `check_in`) and their arrivals (`arrivals`)."""

    def __init__(self, session: EveningSession, tonight: Tonight, attendance: Attendance) -> None:
        self.session = session
        self.tonight = tonight
        self.attendance = attendance

    # -- the director's switch ---------------------------------------------------------------------
    def kiosk_code(self) -> str:
        """Switch the kiosk on for tonight: a new one-time code that pairs one tablet (said to the director,
        kept only as its HMAC beside the log). The kiosk's wrong codes of tonight are forgiven with it."""
        tonight = self.tonight.open_round()
        self.tonight.writable()
        secret = self.tonight.secret()
        assert secret is not None  # a store that can be written has one, made now if need be
        code = random_digits(CODE_DIGITS)
        day = tonight.day.isoformat()
        store = self.session.store
        store.add_live_pass(tonight.number, day, secret.mac("kiosk-code", day, code), self._stamp())
        store.forgive_guesses(day, KIOSK)
        return code

    def kiosk_off(self) -> int:
        """Switch the kiosk off for tonight: every tablet paired tonight is refused from now on; how many
        passes were on."""
        self.tonight.writable()
        return self.session.store.end_live_passes(self.tonight.day().isoformat(), self._stamp())

    def kiosk(self) -> Kiosk:
        """Whether the kiosk is on tonight, and whether a tablet was paired with it."""
        tonight = self.tonight.round()
        on = [p for p in self.session.store.live_passes(tonight.day.isoformat())
              if p.ended is None and p.round == tonight.number] if tonight.closed is None else []
        return Kiosk.PAIRED if any(p.used for p in on) else Kiosk.WAITING if on else Kiosk.OFF

    # -- the tablet ------------------------------------------------------------------------------------
    def pair_tablet(self, code: str) -> str:
        """The tablet's token for tonight, for the one-time code the director was shown: the code works once.
        Refused when it is wrong (counted: `Tonight.check_guesses`), used, or not tonight's."""
        tonight = self.tonight.open_round()
        self.tonight.writable()
        self.tonight.check_guesses(KIOSK)
        secret = self.tonight.secret()
        assert secret is not None
        day = tonight.day.isoformat()
        digest = secret.mac("kiosk-code", day, code.strip())
        found = next((p for p in self.session.store.live_passes(day) if same(p.digest, digest)), None)
        if found is None:
            raise self.tonight.guessed_wrong(KIOSK)
        if found.ended is not None or found.round != tonight.number:
            raise Refused(Why.ENDED, KIOSK)
        if not self.session.store.use_live_pass(found.id, self._stamp()):
            raise Refused(Why.USED, KIOSK)
        return f"{found.id}.{day}.{secret.mac('tablet', found.id, day)}"

    def tablet(self, token: str | None) -> None:
        """Nothing when `token` is a tablet's of tonight whose kiosk is on; Refused saying why not."""
        if not token:
            raise Refused(Why.NO_TOKEN, KIOSK)
        tonight = self.tonight.open_round()
        secret = self.tonight.secret(make=False)
        pass_id, _, rest = token.partition(".")
        day, _, mac = rest.partition(".")
        if secret is None or not pass_id.isdigit() or not same(mac, secret.mac("tablet", int(pass_id), day)):
            raise Refused(Why.WRONG_CODE, KIOSK)
        found = next((p for p in self.session.store.live_passes(day) if p.id == int(pass_id)), None)
        if (day != tonight.day.isoformat() or found is None or found.ended is not None or found.used is None
                or found.round != tonight.number):
            raise Refused(Why.ENDED, KIOSK)

    # -- the members ---------------------------------------------------------------------------------
    def members(self) -> tuple[Player, ...]:
        """Everyone who may check in tonight (taking part in tonight's round), by name."""
        tonight = self.tonight.round()
        season = self.session.season
        return tuple(sorted((p for p in season.players if taking_part(season, p.id, tonight.number)
                             and p.joined <= tonight.number), key=lambda p: folded(p.name)))

    def find(self, text: str) -> tuple[Player, ...]:
        """The members whose name, or a word of it, starts with `text` (without case or accents), by name; at
        most FOUND_AT_MOST. An empty text finds nobody: a list of the whole club is no search."""
        wanted = folded(text)
        if not wanted:
            return ()
        return tuple(p for p in self.members() if any(t.startswith(wanted) for t in word_tails(p.name)))[
            :FOUND_AT_MOST]

    def check_in(self, pid: str, token: str | None, where: str = "at the door") -> CheckIn:
        """`pid` checked in for tonight's round from the tablet with `token`: recorded in the log (a record:
        `checked-in`), and where they reported an absence, present after all (with it, one action). Before the
        pairing is saved that is all; after it, a member not on the pairing is a latecomer the director
        re-pairs (nothing is re-paired from here). The director's own mark stands. Computed again when another
        program wrote meanwhile (ATTEMPTS)."""
        self.tonight.writable()
        self.tablet(token)
        for attempt in range(1, ATTEMPTS + 1):
            head = self.session.revision
            try:
                return self._check_in(pid, head, where)
            except ChangedMeanwhile:
                if attempt == ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    def _check_in(self, pid: str, head: int, where: str) -> CheckIn:
        tonight = self.tonight.open_round()
        season = self.session.season
        k = tonight.number
        if not season.has_player(PlayerId(pid)):
            raise Refused(Why.NOT_PLAYING, pid)
        player = season.player(PlayerId(pid))
        if not taking_part(season, player.id, k) or player.joined > k:
            raise Refused(Why.NOT_PLAYING, player.name)
        if player.id in self.arrivals(k):
            return CheckIn(player, k, Arrived.ALREADY, None)
        record = CheckedIn(round=k, player=player.id)
        label = f"round {k}: {player.name} checked in {where}"
        rnd = listed_round(season, k)
        if rnd.has_results and all(g.result.is_decided for g in rnd.games):
            raise Refused(Why.OVER)
        if rnd.is_paired:
            on_board = rnd.game_of(player.id) is not None or rnd.bye == player.id
            arrived = Arrived.ON_BOARD if on_board else Arrived.LATE
            if not on_board:
                label += " after the pairing was saved: not on it"
            self.session.commit(label, record, expect_head=head, exact=True)
            return CheckIn(player, k, arrived, label)
        entry = rnd.entry_of(player.id)
        if entry is None or player.id in final_group_now(season, k):
            self.session.commit(label, record, expect_head=head, exact=True)
            return CheckIn(player, k, Arrived.PRESENT, label)
        if self._reported_away(k, player.id, entry):
            change = self.attendance.marked(k, player.id, None, reported=True)
            self.session.commit(f"{label}: present after all ({change.label})", *change.events, record,
                                expect_head=head, exact=True)
            return CheckIn(player, k, Arrived.PRESENT, label)
        self.session.commit(f"{label} (the director's mark stands)", record, expect_head=head, exact=True)
        return CheckIn(player, k, Arrived.SEE_DIRECTOR, label)

    def _reported_away(self, k: int, pid: PlayerId, entry: EntryKind) -> bool:
        """The player's entry in round k is what their own absence report booked (not a mark of the director's
        that differs from it): coming after all sets it aside (docs/live.md)."""
        season = self.session.season
        report = listed_round(season, k).report_of(pid)
        if report is None or k > len(season.rounds):
            return False
        try:
            return book_report(report, self.session.ruleset, round_date(season, k)).entry is entry
        except KeizerError:  # a report whose time does not read: the director's to sort out
            return False

    def arrivals(self, k: int) -> dict[PlayerId, Arrival]:
        """Who checked in for round k, each at their first check-in, local time; `late` when the round was
        paired then and they are not on it (as it stands now)."""
        season = self.session.season
        rnd = listed_round(season, k) if k <= len(season.rounds) + 1 else None
        out: dict[PlayerId, Arrival] = {}
        for _, at, event in self.session.store.records_of(CheckedIn):
            if event.round != k or event.player in out:
                continue
            late = rnd is not None and rnd.is_paired and rnd.game_of(event.player) is None and rnd.bye != event.player
            out[event.player] = Arrival(dt.datetime.fromisoformat(at).astimezone(), late)
        return out

    def _stamp(self) -> str:
        return self.tonight.now().astimezone(dt.timezone.utc).isoformat(timespec="seconds")
