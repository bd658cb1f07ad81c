"""The test environment: where the repository and the GAIA corpus are, platform markers, the
home folder and the user-level settings of a test (``tests/conftest.py``'s ``_isolate`` sets
them per test)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.testing
from typer.main import get_command
from typer.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent.parent
SHARED = REPO.parent / "shared"
GAIA = SHARED / "corpus" / "gaia"
GAIA_SCENARIOS = GAIA / "eval" / "scenarios"

SUITE_PYPROJECT = """\
[project]
name = "suite-under-test"
version = "0"

[tool.intake]
scenarios_dir = "scenarios"
drafts_dir = "drafts"
ledger_path = ".intake/ledger.db"
github_repo = "acme/agent"
author = "drafter"
"""


def share_bytecode() -> Path | None:
    """Let this test run and every Python process it starts keep compiled bytecode outside
    the checkout, when the environment says not to write it (``PYTHONDONTWRITEBYTECODE``).

    An environment that sets it (this farm's shared one does, so that no checkout gets
    ``__pycache__`` folders) makes each pytest worker compile every test and intake module from
    source when it collects (12 s against 5 s for the fast tier's collection, measured), and
    every Python child a test starts (a scrubbing process, the CLI, GAIA's runner) compile
    its modules again. Bytecode goes instead to a per-user folder in the system's temporary
    folder (``PYTHONPYCACHEPREFIX``, read by the children; ``sys.pycache_prefix`` here), so
    nothing is written into the checkout either way. A folder that is a link, not this user's
    own or open to others is not used (compiled code is code); nothing changes then, nor when
    the environment allows ``__pycache__`` or names a prefix itself. Returns the folder used."""
    if not sys.dont_write_bytecode or os.environ.get("PYTHONPYCACHEPREFIX"):
        return None
    uid = getattr(os, "getuid", None)
    folder = Path(tempfile.gettempdir()) / f"intake-tests-pyc-{uid() if uid else 'user'}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode):
        return None
    if uid is not None and (info.st_uid != uid() or info.st_mode & 0o077):
        return None
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    return folder


def requires_gaia_corpus() -> pytest.MarkDecorator:
    """Skip cleanly where ../shared (the real GAIA corpus) is not beside the repository."""
    return pytest.mark.skipif(
        not GAIA_SCENARIOS.is_dir(), reason="GAIA corpus (../shared/corpus/gaia) not present"
    )


def posix_only(reason: str) -> pytest.MarkDecorator:
    """Skip on Windows, where what the test relies on does not exist (``reason`` names it)."""
    return pytest.mark.skipif(sys.platform == "win32", reason=f"POSIX only: {reason}")


def command_line(words: list[str]) -> str:
    """``words`` as one command-line string the running platform's rules split back into
    them (``intake.portable.split_command``): shell quoting on POSIX, the C runtime's on
    Windows. For settings given as one string (``INTAKE_RUNNER``)."""
    if os.name == "nt":
        return subprocess.list2cmdline(words)
    import shlex

    return shlex.join(words)


HOME_VARIABLES = ("HOME", "USERPROFILE")
"""Where each platform looks for the home folder: ``HOME`` on POSIX, ``USERPROFILE`` on Windows
(``os.path.expanduser`` and ``Path.home`` read only that one there, never ``HOME``)."""


def home_env(home: Path) -> dict[str, str]:
    """Environment entries that make ``home`` the home folder on every platform."""
    return {name: str(home) for name in HOME_VARIABLES}


def set_home(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Make ``home`` this test's home folder (and its child processes') on every platform."""
    for name, value in home_env(home).items():
        monkeypatch.setenv(name, value)


def isolate(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """What every test runs in (``tests/conftest.py``'s ``_isolate``), or a set-up built once
    for several tests (in ``pytest.MonkeyPatch.context()``): ``home`` as the home folder, no
    user configuration, tokens, CI variables or public GitHub API."""
    for key in list(os.environ):
        # a CI job on a pull request sets GITHUB_BASE_REF (and a step summary) for every
        # process: a test that wants them sets them itself
        if key.startswith("INTAKE_") or key in (
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "GITHUB_BASE_REF",
            "GITHUB_STEP_SUMMARY",
            "GITHUB_ACTIONS",
            "CI",  # CI as the gate sees it (nothing "written here"): per test
        ):
            monkeypatch.delenv(key, raising=False)
    # the user config, cache and state (the journal key, the scrub salt): per test, on every
    # platform (Windows reads them under %APPDATA% and %LOCALAPPDATA%, not the home folder)
    for key in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("APPDATA", str(home / "AppData" / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(home / "AppData" / "Local"))
    set_home(monkeypatch, home)
    monkeypatch.setenv("INTAKE_CONFIG", str(home / "intake-user-config.toml"))
    monkeypatch.setenv("INTAKE_GITHUB_API_URL", "http://127.0.0.1:9/no-public-api-in-tests")
    monkeypatch.setenv("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")


_COMMANDS: dict[int, tuple[typer.Typer, Any]] = {}


def _command_of(app: typer.Typer) -> Any:
    """``app``'s click command, built once per test process.

    typer's ``CliRunner.invoke`` builds the whole click command tree from the app on every
    call (a signature read and a parameter made for each option of each of the 30-odd
    commands: 20 ms a call on a quiet machine, several times that on a loaded one, and the
    suite invokes the CLI thousands of times). The tree is a function of the app's
    registrations, which no test changes after the app is built (``intake.cli.app`` is built
    once; ``build_app`` makes a new app each time), and a click command keeps no state between
    invocations (each has its own context), so one tree serves every call, as in the installed
    ``intake``, which builds it once a process. The app is kept beside its tree, so its id is
    never reused for another app."""
    built = _COMMANDS.get(id(app))
    if built is None:
        built = _COMMANDS[id(app)] = (app, get_command(app))
    return built[1]


# typer.testing looks its builder up by this module-level name on every invoke; a typer without
# it keeps building the tree each call (slower, the same results).
typer.testing._get_command = _command_of  # type: ignore[attr-defined]


def cli_runner() -> CliRunner:
    """A CliRunner; stdout and stderr stay separate (click ≥ 8.2).

    ``INTAKE_DEBUG=1``: an unexpected exception (a bug) prints its traceback into the result's
    stderr instead of a crash-log path, so a failing test shows it. (``catch_exceptions=False``
    cannot do that: the CLI's own handler catches everything first.)
    """
    return CliRunner(env={"INTAKE_DEBUG": "1"})


def user_level(**keys: object) -> None:
    """Set user-level settings (``intake/userconfig.py``) in this test's user config file
    (``INTAKE_CONFIG``, set per test by ``_isolate``): what the person running intake chose,
    e.g. the runner ``intake run`` starts."""
    path = Path(os.environ["INTAKE_CONFIG"])
    found = tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    found.update(keys)
    path.write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in found.items()), encoding="utf-8")


def machine_path(variable: str) -> Path | None:
    """A folder of this machine that some tests use (GAIA's source, its interpreter, its
    mirror), named by the environment variable ``variable``, or None where it is not set (those
    tests skip, saying which variable to set). Read at import: ``_isolate`` clears ``INTAKE_*``
    for each test's body, so the code under test never sees these."""
    value = os.environ.get(variable, "").strip()
    return Path(value) if value else None


GAIA_SRC = machine_path("INTAKE_TEST_GAIA_SRC")
"""A checkout of amd/gaia (``src/gaia``, prompts, corpus): the real-runner tests."""
GAIA_VENV = machine_path("INTAKE_TEST_GAIA_VENV")
"""A virtualenv with GAIA installed from ``GAIA_SRC`` (``bin/gaia``, ``bin/python``)."""
GAIA_MIRROR = machine_path("INTAKE_TEST_GAIA_MIRROR")
"""A bare git mirror of amd/gaia holding the corpus commit (``tests/support/gaia_install.py``)."""


def needs(path: Path | None, variable: str, what: str) -> str:
    """The skip reason of a test that needs ``path`` (``what``) and does not have it."""
    if path is None:
        return f"{what}: set {variable} to run this test"
    return f"{what}: {variable}={path} does not exist"


FAKE_GAIA_EVAL = REPO / "tests" / "support" / "fake_gaia_eval.py"
"""The stand-in for GAIA's ``gaia eval agent`` (``intake run``), run as a script."""
FAKE_GAIA_CONTROL = REPO / "tests" / "support" / "fake_gaia_control.py"
"""The stand-in whose agent asks the replay (``intake control``), run as a script."""


POSIX_MODULES = {"fcntl", "pwd", "grp", "resource", "termios", "tty", "pty", "posix", "msvcrt"}
