"""The environment has one reader: ``intake.userconfig.Environ``, whose fields are the list of
the variables intake reads (docs/configuration.md names each)."""

from __future__ import annotations

import ast
from dataclasses import fields

import pytest

from intake.userconfig import Environ
from tests.support.env import REPO

VARIABLES = [f.name for f in fields(Environ) if f.name.isupper()]


def _reads(tree: ast.AST) -> list[int]:
    """Lines that read ``os.environ`` or call ``os.getenv``; a write (``os.environ[k] = v``,
    ``setdefault``) or the whole environment handed to a child (``{**os.environ, …}``) is no
    read."""
    passed: set[int] = set()
    for node in ast.walk(tree):
        written = isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)
        if written or (isinstance(node, ast.Attribute) and node.attr == "setdefault"):
            passed.add(id(node.value))
        elif isinstance(node, ast.Dict):
            passed.update(id(v) for k, v in zip(node.keys, node.values, strict=True) if k is None)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            if {a.name for a in node.names} & {"environ", "getenv", "environb", "getenvb"}:
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr in ("environ", "getenv", "environb", "getenvb")
            and id(node) not in passed
        ):
            lines.append(node.lineno)
    return sorted(lines)


def test_no_module_but_userconfig_reads_the_environment() -> None:
    package = REPO / "intake"
    found = [
        f"{path.relative_to(REPO).as_posix()}:{line}"
        for path in sorted(package.rglob("*.py"))
        if path != package / "userconfig.py"
        for line in _reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []
    # the check sees a read where there is one, and passes writes and a child's environment
    seen = ast.parse(
        "import os\nos.environ['A'] = ''\nos.environ.setdefault('B', '')\n"
        "env = {**os.environ, 'C': ''}\nx = os.environ.get('D')\ny = os.getenv('E')\n"
        "z = 'F' in os.environ\n"
    )
    assert _reads(seen) == [5, 6, 7]


def test_the_configuration_page_names_every_variable() -> None:
    page = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = page.split("## Environment variables", 1)[1]
    assert "intake.userconfig.Environ" in section
    assert [v for v in VARIABLES if f"`{v}`" not in section] == []


def test_each_field_is_its_variable_none_when_unset() -> None:
    given = {name: f"value of {name}" for name in VARIABLES}
    read = Environ.of(
        {**given, "INTAKE_SUITE_DIR": "s", "INTAKE_lower": "x", "_INTAKE_COMPLETE": "bash"}
    )
    assert {name: getattr(read, name) for name in VARIABLES} == given
    assert read.settings["suite_dir"] == "s" and "lower" not in read.settings
    assert read.settings["debug"] == "value of INTAKE_DEBUG"  # every INTAKE_ variable
    assert read.completing
    empty = Environ.of({})
    assert [getattr(empty, name) for name in VARIABLES] == [None] * len(VARIABLES)
    assert empty.settings == {} and not empty.completing
    assert Environ.of({"GIT_DIR": ""}).GIT_DIR == ""  # set but empty is not unset


def test_the_process_environment_is_read_when_no_mapping_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GITHUB_ACTOR", "octocat")
    monkeypatch.delenv("RUNNER_NAME", raising=False)
    read = Environ.of()
    assert read.GITHUB_ACTOR == "octocat" and read.RUNNER_NAME is None


@pytest.mark.parametrize(
    ("given", "ci"),
    [
        ({}, False),
        ({"GITHUB_ACTIONS": "True"}, True),
        ({"GITHUB_ACTIONS": "1"}, False),
        ({"CI": "1"}, True),
        ({"CI": "TRUE"}, True),
        ({"CI": "yes", "GITHUB_ACTIONS": "false"}, False),
    ],
)
def test_ci_is_github_actions_or_a_true_ci_variable(given: dict[str, str], ci: bool) -> None:
    assert Environ.of(given).in_ci is ci


def test_the_secrets_it_holds_are_never_in_its_repr() -> None:
    """The token and the restores' salt (and the settings family, which holds the salt too)
    are left out of the view's repr: a repr reaches assertion messages, logs and tracebacks."""
    token, salt = "ghp_" + "Q" * 36, "salt-Zq81-never-shown"
    environ = Environ.of(
        {"GITHUB_TOKEN": token, "INTAKE_SCRUB_SALT": salt, "GITHUB_ACTOR": "octocat"}
    )
    assert (token, salt) == (environ.GITHUB_TOKEN, environ.INTAKE_SCRUB_SALT)
    assert environ.settings["scrub_salt"] == salt
    shown = repr(environ) + str(environ)
    assert token not in shown and salt not in shown
    assert "octocat" in shown  # the rest of the view is still shown
