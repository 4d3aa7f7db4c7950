"""The ruleset: every scoring and pairing setting of a Keizer competition, as exact values."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from keizer.seasons.errors import KeizerError

EXTERNAL_FACTOR_KEYS = ("external_win", "external_draw", "external_loss", "external_pending")
"""The factors of a team match: won, drawn, lost, or its result still to come."""
ENTRY_FACTOR_KEYS = EXTERNAL_FACTOR_KEYS + ("bye", "excused", "unexcused", "duty", "late")
"""Factors applied to the player's own value."""
GAME_FACTOR_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss")
"""Factors applied to the opponent's value."""
FACTOR_KEYS = GAME_FACTOR_KEYS + ENTRY_FACTOR_KEYS
TIEBREAK_KEYS = ("previous_rank", "start_rank", "rating", "name")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""Weekday names as the season file and the ruleset write them; the index is `date.weekday()`."""
PARTICIPATION_COUNTS = ("game", "bye", "duty", "external")
"""What may count as taking part (docs/rules.md §5): a game at the board (pending too; a forfeit win, not
a forfeit loss), a bye, club duty, a team match. The default is all four: K's "Opk"."""


@dataclass(frozen=True, slots=True)
class ValueLadder:
    """How a rank becomes a value (docs/rules.md §1; docs/format.md `value`)."""

    ladder: Literal["linear", "ratio", "range"] = "linear"
    top: int | None = None
    """Fixed top value (linear); None means N + top_offset."""
    top_offset: int = 0
    """With top None: top = N + top_offset (`"N"`, `"N+3"`)."""
    step: Fraction = Fraction(1)
    min: Fraction = Fraction(1)
    ratio: Fraction = Fraction(3)
    ratio_rounding: Literal["half-even", "down"] = "half-even"
    bottom: Fraction = Fraction(100)
    """Range ladder: the value of #N."""
    range_top: Fraction = Fraction(200)
    decimals: int | None = None
    """Range ladder: round each value half to even to this many decimals (None: exact)."""


@dataclass(frozen=True, slots=True)
class AbsenceLimit:
    """From the (count+1)-th entry of these kinds in a season on, such an entry scores 0."""

    count: int
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Aalsmeer:
    """Starting bonus m × v0 written off in `rounds` equal steps (K, "Systeem Aalsmeer"; docs/rules.md §4)."""

    multiplier: Fraction
    rounds: int
    joiners: Literal["none", "entered"] = "none"
    """A player who joins after round 1 (K is silent, docs/rules.md §4, §14): "none", no bonus (it is for "alle
    spelers op de beginranglijst"); "entered", m × the value of the place they entered at, written off with
    everyone's from the round they join (nothing once the n rounds are past)."""


@dataclass(frozen=True, slots=True)
class WithdrawalRule:
    """D art. 22: withdrawing before `removal_before_round` removes the player from every ranking."""

    removal_before_round: int | None
    """Withdrawals whose before_round is at most this are removals; None: never remove."""
    win: Fraction
    draw: Fraction
    loss: Fraction
    """Factors of the opponent's own value for a game against a removed player."""


@dataclass(frozen=True, slots=True)
class AbsenceDeadline:
    """D art. 16, K "Afmelden": an absence reported by this weekday and time before the evening is excused."""

    weekday: int
    """0 = Monday … 6 = Sunday: the evening's day or the last such day before it."""
    time: dt.time
    """Local time on that day; a report at this minute is still in time ("uiterlijk")."""
    late: Literal["unexcused", "excused"] = "unexcused"
    """How a report after the deadline is booked, unless ruled force majeure: "unexcused" (D art. 16 says so;
    K gives 0 only "zonder afbericht" and is silent, docs/rules.md §14) or "excused"."""


@dataclass(frozen=True, slots=True)
class Opening:
    """D art. 7: a different target rank distance in the opening rounds."""

    rounds: tuple[int, ...]
    distance: int


@dataclass(frozen=True, slots=True)
class ByePolicy:
    policy: Literal["lowest", "anchor", "lottery"] = "lowest"
    rank: int = 25
    """The anchor rank of policy `anchor` (D art. 10)."""


@dataclass(frozen=True, slots=True)
class ColourLimits:
    max_run: int = 2
    """Most games in a row with one colour where the pairing allows (a third is avoided)."""
    max_balance: int = 2
    """Largest |whites − blacks| where the pairing allows."""


@dataclass(frozen=True, slots=True)
class PairingRules:
    """How a round is paired (docs/rules.md §7; docs/format.md `pairing`)."""

    max_meetings: int = 2
    rematch_from_round: int | None = None
    rematch_gap: int | None = 10
    rematch_reverse_colours: bool = True
    bottom_region: int = 0
    opening: Opening | None = None
    bye: ByePolicy = ByePolicy()
    colour: ColourLimits = ColourLimits()
    seed: int = 0


@dataclass(frozen=True, slots=True)
class ClassRules:
    """D art. 5's shadow classes (docs/rules.md §9; docs/format.md `classes`)."""

    names: tuple[str, ...]
    """The classes, the strongest first (D: A, B, C, D)."""
    read_after: tuple[int | Literal["final"], ...]
    """The rounds after which the class tables are read and the moves made (D: 20 and the final round)."""
    moves: int
    """How many move up and down between two neighbouring classes at each reading (D: 1)."""
    balance: bool
    """Propose extra moves that keep the classes about equal in size (D: "versterkte promotie")."""

    def reading_rounds(self, final_round: int | None) -> tuple[int, ...]:
        """The reading rounds as numbers, ascending ("final" is `final_round`; left out when unknown)."""
        rounds = {final_round if r == "final" else r for r in self.read_after}
        return tuple(sorted(r for r in rounds if r is not None))


@dataclass(frozen=True, slots=True)
class CupRules:
    """K's group cups (docs/rules.md §9; docs/format.md `cups`)."""

    top: int
    """How many of each group win a cup (K: the first two)."""
    participation: bool
    """The prize list applies the ruleset's `participation` rule (K's 33%)."""


LENGTH_MISSING = ("the season does not say how many rounds it has (rounds_planned) and its ruleset gives no "
                  "rounds_planned, but {what}: give the season its length")
"""The refusal where the season's length is needed and nothing gives it (docs/rules.md §3, §11)."""

GAMES_PER_PAIR = 2
"""The championship group is a double round robin: every pair of members plays twice, once with each colour
(D art. 4)."""


@dataclass(frozen=True, slots=True)
class ChampionshipRule:
    """The championship group (D art. 2–4, K "finalegroep"; docs/rules.md §8; docs/format.md `championship`)."""

    after_round: int = 20
    """The group forms from the Keizer ranking after this round."""
    size: int = 6
    """How many players the group has."""
    mode: Literal["inside", "separate"] = "inside"
    """"inside": the group plays inside the Keizer and its games count for both (D art. 3); "separate": the
    members leave the Keizer for a double round robin of their own, all games new (K)."""
    last_round: int | None = None
    """The last round a group game may be scheduled in; None: the season's `rounds_planned` ("inside") or
    after_round + 2 × (size − 1), one game a round for everyone ("separate")."""
    withdrawn_member: Literal["half", "annul", "forfeit"] = "half"
    """A member who withdraws after the group formed (both texts are silent, docs/rules.md §8, §14): "half",
    FIDE's round-robin rule (fewer than half their games played: none count; at least half: the results
    stand, the rest are forfeits); "annul", none of their games count; "forfeit", their results stand and
    every game they do not play is the opponent's."""
    ties: Literal["decision", "shared"] = "decision"
    """Members tied on top after every group game: "decision", D art. 2's decision games (two tied: two games;
    more: a double round robin), still tied sharing the title; "shared", the title shared at once (K is
    silent, docs/rules.md §8, §14)."""

    @property
    def needs_length(self) -> bool:
        """Whether the schedule runs to the season's final round: an "inside" group without `last_round`."""
        return self.mode == "inside" and self.last_round is None

    def schedule_end(self, final_round: int | None) -> int:
        """The last round of the group's schedule; `final_round` is the season's length
        (`Ruleset.final_round`). An "inside" group that runs to it is refused without one (docs/rules.md §3):
        no other round stands in for it."""
        if self.last_round is not None:
            return self.last_round
        if self.mode == "separate":
            return self.after_round + 2 * (self.size - 1)
        if final_round is None:
            raise KeizerError(LENGTH_MISSING.format(what="the championship group plays up to the final round "
                                                         "(ruleset championship.last_round null)"))
        return final_round


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every setting of one competition; built only by `seasons.ruleset.parse`."""

    preset: str
    value: ValueLadder
    factors: tuple[tuple[str, Fraction], ...]
    """(key, factor) for every key of FACTOR_KEYS, in that order."""
    fixed_points: tuple[tuple[str, Fraction], ...]
    self_value: Literal["current", "initial"] | None
    absence_limit: AbsenceLimit | None
    valuation: Literal["current", "frozen"]
    iterate: Literal["never", "always"] | tuple[int | Literal["final"], ...]
    aalsmeer: Aalsmeer | None
    withdrawal: WithdrawalRule
    rounding: Fraction | None
    """Grid every single contribution is rounded to (halves away from zero); None: exact."""
    participation: Fraction | None
    """K's 33% rule: the share of the rounds held a player must take part in (None: no rule)."""
    participation_counts: tuple[str, ...]
    """What counts as taking part, from PARTICIPATION_COUNTS in that order: the rule's count and the
    standings' `attended` column (K's "Opk")."""
    tiebreak: tuple[str, ...]
    pairing: PairingRules
    forfeit: Literal["factors", "bye"]
    """How a forfeit (`+-`, `-+`) scores, however it was entered: "factors", `forfeit_win` / `forfeit_loss`
    × the opponent's value; "bye", as a no-show (D art. 11: the player who came a bye, the absentee
    unexcused). It also decides what the forfeit keys record on a club evening."""
    columns: Literal["d", "k"]
    """The standings columns the club publishes: club D's ("d") or club K's ("k")."""
    suspension: bool
    absence_deadline: AbsenceDeadline | None
    """The deadline for absence reports (None: none; the director books each report)."""
    """D art. 12: an absence without notice (marked tonight, or a no-show) suspends the player until they
    report back. Off (K, classic): nobody is suspended by it; the director may still suspend by hand."""
    classes: ClassRules | None = None
    """D art. 5's shadow classes and their moves (None: the club has none)."""
    cups: CupRules | None = None
    """K's group cups (None: the club has none)."""
    championship: ChampionshipRule | None = None
    """The championship group (None: none, keizer-classic)."""
    rounds_planned: int | None = None
    """The season's length where the season file gives none (D: 36, art. 3 "omvat 36 ronden"); None: none."""
    language: Literal["nl", "en"] = "nl"
    """The language the club reads its standings in: what `keizer standings`, the notice and the site say
    without `--lang` (docs/publishing.md, "Languages"); the clubs' own Dutch in every preset."""
    regulations: Literal["D", "K"] | None = None
    """Whose regulations the club follows (seasons/ruleset/texts.py): their articles are cited and where they
    are silent the choice is said ("by the club's choice"); None: none, everything is the club's choice."""

    def final_round(self, rounds_planned: int | None) -> int | None:
        """The season's last round: the season's own `rounds_planned`, else the ruleset's (None: unknown)."""
        return self.rounds_planned if rounds_planned is None else rounds_planned

    def length_needed_by(self) -> tuple[str, ...]:
        """What of this ruleset names the season's final round, in words (empty: nothing needs the length):
        the recalculation after it, a class reading after it, a championship group playing up to it."""
        needs = []
        if not isinstance(self.iterate, str) and "final" in self.iterate:
            needs.append('iterate names the "final" round')
        if self.classes is not None and "final" in self.classes.read_after:
            needs.append('classes.read_after names the "final" round')
        if self.championship is not None and self.championship.needs_length:
            needs.append("the championship group plays up to the final round")
        return tuple(needs)
    reported_results: Literal["director", "agreed"] = "director"
    """A result reported from the board (`keizer serve --results`, docs/live.md): "director", the director
    takes each; "agreed", the second report that says the same as the first enters it."""

    def factor(self, key: str) -> Fraction:
        for k, f in self.factors:
            if k == key:
                return f
        raise KeyError(key)

    def fixed(self, key: str) -> Fraction | None:
        for k, p in self.fixed_points:
            if k == key:
                return p
        return None

    @property
    def team_result_scores(self) -> bool:
        """Whether a team match's result changes what it scores: its factors (or fixed points) for won, drawn,
        lost and still to come differ, or the absence limit counts some of them. Not under D (2/3 whatever
        the result, art. 18): there a result still to come leaves no table provisional and is owed by
        nobody (docs/rules.md §13)."""
        prices = {(self.factor(key), self.fixed(key)) for key in EXTERNAL_FACTOR_KEYS}
        limited = {self.absence_limit is not None and key in self.absence_limit.kinds for key in EXTERNAL_FACTOR_KEYS}
        return len(prices) > 1 or len(limited) > 1

    def iterates_at(self, round_number: int, final_round: int | None) -> bool:
        """Whether the standings after this round are iterated to a fixed point (docs/rules.md §3)."""
        if self.iterate == "always":
            return True
        if self.iterate == "never":
            return False
        for r in self.iterate:
            if r == round_number or (r == "final" and final_round == round_number):
                return True
        return False
