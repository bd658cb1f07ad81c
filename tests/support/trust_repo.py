"""A shared repository, a maintainer, a contributor and a fresh clone of the contributor's branch.

The attacks of issue 28 as they happen: the maintainer's ``main`` is pushed to a bare
``origin.git`` (its ``HEAD`` is ``main``); the contributor clones it, commits on ``attack`` and
pushes; the maintainer then clones that branch afresh (``git clone -b attack``), which gives the
clone ``origin/HEAD`` = ``origin/main``: the base ``intake check`` finds by itself.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.support.env import REPO, SUITE_PYPROJECT

MAINTAINER = ("maintainer", "maintainer@example.com")
MALLORY = ("mallory", "mallory@example.com")


def git(cwd: Path, *args: str, who: tuple[str, str] = MAINTAINER) -> str:
    """``git ARGS`` in ``cwd`` as ``who``; its stdout."""
    name, email = who
    done = subprocess.run(
        ["git", "-c", f"user.name={name}", "-c", f"user.email={email}", *args],
        cwd=cwd, check=True, capture_output=True, text=True,
    )
    return done.stdout.strip()


class Repos:
    """``origin.git``, the maintainer's clone (``main``) and the contributor's (``attack``)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.origin = tmp / "origin.git"
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(self.origin)],
                       check=True)
        self.main = tmp / "maintainer"
        subprocess.run(["git", "init", "-q", "-b", "main", str(self.main)], check=True)
        git(self.main, "remote", "add", "origin", str(self.origin))
        (self.main / "pyproject.toml").write_text(SUITE_PYPROJECT, encoding="utf-8")
        shutil.copy(REPO / ".gitignore", self.main / ".gitignore")
        for folder in ("scenarios", "drafts"):
            (self.main / folder).mkdir()
            (self.main / folder / ".gitkeep").write_text("", encoding="utf-8")
        self.contributor = tmp / "contributor"
        self._fresh = 0

    def commit_main(self, message: str = "main") -> None:
        """Commit everything in the maintainer's clone and push ``main``."""
        git(self.main, "add", "-A")
        git(self.main, "commit", "-q", "--allow-empty", "-m", message)
        git(self.main, "push", "-q", "origin", "main")

    def start_contribution(self) -> Path:
        """The contributor's clone on a new branch ``attack``."""
        if self.contributor.exists():
            shutil.rmtree(self.contributor)
        subprocess.run(["git", "clone", "-q", str(self.origin), str(self.contributor)],
                       check=True)
        git(self.contributor, "checkout", "-q", "-b", "attack")
        return self.contributor

    def push_contribution(self, message: str = "contribution",
                          who: tuple[str, str] = MALLORY) -> str:
        """Commit everything in the contributor's clone as ``who``, push; the commit id."""
        git(self.contributor, "add", "-A", who=who)
        git(self.contributor, "add", "-f", "--", *_private(self.contributor), who=who)
        git(self.contributor, "commit", "-q", "--allow-empty", "-m", message, who=who)
        git(self.contributor, "push", "-q", "-f", "origin", "attack", who=who)
        return git(self.contributor, "rev-parse", "HEAD")

    def fresh(self, branch: str = "attack") -> Path:
        """A fresh clone of ``branch``: what the maintainer checks."""
        self._fresh += 1
        target = self.tmp / f"fresh-{self._fresh}"
        subprocess.run(["git", "clone", "-q", "-b", branch, str(self.origin), str(target)],
                       check=True)
        return target


def _private(root: Path) -> list[str]:
    """Files under ``drafts/private/`` (ignored by git: a contributor adds them with -f)."""
    folder = root / "drafts" / "private"
    if not folder.is_dir():
        return ["pyproject.toml"]
    return ["pyproject.toml", *(str(p.relative_to(root)) for p in folder.rglob("*") if p.is_file())]


def without_base(clone: Path, tmp: Path) -> Path:
    """A copy of ``clone`` with no remote: no base known, the working tree taken as the
    maintainer's own (what every check did before issue 28)."""
    target = tmp / f"{clone.name}-no-base"
    shutil.copytree(clone, target, symlinks=True)
    git(target, "remote", "remove", "origin")
    return target
