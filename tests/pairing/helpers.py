"""Small seasons for the pairing tests, written the way a director would describe them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keizer.pairing.instance import RoundInstance, build_instance
from keizer.pairing.ranking import provisional_ranking
from keizer.seasons.model import EntryKind, Game, Player, PlayerId, Result, Round, Season


def ids(n: int) -> list[PlayerId]:
    """p01, p02, … in ranking order."""
    return [PlayerId(f"p{i:02d}") for i in range(1, n + 1)]


def season(n: int, rounds: Sequence[Sequence[tuple[Any, ...]]] = (), ruleset: Any = "keizer-classic",
           entries: Sequence[dict[str, str]] = (), next_entries: dict[str, str] | None = None) -> Season:
    """n players p01..pNN; `rounds[i]` lists games (white, black[, result]) of round i+1 (players without a
    game get an `excused` entry unless `entries[i]` says otherwise); then round len(rounds)+1 is listed to be
    paired with `next_entries` (or not listed at all when None)."""
    players = tuple(Player(pid, pid.upper()) for pid in ids(n))
    out = Season(name="test", ruleset_spec=ruleset, players=players)
    for r, games in enumerate(rounds):
        gs = tuple(Game(PlayerId(g[0]), PlayerId(g[1]), Result(g[2]) if len(g) > 2 else Result.WHITE_WINS)
                   for g in games)
        busy = {p for g in gs for p in g.players()}
        extra = dict(entries[r]) if r < len(entries) else {}
        ents = {p.id: EntryKind(extra.get(p.id, "excused")) for p in players if p.id not in busy}
        out = out.with_round(Round(number=r + 1, games=gs, entries=tuple(sorted(ents.items()))))
    if next_entries is not None:
        ents2 = tuple(sorted((PlayerId(p), EntryKind(k)) for p, k in next_entries.items()))
        out = out.with_round(Round(number=len(rounds) + 1, entries=ents2))
    return out


def instance(s: Season, k: int | None = None, **kw: Any) -> RoundInstance:
    """Round k (default: the next one) paired from the starting order."""
    k = k if k is not None else len([r for r in s.rounds if r.is_paired]) + 1
    ranking, values = provisional_ranking(s, k)
    return build_instance(s, k, ranking, values, **kw)


def unordered(pairs: Sequence[tuple[str, str]]) -> set[frozenset[str]]:
    return {frozenset(p) for p in pairs}
