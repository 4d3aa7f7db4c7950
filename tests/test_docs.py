"""The project's own docs stay whole: every cited rules section exists, every format key is documented."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from keizer.seasons.json_keys import GAME_KEYS, PLAYER_KEYS, ROUND_KEYS, SEASON_KEYS, WITHDRAWAL_KEYS
from keizer.seasons.ruleset.presets import PRESET_NAMES, preset_settings
from tests.conftest import PACKAGE_DIRS, REPO

RULES = REPO / "docs" / "rules.md"
FORMAT = REPO / "docs" / "format.md"
CITE = re.compile(r"docs/rules\.md §(\d+b?)")


def sections() -> set[str]:
    return set(re.findall(r"^## §(\d+b?) ", RULES.read_text(encoding="utf-8"), flags=re.MULTILINE))


def cited_in_repo() -> Iterator[tuple[Path, str]]:
    folders = ("docs", *PACKAGE_DIRS, "tests", "tools")
    files = [REPO / "README.md"] + [path for folder in folders for path in sorted((REPO / folder).rglob("*"))
                                    if path.suffix in (".py", ".md")]
    for path in files:
        for number in CITE.findall(path.read_text(encoding="utf-8", errors="replace")):
            yield path, number


def test_rules_keep_the_numbered_sections_code_cites() -> None:
    # §1–§10 keep the numbers the code has always cited; later sections hold the project's decisions.
    assert {str(n) for n in range(1, 11)} <= sections()


def test_every_cited_rules_section_exists() -> None:
    missing = [f"{path.relative_to(REPO)}: §{n}" for path, n in cited_in_repo() if n not in sections()]
    assert not missing, missing


def ruleset_keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from ruleset_keys(value)


def test_every_key_of_the_format_is_documented() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    keys = set(SEASON_KEYS + PLAYER_KEYS + ROUND_KEYS + GAME_KEYS + WITHDRAWAL_KEYS)
    for name in PRESET_NAMES:
        keys |= set(ruleset_keys(preset_settings(name)))
    undocumented = sorted(k for k in keys if not re.search(rf"[`\"]{re.escape(k)}[`\"]", text))
    assert not undocumented, f"docs/format.md does not name: {undocumented}"
