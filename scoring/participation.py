"""Taking part (docs/rules.md §5): what counts toward K's "Opk" and its 33% rule — a slot of the Keizer, and an
evening of K's finalists in their own group (§8)."""

from __future__ import annotations

import polars as pl

from keizer.seasons.championship import final_group
from keizer.seasons.model import ChampionshipGroup, EntryKind, PlayerId, Result, Round, Season
from keizer.seasons.ruleset.model import EXTERNAL_FACTOR_KEYS, PARTICIPATION_COUNTS, Ruleset


def taking_part(counts: tuple[str, ...] = PARTICIPATION_COUNTS) -> pl.Expr:
    """A slot that counts as taking part (docs/rules.md §5), from `counts`: "game" (played, pending too; a forfeit
    win counts, a forfeit loss does not: the player did not come), "bye", "duty", "external" (a team match)."""
    kind = pl.col("kind")
    part = kind.is_in(list(entries_taking_part(counts)))
    if "game" in counts:
        part = part | ((kind == "game") & (pl.col("outcome") != "forfeit_loss"))
    return part


def entries_taking_part(counts: tuple[str, ...] = PARTICIPATION_COUNTS) -> tuple[str, ...]:
    """The slot kinds without a game that count as taking part under `counts` (`taking_part`'s entries)."""
    kinds = [k for k in ("bye", "duty") if k in counts]
    if "external" in counts:
        kinds += list(EXTERNAL_FACTOR_KEYS)
    return tuple(kinds)


_ENTRY_PART = {EntryKind.BYE: "bye", EntryKind.DUTY: "duty", EntryKind.EXTERNAL_WIN: "external",
               EntryKind.EXTERNAL_DRAW: "external", EntryKind.EXTERNAL_LOSS: "external",
               EntryKind.EXTERNAL_PENDING: "external"}
"""What an entry of a finalist's Keizer round counts as (the absences, and `late`, count as nothing)."""


def group_evenings(season: Season, ruleset: Ruleset, k: int) -> dict[PlayerId, int]:
    """K's finalists (a "separate" group, out of the Keizer from the round after it formed, docs/rules.md §8):
    the rounds formed_after + 1..k each took part in, as K's "Opk" counts an evening and the ruleset's
    `participation.counts` says. A group game in the round counts as a game (pending too; a forfeit loss not:
    he did not come). A round in which the group's schedule has no game for him counts as a bye — the
    schedule set him aside, as a reserve — unless he said he cannot play then (`unavailable`) or his entry
    of the Keizer round says where he was instead (an absence: nothing; a team match, club duty: that).
    Nothing from the round his withdrawal takes effect. Without such a group: {}."""
    group = final_group(season.championship, ruleset.championship.mode if ruleset.championship else None)
    if group is None:
        return {}
    out: dict[PlayerId, int] = {}
    for member in group.members:
        gone = season.withdrawal_of(member)
        last = min(k, len(season.rounds), gone.before_round - 1 if gone is not None else k)
        out[member] = sum(group_evening(season.round(r), ruleset, group, member)
                          for r in range(group.formed_after + 1, last + 1))
    return out


def group_evening(rnd: Round, ruleset: Ruleset, group: ChampionshipGroup, member: PlayerId) -> bool:
    """Whether the Keizer round `rnd` (after the group formed, before the member's withdrawal takes effect)
    counts as an evening taken part in for the finalist `member`: `group_evenings` of one round (a replay
    carried on a round at a time adds them round by round)."""
    counts = ruleset.participation_counts
    r = rnd.number
    game = next((g for g in group.games_in(r) if member in (g.white, g.black)), None)
    if game is not None:
        lost = Result.BLACK_FORFEIT_WIN if game.white == member else Result.WHITE_FORFEIT_WIN
        return "game" in counts and game.result is not lost
    if r in group.unavailable_rounds(member):
        return False
    entry = rnd.entry_of(member)
    return (_ENTRY_PART.get(entry) if entry is not None else "bye") in counts


__all__ = ["entries_taking_part", "group_evening", "group_evenings", "taking_part"]
