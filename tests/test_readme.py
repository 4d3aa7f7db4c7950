"""The README's quick start stays true: CI runs exactly its test command."""

from __future__ import annotations

from tests.conftest import REPO


def quick_start_commands() -> list[str]:
    text = (REPO / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_quick_start_has_two_commands_and_ci_runs_the_test_one():
    demo, tests = quick_start_commands()
    assert "keizer demo" in demo
    assert "pytest" in tests
    assert tests in (REPO / ".ci" / "run").read_text()
