"""The gate judges the commit, not a working tree the commit shapes (issue 37, item 1).

Each attack is a contributor's branch pushed to a shared repository, then checked as the
maintainer's fresh clone does (the base from ``origin/HEAD``) and as CI does
(``GITHUB_BASE_REF``; a depth-1 checkout fails clearly, a full one judges). Each test first
shows the attack working where no base is known (the working tree taken as the maintainer's),
so it can fail.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.store.records import load_record, record_path
from tests.support.env import posix_only
from tests.support.promote_helpers import make_ready, write_pair
from tests.support.trust_repo import Repos, git, without_base

SID = "pdf_summary_loop"
DRAFT = f"drafts/{SID}.yaml"
RECORD = f"drafts/{SID}.intake.json"


def _check(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, ["check", "--format", "json", *args])


def _findings(result: Any) -> list[dict[str, Any]]:
    return list(json.loads(result.stdout)["findings"])


def _codes(result: Any) -> set[tuple[str, str]]:
    return {(f["code"], f["file"]) for f in _findings(result) if f["severity"] == "error"}


def _ready(result: Any) -> bool:
    doc = json.loads(result.stdout)
    gates = {d["id"]: d["gates"] for d in doc["drafts"]}
    return SID in gates and all(g["met"] for g in gates[SID])


def _ci_clone(repos: Repos, depth: int | None) -> Path:
    """The pull request's branch as actions/checkout fetches it (``depth``: fetch-depth)."""
    target = repos.tmp / f"ci-{depth or 0}"
    extra = ["--depth", str(depth)] if depth else ["--no-single-branch"]
    subprocess.run(
        ["git", "clone", "-q", *extra, "-b", "attack", repos.origin.as_uri(), str(target)],
        check=True,
    )
    return target


def _as_ci(runner: CliRunner, repos: Repos, monkeypatch: pytest.MonkeyPatch) -> Any:
    """CI's check: depth 1 stops with a usage error (no base in the checkout); the full
    history judges; the result of the latter."""
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    shallow = _check(runner, _ci_clone(repos, 1), monkeypatch)
    assert shallow.exit_code == 2, shallow.output
    result = _check(runner, _ci_clone(repos, None), monkeypatch)
    monkeypatch.delenv("GITHUB_BASE_REF")
    monkeypatch.delenv("GITHUB_ACTIONS")
    return result


def _forged_ident(repos: Repos) -> None:
    """A forged approval and runs whose committed record holds ``$Id$``, with
    ``*.intake.json ident``: every checkout expands it, so the record never equals its
    committed self (what "written here, not committed" used to mean)."""
    repos.commit_main()
    contrib = repos.start_contribution()
    make_ready(contrib)
    rec = contrib / RECORD
    data = json.loads(rec.read_text(encoding="utf-8"))
    for review in data["reviews"]:
        review["note"] = "$Id$"
    for run in data["runs"]:
        run["run_id"] += "-$Id$"
    rec.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    (contrib / ".gitattributes").write_text("*.intake.json ident\n", encoding="utf-8")
    repos.push_contribution()


def test_an_ident_attribute_does_not_make_forged_evidence_written_here(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    _forged_ident(repos)
    fresh = repos.fresh()
    assert "$Id: " in (fresh / RECORD).read_text(encoding="utf-8"), "git expanded it"
    assert _ready(_check(runner, without_base(fresh, tmp_path), monkeypatch))

    for result in (_check(runner, fresh, monkeypatch), _as_ci(runner, repos, monkeypatch)):
        assert result.exit_code == 1, result.output
        assert not _ready(result)
        codes = _codes(result)
        assert ("transforming-attribute", RECORD) in codes
        assert ("not-the-commit", RECORD) in codes
        assert ("rule-change", ".gitattributes") in codes
        claimed = [f["message"] for f in _findings(result) if f["code"] == "claimed"]
        assert any("approve by bob" in m for m in claimed), claimed

    monkeypatch.chdir(fresh)
    promoted = runner.invoke(app, ["promote", SID, "--dry-run"])
    assert promoted.exit_code == 1, promoted.output


def test_an_encoding_attribute_on_the_history_folder_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    write_pair(contrib / "drafts", SID)
    history = contrib / "intake-history"
    history.mkdir()
    (history / "x.intake-event.json").write_text('{"a": 1}\n', encoding="utf-8")
    repos.push_contribution()
    (contrib / ".gitattributes").write_text(
        "intake-history/** working-tree-encoding=UTF-7\ndrafts/*.yaml filter=undefined eol=crlf\n",
        encoding="utf-8",
    )
    repos.push_contribution("the attributes")
    fresh = repos.fresh()

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1
    messages = {(f["file"], f["code"]): f["message"] for f in _findings(result)}
    assert (
        "working-tree-encoding"
        in messages[("intake-history/x.intake-event.json", "transforming-attribute")]
    )
    draft_attr = messages[(DRAFT, "transforming-attribute")]
    assert "filter" in draft_attr and "eol" in draft_attr


@pytest.mark.slow
@posix_only("committing a symbolic link")
def test_a_suite_folder_committed_as_a_link_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    make_ready(contrib)
    git(contrib, "rm", "-q", "-r", "--cached", "drafts")
    (contrib / "drafts").rename(contrib / "drafts-real")
    os.symlink("drafts-real", contrib / "drafts")
    repos.push_contribution()
    fresh = repos.fresh()
    assert (fresh / "drafts").is_symlink()
    assert _ready(_check(runner, without_base(fresh, tmp_path), monkeypatch))

    for result in (_check(runner, fresh, monkeypatch), _as_ci(runner, repos, monkeypatch)):
        assert result.exit_code == 1, result.output
        assert ("linked-folder", "drafts") in _codes(result)


@pytest.mark.slow
@posix_only("committing a symbolic link")
def test_a_suite_folder_linked_out_of_the_repository_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link is named as written (``repo_path(..., contained=False)``): a suite folder that
    leads out of the repository is the finding, although no file below it counts as inside."""
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    make_ready(contrib)
    elsewhere = tmp_path / "elsewhere"
    git(contrib, "rm", "-q", "-r", "--cached", "drafts")
    (contrib / "drafts").rename(elsewhere)
    os.symlink(elsewhere, contrib / "drafts")
    repos.push_contribution()
    fresh = repos.fresh()
    assert (fresh / "drafts").resolve() == elsewhere.resolve()
    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1, result.output
    assert ("linked-folder", "drafts") in _codes(result)


@posix_only("a symbolic link")
def test_a_files_name_in_the_repository_follows_no_link_out_of_it(tmp_path: Path) -> None:
    """``paths.repo_path``, the one rule where ``authority.relative_to`` (the name as
    written: a link out of the repository counted as inside) and ``review.repo_relative``
    (the name with links resolved) differed."""
    from intake.lifecycle.authority import Base
    from intake.paths import repo_path

    top, outside = tmp_path / "repo", tmp_path / "outside"
    for folder in (top / "real", outside):
        folder.mkdir(parents=True)
        (folder / "x.yaml").write_text("id: x\n", encoding="utf-8")
    os.symlink(top / "real", top / "inner")
    os.symlink(outside, top / "out")
    os.symlink(top, tmp_path / "via")
    assert repo_path(top, top / "real" / "x.yaml") == "real/x.yaml"
    # a link inside the repository is named, not followed: git's tree holds the link there
    assert repo_path(top, top / "inner" / "x.yaml") == "inner/x.yaml"
    assert repo_path(top, top / "out" / "x.yaml") is None
    assert Base("0" * 40, "test", top).rel(top / "out" / "x.yaml") is None
    assert repo_path(top, top / "out" / "x.yaml", contained=False) == "out/x.yaml"
    assert repo_path(top, outside / "x.yaml") is None
    # a top (or a path) reached through a link: the name below the real top
    assert repo_path(tmp_path / "via", tmp_path / "via" / "real" / "x.yaml") == "real/x.yaml"
    assert repo_path(top, tmp_path / "via" / "inner" / "x.yaml") == "real/x.yaml"


def test_a_maintainers_own_edit_still_counts_and_ci_has_none(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The honest control: evidence written on this machine (git reports the edit) counts
    outside CI, and is not evidence in CI."""
    from intake.config import load_settings
    from intake.contract.models import ReviewDecision
    from intake.lifecycle.review import add_review

    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    write_pair(contrib / "drafts", SID)
    repos.push_contribution()
    fresh = repos.fresh()
    add_review(load_settings(fresh), SID, ReviewDecision.approve, "maintainer-2")
    assert load_record(record_path(fresh / DRAFT)).reviews

    result = _check(runner, fresh, monkeypatch)
    assert not [f for f in _findings(result) if f["code"] in ("claimed", "not-the-commit")]
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = _check(runner, fresh, monkeypatch)
    assert ("not-the-commit", RECORD) in _codes(result)
    assert any(
        "approve by maintainer-2" in f["message"]
        for f in _findings(result)
        if f["code"] == "claimed"
    )


def test_the_shipped_wiring_covers_every_folder_and_the_base_owned_workflow_runs_no_checkout() -> (
    None
):
    """Issue 37 item 8: the workflow's paths filter names every folder intake reads and it
    re-runs on a review; docs/trust.md's pull_request_target workflow installs a pinned
    intake, checks the pull request out as data and runs only intake."""
    from intake.contract.yamlio import parse_checked
    from tests.support.env import REPO

    workflow = parse_checked((REPO / ".github/workflows/intake-check.yml").read_bytes()).data
    paths = workflow["on"]["pull_request"]["paths"]
    for folder in (
        "scenarios/**",
        "drafts/**",
        "retired/**",
        "intake-history/**",
        ".intake-baseline.json",
        "scrubbers/**",
        "pyproject.toml",
        "**/.gitattributes",
        ".pre-commit-config.yaml",
        ".github/**",
    ):
        assert folder in paths, folder
    assert "pull_request_review" in workflow["on"]

    page = (REPO / "docs" / "trust.md").read_text(encoding="utf-8")
    block = page.split("# .github/workflows/intake-check-base.yml", 1)[1]
    block = block.split("\n", 1)[1].split("```", 1)[0]
    base = parse_checked(block.encode()).data
    assert "pull_request_target" in base["on"] and "pull_request" not in base["on"]
    assert base["permissions"] == {"contents": "read", "pull-requests": "read"}
    steps = base["jobs"]["check"]["steps"]
    runs = [s["run"] for s in steps if "run" in s]
    install = next(r for r in runs if "pip install" in r)
    assert "@" in install and " ." not in install and "pr" not in install.split()
    checkout = next(s for s in steps if str(s.get("uses", "")).startswith("actions/checkout"))
    assert checkout["with"]["path"] == "pr" and checkout["with"]["persist-credentials"] is False
    assert runs[-1] == "intake --root pr check --format github"
    assert all(r.startswith(("python -m pip", "git -C pr fetch", "intake ")) for r in runs)
