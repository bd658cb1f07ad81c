"""A shared repository, a maintainer, a contributor and a fresh clone of the contributor's branch.

The attacks of issue 28 as they happen: the maintainer's ``main`` is pushed to a bare
``origin.git`` (its ``HEAD`` is ``main``); the contributor clones it, commits on ``attack`` and
pushes; the maintainer then clones that branch afresh (``git clone -b attack``), which gives the
clone ``origin/HEAD`` = ``origin/main``: the base ``intake check`` finds by itself.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path

from intake.config import load_settings
from tests.support import gitrepo
from tests.support.env import REPO, SUITE_PYPROJECT
from tests.support.promote_helpers import make_ready

MAINTAINER = ("maintainer", "maintainer@example.com")
MALLORY = ("mallory", "mallory@example.com")


git = functools.partial(gitrepo.git, who=MAINTAINER)
"""``git ARGS`` in ``cwd`` as the maintainer (``who=MALLORY`` for the contributor); stdout."""


class Repos:
    """``origin.git``, the maintainer's clone (``main``) and the contributor's (``attack``)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.origin = tmp / "origin.git"
        gitrepo.init(self.origin, bare=True)
        self.main = tmp / "maintainer"
        gitrepo.init(self.main)
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
        subprocess.run(["git", "clone", "-q", str(self.origin), str(self.contributor)], check=True)
        git(self.contributor, "checkout", "-q", "-b", "attack")
        return self.contributor

    def push_contribution(
        self, message: str = "contribution", who: tuple[str, str] = MALLORY
    ) -> str:
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
        subprocess.run(
            ["git", "clone", "-q", "-b", branch, str(self.origin), str(target)], check=True
        )
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


SID = "pdf_summary_loop"


PROMOTED = f"scenarios/tool_selection/{SID}.yaml"


def promoted_on_main(repos: Repos) -> Path:
    """A draft made ready and promoted by the maintainer, on ``main``."""
    from intake.lifecycle.promote import promote

    make_ready(repos.main)
    promote(load_settings(repos.main), SID)
    repos.commit_main("promote")
    return repos.main / PROMOTED


LEGACY = """\
id: {id}
category: memory
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Remember that {who} is the sender to prioritise.
    success_criteria: Answers it.
"""


def write_legacy(root: Path, sid: str, who: str) -> None:
    path = root / "scenarios" / "memory" / f"{sid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LEGACY.format(id=sid, who=who), encoding="utf-8")
