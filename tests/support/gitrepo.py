"""``git`` as the tests run it: one helper for every test that builds a repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def git(cwd: Path, *args: str, who: tuple[str, str] | None = None, when: str | None = None) -> str:
    """``git ARGS`` in ``cwd``, failing the test if git fails; its stdout, stripped. ``who``
    (name, e-mail) is the identity of any commit it makes; without it, the repository's own
    configuration (``git_suite`` sets one). ``when`` (ISO 8601) dates the commit."""
    identity = ["-c", f"user.name={who[0]}", "-c", f"user.email={who[1]}"] if who else []
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when} if when else None
    done = subprocess.run(
        ["git", *identity, *args], cwd=cwd, check=True, capture_output=True, text=True, env=env
    )
    return done.stdout.strip()


_TEMPLATES = tempfile.TemporaryDirectory(prefix="intake-test-git-", ignore_cleanup_errors=True)
"""This process's empty repositories, made once each by ``git init`` and removed at exit."""
_MADE: dict[tuple[bool, tuple[str, str] | None], Path] = {}


def init(where: Path, *, bare: bool = False, who: tuple[str, str] | None = None) -> Path:
    """``git init -q -b main [--bare] WHERE`` (then ``git config user.email``/``user.name``
    from ``who``), as a copy of the repository these commands made the first time in this
    process: a new repository without starting git. Called in a test, so the first ``git init``
    reads no user configuration (``tests/conftest.py``'s ``_isolate``)."""
    template = _MADE.get((bare, who))
    if template is None:
        template = Path(_TEMPLATES.name) / f"repo-{len(_MADE)}"
        git(
            template.parent,
            "init",
            "-q",
            *(["--bare"] if bare else []),
            "-b",
            "main",
            template.name,
        )
        if who:
            git(template, "config", "user.email", who[1])
            git(template, "config", "user.name", who[0])
        _MADE[(bare, who)] = template
    if bare:
        shutil.copytree(template, where, symlinks=True)
    else:
        shutil.copytree(template / ".git", where / ".git", symlinks=True)
    return where


LEGACY = """\
id: {id}
name: A legacy case
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask for the revenue of the third quarter.
    success_criteria: Says the revenue.
"""


def legacy_scenario(root: Path, name: str, folder: str = "rag_quality") -> Path:
    path = root / "scenarios" / folder / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LEGACY.format(id=name), encoding="utf-8")
    return path
