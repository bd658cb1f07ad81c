"""The run paths that build ``NamedTuple``s with ``tuple.__new__`` (no ``__new__`` call: measured
in docs/benchmarks.md, "Suite health") give every field: such a build takes a tuple of any
length silently, so a field added to the class would be missing on the fast path only. Each
build site is read from the source and its tuple counted against the class's fields."""

from __future__ import annotations

import ast
import importlib

from tests.support.env import REPO

MODULES = (
    "intake.lifecycle.runs.nightly",
    "intake.lifecycle.runs.results",
    "intake.lifecycle.runs.store",
    "intake.report.health",
)
SLICED = {("intake.lifecycle.runs.nightly", "SuiteScenario"): 3}
"""Builds from a slice, not a literal: the slice's length, as written at the site."""


def _sites(module: str) -> list[tuple[str, int | None, int]]:
    """Each ``tuple.__new__`` build in ``module``: (class, literal length or None, line)."""
    path = REPO / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = {"tuple.__new__"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and ast.unparse(node.value) == "tuple.__new__":
            aliases.update(ast.unparse(t) for t in node.targets)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) in aliases
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Name)
        ):
            given = node.args[1]
            length = len(given.elts) if isinstance(given, ast.Tuple) else None
            found.append((node.args[0].id, length, node.lineno))
    return found


def test_every_tuple_built_on_a_fast_path_has_all_its_fields() -> None:
    checked = 0
    for module in MODULES:
        namespace = importlib.import_module(module)
        for name, length, line in _sites(module):
            fields = getattr(namespace, name)._fields
            given = SLICED.get((module, name)) if length is None else length
            assert given is not None, f"{module}:{line}: {name} built from a non-literal"
            assert given == len(fields), f"{module}:{line}: {name} given {given} of {fields}"
            checked += 1
    assert checked >= 4  # the stored results, the results, the suite's entries, the runs
