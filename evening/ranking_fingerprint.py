"""The fingerprint a kept ranking is found by: everything the replay behind it reads, and the code that
reads it, in one hash (`SeasonStore.keep_ranking`; docs/format.md, "Rankings kept")."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
from dataclasses import replace
from pathlib import Path

from keizer.seasons.model import Season
from keizer.seasons.season_json.write import season_to_json

NOT_READ = ("name", "start_date", "weekday", "suspended", "started_from")
"""Keys of the season file no replay reads (`EveningSession.replay`'s cache key names what it does read): a
rename, or a suspension in the round being prepared, does not make a kept ranking a stranger."""

RANKING_CODE = ("keizer.seasons", "keizer.scoring")
"""The packages whose code makes a ranking: a keizer with any of it changed replays rather than trust one
kept by another."""


def entry_fingerprint(season: Season, k: int) -> str | None:
    """The fingerprint of the ranking round k is paired from (`EveningSession.ranking_before`): the season
    as of round k − 1 but for what no replay reads, and the ranking code. None when that code cannot be read
    (nothing is kept then)."""
    code = code_fingerprint()
    if code is None:
        return None
    obj = season_to_json(replace(season, rounds=season.rounds[:k - 1]))
    for key in NOT_READ:
        obj.pop(key, None)
    text = json.dumps({"code": code, "entry_ranking_of_round": k, "season": obj}, sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@functools.cache
def code_fingerprint() -> str | None:
    """A hash of every source file of `RANKING_CODE` (a new version of keizer that changes none of them keeps
    what an older one kept), read once a process; None when a package has no source to read."""
    digest = hashlib.sha256()
    for package in RANKING_CODE:
        spec = importlib.util.find_spec(package)
        roots = [Path(p) for p in (spec.submodule_search_locations or ())] if spec is not None else []
        files = [(root, f) for root in roots for f in sorted(root.rglob("*.py"))]
        if not files:
            return None
        for root, file in files:
            digest.update(f"\0{package}/{file.relative_to(root).as_posix()}\0".encode())
            try:
                digest.update(file.read_bytes())
            except OSError:
                return None
    return digest.hexdigest()
