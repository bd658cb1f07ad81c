"""The package's shape: no import cycle, and adapters that do not reach into each other."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.support.env import REPO

PACKAGE = REPO / "intake"


def _modules() -> dict[str, Path]:
    found = {}
    for file in PACKAGE.rglob("*.py"):
        parts = list(file.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = file
    return found


@functools.cache  # parsed once a process for the checks here (read-only)
def _imports(file: Path) -> list[ast.ImportFrom | ast.Import]:
    """Every import in the file, at module level or inside a function (lazy ones count too)."""
    tree = ast.parse(file.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, file in modules.items():
        targets: set[str] = set()
        for node in _imports(file):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets.add(node.module)
                targets.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_package() -> None:
    graph = _graph()
    assert "intake.sources.registry" in graph and "intake.lifecycle.gates" in graph
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_adapters_do_not_import_each_others_private_names() -> None:
    adapters = {"agent_ui", "agent_ui_export", "memory_db", "session_json", "github_issue"}
    for name in adapters:
        file = PACKAGE / "sources" / f"{name}.py"
        for node in _imports(file):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            imported = node.module.rsplit(".", 1)[-1]
            if imported in adapters:
                raise AssertionError(f"{name} imports the adapter {imported}")
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{name} imports private names {private} from {node.module}"


def test_no_module_imports_another_modules_private_names() -> None:
    """A name with a leading underscore is its module's own: another module that needs it takes
    a public name (the issue found 8 such imports; they are public now)."""
    found = [
        f"{file.relative_to(REPO).as_posix()}:{node.lineno} {node.module}.{alias.name}"
        for file in sorted(PACKAGE.rglob("*.py"))
        for node in _imports(file)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("intake")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert found == []


def test_gates_are_imported_from_gates_only() -> None:
    """check, promote and review judge with intake.lifecycle.gates, never a copy in another
    module."""
    for name in ("check/gate", "lifecycle/promote", "lifecycle/review"):
        source = (PACKAGE / f"{name}.py").read_text(encoding="utf-8")
        assert "def review_gate" not in source and "def check_gates" not in source
        assert "from intake.lifecycle.gates import" in source, name


def test_where_things_are_names_every_module() -> None:
    """docs/architecture.md's "Where things are" maps every library module (cli/ is described
    as a whole)."""
    page = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    missing = [
        str(file.relative_to(REPO))
        for file in sorted(PACKAGE.rglob("*.py"))
        if file.stem not in ("__init__", "__main__")
        and file.parent.name != "cli"
        and f"`{file.stem}" not in section
    ]
    assert missing == []


LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "foundation",
        (
            "intake",
            "intake.errors",
            "intake.config",
            "intake.paths",
            "intake.fileio",
            "intake.gitutil",
            "intake.textcut",
            "intake.crashpoints",
            "intake.portable",
            "intake.wording",
            "intake.limits",
            "intake.ghoutput",
            "intake.userconfig",
        ),
    ),
    ("contract", ("intake.contract",)),
    ("scrub", ("intake.scrub",)),
    ("store", ("intake.store",)),
    ("sources", ("intake.sources",)),
    ("drafting", ("intake.drafting",)),
    ("lifecycle", ("intake.lifecycle",)),
    ("report", ("intake.report",)),
    ("check", ("intake.check",)),
    ("app", ("intake.cli", "intake.demo", "intake.__main__")),
]
"""The layers from the bottom up (DESIGN §3): an import never runs up a layer."""


def layer_of(module: str) -> int:
    """The index in ``LAYERS`` of a module (its package's, or its own for foundation)."""
    best, best_len = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            exact_only = prefix == "intake" or (i == 0 and prefix != "intake")
            matches = module == prefix or (not exact_only and module.startswith(prefix + "."))
            if i == 0 and prefix != "intake":
                matches = module == prefix
            if matches and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    return best


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(m for m in _modules() if layer_of(m) < 0)
    assert unplaced == [], "modules no layer names (add them to LAYERS)"


def test_no_import_runs_up_a_layer() -> None:
    upward = sorted(
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in _graph().items()
        for target in targets
        if layer_of(target) > layer_of(module)
    )
    assert upward == []


def test_the_layer_rule_sees_an_upward_import() -> None:
    assert layer_of("intake.contract.models") < layer_of("intake.store.journal")
    assert layer_of("intake.cli.check") > layer_of("intake.check.gate")
    assert layer_of("intake.errors") == 0 and layer_of("intake.demo") == len(LAYERS) - 1
