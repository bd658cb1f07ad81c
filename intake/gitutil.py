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


def _safe_ref(ref: str | None) -> bool:
    return bool(ref) and "\n" not in str(ref) and not str(ref).startswith("-")


def _porcelain_names(raw: bytes) -> set[str]:
    """Paths in ``git status --porcelain -z`` output; a rename's or copy's source is skipped
    (``-z`` gives it as a field of its own, with no status in front)."""
    names: set[str] = set()
    fields = raw.decode("utf-8", "replace").split("\0")
    i = 0
    while i < len(fields):
        entry = fields[i]
        i += 1
        if len(entry) < 4:
            continue
        names.add(entry[3:])
        if entry[0] in "RC" or entry[1] in "RC":
            i += 1  # the source path of a rename or copy
    return names


def changed_paths(root: Path, base_ref: str | None) -> set[Path] | None:
    """Files this pull request or working tree adds or changes, resolved; None when git
    cannot tell. The one answer to "what does this change touch" for every command.

    The working tree's changes (staged, unstaged, untracked) and, given the PR's base branch
    (``GITHUB_BASE_REF``, tried as ``origin/<ref>`` then ``<ref>``), every file changed since
    the merge base (renames count as the new name; the checkout needs the base's history,
    ``fetch-depth: 0``).
    """
    status = git_output(["status", "--porcelain", "-z", "--untracked-files=all"], root)
    if status is None:
        return None
    names = _porcelain_names(status)
    if base_ref is not None and _safe_ref(base_ref):
        for candidate in (f"origin/{base_ref}", base_ref):
            base = git_output(["merge-base", "HEAD", candidate], root)
            if not base:
                continue
            diff = git_output(
                ["diff", "--name-only", "-z", "--no-renames", base.decode().strip()], root
            )
            if diff is not None:
                names.update(n for n in diff.decode("utf-8", "replace").split("\0") if n)
            break
    top = git_output(["rev-parse", "--show-toplevel"], root)
    base_dir = Path(top.decode().strip()) if top else root
    return {(base_dir / n).resolve() for n in names}
