"""The class inventories in docs/ are kept: every row of docs/identity.md (every place intake
keys a scenario) and docs/edits.md (every command that edits a scenario or record) names test
functions that exist, so a row cannot stand on a test that was renamed or never written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.env import REPO

REFERENCE = re.compile(r"(tests/[A-Za-z0-9_/]+\.py)(?:::([A-Za-z0-9_]+))?")


def _table_rows(page: Path) -> list[list[str]]:
    """The rows of the page's first table (its header and rule left out)."""
    rows: list[list[str]] = []
    started = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            if started:
                break
            continue
        started = True
        if line.startswith("| ---"):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:]


def _functions(file: Path) -> set[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("page", ["identity.md", "edits.md"])
def test_every_row_names_test_functions_that_exist(page: str) -> None:
    rows = _table_rows(REPO / "docs" / page)
    assert len(rows) >= 10
    problems: list[str] = []
    for cells in rows:
        found = REFERENCE.findall(cells[-1])
        if not found:
            problems.append(f"{cells[0]}: no test named")
        for name, function in found:
            file = REPO / name
            if not file.is_file():
                problems.append(f"{cells[0]}: {name} does not exist")
            elif not function:
                problems.append(f"{cells[0]}: {name} names no test function")
            elif function not in _functions(file):
                problems.append(f"{cells[0]}: {name}::{function} does not exist")
    assert problems == []
