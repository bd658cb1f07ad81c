"""Real processes killed at a named write step, for every writing command's crash tests.

``run_killed(suite, step, args)`` runs ``intake ARGS`` in a child Python whose bootstrap code
(``KILL_AT`` below, test code only) installs an observer through ``intake.crashpoints.observe``
that sends SIGKILL to its own process when the command reaches ``step``. Production code has
no setting or environment variable for this. Steps are ``<command>:<step>`` as listed by
``intake.store.journal.crash_steps``; promote keeps its own ``CRASH_STEPS``
(``intake.lifecycle.promote``).
Drafting, review, run-record, reject, adopt, revise and rename commit through
``intake.store.journal`` and are tested with the same two calls.

Speed without giving up real processes: ``run_killed`` and ``run`` fork their child from a
warm fork server (``multiprocessing``'s ``forkserver``, preloaded with ``intake.cli`` and the
scrubber), so a child does not spend seconds importing Presidio before it reaches its step.
The child is still a separate process with its own working folder, environment and standard
streams; it is killed with SIGKILL by its own observer and its parent sees exit ``-9``, exactly
as with a fresh interpreter (Windows: ``TerminateProcess``, exit 15, ``KILLED_EXIT``).
``start`` (the concurrent-drafters race) keeps a fresh interpreter per process.
``INTAKE_CRASH_HARNESS_FRESH=1`` makes every call a fresh one.
The journal-trust, untrusted-text and promotion tests run their plain ``intake ARGS`` calls
through ``run`` too (``env`` gives the child its whole environment); a call that needs what
only a fresh interpreter has (a resource limit set before exec, a pseudo-terminal, stripped
modules, signals to a process group) keeps its own ``subprocess``.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

KILLED_EXIT = -9 if os.name == "posix" else 15
"""What a parent sees of a child killed at its step: SIGKILL on POSIX; on Windows (no SIGKILL)
``os.kill`` with SIGTERM is ``TerminateProcess`` with exit code 15, as abrupt (no ``finally``,
no ``atexit``, no flush)."""

KILL_AT = """
import os, signal, sys
from intake import crashpoints
from intake.cli import main

target_step = sys.argv[1]

def kill_at(step):
    if step == target_step:
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))

crashpoints.observe(kill_at)
sys.argv = ["intake", *sys.argv[2:]]
main()
"""


def start(suite: Path, args: list[str], *, step: str | None = None) -> subprocess.Popen[str]:
    """``intake ARGS`` in the suite as a real process; killed at ``step`` when given."""
    argv = [sys.executable, "-m", "intake", *args]
    if step is not None:
        argv = [sys.executable, "-c", KILL_AT, step, *args]
    return subprocess.Popen(
        argv, cwd=suite, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


_SERVER: Any = None


def _server() -> Any:
    """The fork server context, preloaded once per test session."""
    global _SERVER
    if _SERVER is None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["tests.support.crash_child"])
        _SERVER = ctx
    return _SERVER


def _fresh() -> bool:
    """A fresh interpreter per call: asked for, or no fork server on this platform (Windows)."""
    return os.environ.get("INTAKE_CRASH_HARNESS_FRESH") == "1" or sys.platform == "win32"


def _forked(
    suite: Path,
    args: list[str],
    step: str | None,
    env: dict[str, str] | None = None,
    errors: str = "replace",
) -> subprocess.CompletedProcess[str]:
    """``intake ARGS`` in a process forked from the warm server; its exit code and output.

    ``env`` is the child's whole environment (default: this process's); ``errors`` how its
    output is decoded (``"strict"``: bytes that are not UTF-8 fail, as ``text=True`` would).
    """
    from tests.support.crash_child import child

    environment = dict(os.environ if env is None else env)
    with tempfile.TemporaryDirectory(prefix="intake-crash-") as folder:
        out, err = Path(folder) / "out", Path(folder) / "err"
        proc = _server().Process(
            target=child, args=(str(suite), list(args), step, environment, str(out), str(err))
        )
        proc.start()
        proc.join(timeout=180)
        if proc.is_alive():
            proc.kill()
            proc.join()
            raise AssertionError(f"intake {' '.join(args)} did not finish in 180 s")
        return subprocess.CompletedProcess(
            ["intake", *args],
            proc.exitcode,
            out.read_text(encoding="utf-8", errors=errors),
            err.read_text(encoding="utf-8", errors=errors),
        )


def run_killed(suite: Path, step: str, args: list[str]) -> None:
    """Run ``intake ARGS`` and assert it was killed at ``step`` (it must reach the step)."""
    if _fresh():
        proc = start(suite, args, step=step)
        _, err = proc.communicate(timeout=180)
        code = proc.returncode
    else:
        done = _forked(suite, args, step)
        code, err = done.returncode, done.stderr
    assert code == KILLED_EXIT, f"not killed at {step}: exit {code}: {err}"


def run(
    suite: Path,
    args: list[str],
    *,
    env: dict[str, str] | None = None,
    errors: str = "replace",
) -> subprocess.CompletedProcess[str]:
    """``intake ARGS`` in the suite as a real process, to completion (``env``: its whole
    environment, default this process's; ``errors``: how its output is decoded)."""
    if not _fresh():
        return _forked(suite, args, None, env, errors)
    return subprocess.run(
        [sys.executable, "-m", "intake", *args],
        cwd=suite,
        capture_output=True,
        encoding="utf-8",
        errors=errors,
        timeout=180,
        env=env,
    )


def stray_files(suite: Path) -> list[str]:
    """Files a killed command must never leave where git or a user sees them: temporaries in
    the suite's folders, journals, temporaries and lock files in ``.intake/``."""
    found = [
        str(p.relative_to(suite))
        for p in suite.rglob("*")
        if p.is_file()
        and (
            p.name.endswith((".tmp", ".promote-tmp", ".lock"))
            or (p.parent.name == "pending" and p.parent.parent.name == ".intake")
        )
    ]
    return sorted(found)


def git_untracked(suite: Path) -> list[str]:
    """What ``git add -A`` would add (the suite must be a git repository)."""
    done = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"],
        cwd=suite,
        capture_output=True,
        text=True,
        check=True,
    )
    return sorted(done.stdout.split())
