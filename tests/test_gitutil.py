"""``gitutil.changed_paths``: the one answer to "which files does this change touch"."""

from __future__ import annotations

from pathlib import Path

from intake.gitutil import changed_paths
from tests.support.gitrepo import git


def test_untracked_staged_renamed_and_branch_changes_all_count(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "t")
    (repo / "kept.yaml").write_text("a\n")
    (repo / "old name.yaml").write_text("b\n" * 20)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    git(repo, "checkout", "-q", "-b", "pr")
    (repo / "added_on_branch.yaml").write_text("c\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "pr")
    git(repo, "mv", "old name.yaml", "new name.yaml")  # a staged rename
    (repo / "untracked.yaml").write_text("d\n")

    found = changed_paths(repo, "main")
    assert found is not None
    names = {p.name for p in found}
    assert {"added_on_branch.yaml", "new name.yaml", "untracked.yaml"} <= names
    assert "kept.yaml" not in names
    assert not any(n.startswith("ld name") for n in names)  # no source path cut by 3 characters
    assert {p.name for p in changed_paths(repo, None) or set()} == {
        "new name.yaml",
        "untracked.yaml",
    }
    assert changed_paths(repo, "--output=/tmp/x") is not None  # an unsafe ref is ignored


def test_outside_a_repository_git_cannot_tell(tmp_path: Path) -> None:
    assert changed_paths(tmp_path, "main") is None
