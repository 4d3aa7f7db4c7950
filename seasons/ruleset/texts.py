"""What the clubs' texts leave open (docs/rules.md §14): every reading keizer took where a text is silent or can
be read two ways, the ruleset key that sets it, and — where the director meets it — the sentence that says the
club's choice ("by the club's choice (factors.duty): club duty scores 1/3 of the own value, as an excused
absence"). One table: §14 lists the same readings (a test holds them together)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from keizer.seasons.numbers import points_text
from keizer.seasons.ruleset.model import Ruleset

REGULATIONS = ("D", "K")
"""The clubs' texts a ruleset may follow (key `regulations`): D's articles, K's headings."""

ARTICLES: dict[str, dict[str, str]] = {
    # a rule → where each club's text says it: cited only in a season whose ruleset follows that text
    "championship": {"D": "D art. 2–4", "K": 'K "finalegroep"'},
    "decision_games": {"D": "D art. 2"},
    "classes": {"D": "D art. 5"},
    "opening": {"D": "D art. 7"},
    "rematch": {"D": "D art. 8"},
    "bottom_region": {"D": "D art. 9"},
    "bye": {"D": "D art. 10", "K": 'K "Aanwijzing reserve"'},
    "no_show": {"D": "D art. 11"},
    "suspension": {"D": "D art. 12"},
    "deadline": {"D": "D art. 16", "K": 'K "Afmelden"'},
    "withdrawal": {"D": "D art. 22"},
}
"""Where a club's text says a rule (docs/rules.md): what is cited, and only where the season follows it."""


def cited(regulations: str | None, rule: str) -> str:
    """The article of `rule` in the season's text ("D art. 12"), "" where it has none or the season follows no
    text: keizer never cites a club's article to a club that does not follow it."""
    return ARTICLES[rule].get(regulations, "") if regulations is not None else ""


def cite(regulations: str | None, rule: str, before: str = " (", after: str = ")") -> str:
    """`cited` in brackets (" (D art. 12)"), or "" with nothing to cite."""
    found = cited(regulations, rule)
    return f"{before}{found}{after}" if found else ""


def _own(f: Fraction) -> str:
    return "the whole own value" if f == 1 else "nothing" if f == 0 else f"{points_text(f)} of the own value"


def _duty(rs: Ruleset) -> str:
    f = rs.factor("duty")
    like = (", as an excused absence" if f == rs.factor("excused") else
            ", as a bye (a lost evening)" if f == rs.factor("bye") else "")
    return f"club duty (bar duty, a team captain away) scores {_own(f)}{like}"


def _bye(rs: Ruleset) -> str:
    return f"the reserve (the bye of an odd number present) scores {_own(rs.factor('bye'))}"


def _late(rs: Ruleset) -> str:
    late = rs.absence_deadline.late if rs.absence_deadline else "unexcused"
    return (f"a report after the deadline is booked {late}, {_own(rs.factor(late))}, unless ruled force majeure")


def _joiners(rs: Ruleset) -> str:
    if rs.aalsmeer is not None and rs.aalsmeer.joiners == "entered":
        return ("a player who joins later gets the starting bonus from the place they entered at, written off "
                "with everyone's")
    return "a player who joins later has no starting bonus: it is for the players on the starting ranking"


def _withdrawal(rs: Ruleset) -> str:
    w = rs.withdrawal
    if w.removal_before_round is None:
        return "a player who withdraws stays ranked, booked excused for the rounds left"
    return (f"a withdrawal before round {w.removal_before_round} (or earlier) takes the player out of the system, "
            f"their games scored {points_text(w.win)}, {points_text(w.draw)}, {points_text(w.loss)} of their "
            f"opponents' own values; a later one leaves them ranked, booked excused")


def _member(rs: Ruleset) -> str:
    how = rs.championship.withdrawn_member if rs.championship else "half"
    return {"half": "a group member who withdraws with fewer than half their group games played counts in none "
                    "of them; with at least half, their results stand and each game not played is the opponent's",
            "annul": "a group member who withdraws counts in none of their group games",
            "forfeit": "a group member who withdraws keeps their results, and each game not played is the "
                       "opponent's"}[how]


def _ties(rs: Ruleset) -> str:
    if rs.championship is not None and rs.championship.ties == "shared":
        return "members tied on top after every group game share the title"
    return ("members tied on top after every group game play decision games (two tied: two games; more: a "
            "double round robin), and still tied share the title")


def _team_match(rs: Ruleset) -> str:
    return "a team match on the club evening counts as taking part"


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of the texts where they are silent or can be read two ways."""

    name: str
    """Its handle in the code."""
    title: str
    """What it is about, as docs/rules.md §14 names it."""
    key: str
    """The ruleset key that sets it (docs/format.md)."""
    silent: tuple[str, ...]
    """The regulations (REGULATIONS) that leave it open; a ruleset without regulations leaves everything open."""
    said: Callable[[Ruleset], str] | None = None
    """The club's choice in words, where the director meets it (None: said in the docs only)."""


READINGS: tuple[Reading, ...] = (
    Reading("duty", "club duty's points", "factors.duty", ("D", "K"), _duty),
    Reading("reserve", "the reserve's points", "factors.bye", ("K",), _bye),
    Reading("late_report", "a late absence report", "absence_deadline.late", ("K",), _late),
    Reading("friday_report", "K's exceptional Friday report", "absence_deadline", ("K",)),
    Reading("joiner_bonus", "a late joiner and the starting bonus", "aalsmeer.joiners", ("K",), _joiners),
    Reading("withdrawal", "withdrawing from the competition", "withdrawal", ("K",), _withdrawal),
    Reading("removal_round", "a withdrawal before round 21", "withdrawal.removal_before_round", ("D",)),
    Reading("group_withdrawal", "a group member who withdraws", "championship.withdrawn_member", ("D", "K"),
            _member),
    Reading("group_ties", "ties in the final group", "championship.ties", ("K",), _ties),
    Reading("final_group", "K's finalists in the Keizer", "championship.mode", ("K",)),
    Reading("team_match", "a team match as taking part", "participation.counts", ("D", "K"), _team_match),
    Reading("team_result", "a team match's result still to come", "factors.external_pending", ("K",)),
    Reading("final_ranking", "the 33% rule in the final ranking", "participation", ("K",)),
    Reading("cups", "the 33% rule and the cups", "cups.participation", ("K",)),
    Reading("no_show", "a player who does not come", "forfeit", ("K",)),
    Reading("suspension", "pairing after an absence without notice", "suspension", ("K",)),
    Reading("iteration", "which values count, and iterating", "iterate", ("K",)),
    Reading("length", "the season's length", "rounds_planned", ("K",)),
    Reading("ties_in_ranking", "equal points in the ranking", "tiebreak", ("D", "K")),
    Reading("opening", "the opening rounds with a field not in blocks of 20", "pairing.opening", ("D",)),
    Reading("bottom_region", "a third meeting in the bottom region", "pairing.bottom_region", ("D",)),
    Reading("rematches", "meeting again", "pairing.rematch_gap", ("K",)),
    Reading("colours", "colours", "pairing.colour", ("D", "K")),
    Reading("lottery", "the reserve's lottery", "pairing.seed", ("K",)),
    Reading("class_sizes", "extra class moves", "classes.balance", ("D",)),
)
"""Every reading the texts leave open (docs/rules.md §14), each with the key that sets it."""

_BY_NAME = {r.name: r for r in READINGS}


@dataclass(frozen=True, slots=True)
class ClubChoice:
    """The club's choice where its regulations are silent, said where the director meets it."""

    reading: str
    """`Reading.name`."""
    key: str
    """The ruleset key that sets it."""
    sentence: str
    """The choice in words."""

    def __str__(self) -> str:
        return f"{self.by_key}: {self.sentence}"

    @property
    def by_key(self) -> str:
        """The choice named by its key alone, where room is short (a terminal of few rows): the key leads to
        its words in docs/rules.md §14."""
        return f"by the club's choice ({self.key})"


def club_choice(ruleset: Ruleset, name: str) -> ClubChoice | None:
    """The club's choice on reading `name` when its regulations leave it open (every reading, without
    regulations), else None: what the text says is no choice to say."""
    reading = _BY_NAME[name]
    if reading.said is None or (ruleset.regulations is not None and ruleset.regulations not in reading.silent):
        return None
    return ClubChoice(reading.name, reading.key, reading.said(ruleset))


def with_choice(text: str, ruleset: Ruleset, name: str) -> str:
    """`text` with the club's choice on `name` after it in brackets, where there is one to say."""
    choice = club_choice(ruleset, name)
    return text if choice is None else f"{text} ({choice})"
