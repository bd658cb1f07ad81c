"""User-level settings: what the person running intake chose, never what a checkout carries.

``gaia_python``, ``runner`` and ``github_api_url`` decide which program intake starts or where
it sends a token, and a pull request can change ``[tool.intake]``: for these keys the checkout
is no authority (docs/trust-gaia.md). Their value comes from the environment
(``INTAKE_<KEY>``), then the user config file (``user_config_path``: top-level keys named as in
``[tool.intake]``). A config file or cache folder inside the suite being judged (a checkout
could plant it) is ignored. docs/configuration.md lists each place on each platform.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from intake.paths import inside


@dataclass(frozen=True)
class Environ:
    """Every environment variable intake reads, the one list (docs/configuration.md says what
    each does): each field is its variable's value, None when unset; ``repr`` leaves out the
    secrets. ``of(mapping)`` reads them from ``mapping`` (a test's own) or ``os.environ``;
    callers read attributes, never the process environment themselves (tests/test_environ.py
    checks the package for other reads)."""

    HOME: str | None = None
    USERPROFILE: str | None = None
    APPDATA: str | None = None
    LOCALAPPDATA: str | None = None
    XDG_CONFIG_HOME: str | None = None
    XDG_CACHE_HOME: str | None = None
    XDG_STATE_HOME: str | None = None
    INTAKE_CONFIG: str | None = None
    INTAKE_CACHE_DIR: str | None = None
    INTAKE_STATE_DIR: str | None = None
    INTAKE_DEBUG: str | None = None
    INTAKE_SCRUB_SALT: str | None = field(default=None, repr=False)
    INTAKE_GITHUB_RETRIES: str | None = None
    INTAKE_GITHUB_BACKOFF: str | None = None
    INTAKE_GITHUB_TIMEOUT: str | None = None
    GITHUB_TOKEN: str | None = field(default=None, repr=False)
    GITHUB_ACTOR: str | None = None
    GITHUB_ACTIONS: str | None = None
    CI: str | None = None
    GITHUB_BASE_REF: str | None = None
    GITHUB_STEP_SUMMARY: str | None = None
    GITHUB_SHA: str | None = None
    RUNNER_NAME: str | None = None
    GIT_DIR: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict, repr=False)
    """``INTAKE_<KEY>``, by key in lower case: a setting's value (``config.load_settings``,
    ``user_setting``, ``intake init``'s ``INTAKE_BACKEND_URL``); never in a repr (it holds
    ``INTAKE_SCRUB_SALT`` too)."""
    completing: bool = False
    """Some ``_<PROG>_COMPLETE`` is set: the shell asks for completions (``intake.cli``)."""

    @property
    def in_ci(self) -> bool:
        """Whether this runs in CI (GitHub Actions, or any CI that sets ``CI``): there nothing
        is "written here", the checkout is the commit or it is an error (docs/trust.md)."""
        actions = (self.GITHUB_ACTIONS or "").lower() == "true"
        return actions or (self.CI or "").lower() in ("true", "1")

    @classmethod
    def of(cls, mapping: Mapping[str, str] | None = None) -> Environ:
        """The variables in ``mapping``, else in ``os.environ``."""
        env = os.environ if mapping is None else mapping
        named = {f.name: env.get(f.name) for f in fields(cls) if f.name.isupper()}
        return cls(
            **named,
            settings={
                k.removeprefix("INTAKE_").lower(): v
                for k, v in env.items()
                if k.startswith("INTAKE_") and k == k.upper()
            },
            completing=any(k.startswith("_") and k.endswith("_COMPLETE") for k in env),
        )


USER_KEYS = frozenset({"gaia_python", "runner", "github_api_url"})
"""The keys whose value counts only when it comes from the user, not from a checkout."""
MAX_CONFIG_BYTES = 256 * 1024


@dataclass(frozen=True)
class UserValue:
    """A user-level setting and where it was read (shown in notes and errors)."""

    value: Any
    origin: str


def _inside(path: Path, root: Path | None) -> bool:
    try:
        return root is not None and inside(path, root)
    except OSError:
        return False


def _home(env: Environ) -> Path:
    value = (env.USERPROFILE if sys.platform == "win32" else env.HOME) or env.HOME
    return Path(value) if value else Path.home()


def user_config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The user config file (it need not exist)."""
    env = Environ.of(environ)
    named = (env.INTAKE_CONFIG or "").strip()
    if named:
        return Path(named).expanduser()
    if sys.platform == "win32" and env.APPDATA:
        return Path(env.APPDATA) / "intake" / "config.toml"
    base = (env.XDG_CONFIG_HOME or "").strip()
    folder = Path(base) if base else _home(env) / ".config"
    return folder / "intake" / "config.toml"


def user_cache_dir(
    environ: Mapping[str, str] | None = None, *, outside: Path | None = None
) -> Path | None:
    """The user cache folder; None when it would lie inside ``outside`` (the suite)."""
    env = Environ.of(environ)
    named = (env.INTAKE_CACHE_DIR or "").strip()
    if named:
        folder = Path(named).expanduser()
    elif sys.platform == "win32" and env.LOCALAPPDATA:
        folder = Path(env.LOCALAPPDATA) / "intake" / "cache"
    else:
        base = (env.XDG_CACHE_HOME or "").strip()
        folder = (Path(base) if base else _home(env) / ".cache") / "intake"
    return None if _inside(folder, outside) else folder


def _from_file(
    name: str, environ: Mapping[str, str] | None, outside: Path | None
) -> UserValue | None:
    """``name``'s value in the user config file; None when the file is absent, inside
    ``outside``, too large or unreadable, or does not set it."""
    import tomllib  # here: every command reads the environment, few read this file

    path = user_config_path(environ)
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
    value = Environ.of(environ).settings.get(name, "")
    if value.strip():
        return UserValue(value, f"environment variable INTAKE_{name.upper()}")
    return _from_file(name, environ, outside)


def state_dir() -> Path:
    """The user's state folder for intake (the journal key), outside every repository.

    ``INTAKE_STATE_DIR`` when set; else ``%LOCALAPPDATA%\\intake`` on Windows,
    ``~/Library/Application Support/intake`` on macOS, ``$XDG_STATE_HOME/intake`` (default
    ``~/.local/state/intake``) elsewhere.
    """
    env = Environ.of()
    if env.INTAKE_STATE_DIR:
        return Path(env.INTAKE_STATE_DIR).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = env.LOCALAPPDATA
        return (Path(base) if base else home / "AppData" / "Local") / "intake"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "intake"
    xdg = env.XDG_STATE_HOME
    return (Path(xdg) if xdg else home / ".local" / "state") / "intake"
