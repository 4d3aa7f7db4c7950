"""Taking part (docs/rules.md §5): what counts toward K's "Opk" and its 33% rule — a slot of the Keizer, and an
evening of K's finalists in their own group (§8)."""

from __future__ import annotations

import polars as pl

from keizer.seasons.championship import final_group
from keizer.seasons.model import EntryKind, PlayerId, Result, Season
from keizer.seasons.ruleset.model import EXTERNAL_FACTOR_KEYS, PARTICIPATION_COUNTS, Ruleset


def taking_part(counts: tuple[str, ...] = PARTICIPATION_COUNTS) -> pl.Expr:
    """A slot that counts as taking part (docs/rules.md §5), from `counts`: "game" (played, pending too; a forfeit
    win counts, a forfeit loss does not: the player did not come), "bye", "duty", "external" (a team match)."""
    kind = pl.col("kind")
    kinds = [k for k in ("bye", "duty") if k in counts]
    if "external" in counts:
        kinds += list(EXTERNAL_FACTOR_KEYS)
    part = kind.is_in(kinds)
    if "game" in counts:
        part = part | ((kind == "game") & (pl.col("outcome") != "forfeit_loss"))
    return part


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
    counts = ruleset.participation_counts
    out: dict[PlayerId, int] = {}
    for member in group.members:
        gone = season.withdrawal_of(member)
        last = min(k, len(season.rounds), gone.before_round - 1 if gone is not None else k)
        evenings = 0
        for r in range(group.formed_after + 1, last + 1):
            game = next((g for g in group.games_in(r) if member in (g.white, g.black)), None)
            if game is not None:
                lost = Result.BLACK_FORFEIT_WIN if game.white == member else Result.WHITE_FORFEIT_WIN
                evenings += "game" in counts and game.result is not lost
            elif r not in group.unavailable_rounds(member):
                entry = season.round(r).entry_of(member)
                evenings += (_ENTRY_PART.get(entry) if entry is not None else "bye") in counts
        out[member] = evenings
    return out


__all__ = ["group_evenings", "taking_part"]
