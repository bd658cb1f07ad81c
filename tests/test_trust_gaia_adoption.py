"""intake brought into GAIA's repository through a pull request (issue 34, items 1 and 2).

GAIA's files at the corpus commit (``eval/scenarios``, ``eval/corpus``, ``pyproject.toml``,
``.gitattributes``) are exported from the mirror into an upstream repository with no
``[tool.intake]``. A maintainer's branch runs ``intake init`` and ``intake adopt`` over the 91
scenarios, adds the workflow, pushes; the check runs as a maintainer's fresh clone (the base
from ``origin/HEAD``) and as CI does (``GITHUB_BASE_REF``). Then the branch is merged and a
branch that changes nothing is checked with ``--base main``: GAIA's ten ``mcp_reliability``
files are named differently from their ids (``simple_tool_call.yaml`` holds
``mcp_simple_tool_call``), and their records are found on the base under the id.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.config import GAIA_LAYOUT, layout_settings
from tests.support import gaia_install
from tests.support.env import REPO
from tests.support.trust_repo import MALLORY, git

pytestmark = pytest.mark.skipif(not gaia_install.mirror_present(), reason=gaia_install.ABSENT)

GAIA_FILES = ("eval/scenarios", "eval/corpus", "pyproject.toml", ".gitattributes")
MCP = "eval/scenarios/mcp_reliability"


@pytest.fixture(scope="module")
def gaia_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """GAIA's files at the corpus commit (exported once for the module)."""
    return gaia_install.export(tmp_path_factory.mktemp("gaia-export"), *GAIA_FILES)


class Upstream:
    """``origin.git`` holding GAIA's files on ``main`` (no ``[tool.intake]``), and clones."""

    def __init__(self, tmp: Path, tree: Path) -> None:
        self.tmp = tmp
        self.origin = tmp / "origin.git"
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(self.origin)], check=True)
        self.main = tmp / "maintainer"
        shutil.copytree(tree, self.main)
        git(self.main, "init", "-q", "-b", "main")
        git(self.main, "remote", "add", "origin", str(self.origin))
        git(self.main, "add", "-A")
        git(self.main, "commit", "-q", "-m", "GAIA at the corpus commit")
        git(self.main, "push", "-q", "origin", "main")
        self._clones = 0

    def clone(self, branch: str, *, depth: int | None = None) -> Path:
        """A fresh clone of ``branch`` (``depth``: a shallow one, as actions/checkout makes)."""
        self._clones += 1
        target = self.tmp / f"clone-{self._clones}"
        extra = ["--depth", str(depth), "--no-single-branch"] if depth else []
        url = self.origin.as_uri() if depth else str(self.origin)
        subprocess.run(["git", "clone", "-q", *extra, "-b", branch, url, str(target)], check=True)
        return target


def _intake(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, list(args))


def _findings(result: Any) -> list[dict[str, Any]]:
    return list(json.loads(result.stdout)["findings"])


def _errors(result: Any) -> list[str]:
    return [
        f"{f['file']}:{f['line']}: {f['message']}"
        for f in _findings(result)
        if f["severity"] == "error"
    ]


def _adoption_branch(up: Upstream, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """The maintainer's pull request that brings intake in: init, adopt, the workflow."""
    git(up.main, "checkout", "-q", "-b", "adopt-intake")
    monkeypatch.setenv("INTAKE_BACKEND_URL", "http://127.0.0.1:9")  # no Agent UI here
    assert _intake(runner, up.main, monkeypatch, "init").exit_code == 0
    result = _intake(
        runner,
        up.main,
        monkeypatch,
        "adopt",
        "eval/scenarios",
        "--source",
        "hand",
        "--reviewer",
        "maintainer",
    )
    assert result.exit_code == 0, result.output
    assert "91 adopted" in result.output
    workflow = up.main / ".github" / "workflows" / "intake-check.yml"
    workflow.parent.mkdir(parents=True)
    shutil.copy(REPO / ".github" / "workflows" / "intake-check.yml", workflow)
    git(up.main, "add", "-A")
    git(up.main, "commit", "-q", "-m", "intake: configure, adopt the scenarios, the gate")
    git(up.main, "push", "-q", "origin", "adopt-intake")


@pytest.mark.slow
def test_the_pull_request_adopting_gaia_passes_its_own_check(
    tmp_path: Path, gaia_tree: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    up = Upstream(tmp_path, gaia_tree)
    _adoption_branch(up, runner, monkeypatch)

    fresh = up.clone("adopt-intake")
    result = _intake(runner, fresh, monkeypatch, "check", "--format", "json")
    assert result.exit_code == 0, _errors(result)
    assert not [f for f in _findings(result) if "claimed" in f["message"]]
    wiring = {(f["severity"], f["file"]) for f in _findings(result) if f["code"] == "rule-change"}
    assert wiring == {("warning", ".github/workflows/intake-check.yml")}, wiring

    for depth in (None, 1):
        ci = up.clone("adopt-intake", depth=depth)
        monkeypatch.setenv("GITHUB_BASE_REF", "main")
        result = _intake(runner, ci, monkeypatch, "check", "--format", "json")
        assert result.exit_code == 0, (depth, _errors(result))
        monkeypatch.delenv("GITHUB_BASE_REF")


@pytest.mark.slow
def test_after_adoption_an_unchanged_branch_passes_check_base_main(
    tmp_path: Path, gaia_tree: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    up = Upstream(tmp_path, gaia_tree)
    _adoption_branch(up, runner, monkeypatch)
    git(up.main, "checkout", "-q", "main")
    git(up.main, "merge", "-q", "--ff-only", "adopt-intake")
    git(up.main, "push", "-q", "origin", "main")
    clone = up.clone("main")
    git(clone, "checkout", "-q", "-b", "nothing")

    result = _intake(runner, clone, monkeypatch, "check", "--base", "main", "--format", "json")
    assert result.exit_code == 0, _errors(result)
    assert _errors(result) == []
    mcp = [
        f
        for f in _findings(result)
        if f["file"].startswith(MCP) and ("claimed" in f["message"] or f["code"] == "not-promoted")
    ]
    assert mcp == []

    # the control: the same stamp changed on a branch is still the change's claim
    record = clone / MCP / "simple_tool_call.intake.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["id"] == "mcp_simple_tool_call"
    data["adoption"]["by"] = "mallory"
    record.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    git(clone, "commit", "-q", "-am", "re-adopt", who=MALLORY)
    result = _intake(runner, clone, monkeypatch, "check", "--base", "main", "--format", "json")
    assert any(
        f["file"] == f"{MCP}/simple_tool_call.intake.json" and "claimed" in f["message"]
        for f in _findings(result)
    )


@pytest.mark.slow
def test_an_adoption_that_also_edits_the_scenario_is_claimed(
    tmp_path: Path, gaia_tree: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only what ``intake adopt`` writes (``source``) re-derives the stamp from the base: a
    criterion weakened before adopting leaves the stamp claimed, and the first pull request
    that sets a rule the base's defaults do not have is still a rule change."""
    up = Upstream(tmp_path, gaia_tree)
    scenario = up.main / MCP / "simple_tool_call.yaml"
    text = scenario.read_text(encoding="utf-8")
    marker = "success_criteria:"
    assert marker in text
    git(up.main, "checkout", "-q", "-b", "adopt-intake")
    scenario.write_text(
        text.replace(marker, marker + ' "Any answer passes."\n    old_criteria:', 1),
        encoding="utf-8",
    )
    with (up.main / "pyproject.toml").open("a", encoding="utf-8") as out:
        out.write(
            "\n[tool.intake]\nstrong_pass_min = 9\n"
            + "".join(
                f'{key} = "{value.as_posix()}"\n'
                for key, value in layout_settings(GAIA_LAYOUT).items()
            )
        )
    monkeypatch.setenv("INTAKE_BACKEND_URL", "http://127.0.0.1:9")
    result = _intake(
        runner,
        up.main,
        monkeypatch,
        "adopt",
        str(scenario),
        "--source",
        "hand",
        "--reviewer",
        "maintainer",
    )
    assert result.exit_code == 0, result.output
    git(up.main, "add", "-A")
    git(up.main, "commit", "-q", "-m", "adopt one, weakened")
    git(up.main, "push", "-q", "origin", "adopt-intake")

    result = _intake(runner, up.clone("adopt-intake"), monkeypatch, "check", "--format", "json")
    assert result.exit_code == 1
    found = _findings(result)
    assert any(
        f["file"] == f"{MCP}/simple_tool_call.intake.json"
        and "claimed" in f["message"]
        and "adoption" in f["message"]
        for f in found
    )
    rules = {f["message"].split(" ")[1] for f in found if f["code"] == "rule-change"}
    assert rules == {"strong_pass_min"}, rules
