"""The architecture holds: the layer table of docs/ARCHITECTURE.md is the code's. Every import goes down the
layers the table allows, every heavy library stays in its layer, no module imports itself back through others,
a package's face holds no code, and everything is imported by its one installed name, `keizer.`."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import PACKAGE_DIRS as FOLDERS
from tests.conftest import REPO

OLD_NAMES = tuple(folder for folder in FOLDERS if folder != "keizer")
"""The folders' own names, which no import may use: installed, only `keizer.` exists."""


def module_of(path: Path) -> str:
    """The installed dotted name of a module file of the repository."""
    folder, *rest = path.relative_to(REPO).with_suffix("").parts
    return ".".join((FOLDERS[folder], *rest)).removesuffix(".__init__")


def source_files() -> list[Path]:
    return [path for folder in FOLDERS for path in sorted((REPO / folder).rglob("*.py"))]


@dataclass(frozen=True, slots=True)
class Layer:
    name: str
    """The layer's dotted name as installed ("keizer.evening.words.tables")."""
    may_import: frozenset[str]
    libraries: frozenset[str]


def _dotted(cell: str) -> str:
    """A table cell's path (`evening/words/tables.py`, `seasons/`, `keizer`) as the layer's dotted name."""
    path = cell.strip("`").removesuffix("/").removesuffix(".py")
    head, _, rest = path.partition("/")
    if head == "keizer":
        return "keizer" + ("." + rest if rest and rest != "__init__" else "")
    return FOLDERS[head] + ("." + rest.replace("/", ".") if rest else "")


def layer_table() -> dict[str, Layer]:
    """docs/ARCHITECTURE.md's layer table, read: the one statement of the layers."""
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text()
    rows = re.findall(r"^\| (`[^|]+`) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$", text, re.M)
    table = {}
    for name, may, libraries in rows:
        dotted = _dotted(name)
        table[dotted] = Layer(dotted, frozenset(_dotted(c) for c in re.findall(r"`[^`]+`", may)),
                              frozenset(w for w in re.findall(r"[a-z_]+", libraries)
                                        if w not in ("the", "standard", "library", "only")))
    return table


LAYERS = layer_table()


def layer_of(module: str) -> str | None:
    """The most specific layer a module belongs to (`keizer.tui.app.screens.round` → `keizer.tui.app`)."""
    found = [name for name in LAYERS if module == name or module.startswith(name + ".")]
    return max(found, key=len) if found else None


@dataclass(frozen=True, slots=True)
class Import:
    module: str
    """The importing module (dotted, as installed)."""
    target: str
    """The imported module (dotted, absolute); for `from p import m` of a module m, `p.m`."""
    function: str | None
    """The function the import is in; None at the top of the module (also under TYPE_CHECKING)."""


MODULES = {module_of(path): path for path in source_files()}


def imports_of(path: Path) -> list[Import]:
    module = module_of(path)
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, function or child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend(Import(module, a.name, function) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                for alias in child.names:
                    sub = f"{child.module}.{alias.name}"
                    found.append(Import(module, sub if sub in MODULES else child.module, function))
            visit(child, function)

    visit(ast.parse(path.read_text()), None)
    return found


ALL_IMPORTS = [imp for path in source_files() for imp in imports_of(path)]


def arrows() -> set[tuple[str, str]]:
    """(from layer, to layer) for every import between two layers of the project."""
    out = set()
    for imp in ALL_IMPORTS:
        source, target = layer_of(imp.module), layer_of(imp.target)
        if source is not None and target is not None and source != target:
            out.add((source, target))
    return out


def test_the_table_counts_its_rows_and_every_module_has_a_layer():
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text()
    said = re.search(r"The table has (\d+) layers", text)
    assert said and int(said.group(1)) == len(LAYERS), (said and said.group(0), len(LAYERS))
    assert [m for m in MODULES if layer_of(m) is None] == []
    for layer in LAYERS.values():
        assert layer.may_import <= LAYERS.keys(), layer
    # every top folder but the terminal shells' is a row of its own; tui/ holds only its two shells
    assert {name for folder, name in FOLDERS.items() if folder != "tui"} <= LAYERS.keys()
    assert {"keizer.tui.app", "keizer.tui.cli"} <= LAYERS.keys()
    assert {m for m in MODULES if m.startswith("keizer.tui.")} <= {
        m for m in MODULES if m.startswith(("keizer.tui.app", "keizer.tui.cli"))}


def test_every_layer_imports_only_what_the_table_allows():
    bad = []
    for imp in ALL_IMPORTS:
        source, target = layer_of(imp.module), layer_of(imp.target)
        if source is None or target is None or source == target or target in LAYERS[source].may_import:
            continue
        bad.append(f"{imp.module} imports {imp.target}" + (f" (in {imp.function})" if imp.function else ""))
    assert not bad, "\n".join(bad)


def test_the_table_allows_only_arrows_there_are():
    # A layer the table lets import another but which never does says something false about the code.
    found = arrows()
    unused = [f"{layer.name} → {target}" for layer in LAYERS.values() for target in sorted(layer.may_import)
              if (layer.name, target) not in found]
    assert not unused, "\n".join(unused)


def test_the_shells_do_not_reach_into_each_other():
    found = arrows()
    assert ("keizer.tui.app", "keizer.tui.cli") not in found
    assert not {a for a in found if a[0] == "keizer.evening" and a[1].startswith("keizer.tui")}
    cli_to_app = {(i.module, i.function) for i in ALL_IMPORTS
                  if layer_of(i.module) == "keizer.tui.cli" and layer_of(i.target) == "keizer.tui.app"}
    assert cli_to_app == {("keizer.tui.cli.commands.bench", "_tui_benchmark"), ("keizer.tui.cli.commands.open", "run")}


SHELLS = ("keizer.tui.app", "keizer.tui.cli", "keizer.web")
"""The shells: the terminal UI, the command line, the members' pages."""
ENGINE_BENCHES = frozenset({"keizer.tui.cli.commands.bench", "keizer.tui.cli.commands.bench_limits",
                            "keizer.tui.cli.commands.simulate", "keizer.tui.cli.startup_bench", "keizer.tui.app.bench",
                            "keizer.tui.cli.serve_bench"})
"""The benchmark and simulate commands: they time and drive the engines themselves, on purpose (issue 27); `keizer
bench serve` has the season simulator make its club room (issue 28)."""
BEHIND_THE_EVENING = ("keizer.scoring", "keizer.pairing", "keizer.evening.forecast", "keizer.evening.session",
                      "keizer.evening.season_file")
"""What only the evening layer reaches: the engines, the forecast's engine, the session and what it opens."""


def _shell_modules() -> list[str]:
    return [m for m in MODULES if layer_of(m) in SHELLS and m not in ENGINE_BENCHES]


def test_the_shells_read_and_write_only_through_the_evening():
    # One way in: every shell reads a season and changes it through the evening's services (issue 27), so
    # no shell module imports scoring, pairing, the forecast engine or the session — not even for a type.
    bad = [f"{i.module} imports {i.target}" for i in ALL_IMPORTS
           if i.module in _shell_modules() and any(i.target == b or i.target.startswith(b + ".")
                                                   for b in BEHIND_THE_EVENING)]
    assert not bad, "\n".join(bad)


def test_a_shell_creates_or_copies_a_store_and_touches_no_session_or_store():
    # Opening a season is the evening's (`Evening.open`, `Evening.read`); a shell may create a new store (keizer
    # new, import) and nothing more of the store, and never reaches into the evening's session.
    bad = []
    for module in _shell_modules():
        path = MODULES[module]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("session", "_session"):
                bad.append(f"{module}:{node.lineno} .{node.attr}")
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "SeasonStore" and node.attr not in ("create", "build")):
                bad.append(f"{module}:{node.lineno} SeasonStore.{node.attr}")
    bad += [f"{i.module} imports {i.target}" for i in ALL_IMPORTS if i.module in _shell_modules()
            and i.target.startswith("keizer.seasons.store") and i.target != "keizer.seasons.store.season_store"]
    assert not bad, "\n".join(bad)


def test_heavy_libraries_stay_in_their_layer():
    owners = {library: {layer.name for layer in LAYERS.values() if library in layer.libraries}
              for layer_ in LAYERS.values() for library in layer_.libraries}
    bad = []
    for imp in ALL_IMPORTS:
        library = imp.target.split(".")[0]
        if library in owners and layer_of(imp.module) not in owners[library]:
            bad.append(f"{imp.module} imports {imp.target}")
    assert not bad, "\n".join(bad)
    assert owners["textual"] == {"keizer.tui.app"} and owners["ortools"] == {"keizer.pairing"}
    # the live evening's web stack is the members' shell's alone (`keizer serve` starts it through web/live/)
    assert owners["starlette"] == owners["uvicorn"] == {"keizer.web"}
    assert owners["httpx"] == {"keizer.tui.cli"}  # `keizer bench serve`'s client, never the server's
    assert any(i.target.startswith("starlette") for i in ALL_IMPORTS if layer_of(i.module) == "keizer.web")


def test_seasons_uses_the_standard_library_only():
    stdlib = sys.stdlib_module_names
    bad = [f"{i.module} imports {i.target}" for i in ALL_IMPORTS
           if layer_of(i.module) == "keizer.seasons" and layer_of(i.target) != "keizer.seasons"
           and i.target.split(".")[0] not in stdlib]
    assert not bad, "\n".join(bad)


def test_everything_is_imported_by_its_installed_name():
    tests = sorted((REPO / "tests").rglob("*.py")) + sorted((REPO / "tools").rglob("*.py"))
    bad = []
    for path in source_files() + tests:
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                     else [])
            bad += [f"{path.relative_to(REPO)}:{node.lineno} {n}" for n in names if n.split(".")[0] in OLD_NAMES]
            if isinstance(node, ast.ImportFrom) and node.level:
                bad.append(f"{path.relative_to(REPO)}:{node.lineno} relative import")
    assert not bad, "\n".join(bad)


def cycles() -> list[list[str]]:
    """The sets of modules that import each other round in a circle (strongly connected components of the
    import graph, every import counted: at the top, in a function or for the type checker alone)."""
    edges = {m: sorted({i.target for i in ALL_IMPORTS if i.module == m and i.target in MODULES} - {m})
             for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(MODULES):
        if v not in index:
            connect(v)
    return found


def test_no_circles():
    assert cycles() == []


KEY_WORDS = re.compile(r"\bF\d{1,2}\b|ctrl\+|\^[zyqp]\b|\bpress\b|\(\w\)|\b[a-z] (accepts|re-solves|re-pairs|clears)\b")
"""A key of a shell in a text: "F3", "ctrl+z", "^z", "press", "(r)", "a accepts", "r re-pairs"."""


def said_strings(path: Path) -> list[tuple[int, str]]:
    """The strings a module can say (constants and f-string parts), docstrings left out."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_the_evening_layer_says_what_happened_never_which_key_to_press():
    # Each shell words the evening's facts for its user: the TUI names keys, the CLI commands (evening/ways.py).
    bad = [f"{path.relative_to(REPO)}:{line}: {text!r}" for path in sorted((REPO / "evening").rglob("*.py"))
           for line, text in said_strings(path) if KEY_WORDS.search(text)]
    assert not bad, "\n".join(bad)


def test_every_way_forward_is_worded_by_each_shell():
    from keizer.evening.ways import Way
    from keizer.tui.app.ways import KEYS
    from keizer.tui.cli.ways import COMMANDS

    assert set(KEYS) == set(Way) == set(COMMANDS)


def test_a_package_face_only_says_what_the_package_is_for():
    # Touching a package loads none of its modules: a definition is imported from the module named for it.
    bad = []
    for path in source_files():
        if path.name != "__init__.py":
            continue
        body = ast.parse(path.read_text()).body
        docstring = body[:1] and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
        rest = body[1:] if docstring else body
        if path == REPO / "keizer" / "__init__.py":  # the version, written once, with its docstring
            rest = [n for n in rest if not (isinstance(n, ast.Assign) and n.targets[0].id == "__version__")  # type: ignore[attr-defined]
                    and not isinstance(n, ast.Expr)]
        if not docstring or rest:
            bad.append(str(path.relative_to(REPO)))
    assert not bad, "\n".join(bad)


def _loaded(code: str, names: tuple[str, ...]) -> list[str]:
    probe = f"import sys; {code}; print(sorted(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    return list(ast.literal_eval(out.stdout))


def test_importing_the_core_does_not_load_textual():
    assert _loaded("import keizer.seasons.season_json.read, keizer.seasons.ruleset.parse, keizer.scoring.replay, "
                   "keizer.pairing.proposer", ("textual", "rich")) == []


def test_publishing_does_not_load_textual_or_the_solvers():
    # `keizer publish` and `keizer notice` run where no terminal UI is (a cron job, a server).
    assert _loaded("import keizer.web.site.build, keizer.evening.publications, keizer.tui.cli.commands.publish",
                   ("textual", "rich", "ortools", "rustworkx")) == []


def test_opening_an_evening_does_not_load_textual_or_the_solvers():
    # The solvers load when a round is solved or a pairing shown, not when the evening opens.
    assert _loaded("import keizer.evening.evening", ("textual", "rich", "ortools", "rustworkx")) == []
