"""User-level settings (``intake/userconfig.py``): the environment, then the user config file;
never a file or cache folder inside the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.userconfig import user_cache_dir, user_config_path, user_setting


def test_the_environment_comes_before_the_user_config_file(tmp_path: Path) -> None:
    config = tmp_path / "user.toml"
    config.write_text(
        'gaia_python = "/opt/gaia/bin/python"\nrunner = ["gaia", "eval"]\n', encoding="utf-8"
    )
    env = {"INTAKE_CONFIG": str(config), "INTAKE_GAIA_PYTHON": "/usr/bin/python3"}
    found = user_setting("gaia_python", env)
    assert found is not None
    assert (found.value, found.origin) == (
        "/usr/bin/python3",
        "environment variable INTAKE_GAIA_PYTHON",
    )
    found = user_setting("runner", env)
    assert found is not None and found.value == ["gaia", "eval"] and found.origin == str(config)
    assert user_setting("github_api_url", env) is None


def test_the_default_config_file_follows_xdg_and_home(tmp_path: Path) -> None:
    if user_config_path({}).drive:  # Windows: %APPDATA%
        pytest.skip("POSIX layout")
    assert user_config_path({"HOME": str(tmp_path)}) == tmp_path / ".config/intake/config.toml"
    assert user_config_path({"XDG_CONFIG_HOME": str(tmp_path / "x")}) == (
        tmp_path / "x/intake/config.toml"
    )
    assert user_cache_dir({"HOME": str(tmp_path)}) == tmp_path / ".cache/intake"


def test_a_config_file_or_cache_inside_the_suite_is_not_the_users(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    planted = suite / "intake.toml"
    planted.write_text('github_api_url = "http://127.0.0.1:1"\n', encoding="utf-8")
    env = {"INTAKE_CONFIG": str(planted), "INTAKE_CACHE_DIR": str(suite / ".cache")}
    assert user_setting("github_api_url", env, outside=suite) is None
    assert user_setting("github_api_url", env) is not None
    assert user_cache_dir(env, outside=suite) is None
    assert user_cache_dir(env, outside=tmp_path / "other") == suite / ".cache"


def test_a_broken_or_huge_config_file_names_nothing(tmp_path: Path) -> None:
    config = tmp_path / "user.toml"
    config.write_text("gaia_python = [unclosed\n", encoding="utf-8")
    assert user_setting("gaia_python", {"INTAKE_CONFIG": str(config)}) is None
    config.write_text('gaia_python = "x"\n' + "#" * 300_000 + "\n", encoding="utf-8")
    assert user_setting("gaia_python", {"INTAKE_CONFIG": str(config)}) is None


def test_only_the_user_level_keys_are_asked() -> None:
    with pytest.raises(ValueError):
        user_setting("scrubbers_dir", {})
