"""A paired round changed before its results: who came late or called off, and the saved pairing to keep."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season

if TYPE_CHECKING:
    from keizer.pairing.kept import KeptPairing


def kept_pairing(season: Season, k: int) -> KeptPairing:
    """Round k's saved pairing, to be kept where it can (docs/rules.md §7); a KeizerError when there is none
    or the round already has results (a played board cannot move)."""
    from keizer.pairing.kept import KeptPairing

    rnd = season.rounds[k - 1] if 1 <= k <= len(season.rounds) else None
    if rnd is None or not rnd.is_paired:
        raise KeizerError(f"round {k} has no saved pairing to keep; pair it from scratch")
    if rnd.has_results:
        raise KeizerError(f"round {k} already has results; its pairing can no longer change")
    return KeptPairing.of([(g.white, g.black) for g in rnd.games], rnd.bye)


def with_attendance(season: Season, k: int, present: Iterable[PlayerId] = (),
                    absent: Iterable[tuple[PlayerId, EntryKind]] = ()) -> Season:
    """The season with paired round k as it is to be paired again: `present` players lose their entry (a
    latecomer), `absent` ones get theirs (a player who calls off). Their old boards stay in the round until
    the new pairing replaces them (the pairing saved then books the entries: `saved_pairing`)."""
    kept_pairing(season, k)  # a paired round without results, or the reason why not
    rnd = season.round(k)
    for pid in present:
        if not season.has_player(PlayerId(pid)):
            raise KeizerError(f"unknown player {pid!r}")
        if rnd.game_of(PlayerId(pid)) is not None or rnd.entry_of(PlayerId(pid)) is EntryKind.BYE:
            raise KeizerError(f"{season.player(PlayerId(pid)).name} is already present in round {k} "
                              f"(on the saved pairing): not a latecomer")
        rnd = rnd.with_entry(PlayerId(pid), None)
    for pid, kind in absent:
        if not season.has_player(PlayerId(pid)):
            raise KeizerError(f"unknown player {pid!r}")
        if rnd.game_of(PlayerId(pid)) is None and rnd.entry_of(PlayerId(pid)) is kind:
            raise KeizerError(f"{season.player(PlayerId(pid)).name} is already {kind.value} in round {k}")
        rnd = rnd.with_entry(PlayerId(pid), kind)
    return season.with_round(rnd)
