"""intake never executes the checkout (issue 28 point 4; docs/trust-gaia.md).

Every planted program here would write a marker file if it ran. Each case runs, as real
subprocesses in the suite: the pre-commit hooks exactly as ``.pre-commit-hooks.yaml`` declares
them (``intake-check``: ``intake check``; ``intake-validate``: ``intake validate FILES``) and
``intake validate --strict``, the three verdict commands that ask GAIA. Then a control shows the
same program does run when the user names it at user level (outside the suite), so a test can
fail: the planted program is real and runnable.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import gaia_install
from tests.support.env import SUITE_PYPROJECT, posix_only
from tests.support.gaia_runs import (
    REJECT_AGENT_TYPE,
    fake_gaia_package,
    intake_script,
    precommit_hooks,
)
from tests.support.promote_helpers import FINAL_YAML, write_pair

DRAFT = "pdf_summary_loop"


def _verdict_commands(suite: Path) -> list[list[str]]:
    """The hooks' entries as pre-commit runs them, and ``validate --strict``."""
    hooks = precommit_hooks()
    check = str(hooks["intake-check"]["entry"]).split()
    validate = str(hooks["intake-validate"]["entry"]).split()
    files = [str(p.relative_to(suite)) for p in sorted(suite.rglob("*.yaml"))]
    assert check[0] == validate[0] == "intake"
    return [
        [intake_script(), *check[1:]],
        [intake_script(), *validate[1:], *files],
        [intake_script(), "validate", "--strict"],
    ]


def _run_all(suite: Path, env: dict[str, str]) -> list[subprocess.CompletedProcess[str]]:
    return [
        subprocess.run(
            command,
            cwd=suite,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        for command in _verdict_commands(suite)
    ]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(extra)
    return env


def _planter(marker: Path) -> str:
    """Python that writes ``marker``: what a planted file would do if it were executed."""
    return f"import pathlib\npathlib.Path({str(marker)!r}).write_text('executed')\n"


def _shell_python(path: Path, marker: Path) -> Path:
    """An executable named like an interpreter: writes ``marker``, then is Python."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'#!/bin/sh\necho executed > "{marker}"\nexec "{sys.executable}" "$@"\n')
    path.chmod(0o755)
    return path


@pytest.fixture
def gaia_python(tmp_path: Path, suite: Path) -> Path:
    """A GAIA installed outside the suite (its validator rejects ``agent_type``)."""
    package = fake_gaia_package(tmp_path / "outside" / "gaia-pkg", suite, REJECT_AGENT_TYPE)
    return gaia_install.environment(tmp_path / "outside" / "gaia-env", package)


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "executed.txt"


def _draft(suite: Path) -> None:
    write_pair(suite / "drafts", text=FINAL_YAML)


@pytest.mark.slow
def test_a_gaia_package_planted_at_the_suite_root_is_never_imported(
    suite: Path, gaia_python: Path, marker: Path
) -> None:
    _draft(suite)
    planted = suite / "gaia"
    (planted / "eval").mkdir(parents=True)
    (planted / "__init__.py").write_text(_planter(marker), encoding="utf-8")
    (planted / "eval" / "__init__.py").write_text(_planter(marker), encoding="utf-8")
    (planted / "eval" / "runner.py").write_text(_planter(marker), encoding="utf-8")
    done = _run_all(suite, _env(INTAKE_GAIA_PYTHON=str(gaia_python)))
    assert [d.returncode for d in done] == [0, 0, 0], [d.stdout + d.stderr for d in done]
    assert not marker.exists(), "the planted gaia/ package was imported"
    assert done[2].stdout.rstrip().endswith("GAIA's own checks ran too"), done[2].stdout
    # the installed GAIA, not the planted one, judged: its own rule is heard
    write_pair(
        suite / "drafts",
        text=FINAL_YAML.replace("persona: casual_user", "persona: casual_user\nagent_type: doc"),
    )
    done = _run_all(suite, _env(INTAKE_GAIA_PYTHON=str(gaia_python)))
    assert "GAIA's validate_scenario" in done[0].stdout, done[0].stdout
    assert "agent_type is not a scenario key" in done[2].stdout, done[2].stdout
    assert not marker.exists()


@pytest.mark.slow
@posix_only("an interpreter that is a shell script")
@pytest.mark.parametrize("where", ["outside", "inside"])
def test_gaia_python_named_by_the_checkout_is_not_run(
    suite: Path, tmp_path: Path, marker: Path, where: str
) -> None:
    _draft(suite)
    base = tmp_path / "elsewhere" if where == "outside" else suite / "tools"
    program = _shell_python(base / "python3", marker)
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT + f'gaia_python = "{program}"\n', encoding="utf-8"
    )
    done = _run_all(suite, _env())
    assert [d.returncode for d in done] == [0, 0, 0], [d.stdout + d.stderr for d in done]
    assert not marker.exists(), "check, validate or the hook ran the checkout's gaia_python"
    assert "note: gaia_python in [tool.intake] is not used" in done[0].stderr, done[0].stderr
    assert "note: gaia_python in [tool.intake] is not used" in done[2].stderr
    promote = [intake_script(), "promote", DRAFT, "--dry-run"]
    subprocess.run(promote, cwd=suite, check=False, env=_env(), capture_output=True)
    assert not marker.exists(), "promotion's gates ran the checkout's gaia_python"
    if where == "outside":  # the control: named by the user, the same program runs
        subprocess.run(
            promote,
            cwd=suite,
            check=False,
            env=_env(INTAKE_GAIA_PYTHON=str(program)),
            capture_output=True,
        )
        assert marker.exists()


@pytest.mark.slow
@posix_only("a runner whose #! line names a shell script")
@pytest.mark.parametrize("shape", ["shebang", "python-named"])
def test_a_runner_and_its_shebang_named_by_the_checkout_are_not_run(
    suite: Path, tmp_path: Path, marker: Path, shape: str
) -> None:
    _draft(suite)
    tools = suite / "tools"
    if shape == "shebang":
        interpreter = _shell_python(tools / "gaia-python", marker)
        program = tools / "gaia"
        program.write_text(f"#!{interpreter}\nprint('runner')\n", encoding="utf-8")
        program.chmod(0o755)
    else:
        program = _shell_python(tools / "python-gaia", marker)
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT + f'runner = ["{program}", "eval", "agent"]\n', encoding="utf-8"
    )
    done = _run_all(suite, _env())
    assert [d.returncode for d in done] == [0, 0, 0], [d.stdout + d.stderr for d in done]
    assert not marker.exists(), "check, validate or the hook ran the checkout's runner"
    assert "note: runner in [tool.intake] is not used" in done[0].stderr, done[0].stderr
    # the control: the same kind of runner, outside the suite and named by the user, is asked
    outside = tmp_path / "user-tools"
    interpreter = _shell_python(outside / "gaia-python", marker)
    user_runner = outside / "gaia"
    user_runner.write_text(f"#!{interpreter}\n", encoding="utf-8")
    user_runner.chmod(0o755)
    subprocess.run(
        [intake_script(), "validate", "--strict"],
        cwd=suite,
        check=False,
        env=_env(INTAKE_RUNNER=f"{user_runner} eval agent"),
        capture_output=True,
    )
    assert marker.exists()


@pytest.mark.slow
@posix_only("an interpreter that is a shell script")
def test_an_interpreter_inside_the_suite_is_refused_even_when_the_user_names_it(
    suite: Path, marker: Path
) -> None:
    _draft(suite)
    program = _shell_python(suite / ".venv" / "bin" / "python", marker)
    done = _run_all(suite, _env(INTAKE_GAIA_PYTHON=str(program)))
    assert [d.returncode for d in done] == [0, 0, 0], [d.stdout + d.stderr for d in done]
    assert not marker.exists()
    assert "lies inside this suite and is not run" in done[0].stderr, done[0].stderr


@pytest.mark.slow
def test_gaia_installed_from_the_checkout_is_not_run_by_the_verdict(
    suite: Path, tmp_path: Path, marker: Path
) -> None:
    """An interpreter outside the suite whose GAIA is the suite's own ``src/gaia`` (an
    editable install of the checkout being judged): the probe stops before importing it."""
    _draft(suite)
    package = fake_gaia_package(suite / "src", suite, REJECT_AGENT_TYPE)
    (package / "gaia" / "__init__.py").write_text(_planter(marker), encoding="utf-8")
    python = gaia_install.environment(tmp_path / "outside-env", package)
    done = _run_all(suite, _env(INTAKE_GAIA_PYTHON=str(python)))
    assert [d.returncode for d in done] == [0, 0, 0], [d.stdout + d.stderr for d in done]
    assert not marker.exists(), "GAIA installed from the checkout was imported"
    assert "GAIA's own checks ran too" not in done[2].stdout
    assert "no GAIA installed outside this suite answered" in done[2].stderr, done[2].stderr


@pytest.mark.slow
def test_the_user_config_file_names_gaia_python_and_one_inside_the_suite_is_ignored(
    suite: Path, tmp_path: Path, gaia_python: Path
) -> None:
    _draft(suite)
    outside = tmp_path / "config" / "config.toml"
    outside.parent.mkdir()
    outside.write_text(f"gaia_python = {str(gaia_python)!r}\n", encoding="utf-8")
    done = subprocess.run(
        [intake_script(), "validate", "--strict"],
        cwd=suite,
        capture_output=True,
        text=True,
        env=_env(INTAKE_CONFIG=str(outside)),
        check=False,
    )
    assert done.stdout.rstrip().endswith("GAIA's own checks ran too"), done.stdout + done.stderr
    inside = suite / "intake-user.toml"
    inside.write_text(outside.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [intake_script(), "validate", "--strict"],
        cwd=suite,
        capture_output=True,
        text=True,
        env=_env(INTAKE_CONFIG=str(inside)),
        check=False,
    )
    assert "GAIA's own checks ran too" not in done.stdout, done.stdout


@pytest.mark.slow
@posix_only("a runner that is a shell script")
def test_run_and_control_start_only_a_runner_the_user_names(suite: Path, marker: Path) -> None:
    """Commands that run GAIA on purpose start the runner the user names, never one only the
    checkout's ``[tool.intake]`` names: ``intake run`` here, and ``find_runner``
    (``runner_command``, intake/lifecycle/runs/run.py), which ``intake control`` calls too."""
    from intake.config import load_settings
    from intake.errors import UsageError
    from intake.lifecycle.runs.run import find_runner
    from tests.support.env import user_level

    command = ["run", DRAFT, "--tier", "strong"]
    _draft(suite)
    program = _shell_python(suite / "tools" / "python-runner", marker)
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT + f'runner = ["{program}", "eval", "agent"]\n'
        'strong_models = ["claude-opus-4"]\nlocal_models = ["Gemma-4-E4B-it-GGUF"]\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [intake_script(), *command],
        cwd=suite,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith(
        "error: the runner is named only by the checkout's [tool.intake]"
    ), done.stderr
    assert not marker.exists()
    with pytest.raises(UsageError, match="named only by the checkout"):
        find_runner(load_settings(suite))
    user_level(runner=[str(program), "eval", "agent"])
    assert find_runner(load_settings(suite)) == [str(program), "eval", "agent"]
