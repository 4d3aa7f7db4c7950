"""A note beside the season store of the marks that wait on the desk for a re-pairing (not in the store until
it is accepted), so that marks lost with a session — a terminal closed, a connection dropped — are said
when the season is opened again, instead of silently gone."""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from keizer.seasons.atomic import write_text_atomic
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.evening.attendance_rows import entry_text
from keizer.evening.desk.late_marks import Marks

PRESENT = "present"
"""How the note writes a latecomer's mark (the entry None)."""


@dataclass(frozen=True, slots=True)
class LostMarks:
    """Marks a session left waiting for the re-pairing of `round` when it ended without saving them."""

    round: int
    marks: tuple[tuple[PlayerId, EntryKind | None], ...]

    def said(self, season: Season) -> str:
        """"not saved when the season was last open: round 33's marks Jan Peters present, … waited for the
        re-pairing" — the fact; a shell adds its own way to mark them again."""
        names = ", ".join(f"{season.player(pid).name if season.has_player(pid) else pid} {entry_text(entry)}"
                          for pid, entry in self.marks)
        return (f"not saved when the season was last open: the mark{'s' if len(self.marks) > 1 else ''} of round "
                f"{self.round} waiting for the re-pairing ({names})")


class WaitingNote:
    """This session's note (`.club.keizer.waiting-HOST-PID` beside `club.keizer`): written while marks wait,
    removed when none does. A session that ended without removing its own leaves it for the next to say."""

    def __init__(self, store: Path) -> None:
        self.store = store
        self.host = socket.gethostname()
        self.path = store.with_name(f".{store.name}.waiting-{self.host}-{os.getpid()}")

    def keep(self, k: int | None, late: Marks) -> None:
        """The marks waiting now (none: the note goes). A note that cannot be written costs the evening
        nothing but this safety net: it is left unsaid."""
        try:
            if not late or k is None:
                self.path.unlink(missing_ok=True)
                return
            marks = {pid: PRESENT if entry is None else entry.value for pid, entry in sorted(late.items())}
            write_text_atomic(self.path, json.dumps({"host": self.host, "pid": os.getpid(), "round": k,
                                                     "marks": marks}, ensure_ascii=False))
        except (OSError, KeizerError):
            pass

    def left_behind(self) -> tuple[LostMarks, ...]:
        """The marks of sessions on this machine that ended with marks waiting (their notes, now removed),
        oldest note first. A note of a session still running, or of another machine (whose sessions this
        one cannot see), is left as it is."""
        lost = []
        for note in sorted(self.store.parent.glob(f".{self.store.name}.waiting-*"),
                           key=lambda p: (_mtime(p), p.name)):
            if note == self.path:
                continue
            try:
                data = json.loads(note.read_text(encoding="utf-8"))
                host, pid = data["host"], int(data["pid"])
                if host != self.host or _running(pid):
                    continue
                marks = tuple((PlayerId(p), None if e == PRESENT else EntryKind(e)) for p, e in data["marks"].items())
                found = LostMarks(int(data["round"]), marks)
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                found = None  # unreadable: nothing to say of it, and nothing to keep
            try:
                note.unlink(missing_ok=True)
            except OSError:
                continue
            if found is not None:
                lost.append(found)
        return tuple(lost)


def _running(pid: int) -> bool:
    """Whether a process with this id runs on this machine (one of another user counts)."""
    if pid <= 0:  # not a process (kill would ask about a group)
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
