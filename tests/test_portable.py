"""Portability: POSIX-only calls live in ``intake/portable.py`` only, and the main commands work
on an interpreter without them (the paths Windows takes, run here with those names removed).

``STRIP`` runs before intake is imported: ``fcntl`` keeps only ``flock`` (the kernel lock
every platform has, standing in for Windows' ``msvcrt.locking``, which this host lacks), and
``os.killpg``, ``os.setsid``, ``os.getuid``, ``os.geteuid``, ``os.O_NONBLOCK``,
``signal.SIGKILL`` and ``signal.SIGHUP`` are gone, as on Windows, so a runner is stopped
through its leader (``intake.portable``'s docstring); under the Windows harness the msvcrt and
process-group paths run. ``NO_LOCK`` also takes ``flock`` away: an interpreter with no kernel
lock is refused in one line.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from intake import portable
from tests.support.env import POSIX_MODULES, REPO, user_level
from tests.support.promote_helpers import scorecard, write_pair
from tests.support.status_server import StatusServer, write_mcp_config

FAKE = Path(__file__).resolve().parent / "support" / "fake_gaia_eval.py"
STRONG = "claude-opus-4"
LOCAL = "Gemma-4-E4B-it-GGUF"

STRIP = """\
import os, signal, sys, types
import fcntl as _fcntl
_lock = types.ModuleType("fcntl")
_lock.flock, _lock.LOCK_EX, _lock.LOCK_NB = _fcntl.flock, _fcntl.LOCK_EX, _fcntl.LOCK_NB
sys.modules["fcntl"] = _lock
del _fcntl
for _name in ("killpg", "setsid", "getuid", "geteuid", "O_NONBLOCK"):
    if hasattr(os, _name):
        delattr(os, _name)
for _name in ("SIGKILL", "SIGHUP"):
    if hasattr(signal, _name):
        delattr(signal, _name)
"""

NO_LOCK = STRIP + 'sys.modules["fcntl"] = None\n'
CLI = "sys.argv = ['intake'] + sys.argv[1:]\nfrom intake.cli import main\nmain()\n"

# --- the source scan ---------------------------------------------------------------------------

POSIX_NAMES = {
    "os": {
        "killpg",
        "setsid",
        "setpgrp",
        "getpgid",
        "getpgrp",
        "getuid",
        "geteuid",
        "getgid",
        "getegid",
        "fork",
        "forkpty",
        "chown",
        "lchown",
        "mkfifo",
        "O_NONBLOCK",
        "O_NOFOLLOW",
        "O_DIRECTORY",
        "WNOHANG",
        "sync",
    },
    "signal": {
        "SIGKILL",
        "SIGHUP",
        "SIGQUIT",
        "SIGUSR1",
        "SIGUSR2",
        "SIGALRM",
        "SIGCHLD",
        "SIGPIPE",
        "SIGSTOP",
        "SIGCONT",
        "alarm",
        "setitimer",
        "pthread_kill",
        "CTRL_BREAK_EVENT",
    },
}
POSIX_KEYWORDS = {"start_new_session", "preexec_fn", "creationflags"}


def posix_only_uses(source: str, filename: str) -> list[str]:
    """``file:line name`` for each POSIX-only (or Windows-only) module, name or keyword."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [
                f"{filename}:{line} import {a.name}"
                for a in node.names
                if a.name.split(".")[0] in POSIX_MODULES
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            if top in POSIX_MODULES:
                found.append(f"{filename}:{line} from {node.module}")
            names = POSIX_NAMES.get(top, set())
            found += [f"{filename}:{line} {top}.{a.name}" for a in node.names if a.name in names]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.attr in POSIX_NAMES.get(node.value.id, set())
        ):
            found.append(f"{filename}:{line} {node.value.id}.{node.attr}")
        elif isinstance(node, ast.keyword) and node.arg in POSIX_KEYWORDS:
            found.append(f"{filename}:{line} {node.arg}=")
    return found


@pytest.mark.slow
def test_no_posix_only_call_outside_the_portability_layer() -> None:
    package = REPO / "intake"
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        if path == package / "portable.py":
            continue
        rel = path.relative_to(REPO).as_posix()
        found += posix_only_uses(path.read_text(encoding="utf-8"), rel)
    assert found == [], "POSIX-only calls outside intake/portable.py:\n" + "\n".join(found)


def test_the_scan_finds_each_kind_of_posix_only_call() -> None:
    source = (
        "import fcntl\nimport os, signal\nfrom os import killpg\nfrom resource import x\n"
        "os.setsid()\nsignal.SIGHUP\nos.open('p', os.O_RDONLY | os.O_NONBLOCK)\n"
        "subprocess.Popen(['x'], start_new_session=True)\nos.getuid()\n"
    )
    found = sorted(hit.split(" ", 1)[1] for hit in posix_only_uses(source, "x.py"))
    assert found == sorted(
        [
            "import fcntl",
            "os.killpg",
            "from resource",
            "os.setsid",
            "signal.SIGHUP",
            "os.O_NONBLOCK",
            "start_new_session=",
            "os.getuid",
        ]
    )


# --- the commands without POSIX --------------------------------------------------------------


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.pop("INTAKE_DEBUG", None)
    env.update(extra)
    return env


def _intake(
    cwd: Path,
    *args: str,
    env: dict[str, str] | None = None,
    expect: tuple[int, ...] = (0,),
    strip: str = STRIP,
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-c", strip + CLI, *args],
        cwd=cwd,
        env=env or _env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    shown = f"intake {' '.join(args)} → {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr + proc.stdout, shown
    assert "internal error" not in proc.stderr, shown
    assert proc.returncode in expect, shown
    return proc


def _probe(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", STRIP + code],
        env=_env(),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()


@pytest.mark.skipif(sys.platform == "win32", reason="strips POSIX names: POSIX hosts only")
def test_the_stripped_interpreter_takes_the_fallbacks() -> None:
    assert (
        _probe(
            "from intake import portable; print(portable.lock_backend(), portable.tree_backend())"
        )
        == "flock leader"
    )


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="strips POSIX names: POSIX hosts only")
def test_main_commands_work_without_posix_only_modules(tmp_path: Path) -> None:
    _intake(tmp_path, "demo")
    suite = tmp_path / "demo"
    out = _intake(tmp_path, "demo", "--dir", str(suite)).stdout
    assert "1 file, 0 errors" in out
    _intake(suite, "validate")
    _intake(suite, "check", expect=(0, 1))
    _intake(suite, "sessions")
    _intake(suite, "from-session", "c4a0f9e2")
    _intake(suite, "show", "c4a0f9e2", expect=(0, 2))

    draft = write_pair(suite / "drafts", author="drafter")
    with StatusServer(model_loaded=STRONG) as backend:
        runner = json.dumps([sys.executable, str(FAKE), "eval", "agent"])
        user_level(runner=json.loads(runner))
        with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
            handle.write(
                f'runner = {runner}\nbackend_url = "{backend.url}"\n'
                f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n'
            )
        write_mcp_config(suite, backend.url)  # GAIA's agent then uses this backend (L812-826)
        env = _env(
            FAKE_GAIA_REPO_ROOT=str(suite), FAKE_GAIA_NO_USER_DIR="1", FAKE_GAIA_STATUS="PASS"
        )
        _intake(suite, "run", draft.stem, "--tier", "strong", env=env)
        backend.model_loaded = LOCAL
        _intake(
            suite,
            "run",
            draft.stem,
            "--tier",
            "local",
            env=_env(
                FAKE_GAIA_REPO_ROOT=str(suite), FAKE_GAIA_NO_USER_DIR="1", FAKE_GAIA_STATUS="FAIL"
            ),
        )
        # a hung scenario is GAIA's own recorded TIMEOUT (its limit scaled down by the stand-in);
        # intake then stops what is left of the runner's tree through portable.stop_tree
        hang = _env(
            FAKE_GAIA_REPO_ROOT=str(suite),
            FAKE_GAIA_NO_USER_DIR="1",
            FAKE_GAIA_HANG="120",
            FAKE_GAIA_TIME_SCALE="0.005",
        )
        started = time.monotonic()
        stopped = _intake(
            suite, "run", draft.stem, "--tier", "local", "--timeout", "2", env=hang, expect=(3,)
        )
        assert "no run was judged (TIMEOUT)" in stopped.stderr
        assert time.monotonic() - started < 60
    card = scorecard(tmp_path / "by-hand", {draft.stem: "PASS"}, run_id="eval-20261201-1")
    _intake(
        suite,
        "run-record",
        draft.stem,
        "--scorecard",
        str(card),
        "--tier",
        "strong",
        "--model",
        STRONG,
    )
    _intake(suite, "review", draft.stem, "--approve", "--reviewer", "bob")
    _intake(suite, "promote", draft.stem, "--dry-run")
    _intake(suite, "promote", draft.stem)
    assert (suite / "scenarios" / "tool_selection" / f"{draft.stem}.yaml").is_file()
    report = _intake(suite, "report").stdout
    assert "provenance" in report.lower()
    _intake(suite, "scrub", "--check", "drafts", expect=(0, 1))
    _intake(suite, "reject", "session_c4a0f9e2_daily_inbox_digest", "--reason", "a duplicate")
    _intake(suite, "ledger", "rebuild")
    _intake(suite, "log", draft.stem)
    assert not list((suite / ".intake" / "locks").glob("*.lock"))


# --- the locks ---------------------------------------------------------------------------------

HOLD = """
from pathlib import Path
from intake.portable import exclusive_lock, LockBusy
import sys
try:
    with exclusive_lock(Path(sys.argv[1])):
        print("held", flush=True)
        sys.stdin.readline()
except LockBusy:
    print("busy", flush=True)
"""


def _holder(lock: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", HOLD, str(lock)],
        env=_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_a_lock_refuses_a_second_holder_and_survives_a_killed_one(tmp_path: Path) -> None:
    lock = tmp_path / "one.lock"
    first = _holder(lock)
    assert first.stdout is not None and first.stdout.readline().strip() == "held"
    second = _holder(lock)
    assert second.communicate("\n", timeout=60)[0].strip() == "busy"
    first.kill()  # a killed holder: its lock must not block the next one
    first.wait(timeout=30)
    third = _holder(lock)
    assert third.communicate("\n", timeout=60)[0].strip() == "held"
    assert not lock.exists(), "the holder removes the lock file when it lets go"


@pytest.mark.skipif(sys.platform == "win32", reason="strips POSIX names: POSIX hosts only")
def test_an_interpreter_with_no_kernel_lock_is_refused_in_one_line(tmp_path: Path) -> None:
    """No supported platform lacks both ``flock`` and ``msvcrt.locking``; one that did gets one
    line and exit 3 from a command that locks a draft, and nothing is changed."""
    _intake(tmp_path, "demo", "--dir", str(tmp_path / "demo"))
    suite = tmp_path / "demo"
    before = sorted(p.name for p in (suite / "drafts").rglob("*"))
    draft = "session_7f3c9a12_q3_revenue_from_the_team_notes"  # the demo's own draft
    assert f"{draft}.yaml" in before
    refused = _intake(suite, "reject", draft, "--reason", "a duplicate", strip=NO_LOCK, expect=(3,))
    assert refused.stderr.startswith("error: this Python has no file lock"), refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in (suite / "drafts").rglob("*")) == before


def test_termination_signals_are_the_ones_this_platform_has() -> None:
    sigs = portable.termination_signals()
    assert sigs and sigs[0].name == "SIGTERM"
    assert all(sig.name in ("SIGTERM", "SIGHUP", "SIGBREAK") for sig in sigs)
