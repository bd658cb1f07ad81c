"""User-level settings: what the person running intake chose, never what a checkout carries.

A few settings decide which program intake starts or where it sends a token: GAIA's
interpreter (``gaia_python``), GAIA's runner (``runner``) and the GitHub API base
(``github_api_url``). A checkout's ``[tool.intake]`` may name them, but a pull request can
change that table, so for these keys the checkout is not an authority (docs/trust-gaia.md).
Their user-level value comes from, in order:

1. the environment: ``INTAKE_GAIA_PYTHON``, ``INTAKE_RUNNER``, ``INTAKE_GITHUB_API_URL``;
2. the user config file: ``INTAKE_CONFIG`` if set, else ``$XDG_CONFIG_HOME/intake/config.toml``
   (``~/.config/intake/config.toml``) on Linux and macOS, ``%APPDATA%\\intake\\config.toml`` on
   Windows; top-level keys with the same names as in ``[tool.intake]``.

A config file or cache folder that lies inside the suite being judged is no user-level place
(a checkout could plant it): it is ignored. The user cache (``user_cache_dir``) is
``INTAKE_CACHE_DIR``, else ``$XDG_CACHE_HOME/intake`` (``~/.cache/intake``), else
``%LOCALAPPDATA%\\intake\\cache`` on Windows.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

USER_KEYS = frozenset({"gaia_python", "runner", "github_api_url"})
"""The keys whose value counts only when it comes from the user, not from a checkout."""
MAX_CONFIG_BYTES = 256 * 1024


@dataclass(frozen=True)
class UserValue:
    """A user-level setting and where it was read (shown in notes and errors)."""

    value: Any
    origin: str


def _inside(path: Path, root: Path | None) -> bool:
    if root is None:
        return False
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError):
        return False
    return True


def _home(env: Mapping[str, str]) -> Path:
    key = "USERPROFILE" if sys.platform == "win32" else "HOME"
    value = env.get(key) or env.get("HOME")
    return Path(value) if value else Path.home()


def user_config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The user config file (it need not exist)."""
    env = os.environ if environ is None else environ
    named = env.get("INTAKE_CONFIG", "").strip()
    if named:
        return Path(named).expanduser()
    if sys.platform == "win32" and env.get("APPDATA"):
        return Path(env["APPDATA"]) / "intake" / "config.toml"
    base = env.get("XDG_CONFIG_HOME", "").strip()
    folder = Path(base) if base else _home(env) / ".config"
    return folder / "intake" / "config.toml"


def user_cache_dir(
    environ: Mapping[str, str] | None = None, *, outside: Path | None = None
) -> Path | None:
    """The user cache folder; None when it would lie inside ``outside`` (the suite)."""
    env = os.environ if environ is None else environ
    named = env.get("INTAKE_CACHE_DIR", "").strip()
    if named:
        folder = Path(named).expanduser()
    elif sys.platform == "win32" and env.get("LOCALAPPDATA"):
        folder = Path(env["LOCALAPPDATA"]) / "intake" / "cache"
    else:
        base = env.get("XDG_CACHE_HOME", "").strip()
        folder = (Path(base) if base else _home(env) / ".cache") / "intake"
    return None if _inside(folder, outside) else folder


def _from_file(name: str, env: Mapping[str, str], outside: Path | None) -> UserValue | None:
    """``name``'s value in the user config file; None when the file is absent, inside
    ``outside``, too large or unreadable, or does not set it."""
    path = user_config_path(env)
    if _inside(path, outside) or not path.is_file():
        return None
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            return None
        value = tomllib.loads(raw.decode("utf-8")).get(name)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return None if value in (None, "", []) else UserValue(value, str(path))


def user_setting(
    name: str, environ: Mapping[str, str] | None = None, *, outside: Path | None = None
) -> UserValue | None:
    """``name``'s user-level value (environment, then the user config file), or None.

    ``outside``: the suite root; a config file inside it is not user-level and is ignored.
    """
    if name not in USER_KEYS:
        raise ValueError(f"{name!r} is not a user-level key")
    env = os.environ if environ is None else environ
    variable = "INTAKE_" + name.upper()
    value = env.get(variable, "")
    if value.strip():
        return UserValue(value, f"environment variable {variable}")
    return _from_file(name, env, outside)


__all__ = [
    "USER_KEYS",
    "UserValue",
    "state_dir",
    "user_cache_dir",
    "user_config_path",
    "user_setting",
]


def state_dir() -> Path:
    """The user's state folder for intake (the journal key), outside every repository.

    ``INTAKE_STATE_DIR`` when set; else ``%LOCALAPPDATA%\\intake`` on Windows,
    ``~/Library/Application Support/intake`` on macOS, ``$XDG_STATE_HOME/intake`` (default
    ``~/.local/state/intake``) elsewhere.
    """
    explicit = os.environ.get("INTAKE_STATE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "intake"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "intake"
    xdg = os.environ.get("XDG_STATE_HOME")
    return (Path(xdg) if xdg else home / ".local" / "state") / "intake"
