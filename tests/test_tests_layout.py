"""The tests' own layout: test modules share code only through ``tests/support/``.

A test module that imports another couples two capabilities (moving or renaming one breaks the
other, and importing a test module collects its tests twice); ``conftest.py`` is pytest's, not
a library. Shared code lives in ``tests/support/``, once (one ``git()``), and a developer
machine's path comes from the environment, never from a literal in a test.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.env import REPO

TESTS = REPO / "tests"


@functools.cache
def _parsed() -> tuple[tuple[Path, ast.Module], ...]:
    """Every Python file of the test tree (tests, support, benchmarks, corpora builders), parsed
    once for all the checks here."""
    files = sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)
    return tuple((path, ast.parse(path.read_bytes())) for path in files)


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in ``tree``, ``from tests import x`` as ``tests.x``
    (the names imported from a package may be modules)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            if not reaches_a_test_module(node.module):
                found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
    return found


def reaches_a_test_module(module: str) -> bool:
    """Whether importing ``module`` reaches into a test module or ``conftest``."""
    parts = module.split(".")
    return (
        len(parts) >= 2
        and parts[0] == "tests"
        and (parts[-1] == "conftest" or any(p.startswith("test_") for p in parts[1:]))
    )


def test_no_test_file_imports_a_test_module_or_conftest() -> None:
    offending = [
        f"{path.relative_to(REPO).as_posix()}:{line}: {module}"
        for path, tree in _parsed()
        for line, module in imported_modules(tree)
        if reaches_a_test_module(module)
    ]
    assert offending == [], "\n".join(offending)


def test_the_import_scan_sees_every_form() -> None:
    source = (
        "import tests.test_a\n"
        "from tests.test_b import x\n"
        "from tests import test_c\n"
        "from tests.conftest import REPO\n"
        "def f():\n    from tests.test_d import y\n"
        "from tests.support.env import REPO\n"
        "from tests.support import crash_harness\n"
        "import intake.test_like\n"
    )
    seen = sorted({m for _, m in imported_modules(ast.parse(source)) if reaches_a_test_module(m)})
    assert seen == [
        "tests.conftest",
        "tests.test_a",
        "tests.test_b",
        "tests.test_c",
        "tests.test_d",
    ]


def test_helpers_live_in_support() -> None:
    """The top of ``tests/`` holds test modules only (and ``conftest.py``, ``__init__.py``)."""
    strays = sorted(
        p.name
        for p in TESTS.glob("*.py")
        if not p.name.startswith("test_") and p.name not in ("conftest.py", "__init__.py")
    )
    assert strays == []


def functions(tree: ast.AST) -> list[ast.FunctionDef]:
    """The functions of ``tree`` that are not methods."""
    methods = {id(f) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for f in c.body}
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and id(n) not in methods]


def test_git_is_written_once() -> None:
    """One ``git()`` helper (``tests/support/gitrepo.py``), not a copy per file (a method on a
    corpus builder's own object is its business)."""
    copies = sorted(
        path.relative_to(REPO).as_posix()
        for path, tree in _parsed()
        for node in functions(tree)
        if node.name.strip("_") in ("git", "run_git")
    )
    assert copies == ["tests/support/gitrepo.py"]


def whole_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, text)`` of every string literal that is not a piece of an f-string."""
    pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in pieces
    ]


def test_no_machine_path_is_written_into_a_test() -> None:
    """A developer machine's folders (``/work/...``) come from the environment
    (``tests/support/env.py``): a literal one would silently skip everywhere else."""
    literal = sorted(
        f"{path.relative_to(REPO).as_posix()}:{line}: {value}"
        for path, tree in _parsed()
        if path.name != "test_tests_layout.py"
        for line, value in whole_strings(tree)
        if value.startswith("/work/")
    )
    assert literal == [], "\n".join(literal)


_SHARE = """
import json, os, sys
from tests.support.env import share_bytecode
folder = share_bytecode()
print(json.dumps({"folder": folder and str(folder), "prefix": os.environ.get("PYTHONPYCACHEPREFIX"),
    "nowrite": os.environ.get("PYTHONDONTWRITEBYTECODE"), "dont": sys.dont_write_bytecode}))
"""


def _share(tmp: Path, **env: str) -> dict[str, object]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")
    }
    done = subprocess.run(
        [sys.executable, "-c", _SHARE],
        env={
            **base,
            "PYTHONPATH": str(REPO),
            "TMPDIR": str(tmp),
            "TEMP": str(tmp),
            "TMP": str(tmp),
            **env,
        },
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_bytecode_goes_to_a_private_folder_outside_the_checkout_only_when_writing_is_off(
    tmp_path: Path,
) -> None:
    """``share_bytecode`` (``tests/conftest.py`` calls it): with ``PYTHONDONTWRITEBYTECODE`` set
    the run and its children write bytecode under a private per-user temporary folder, never
    into the checkout; a folder open to others is not used; otherwise nothing changes."""
    shared = _share(tmp_path, PYTHONDONTWRITEBYTECODE="1")
    folder = Path(str(shared["folder"]))
    assert folder.parent == tmp_path and shared["prefix"] == str(folder)
    assert shared["nowrite"] is None and shared["dont"] is False
    if os.name == "posix":
        assert folder.stat().st_mode & 0o777 == 0o700
    assert _share(tmp_path)["folder"] is None  # writing allowed: __pycache__ as usual
    named = _share(tmp_path, PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(tmp_path / "own"))
    assert named["folder"] is None and named["prefix"] == str(tmp_path / "own")
    if os.name == "posix":
        folder.chmod(0o777)
        opened = _share(tmp_path, PYTHONDONTWRITEBYTECODE="1")
        assert opened == {"folder": None, "prefix": None, "nowrite": "1", "dont": True}
