"""User text made safe to show: control characters, bidi overrides and lone surrogates written as escapes.

A name, a note or a key comes from a file: on a terminal it must only be shown, never act. An ESC
starts a sequence that sets the window title or moves the cursor, a newline forges a second line in a
one-line message, a bidi override shows one name as another, and a lone surrogate cannot be encoded
at all. Each is written instead as the escape Python would write (`\\x1b`, `\\n`, `\\u202e`, `\\udc80`).
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""C0 and C1 controls, DEL, the line and paragraph separators, the bidi overrides and isolates, and
lone surrogates."""


_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, keep: str = "") -> str:
    """`text` with every unsafe character written as its escape, except those in `keep` (e.g. "\\n\\t"
    for a multi-line text whose line breaks are meant)."""
    if not keep:
        return _UNSAFE.sub(_escape, text)
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)

