"""Player ids for a season read from another program: slugs of the names, as `keizer new` makes them."""

from __future__ import annotations

from collections.abc import Sequence

from keizer.seasons.roster import id_base


def slug_ids(names: Sequence[str], taken: Sequence[str] = ()) -> list[str]:
    """One id per name, in order: the surname-ish last word in ASCII, numbered when taken (`dijk`, `dijk2`),
    never one of `taken` (ids the file gives for other players). Linear: each base remembers the number it
    reached, so ten thousand players of one surname are not numbered from 2 each time."""
    used = set(taken)
    reached: dict[str, int] = {}
    out = []
    for name in names:
        base = id_base(name)
        pid, n = base, reached.get(base, 1)
        if n > 1 or pid in used:
            while pid in used:
                n += 1
                pid = f"{base}{n}"
        reached[base] = n
        used.add(pid)
        out.append(pid)
    return out
