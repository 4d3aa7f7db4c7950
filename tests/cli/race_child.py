"""A process for the command line's race harness (run as a script): it runs one keizer command per line it reads.

Each line on stdin is JSON, `{"argv": [...], "delay": seconds}`: the child waits the delay (so that two children
given their commands together cross at a different moment each time), runs `keizer ARGV` in this process and
prints one JSON line, `{"code": exit code, "err": stderr}`. Everything is imported first, so that a command
starts at once. "ready" says it is. `open STORE` is what `keizer open` writes before its first screen: the
ranking of tonight's round kept in the store (the TUI itself is not started).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import keizer.pairing.proposer  # noqa: E402,F401 (warm: the first pair --save costs no import)
import keizer.tui.cli.commands.publish  # noqa: E402,F401
from keizer.tui.cli.main import main as keizer_main  # noqa: E402


def opened(store: str) -> int:
    """`keizer open`'s writes before the first screen: the ranking its round is shown in, kept (issue 30)."""
    from keizer.evening.evening import Evening

    evening = Evening.open(store)
    try:
        evening._session.ranking_before(evening._session.current_round())
    finally:
        evening.close()
    return 0


def main() -> None:
    print("ready", flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        time.sleep(request["delay"])
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            try:
                code = opened(request["argv"][1]) if request["argv"][0] == "open" else keizer_main(request["argv"])
            except BaseException as exc:  # noqa: BLE001 — a traceback is a finding: reported, never fatal here
                code = -1
                print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        print(json.dumps({"code": code, "err": err.getvalue()}), flush=True)


if __name__ == "__main__":
    main()
