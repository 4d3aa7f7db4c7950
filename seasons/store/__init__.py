"""The season store: one SQLite file per season, an append-only event log, undo/redo, crash safety.

How it is laid out (schema.py has the tables):
- `actions`: one row per user action — kind "do" (carries events), "undo" or "redo" (names the "do"
  it takes back or brings back). `events`: the events of a "do", in order, as (kind, JSON payload).
  Triggers refuse UPDATE and DELETE on both, and events for any action but the newest "do".
  `chain`: each action's checksum, chained to the one before (chain.py), checked on open.
  `kept_rankings` (kept_rankings.py): rankings replays found, by a fingerprint of what they read —
  derived, outside the log, so that a season opens without replaying.
- The files: sqlite_file.py tells a store from any other file without writing to it; building.py makes
  a new store or a backup whole or not at all; log_rows.py reads and writes the rows; season_store.py
  is the store's operations (open, read, apply, undo, redo, verify), with the questions it puts to the
  log in log_queries.py, the checks a write passes first in write_checks.py and an older store's
  upgrade in upgrade.py.
- The current season is the fold of the events of the "do" actions in effect (timeline.py: a stack;
  undo pops, redo pushes back the most recently undone, a new "do" clears the redo stack).
- `SeasonStore.head()` (the newest action id) names a state of the log: `season_at(head)` gives it
  back, so a later record of what was published can simply point at an action id.
- Several writers (two terminals, a command while the TUI is open): `BEGIN IMMEDIATE` takes the write
  lock, waiting up to the busy timeout, so a write is folded onto the latest state; `expect_head` makes
  it a compare-and-set against the state the caller computed it from (`ChangedMeanwhile`), and
  `written` is the id this store committed last, which lets a caller follow its own writes only.
- A new kind of fact (championship group, classes per part of the season, time-stamped absence
  reports) is a new event kind with its own payload, plus a schema version bump so that an older
  keizer refuses the file instead of meeting an event it does not know. What was published from which
  state is such an event too (`published`, published.py): it leaves the season as it is, is one action
  like any other, and points at the action id the pages were made from.
"""
