"""`--round K` of the commands that show standings: one check, one message."""

from __future__ import annotations

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Season


def standings_round(season: Season, k: int | None) -> int:
    """K, or the last scored round when not given; KeizerError naming `--round` when the standings after K
    do not exist (they exist up to the last paired round: a planned round beyond it is no more valid than 99)."""
    k = season.last_scored_round if k is None else k
    top = max((r.number for r in season.rounds if r.is_paired), default=0)
    if not 0 <= k <= top:
        raise KeizerError(f"--round {k}: the standings exist after rounds 0 to {top} (the paired rounds)")
    return k
