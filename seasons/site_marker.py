"""The `.keizer-site` marker of a site folder: the files keizer wrote there, each with its checksum, and removing
exactly those — inside the folder, never through a link, never a file whose checksum is not the one written."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

MARKER = ".keizer-site"
"""A file in every folder keizer writes a site to, listing the site's files with their checksums: only such a
folder (or an empty one) is replaced, and only a file it lists with the checksum of what it holds is ever
deleted."""
PART = ".keizer-part"
"""A page being written into a staged site, given its name once whole: a kill leaves no page cut short, whose
checksum would not be the one listed (only this file, which the next run removes)."""
HEAD = "A site written by keizer publish; the folder is replaced whole. Below, each file's SHA-256 and its name."
"""The marker's first line; the lines after it are `CHECKSUM NAME`."""
LARGEST = 64 * 1024 * 1024
"""Bytes of the largest file keizer could have written (a site's pages are far smaller): a larger one is not
read to be checked, and stays."""

_LINE = re.compile(r"([0-9a-f]{64}) (.+)")


def checksum(text: str) -> str:
    """The SHA-256 of a page as written (UTF-8, `\\n` line ends): what the marker lists for it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def marker_text(files: dict[str, str]) -> str:
    """The marker's text: what it is, then each file written with its checksum, one a line (sorted: the same
    site, the same bytes), so that a later publish deletes only what it can tell it wrote."""
    return "\n".join((HEAD, *(f"{checksum(files[name])} {name}" for name in sorted(files)))) + "\n"


def listed(folder: Path) -> dict[str, str | None] | None:
    """The files a site folder's marker names, each with its checksum (None: the line gives none — keizer's
    marker before issue 30, or a hand's); None when the folder has no marker (or one that is not a regular
    file)."""
    data = read_inside(folder, (MARKER,), LARGEST)
    if data is None:
        return None
    names: dict[str, str | None] = {}
    for line in data.decode("utf-8", "replace").splitlines()[1:]:
        match = _LINE.fullmatch(line)
        name, digest = (match[2], match[1]) if match else (line, None)
        if name:
            names[name] = digest
    return names


@dataclass(frozen=True, slots=True)
class Strangers:
    """What a site folder holds that keizer cannot tell it wrote, by why (each sorted, relative to the folder)."""

    unlisted: tuple[str, ...]
    """Files, links and anything else its marker does not name (a logo put beside the pages; a link, whatever
    the marker says: keizer never writes one)."""
    changed: tuple[str, ...]
    """Files it names whose content is not what keizer wrote (a page edited by hand)."""
    unproven: tuple[str, ...]
    """Files it names without a checksum."""

    def __bool__(self) -> bool:
        return bool(self.unlisted or self.changed or self.unproven)


def strangers(folder: Path) -> Strangers:
    """Everything in `folder` (a site folder with a marker) but the marker and the files it lists with the
    checksum of what they hold; no link is followed."""
    names = listed(folder) or {}
    unlisted, changed, unproven = [], [], []
    for relative, is_file in entries(folder):
        digest = names.get(relative)
        if relative == MARKER and is_file:
            continue
        if not is_file or relative not in names:
            unlisted.append(relative)
        elif digest is None:
            unproven.append(relative)
        elif _digest_of(folder, relative) != digest:
            changed.append(relative)
    return Strangers(tuple(sorted(unlisted)), tuple(sorted(changed)), tuple(sorted(unproven)))


def remove_ours(folder: Path) -> None:
    """The files keizer wrote into `folder`: those its marker lists with the checksum of what they hold, each
    reached inside it without following a link; a page left half written (PART); then the marker, once
    nothing it names is left (a name outside the folder, a link, a file without its checksum or with
    another keep it); then the folders left empty. Anything else stays."""
    names = listed(folder)
    if names is not None:
        left = [name for name, digest in names.items()
                if not _remove_if(folder, name, digest) and (_parts(name) is None or os.path.lexists(folder / name))]
        _remove_if(folder, PART, None, any_content=True)
        if not left:
            _remove_if(folder, MARKER, None, any_content=True)
    remove_empty(folder)


def remove_empty(folder: Path) -> None:
    """The folders under `folder` (and it) that are empty, deepest first; a link is never followed."""
    for top, _, _ in os.walk(folder, topdown=False):
        try:
            os.rmdir(top)
        except OSError:
            pass


def _parts(name: str) -> tuple[str, ...] | None:
    """The components of a name a marker gives, None when it does not name a file inside the folder (absolute,
    `..`, `.`, an empty component, a NUL)."""
    if not name or "\0" in name or name.startswith("/"):
        return None
    parts = tuple(name.split("/"))
    return None if any(p in ("", ".", "..") for p in parts) else parts


def _open_folder(folder: Path, parts: Sequence[str]) -> int | None:
    """A descriptor of the folder that `parts` lead to from `folder`, each a real folder (a link is never
    followed); None when one is not."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:
        return None
    for part in parts:
        try:
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
        except OSError:
            os.close(fd)
            return None
        os.close(fd)
        fd = inner
    return fd


def read_inside(folder: Path, parts: Sequence[str], most: int) -> bytes | None:
    """The bytes of the regular file `parts` names inside `folder`, reached without following a link; None when
    it is not one, or is larger than `most`."""
    fd = _open_folder(folder, parts[:-1])
    if fd is None:
        return None
    try:
        file = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        info = os.fstat(file)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            return None
        chunks = []
        while chunk := os.read(file, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(file)


def _digest_of(folder: Path, name: str) -> str | None:
    parts = _parts(name)
    data = read_inside(folder, parts, LARGEST) if parts is not None else None
    return None if data is None else hashlib.sha256(data).hexdigest()


def _remove_if(folder: Path, name: str, digest: str | None, any_content: bool = False) -> bool:
    """Delete the regular file `name` inside `folder` when it holds what `digest` says (or `any_content`: one of
    keizer's own names, the marker or PART); whether it was."""
    parts = _parts(name)
    if parts is None or (digest is None and not any_content):
        return False
    if not any_content and _digest_of(folder, name) != digest:
        return False
    fd = _open_folder(folder, parts[:-1])
    if fd is None:
        return False
    try:
        if not stat.S_ISREG(os.stat(parts[-1], dir_fd=fd, follow_symlinks=False).st_mode):
            return False
        os.unlink(parts[-1], dir_fd=fd)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def entries(folder: Path) -> Iterator[tuple[str, bool]]:
    """Every entry under `folder` but its real folders, as (its name relative to `folder`, whether it is a
    regular file); a link (to a folder too) is an entry, never followed."""
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names) + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            path = os.path.join(top, name)
            try:
                is_file = stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                continue
            yield Path(path).relative_to(folder).as_posix(), is_file
