"""The store's secret, kept beside it (`club.keizer.secret`, mode 0600): every code and token of the live evening
is derived from it with HMAC-SHA256, so none is kept anywhere — not in the log, not in a site, not in an export."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from keizer.seasons.errors import KeizerError

SUFFIX = ".secret"
"""The secret of `club.keizer` is `club.keizer.secret`."""

BYTES = 32
"""The secret's length: 256 random bits, as hex on one line."""


def secret_path(store: Path) -> Path:
    return store.with_name(store.name + SUFFIX)


class Secret:
    """A key that never leaves the machine: what a code or a token is made from and checked against."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    @classmethod
    def beside(cls, store: Path, make: bool) -> Secret | None:
        """The secret beside `store`; made first when `make` and there is none (None when there is none and
        `make` is not asked: a server that only shows pages has no codes to show). KeizerError when the file
        can be read by others than its owner, or does not hold a secret."""
        path = secret_path(store)
        if make and not path.exists():
            _make(path)
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        if stat.S_IMODE(info.st_mode) & 0o077:
            raise KeizerError(f"{path}: others may read it (mode {stat.S_IMODE(info.st_mode):04o}): every code of the "
                              f"live evening is made from it; `chmod 600 {path}` keeps it the owner's")
        text = path.read_text("ascii", errors="replace").strip()
        try:
            key = bytes.fromhex(text)
        except ValueError:
            key = b""
        if len(key) != BYTES:
            raise KeizerError(f"{path}: not a keizer secret (expected {BYTES * 2} hex digits); move it away and a "
                              f"new one is made (every code printed before changes)")
        return cls(key)

    def mac(self, *parts: object) -> str:
        """HMAC-SHA256 of the parts, joined by "|", as hex."""
        message = "|".join(str(p) for p in parts).encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    def digits(self, n: int, *parts: object) -> str:
        """`n` decimal digits made from the parts (a code a thumb types)."""
        return str(int(self.mac(*parts), 16) % 10 ** n).zfill(n)


def same(a: str, b: str) -> bool:
    """Two codes or tokens compared in constant time (a guess learns nothing from how long a refusal took)."""
    return hmac.compare_digest(a.encode(), b.encode())


def random_digits(n: int) -> str:
    """`n` random decimal digits (a one-time code)."""
    return str(secrets.randbelow(10 ** n)).zfill(n)


def _make(path: Path) -> None:
    """A new secret, whole or not at all, and only if none is there: written to a file of its own first, then
    linked in under its name (two programs at once: the first one's stays, and no reader sees half of one)."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(BYTES) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.link(temp, path)
    except FileExistsError:
        pass
    except OSError as exc:
        raise KeizerError(f"{path}: cannot make the live evening's secret ({exc.strerror})") from None
    finally:
        temp.unlink(missing_ok=True)
