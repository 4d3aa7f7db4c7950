"""Kept rankings checked against a replay before they are believed: a ranking the store keeps is derived data, and a
table changed by hand can hold any order under a true fingerprint (docs/format.md, "Rankings kept")."""

from __future__ import annotations

import os

from keizer.evening.ranking_words import difference
from keizer.evening.ranking_fingerprint import entry_fingerprint
from keizer.evening.session import EveningSession
from keizer.seasons.model import PlayerId
from keizer.seasons.store.season_store import SeasonStore


def kept_ranking_problems(session: EveningSession) -> tuple[str, ...]:
    """Every ranking the store keeps for a round of the season as it stands (one a session would read now, for
    any round from the first to the one after the last listed) that is not the one a replay of that round gives,
    or does not read as a ranking; none when each is. A ranking kept for another state of the season (before
    an undo) or by another keizer's ranking code is under a fingerprint of no such round: a session that reads
    it later confirms it by a replay first (`EveningSession.confirm_rankings`)."""
    store = session.store
    if not isinstance(store, SeasonStore):  # a season file keeps no rankings
        return ()
    season = session.season
    rounds = {f: k for k in range(1, len(season.rounds) + 2) if (f := entry_fingerprint(season, k)) is not None}
    problems = []
    for fingerprint, ranking in store.kept_rankings():
        k = rounds.get(fingerprint)
        if k is None:
            continue
        replayed = session.replay(k - 1).entry_ranking(k)[0]
        if ranking is None:
            problems.append(f"the ranking kept for round {k} does not read as a ranking (kept_rankings was changed "
                            f"outside keizer)")
        elif ranking != replayed:
            how = difference(ranking, replayed, lambda pid: _name(session, pid))
            problems.append(f"the ranking kept for round {k} is not the one a replay gives ({how}; kept_rankings "
                            f"was changed outside keizer)")
    return tuple(problems)


def validate_kept_rankings(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """`kept_ranking_problems` of the store in `path`, opened read-only (nothing is kept or replaced)."""
    with SeasonStore.open(path, readonly=True) as store:
        return kept_ranking_problems(EveningSession(store))


def _name(session: EveningSession, pid: str) -> str:
    season = session.season
    return season.player(PlayerId(pid)).name if season.has_player(PlayerId(pid)) else repr(pid)
