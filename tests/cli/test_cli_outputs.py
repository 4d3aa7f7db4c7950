"""What a command writes to: never over a pipe, a device or a socket; a name longer than the file system allows
is one line, whatever the command; a link is followed; what a killed export left is removed (issue 22)."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from keizer.tui.cli.main import main
from tests.conftest import EVENING

LONG = "x" * 300
"""A name no Linux file system takes (255 bytes at most)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def unix_socket(tmp_path: Path) -> Path:
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


@pytest.mark.parametrize("make", [fifo, unix_socket], ids=["a pipe", "a socket"])
@pytest.mark.parametrize("command", [("export", str(EVENING)), ("simulate", "--players", "4", "--rounds", "2"),
                                     ("export", str(EVENING), "--trf")], ids=["export", "simulate", "export --trf"])
def test_a_node_that_is_not_a_file_is_never_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    make, command: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """The finding: export -o and simulate -o onto a FIFO or a device replaced it with a file (as root,
    /dev/full itself)."""
    node = make(tmp_path)
    kind = stat.S_IFMT(os.lstat(node).st_mode)
    code, out, err = run(capsys, *command, "-o", str(node))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "not a regular file (a pipe, a device or a socket)" in err
    assert stat.S_IFMT(os.lstat(node).st_mode) == kind  # still the pipe or the socket
    assert sorted(p.name for p in tmp_path.iterdir()) == [node.name]  # no temp file either


@pytest.mark.parametrize("argv", [
    ("import", str(EVENING), "{d}/" + LONG + ".keizer"),
    ("import", "{d}/" + LONG + ".json", "{d}/club.keizer"),
    ("export", str(EVENING), "-o", "{d}/" + LONG + ".json"),
    ("export", str(EVENING), "-o", "{d}/" + LONG + "/out.json"),
    ("export", str(EVENING), "--trf", "-o", "{d}/" + LONG + ".trf"),
    ("publish", str(EVENING), "-o", "{d}/" + LONG),
    ("backup", "{d}/club.keizer", "{d}/" + LONG + ".keizer"),
    ("simulate", "--players", "4", "--rounds", "2", "-o", "{d}/" + LONG + ".json"),
    ("open", "{d}/" + LONG + ".json"),
    ("open", "{d}/" + "y" * 250 + ".json"),  # the file fits; the store beside it would not
    ("validate", "{d}/" + LONG + ".json"),
    ("new", "{d}/" + LONG + ".keizer", "--name", "Club"),
], ids=lambda a: " ".join(a[:1] + a[2:3]).replace("{d}/", "")[:40])
def test_a_name_longer_than_the_file_system_allows_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               argv: tuple[str, ...]) -> None:
    assert main(["import", str(EVENING), str(tmp_path / "club.keizer")]) == 0
    if "y" * 250 in "".join(argv):
        (tmp_path / ("y" * 250 + ".json")).write_text(EVENING.read_text())
    before = sorted(p.name for p in tmp_path.iterdir())
    capsys.readouterr()
    code, out, err = run(capsys, *(a.replace("{d}", str(tmp_path)) for a in argv))
    assert code == 2 and err.count("\n") == 1 and err.startswith("keizer: error: "), err
    assert "longer than the file system allows" in err or "(File name too long)" in err  # a file read: the system's words
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


def test_export_onto_a_link_writes_the_file_it_points_to(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "season.json"
    link.symlink_to(real)
    assert run(capsys, "export", str(EVENING), "-o", str(link))[0] == 0
    assert link.is_symlink() and real.read_text() == EVENING.read_text()


def test_what_a_killed_export_left_is_removed_by_the_next(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A kill between the temp file and its rename leaves `.out.json.XXXXXXXX.tmp`; the next export removes it
    (but never a file of the director's that only looks alike)."""
    out = tmp_path / "out.json"
    (tmp_path / ".out.json.k1ll3d_8.tmp").write_text("half")
    (tmp_path / ".out.json.my-notes.tmp").write_text("mine")
    assert run(capsys, "export", str(EVENING), "-o", str(out))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.json.my-notes.tmp", "out.json"]
