"""The base is an identity, not a name the contributor can shape (issue 37, item 3).

A fork's tags named like the base's branches (``origin/main``, ``main``) arrive with
``git fetch``; git's own name resolution takes ``refs/tags/<name>`` first, which made the
pull request's head its own base. A fork's branch tracking the fork made the fork's default
branch the base. In CI a base that is ``HEAD``, or none at all, judged the change by itself.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.lifecycle.authority import find_base
from tests.support.promote_helpers import make_ready
from tests.support.trust_repo import Repos, git, without_base


def _check(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, ["check", *args])


def _attack(tmp_path: Path) -> tuple[Repos, str, str]:
    """A forged ready draft on ``attack``, with tags ``origin/main`` and ``main`` at its head
    pushed to the shared repository; (repos, main's commit, the head)."""
    repos = Repos(tmp_path)
    repos.commit_main()
    main = git(repos.main, "rev-parse", "HEAD")
    contrib = repos.start_contribution()
    make_ready(contrib)
    head = repos.push_contribution()
    for tag in ("origin/main", "main"):
        git(contrib, "tag", tag)
        git(contrib, "push", "-q", "origin", f"refs/tags/{tag}")
    return repos, main, head


@pytest.mark.slow
def test_a_tag_named_like_the_base_branch_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos, main, head = _attack(tmp_path)
    fresh = repos.fresh()
    assert git(fresh, "rev-parse", "origin/main") == head, "git's order takes the tag"

    for name in ("origin/main", "main"):
        result = _check(runner, fresh, monkeypatch, "--base", name)
        assert result.exit_code == 2, result.output
        assert "error: --base names a tag or more than one ref" in result.stderr
        assert "refs/tags/" in result.stderr
    result = _check(runner, fresh, monkeypatch, "--base", "refs/remotes/origin/main")
    assert result.exit_code == 1, result.output
    assert f"the base {main[:12]}" in result.stderr
    assert "refs/remotes/origin/main from " in result.stderr

    # CI with the full history and the tags: the base is the branch, never the tag
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    found = find_base(fresh)
    assert found is not None and found.commit == main
    assert _check(runner, fresh, monkeypatch).exit_code == 1


def test_the_default_base_is_origins_not_the_forks(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The maintainer adds the fork as a remote and checks out its branch (tracking the
    fork, whose default branch is the pull request's): the base is still origin's."""
    repos = Repos(tmp_path)
    repos.commit_main()
    main = git(repos.main, "rev-parse", "HEAD")
    fork = tmp_path / "fork.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(repos.origin), str(fork)], check=True)
    contrib = repos.start_contribution()
    make_ready(contrib)
    git(contrib, "add", "-A")
    git(contrib, "commit", "-qm", "attack")
    git(contrib, "push", "-q", str(fork), "attack")
    git(fork, "symbolic-ref", "HEAD", "refs/heads/attack")
    clone = tmp_path / "maintainer-clone"
    subprocess.run(["git", "clone", "-q", str(repos.origin), str(clone)], check=True)
    git(clone, "remote", "add", "fork", str(fork))
    git(clone, "fetch", "-q", "fork")
    git(clone, "remote", "set-head", "fork", "attack")
    git(clone, "checkout", "-q", "-b", "attack", "--track", "fork/attack")

    found = find_base(clone, environ={})
    assert found is not None and found.commit == main
    result = _check(runner, clone, monkeypatch)
    assert result.exit_code == 1, result.output
    assert "refs/remotes/origin/main" in result.stderr


def test_in_ci_a_base_that_is_head_or_none_fails(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos, _, _ = _attack(tmp_path)
    fresh = repos.fresh()
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = _check(runner, fresh, monkeypatch, "--base", "HEAD")
    assert result.exit_code == 2
    assert "error: the base is the commit being judged (HEAD)" in result.stderr
    monkeypatch.setenv("GITHUB_BASE_REF", "attack")
    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 2
    assert "error: the base is the commit being judged" in result.stderr
    monkeypatch.delenv("GITHUB_BASE_REF")
    result = _check(runner, without_base(fresh, tmp_path), monkeypatch)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: in CI the base must be known")
    # outside CI the maintainer may still take what is committed as accepted
    monkeypatch.delenv("GITHUB_ACTIONS")
    assert _check(runner, fresh, monkeypatch, "--base", "HEAD").exit_code == 0
