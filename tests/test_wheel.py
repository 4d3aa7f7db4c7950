"""keizer as a club installs it: one name in site-packages, every data file shipped, the program run from it
alone — from a wheel and from an editable install, each made by pip into a fresh virtual environment."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import PACKAGE_DIRS

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {folder: name.replace(".", "/") for folder, name in PACKAGE_DIRS.items()}
"""Each folder of the repository and where it lands when installed (pyproject.toml's package-dir)."""


def package_files() -> set[str]:
    """Every file of the packages on disk (what an install must carry), as paths inside site-packages."""
    found = set()
    for folder, installed in FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(f"{installed}/{path.relative_to(ROOT / folder).as_posix()}")
    return found


def source_copy(into: Path) -> Path:
    """The project's files a build reads, copied: a build writes `build/` and `*.egg-info` beside its
    sources, which stay out of the repository."""
    src = into / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, src / folder, ignore=ignore)
    for file in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / file, src / file)
    return src


def fresh_venv(where: Path) -> Path:
    """A new virtual environment whose dependencies are this one's (a .pth file), so that pip installs keizer
    alone, offline; its python."""
    venv.create(where, with_pip=False)
    (packages,) = (where / "lib").glob("python*/site-packages")
    (packages / "_keizer_test_deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return where / "bin" / "python"


def pip_install(python: Path, *args: str) -> None:
    """pip (this environment's) installing into `python`'s environment, without the network."""
    out = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                          "--no-build-isolation", "--no-index", *args], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr


def run(python: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A command run with the given environment's python, the repository not on the path (cwd elsewhere)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"NO_COLOR": "1"}
    return subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built by the project's build backend from a copy of the sources."""
    pytest.importorskip("setuptools", reason="the build backend setuptools is not installed (pip install setuptools)")
    work = tmp_path_factory.mktemp("wheel")
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                          "--no-index", "-w", str(work / "dist"), str(source_copy(work))],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    (wheel,) = (work / "dist").glob("keizer-*.whl")
    return wheel


@pytest.fixture(scope="module")
def from_wheel(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the wheel installed by pip: its python."""
    python = fresh_venv(tmp_path_factory.mktemp("venv-wheel") / "venv")
    pip_install(python, str(built))
    return python


def site_packages(python: Path) -> Path:
    (packages,) = (python.parent.parent / "lib").glob("python*/site-packages")
    return packages


def test_the_wheel_installs_one_name_and_every_file(from_wheel: Path) -> None:
    packages = site_packages(from_wheel)
    ours = {p.name for p in packages.iterdir()} - {"_keizer_test_deps.pth", "__pycache__"}
    assert {n for n in ours if not n.startswith("_")} == {"keizer", "keizer-0.1.0.dist-info"}, sorted(ours)
    shipped = {p.relative_to(packages).as_posix() for p in (packages / "keizer").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    missing = sorted(package_files() - shipped)
    assert not missing, f"not in the wheel: {missing}"
    assert "keizer/seasons/samples/demo.json" in shipped and "keizer/web/templates/base.html" in shipped


def test_the_installed_program_runs_the_demo_and_publishes(from_wheel: Path, tmp_path: Path) -> None:
    where = run(from_wheel, tmp_path, "-c", "import keizer.seasons; print(keizer.seasons.__file__)")
    assert where.stdout.strip().startswith(str(site_packages(from_wheel))), where.stdout + where.stderr
    script = from_wheel.parent / "keizer"
    demo = subprocess.run([str(script), "demo"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert demo.returncode == 0 and "Traceback" not in demo.stderr, demo.stderr  # no terminal: the standings
    assert len(demo.stdout.splitlines()) > 40  # a row per player of the demo season
    season = tmp_path / "demo.json"
    season.write_bytes((site_packages(from_wheel) / "keizer" / "seasons" / "samples" / "demo.json").read_bytes())
    site_dir = tmp_path / "site"
    published = run(from_wheel, tmp_path, "-m", "keizer", "publish", str(season), "-o", str(site_dir))
    assert published.returncode == 0, published.stderr
    assert (site_dir / "index.html").is_file() and (site_dir / "site.css").is_file()
    css = run(from_wheel, tmp_path, "-c",
              "from pathlib import Path; import keizer.tui.app.app as a; "
              "print((Path(a.__file__).parent / a.KeizerApp.CSS_PATH).is_file())")
    assert css.stdout.strip() == "True", css.stderr


def test_an_editable_install_runs_the_repository_s_own_files(tmp_path: Path) -> None:
    pytest.importorskip("setuptools", reason="the build backend setuptools is not installed (pip install setuptools)")
    src = source_copy(tmp_path)
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, "-e", str(src))
    where = run(python, tmp_path, "-c", "import keizer.seasons, keizer.web as p; "
                                        "print(keizer.seasons.__file__); print(p.__file__)")
    assert where.stdout.split() == [str(src / "seasons" / "__init__.py"), str(src / "web" / "__init__.py")], \
        where.stdout + where.stderr
    version = run(python, tmp_path, "-m", "keizer", "--version")
    assert version.returncode == 0 and version.stdout.startswith("keizer "), version.stderr
    script = subprocess.run([str(python.parent / "keizer"), "standings", str(src / "seasons" / "samples" / "demo.json")],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert script.returncode == 0 and "Ranglijst na ronde" in script.stdout, script.stderr
    # Only keizer's own names at the top of site-packages: no `seasons`, `tui`, `pairing` or `scoring`.
    assert run(python, tmp_path, "-c", "import tui").returncode != 0
