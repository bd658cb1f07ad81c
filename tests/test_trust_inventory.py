"""docs/trust.md's inventory is kept: every row names a test that exists, every setting a row.

A row names ``tests/FILE.py::test_name``, and the function must exist in that file: a row that
names only a file, or a test that does not exist, fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from intake.config import FIELDS
from tests.support.env import REPO

PAGE = REPO / "docs" / "trust.md"

REFERENCE = re.compile(r"(tests/[A-Za-z0-9_]+\.py)(?:::([A-Za-z0-9_]+))?")


def _rows() -> list[list[str]]:
    """Every row of the inventory's tables (header rows and the authority legend left out)."""
    text = PAGE.read_text(encoding="utf-8")
    inventory = text.split("## The inventory", 1)[1]
    rows = []
    for line in inventory.splitlines():
        if not line.startswith("|") or line.startswith("| ---") or line.startswith("| Input |"):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def _functions(file: Path) -> set[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def _problems(rows: list[list[str]]) -> list[str]:
    """What is wrong with the rows' tests: none named, a file or function that does not exist,
    a named file without tests."""
    missing: list[str] = []
    for cells in rows:
        found = REFERENCE.findall(cells[-1])
        if len(cells) != 5 or not found:
            missing.append(f"{cells[0]}: no test named")
            continue
        for name, function in found:
            file = REPO / name
            if not file.is_file():
                missing.append(f"{cells[0]}: {name} does not exist")
                continue
            defined = _functions(file)
            if function and function not in defined:
                missing.append(f"{cells[0]}: {name}::{function} does not exist")
            if not function:
                missing.append(f"{cells[0]}: {name} names no test function")
    return missing


@pytest.mark.slow
def test_every_row_names_a_test_that_exists() -> None:
    rows = _rows()
    assert len(rows) >= 60
    assert _problems(rows) == []


def test_every_row_names_test_functions_not_only_files() -> None:
    bare = {
        name for cells in _rows() for name, function in REFERENCE.findall(cells[4]) if not function
    }
    assert bare == set()


def test_every_setting_has_a_row() -> None:
    settings_rows = " ".join(cells[0] for cells in _rows())
    unlisted = sorted(key for key in FIELDS if f"`{key}`" not in settings_rows)
    assert unlisted == []


def test_every_record_field_has_a_row() -> None:
    """Deny by default: each field of the record is listed with its authority (issue 37)."""
    from intake.contract.models import Record

    first = " ".join(cells[0] for cells in _rows())
    unlisted = sorted(name for name in Record.model_fields if f"`Record.{name}`" not in first)
    assert unlisted == []


def test_the_inventory_check_sees_what_is_missing() -> None:
    rows = [
        ["`x`", "check", "base revision", "finding", "tests/test_trust_inventory.py::test_nope"],
        ["`y`", "check", "base revision", "finding", "tests/test_no_such_file.py::test_a"],
        ["`z`", "check", "base revision", "finding", "nothing"],
        ["`w`", "check", "base revision", "finding", "tests/conftest.py"],
        ["`v`", "check", "base revision", "finding", "tests/test_trust_gaia.py::test_x"],
        ["`u`", "check", "base revision", "finding", "tests/test_trust_gaia.py"],
    ]
    problems = _problems(rows)
    assert problems == [
        "`x`: tests/test_trust_inventory.py::test_nope does not exist",
        "`y`: tests/test_no_such_file.py does not exist",
        "`z`: no test named",
        "`w`: tests/conftest.py names no test function",
        "`v`: tests/test_trust_gaia.py::test_x does not exist",
        "`u`: tests/test_trust_gaia.py names no test function",
    ]
