"""A kept ranking against the replay's, in words: what a session says when the replay that follows replaced one,
and what `keizer validate` says of one (`kept_check.py`; docs/format.md, "Rankings kept")."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def difference(kept: Sequence[str], replayed: Sequence[str], name: Callable[[str], str]) -> str:
    """How a kept ranking differs from the replay's, in a few words (the first difference)."""
    missing = [pid for pid in replayed if pid not in kept]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        return f"it leaves out {name(missing[0])}{more}"
    extra = [pid for pid in kept if pid not in replayed]
    if extra:
        return f"it ranks {name(extra[0])}, whom a replay does not"
    at = next((i for i, (a, b) in enumerate(zip(kept, replayed)) if a != b), len(kept))
    return f"it has {name(kept[at])} at #{at + 1}, a replay {name(replayed[at])}" if at < len(kept) else "it differs"


def confirmed_words(k: int, kept: Sequence[str], replayed: Sequence[str], name: Callable[[str], str]) -> str:
    """What a session says when the replay that follows a kept ranking replaced it
    (`EveningSession.confirm_rankings`)."""
    how = difference(kept, replayed, name)
    return (f"round {k}: the ranking kept in the store is not the one a replay gives ({how}; changed outside "
            f"keizer): replaced by the replay's")
