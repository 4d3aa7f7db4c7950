"""The architecture holds: every arrow of `tui/cli, tui/app → tui/evening → pairing → scoring → seasons`
is there, nothing points upward, and only the layer that needs a heavy library imports it."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

LAYERS = ("tui.cli", "tui.app", "tui.publish", "tui.evening", "tui.format", "tui.legend", "pairing", "scoring",
          "seasons")
"""Most specific first: a module belongs to the first layer its dotted name starts with."""

MAY_USE: dict[str, set[str]] = {
    "seasons": set(),
    "scoring": {"seasons"},
    "pairing": {"scoring", "seasons"},
    "tui.format": {"scoring", "seasons"},  # how numbers and tables look, shared by every part of tui
    "tui.legend": set(),  # what the column headers mean, in Dutch and English: the site, the notice, the help
    "tui.evening": {"pairing", "scoring", "seasons", "tui.format"},
    # publishing is a headless output shell like the CLI: pages, notice and printout over the evening layer
    "tui.publish": {"tui.evening", "scoring", "seasons", "tui.format", "tui.legend"},
    "tui.app": {"tui.evening", "tui.publish", "scoring", "seasons", "tui.format", "tui.legend"},
    "tui.cli": {"tui.evening", "tui.publish", "pairing", "scoring", "seasons", "tui.format", "tui.legend"},
}
"""The layers of the project each layer may import (besides itself)."""

LIBRARIES: dict[str, set[str]] = {
    "textual": {"tui.app"},
    "rich": {"tui.app"},
    "ortools": {"pairing"},
    "rustworkx": {"pairing"},
    "numpy": {"scoring", "pairing"},
    "polars": {"scoring", "pairing"},
    "jinja2": {"tui.publish"},
    "markupsafe": {"tui.publish"},
    "babel": {"tui.publish"},
}
"""Third-party libraries and the only layers that may import them."""

CLI_STARTS_THE_APP = (("tui.cli.commands.bench", "_tui_benchmark"), ("tui.cli.commands.open", "run"))
"""The only arrows between the shells: `keizer open` (and `keizer demo` through it) starts the Textual app,
and `keizer bench tui` times it headless, each importing it inside the function that runs it."""


@dataclass(frozen=True, slots=True)
class Import:
    module: str
    """The importing module (dotted)."""
    target: str
    """The imported module (dotted, absolute)."""
    function: str | None
    """The function the import is in; None at the top of the module (also under TYPE_CHECKING)."""


def layer_of(module: str) -> str | None:
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def imports_of(path: Path) -> list[Import]:
    module = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, function or child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend(Import(module, a.name, function) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.append(Import(module, child.module, function))
            visit(child, function)

    visit(ast.parse(path.read_text()), None)
    return found


def all_imports() -> list[Import]:
    return [imp for package in ("seasons", "scoring", "pairing", "tui")
            for path in sorted((REPO / package).rglob("*.py")) for imp in imports_of(path)]


def arrows() -> set[tuple[str, str]]:
    """(from layer, to layer) for every import between two layers of the project."""
    out = set()
    for imp in all_imports():
        source, target = layer_of(imp.module), layer_of(imp.target)
        if source is not None and target is not None and source != target:
            out.add((source, target))
    return out


def test_every_layer_imports_only_the_layers_below_it():
    bad = []
    for imp in all_imports():
        source, target = layer_of(imp.module), layer_of(imp.target)
        if source is None or target is None or source == target or target in MAY_USE[source]:
            continue
        if (imp.module, imp.function) in CLI_STARTS_THE_APP and target == "tui.app":
            continue
        bad.append(f"{imp.module} imports {imp.target}" + (f" (in {imp.function})" if imp.function else ""))
    assert not bad, "\n".join(bad)


def test_the_arrows_are_all_there():
    # The shells go through the evening layer, which pairs, scores and reads the season.
    expected = {("tui.cli", "tui.evening"), ("tui.app", "tui.evening"), ("tui.evening", "pairing"),
                ("tui.evening", "scoring"), ("tui.evening", "seasons"), ("pairing", "scoring"),
                ("pairing", "seasons"), ("scoring", "seasons")}
    assert expected <= arrows()


def test_the_shells_do_not_reach_into_each_other():
    found = arrows()
    assert ("tui.app", "tui.cli") not in found
    assert ("tui.evening", "tui.app") not in found and ("tui.evening", "tui.cli") not in found
    cli_to_app = [(i.module, i.function) for i in all_imports()
                  if layer_of(i.module) == "tui.cli" and layer_of(i.target) == "tui.app"]
    assert sorted(set(cli_to_app)) == list(CLI_STARTS_THE_APP)  # only there, and only inside the functions


def test_heavy_libraries_stay_in_their_layer():
    bad = []
    for imp in all_imports():
        library = imp.target.split(".")[0]
        layer = layer_of(imp.module)
        if library in LIBRARIES and layer not in LIBRARIES[library]:
            bad.append(f"{imp.module} imports {imp.target}")
    assert not bad, "\n".join(bad)


def test_seasons_uses_the_standard_library_only():
    stdlib = sys.stdlib_module_names
    bad = [f"{i.module} imports {i.target}" for i in all_imports()
           if layer_of(i.module) == "seasons" and layer_of(i.target) != "seasons"
           and i.target.split(".")[0] not in stdlib]
    assert not bad, "\n".join(bad)


def _loaded(code: str, names: tuple[str, ...]) -> list[str]:
    probe = f"import sys; {code}; print(sorted(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    return list(ast.literal_eval(out.stdout))


def test_importing_the_core_does_not_load_textual():
    assert _loaded("import seasons.season_json, seasons.ruleset, scoring, pairing", ("textual", "rich")) == []


def test_publishing_does_not_load_textual_or_the_solvers():
    # `keizer publish` and `keizer notice` run where no terminal UI is (a cron job, a server).
    assert _loaded("import tui.publish.site, tui.publish.output", ("textual", "rich", "ortools", "rustworkx")) == []


def test_importing_the_evening_layer_does_not_load_textual_or_the_solvers():
    # The solvers load when a round is solved or a pairing shown, not when the evening opens.
    assert _loaded("import tui.evening", ("textual", "rich", "ortools", "rustworkx")) == []
