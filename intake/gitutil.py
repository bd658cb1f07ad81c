"""Asking git, where intake needs to: who the author is, what is tracked, where the top is.

git is optional: every question returns None when git is missing, fails or is not a
repository, and the caller decides what that means.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def git_output(args: list[str], cwd: Path, *, timeout: float = 30) -> bytes | None:
    """stdout of ``git ARGS`` run in ``cwd``, or None if git could not answer."""
    try:
        done = subprocess.run(
            ["git", *args], cwd=cwd, capture_output=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_text(args: list[str], cwd: Path, *, timeout: float = 30) -> str | None:
    """Stripped text output of ``git ARGS``; None if git could not answer or said nothing."""
    raw = git_output(args, cwd, timeout=timeout)
    text = raw.decode("utf-8", "replace").strip() if raw is not None else ""
    return text or None
