"""Real processes killed at a named write step, for every writing command's crash tests.

``run_killed(suite, step, args)`` runs ``intake ARGS`` in a child Python whose bootstrap code
(``KILL_AT`` below, test code only) installs an observer through ``intake.crashpoints.observe``
that sends SIGKILL to its own process when the command reaches ``step``. Production code has
no setting or environment variable for this. Steps are ``<command>:<step>`` as listed by
``intake.journal.crash_steps``; promote keeps its own ``CRASH_STEPS`` (``intake.promote``).
Future writing commands (adopt, revise, rename) commit through ``intake.journal`` and are
tested with the same two calls.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

KILL_AT = """
import os, signal, sys
from intake import crashpoints
from intake.cli import main

target_step = sys.argv[1]

def kill_at(step):
    if step == target_step:
        os.kill(os.getpid(), signal.SIGKILL)

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


def run_killed(suite: Path, step: str, args: list[str]) -> None:
    """Run ``intake ARGS`` and assert it was killed at ``step`` (it must reach the step)."""
    proc = start(suite, args, step=step)
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == -9, f"not killed at {step}: exit {proc.returncode}: {err}"


def run(suite: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """``intake ARGS`` in the suite as a real process, to completion."""
    return subprocess.run(
        [sys.executable, "-m", "intake", *args],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=180,
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
