"""write_text_atomic: whole files, the mode of the file replaced or the umask, one-line errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from keizer.seasons.atomic import write_text_atomic
from keizer.seasons.errors import KeizerError


def test_a_new_file_follows_the_umask_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    new, old = tmp_path / "new.json", tmp_path / "old.json"
    old.write_text("old", encoding="utf-8")
    old.chmod(0o604)
    mask = os.umask(0o027)
    try:
        write_text_atomic(new, "new")
        write_text_atomic(old, "replaced")
    finally:
        os.umask(mask)
    assert new.read_text(encoding="utf-8") == "new" and new.stat().st_mode & 0o777 == 0o640
    assert old.read_text(encoding="utf-8") == "replaced" and old.stat().st_mode & 0o777 == 0o604
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.json", "old.json"]


@pytest.mark.parametrize("name, message", [(".", "is a folder; name a file"),
                                           ("missing/out.json", "no such folder")])
def test_a_target_that_cannot_be_a_file_is_a_keizer_error(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(KeizerError, match=message):
        write_text_atomic(tmp_path / name, "text")
    assert list(tmp_path.iterdir()) == []
