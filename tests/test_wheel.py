"""The wheel as a club installs it: every data file ships, and the program runs from it alone."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tui", "pairing", "scoring", "seasons")


def package_files() -> set[str]:
    """Every file of the four packages on disk (what an install must carry), as wheel paths."""
    found = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(path.relative_to(ROOT).as_posix())
    return found


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built by the project's build backend and unpacked, as pip lays it out in site-packages."""
    builders = pytest.importorskip("hatchling.builders.wheel",
                                   reason="the build backend hatchling is not installed (pip install hatchling)")
    out = tmp_path_factory.mktemp("wheel")
    (wheel,) = builders.WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"])
    site = out / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def run_installed(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The program run from the unpacked wheel only: the repo is not on the path (cwd is elsewhere and the
    wheel comes first on PYTHONPATH, before an editable install's path)."""
    env = dict(os.environ, PYTHONPATH=str(site), NO_COLOR="1")
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def test_every_file_of_the_packages_ships(installed: Path) -> None:
    shipped = {p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file()}
    missing = sorted(package_files() - shipped)
    assert not missing, f"not in the wheel: {missing}"
    assert "seasons/samples/demo.json" in shipped and "tui/publish/templates/base.html" in shipped


def test_the_installed_program_runs_the_demo_and_publishes(installed: Path, tmp_path: Path) -> None:
    where = run_installed(installed, tmp_path, "-c", "import tui; print(tui.__file__)")
    assert where.stdout.strip().startswith(str(installed)), where.stdout + where.stderr
    demo = run_installed(installed, tmp_path, "-m", "tui.cli.main", "demo")  # no terminal: the standings
    assert demo.returncode == 0 and "Traceback" not in demo.stderr, demo.stderr
    assert len(demo.stdout.splitlines()) > 40  # a row per player of the demo season
    season = tmp_path / "demo.json"
    season.write_bytes((installed / "seasons" / "samples" / "demo.json").read_bytes())
    site = tmp_path / "site"
    published = run_installed(installed, tmp_path, "-m", "tui.cli.main", "publish", str(season), "-o", str(site))
    assert published.returncode == 0, published.stderr
    assert (site / "index.html").is_file() and (site / "site.css").is_file()
    css = run_installed(installed, tmp_path, "-c",
                        "from pathlib import Path; import tui.app.app as a; "
                        "print((Path(a.__file__).parent / a.KeizerApp.CSS_PATH).is_file())")
    assert css.stdout.strip() == "True", css.stderr
