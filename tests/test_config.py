"""Configuration: [tool.intake], INTAKE_* environment, flags, unknown keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.config import load_settings
from intake.errors import ConfigError


def test_defaults_without_pyproject(tmp_path: Path) -> None:
    settings = load_settings(tmp_path, environ={})
    assert settings.root == tmp_path.resolve()
    assert settings.scenarios == tmp_path.resolve() / "scenarios"
    assert settings.provenance_target == 0.2


def test_found_from_a_subfolder(suite: Path) -> None:
    (suite / "drafts" / "deep").mkdir()
    settings = load_settings(suite / "drafts" / "deep", environ={})
    assert settings.root == suite.resolve()
    assert settings.github_repo == "acme/agent"


def test_precedence_flag_env_file_default(suite: Path) -> None:
    assert load_settings(suite, environ={}).github_repo == "acme/agent"
    env = {"INTAKE_GITHUB_REPO": "env/repo", "INTAKE_STRONG_MODELS": "a, b"}
    settings = load_settings(suite, environ=env)
    assert settings.github_repo == "env/repo"
    assert settings.strong_models == ["a", "b"]
    assert (
        load_settings(suite, {"github_repo": "flag/repo"}, environ=env).github_repo == "flag/repo"
    )


def test_unknown_key_is_an_error(suite: Path, runner: CliRunner) -> None:
    path = suite / "pyproject.toml"
    path.write_text(path.read_text() + "scenario_dir = 'typo'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown key 'scenario_dir'"):
        load_settings(suite, environ={})
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: unknown key 'scenario_dir' in [tool.intake] (pyproject.toml)"
    )
    assert result.stderr.splitlines()[1].startswith("hint: known keys: ")


def test_invalid_value_and_broken_toml(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["config"], env={"INTAKE_PROVENANCE_TARGET": "2"})
    assert result.exit_code == 2
    assert "invalid setting 'provenance_target'" in result.stderr
    assert result.stderr.rstrip().endswith("(environment variable INTAKE_PROVENANCE_TARGET)")
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write("provenance_target = 'lots'\n")
    result = runner.invoke(app, ["config"])
    assert result.stderr.rstrip().endswith("(pyproject.toml)")  # shown relative, never absolute
    (suite / "pyproject.toml").write_text("[tool.intake\n", encoding="utf-8")
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot read pyproject.toml")


def test_a_pyproject_whose_tool_is_no_table_has_no_intake_table(tmp_path: Path) -> None:
    """``tool = 1`` (valid TOML, no table) is read as no ``[tool.intake]``, not a crash, in
    every pyproject.toml a command passes on its way up; ``tool.intake = 1`` is refused."""
    suite = tmp_path / "suite"
    (suite / "scenarios").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('tool = "black"\n', encoding="utf-8")
    (suite / "pyproject.toml").write_text("tool = 1\n", encoding="utf-8")
    assert load_settings(suite, environ={}).root == suite.resolve()
    (suite / "pyproject.toml").write_text("[tool]\nintake = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\[tool.intake\] must be a table"):
        load_settings(suite, environ={})


def test_config_command_prints_effective_values(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["config"], env={"GITHUB_TOKEN": "ghp_secretvalue"})
    assert result.exit_code == 0
    assert 'github_repo = "acme/agent"' in result.stdout
    assert "ghp_secretvalue" not in result.stdout
