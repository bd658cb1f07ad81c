"""The honest flow (issue 37): a quarantine, lift, retirement or split that intake writes in a
maintainer's pull request fails ``check`` until another maintainer approves the pull request on
GitHub, and passes once the approval is recorded with the item (``intake review ID --pr N``):
GitHub's review id, the reviewed commit and the scenario's hash in its record, asked of GitHub
again by the gate.

A real upstream repository (``origin.git``), the maintainer's branch pushed to it, and a GitHub
stand-in on 127.0.0.1 that answers from that repository: the pull request's head is the
branch's commit, its files are git's diff, and a file's contents at a commit are git's blob at
that commit (so a review of another commit sees other bytes). ``check`` runs as a maintainer's
fresh clone does and as CI does (``GITHUB_BASE_REF``, fetch-depth 1 and 0).
"""

from __future__ import annotations

import base64
import json
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import Review, ReviewDecision
from intake.store.records import content_hash, dump_record, load_record, record_path, utcnow
from tests.support.github_server import FakeGitHub, Reply, Seen
from tests.support.gitrepo import legacy_scenario
from tests.support.trust_repo import MAINTAINER, PROMOTED, SID, Repos, git, promoted_on_main

REPO = "acme/agent"
PR = 5
RETIRED = PROMOTED.replace("scenarios/", "retired/")
BOB = ("bob", "bob@example.com")


class GitHubOfOrigin(FakeGitHub):
    """GitHub's REST API for pull request ``PR`` (``attack`` into ``main``) of ``origin.git``:
    the head, the changed files and every file's contents at a commit come from git; the
    reviews are what the test says (GitHub's JSON)."""

    def __init__(self, origin: Path, author: str = "maintainer") -> None:
        super().__init__()
        self.origin = origin
        self.author = author
        self.reviews: list[dict[str, Any]] = []

    def _git(self, *args: str) -> bytes | None:
        done = subprocess.run(
            ["git", "--git-dir", str(self.origin), *args], capture_output=True, check=False
        )
        return done.stdout if done.returncode == 0 else None

    def _take(self, method: str, path: str, handler: Any) -> Reply:
        self.requests.append(Seen(method, path, urlsplit(handler.path).query, {}))
        prefix = f"/repos/{REPO}"
        head = (self._git("rev-parse", "refs/heads/attack") or b"").decode().strip()
        if path == f"{prefix}/pulls/{PR}":
            return Reply(
                body={
                    "number": PR,
                    "state": "open",
                    "user": {"login": self.author},
                    "head": {"sha": head, "ref": "attack"},
                    "base": {"sha": "0" * 40, "ref": "main"},
                }
            )
        if path == f"{prefix}/pulls/{PR}/reviews":
            return Reply(body=self.reviews)
        if path == f"{prefix}/pulls/{PR}/files":
            diff = (self._git("diff", "--name-status", "-M", "main...attack") or b"").decode()
            files = []
            for line in diff.splitlines():
                status, *names = line.split("\t")
                entry = {
                    "filename": names[-1],
                    "status": "modified",
                    "sha": "d" * 40,
                    "additions": 1,
                    "deletions": 0,
                    "changes": 1,
                }
                if status.startswith("R"):
                    entry |= {"status": "renamed", "previous_filename": names[0]}
                files.append(entry)
            return Reply(body=files)
        if path.startswith(f"{prefix}/contents/"):
            name = path.removeprefix(f"{prefix}/contents/")
            ref = parse_qs(urlsplit(handler.path).query).get("ref", ["HEAD"])[0]
            data = self._git("cat-file", "blob", f"{ref}:{name}")
            if data is None:
                return Reply(404, {"message": "Not Found"})
            return Reply(
                body={
                    "type": "file",
                    "encoding": "base64",
                    "name": Path(name).name,
                    "path": name,
                    "sha": "c" * 40,
                    "size": len(data),
                    "content": base64.b64encode(data).decode("ascii"),
                }
            )
        return Reply(404, {"message": "Not Found"})

    def approve(self, login: str, commit: str, rid: int = 11, association: str = "MEMBER") -> None:
        """``login`` approves the pull request at ``commit`` (review ``rid``)."""
        self.reviews.append(
            {
                "id": rid,
                "user": {"login": login},
                "state": "APPROVED",
                "commit_id": commit,
                "submitted_at": "2026-12-01T12:00:00Z",
                "author_association": association,
                "body": "",
            }
        )


@pytest.fixture
def repos(tmp_path: Path) -> Repos:
    return Repos(tmp_path)


@pytest.fixture
def hub(repos: Repos, monkeypatch: pytest.MonkeyPatch) -> Iterator[GitHubOfOrigin]:
    server = GitHubOfOrigin(repos.origin)
    with server:
        monkeypatch.setenv("INTAKE_GITHUB_API_URL", server.url)
        monkeypatch.setenv("INTAKE_GITHUB_BACKOFF", "0.001")
        yield server


def _in(where: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, list(args))


def _claimed(result: Any) -> list[str]:
    return [
        f["message"]
        for f in json.loads(result.stdout)["findings"]
        if f["code"] == "claimed" and f["severity"] == "error"
    ]


def _ci(repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """``check`` as GitHub Actions runs it on the pull request: fetch-depth 1, then 0."""
    results = []
    for depth in (1, 0):
        target = repos.tmp / f"ci-{depth}-{len(list(repos.tmp.glob('ci-*')))}"
        extra = ["--depth", "1"] if depth else ["--no-single-branch"]
        subprocess.run(
            ["git", "clone", "-q", *extra, "-b", "attack", repos.origin.as_uri(), str(target)],
            check=True,
        )
        with monkeypatch.context() as ci:
            ci.setenv("GITHUB_BASE_REF", "main")
            ci.setenv("GITHUB_ACTIONS", "true")
            results.append(_in(target, runner, monkeypatch, "check", "--format", "json"))
    return results


def _promoted(repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    promoted_on_main(repos)


def _ci_on_a_review(
    repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> tuple[Any, Any]:
    """``check`` as the shipped workflow runs it on ``pull_request_review``: GitHub sets no
    ``GITHUB_BASE_REF`` there, so the workflow's own run line names the base from the event
    (``BASE_BRANCH``). (Without ``--base``, the run line's result.)"""
    import shlex

    from intake.contract.yamlio import parse_checked
    from tests.support.env import REPO as INTAKE

    workflow = parse_checked((INTAKE / ".github/workflows/intake-check.yml").read_bytes()).data
    assert "pull_request_review" in workflow["on"]
    assert workflow["permissions"]["pull-requests"] == "read"
    step = next(s for s in workflow["jobs"]["check"]["steps"] if s.get("name") == "intake check")
    assert step["env"]["BASE_BRANCH"] == "${{ github.event.pull_request.base.ref }}"
    assert step["env"]["GITHUB_TOKEN"] == "${{ github.token }}"
    words = shlex.split(step["run"].replace("$BASE_BRANCH", "main"))
    assert words[0] == "intake"
    target = repos.tmp / f"ci-review-{len(list(repos.tmp.glob('ci-review-*')))}"
    subprocess.run(
        [
            "git",
            "clone",
            "-q",
            "--no-single-branch",
            "-b",
            "attack",
            repos.origin.as_uri(),
            str(target),
        ],
        check=True,
    )
    git(target, "remote", "set-head", "origin", "-d")  # actions/checkout fetches, sets none
    with monkeypatch.context() as ci:
        ci.setenv("GITHUB_ACTIONS", "true")
        bare = _in(target, runner, monkeypatch, "check")
        shipped = _in(target, runner, monkeypatch, *words[1:])
    return bare, shipped


def _quarantined_on_main(repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    promoted_on_main(repos)
    done = _in(
        repos.main,
        runner,
        monkeypatch,
        "quarantine",
        SID,
        "--reason",
        "flaky judge",
        "--by",
        "maintainer",
    )
    assert done.exit_code == 0, done.output
    repos.commit_main("quarantine")


def _adopted_on_main(repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    legacy_scenario(repos.main, "legacy_case")
    done = _in(
        repos.main,
        runner,
        monkeypatch,
        "adopt",
        "scenarios/rag_quality",
        "--source",
        "synthetic",
        "--reviewer",
        "alice",
        "--rationale",
        "Two facts, two sections.",
    )
    assert done.exit_code == 0, done.output
    repos.commit_main("adopt")


FLOWS: dict[str, tuple[Callable[..., None], list[str], str]] = {
    "quarantine": (
        _promoted,
        ["quarantine", SID, "--reason", "judge disagrees", "--by", "maintainer"],
        SID,
    ),
    "lift": (
        _quarantined_on_main,
        ["quarantine", SID, "--lift", "--reason", "rubric fixed", "--by", "maintainer"],
        SID,
    ),
    "retire": (
        _promoted,
        ["retire", SID, "--reason", "the tool is gone", "--by", "maintainer"],
        SID,
    ),
    "split": (_adopted_on_main, ["split", "--by", "maintainer"], "legacy_case"),
}


def _written_on_a_branch(
    repos: Repos, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, flow: str
) -> tuple[Path, str, str]:
    """The maintainer's branch with the command's change, pushed: (clone, id, commit)."""
    setup, command, sid = FLOWS[flow]
    setup(repos, runner, monkeypatch)
    branch = repos.start_contribution()
    done = _in(branch, runner, monkeypatch, *command)
    assert done.exit_code == 0, done.output
    return branch, sid, repos.push_contribution(flow, who=MAINTAINER)


def _record_approval(
    repos: Repos,
    branch: Path,
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    sid: str,
    commit: str,
) -> str:
    recorded = _in(branch, runner, monkeypatch, "review", sid, "--pr", str(PR))
    assert recorded.exit_code == 0, recorded.output
    assert f"recorded: approve by bob at {commit[:12]}" in recorded.stdout
    return repos.push_contribution("bob's approval, recorded", who=MAINTAINER)


def test_a_quarantine_fails_check_until_approved_then_passes_in_ci_and_a_clone(
    repos: Repos, hub: GitHubOfOrigin, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    branch, sid, commit = _written_on_a_branch(repos, runner, monkeypatch, "quarantine")

    before = _in(repos.fresh(), runner, monkeypatch, "check", "--format", "json")
    assert before.exit_code == 1
    assert any("lifecycle change quarantined" in m for m in _claimed(before)), before.output
    shallow, full = _ci(repos, runner, monkeypatch)
    assert shallow.exit_code == 2 and "GITHUB_BASE_REF" in shallow.stderr, shallow.output
    assert full.exit_code == 1 and _claimed(full), full.output

    hub.approve("bob", commit)
    _record_approval(repos, branch, runner, monkeypatch, sid, commit)
    record = load_record(record_path(branch / PROMOTED))
    stored = record.reviews[-1]
    assert (stored.via, stored.review_id, stored.commit) == ("github_pr", 11, commit)
    assert stored.content_hash == content_hash(branch / PROMOTED)

    after = _in(repos.fresh(), runner, monkeypatch, "check")
    assert after.exit_code == 0, after.output
    shallow, full = _ci(repos, runner, monkeypatch)
    assert shallow.exit_code == 2, shallow.output
    assert full.exit_code == 0, full.output
    bare, shipped = _ci_on_a_review(repos, runner, monkeypatch)
    assert bare.exit_code == 2, bare.output  # no GITHUB_BASE_REF on a review event
    assert shipped.exit_code == 0, shipped.output
    asked = {(seen.path, seen.query) for seen in hub.requests}
    assert (f"/repos/{REPO}/pulls/{PR}/reviews", "per_page=100") in asked
    assert (f"/repos/{REPO}/contents/{PROMOTED}", f"ref={commit}") in asked


@pytest.mark.parametrize("flow", ["lift", "retire", "split"])
def test_a_lift_retirement_or_split_fails_until_approved_then_passes(
    repos: Repos,
    hub: GitHubOfOrigin,
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    flow: str,
) -> None:
    branch, sid, commit = _written_on_a_branch(repos, runner, monkeypatch, flow)

    before = _in(repos.fresh(), runner, monkeypatch, "check", "--format", "json")
    assert before.exit_code == 1 and _claimed(before), before.output

    hub.approve("bob", commit)
    _record_approval(repos, branch, runner, monkeypatch, sid, commit)
    after = _in(repos.fresh(), runner, monkeypatch, "check")
    assert after.exit_code == 0, after.output


def _forged(branch: Path, **changes: Any) -> None:
    """The last review of the quarantined scenario's record, changed by hand."""
    rec = record_path(branch / PROMOTED)
    record = load_record(rec)
    record.reviews[-1] = record.reviews[-1].model_copy(update=changes)
    rec.write_text(dump_record(record), encoding="utf-8")


def _attack_forged_review_id(repos: Repos, branch: Path, hub: GitHubOfOrigin, commit: str) -> None:
    _forged(branch, review_id=999)


def _attack_review_of_another_commit(
    repos: Repos, branch: Path, hub: GitHubOfOrigin, commit: str
) -> None:
    base = git(repos.main, "rev-parse", "HEAD")  # bob approved the base, not the quarantine
    hub.reviews = []
    hub.approve("bob", base)
    _forged(branch, commit=base)


def _attack_approval_by_a_branch_author(
    repos: Repos, branch: Path, hub: GitHubOfOrigin, commit: str
) -> None:
    (branch / "NOTES.md").write_text("bob's note\n", encoding="utf-8")
    bobs = repos.push_contribution("a commit of bob's on the branch", who=BOB)
    hub.reviews = []
    hub.approve("bob", bobs)
    _forged(branch, commit=bobs)


def _attack_edited_after_approval(
    repos: Repos, branch: Path, hub: GitHubOfOrigin, commit: str
) -> None:
    rec = record_path(branch / PROMOTED)
    record = load_record(rec)
    record.lifecycle[-1].reason = "nobody approved this reason"
    rec.write_text(dump_record(record), encoding="utf-8")


def _attack_hand_written_review(
    repos: Repos, branch: Path, hub: GitHubOfOrigin, commit: str
) -> None:
    hub.reviews = []
    rec = record_path(branch / PROMOTED)
    record = load_record(rec)
    record.reviews.append(
        Review(
            reviewer="carol",
            decision=ReviewDecision.approve,
            content_hash=content_hash(branch / PROMOTED),
            at=utcnow(),
            via="github_pr",
            pr_url=f"https://github.com/{REPO}/pull/{PR}",
            commit=commit,
            review_id=12,
        )
    )
    rec.write_text(dump_record(record), encoding="utf-8")


@pytest.mark.parametrize(
    "attack",
    [
        _attack_forged_review_id,
        _attack_review_of_another_commit,
        _attack_approval_by_a_branch_author,
        _attack_edited_after_approval,
        _attack_hand_written_review,
    ],
    ids=lambda f: f.__name__.removeprefix("_attack_"),
)
def test_a_quarantine_approval_that_github_does_not_stand_behind_is_claimed(
    repos: Repos,
    hub: GitHubOfOrigin,
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    attack: Callable[[Repos, Path, GitHubOfOrigin, str], None],
) -> None:
    branch, sid, commit = _written_on_a_branch(repos, runner, monkeypatch, "quarantine")
    hub.approve("bob", commit)
    _record_approval(repos, branch, runner, monkeypatch, sid, commit)
    if attack is _attack_hand_written_review:  # the honest approval dropped, one written
        _forged(branch, review_id=None, commit=None, via="manual", pr_url=None)
    attack(repos, branch, hub, commit)
    repos.push_contribution("the attack", who=MAINTAINER)

    result = _in(repos.fresh(), runner, monkeypatch, "check", "--format", "json")
    assert result.exit_code == 1, result.output
    claimed = _claimed(result)
    assert any("lifecycle change quarantined" in m for m in claimed), claimed


@pytest.mark.slow
def test_a_promotion_in_the_pull_request_passes_once_its_approval_is_recorded(
    repos: Repos, hub: GitHubOfOrigin, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The draft and its runs arrive in the maintainer's pull request: bob's approval of the
    draft lets ``promote`` run, and the promotion itself is claimed until bob approves the
    promoted file and that approval is recorded with it."""
    from tests.support.promote_helpers import make_ready

    repos.commit_main()
    branch = repos.start_contribution()
    make_ready(branch, reviewer=None)
    drafted = repos.push_contribution("a draft with its runs", who=MAINTAINER)
    hub.approve("bob", drafted)
    _record_approval(repos, branch, runner, monkeypatch, SID, drafted)
    promoted = _in(branch, runner, monkeypatch, "promote", SID)
    assert promoted.exit_code == 0, promoted.output
    commit = repos.push_contribution("promote", who=MAINTAINER)

    before = _in(repos.fresh(), runner, monkeypatch, "check", "--format", "json")
    assert before.exit_code == 1
    assert any("promotion stamp" in m for m in _claimed(before)), before.output

    hub.approve("bob", commit, rid=12)
    _record_approval(repos, branch, runner, monkeypatch, SID, commit)
    after = _in(repos.fresh(), runner, monkeypatch, "check")
    assert after.exit_code == 0, after.output


@pytest.mark.parametrize("history", ["replayed", "reordered", "lift-removed"])
def test_a_lifecycle_history_rewritten_or_replayed_is_claimed(
    tmp_path: Path,
    repos: Repos,
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    history: str,
) -> None:
    """On the base a scenario was quarantined with an approval of the quarantined file, then
    lifted. A pull request puts the quarantined bytes and stamp back and makes the history say
    quarantined again with entries that all stood on the base: the old quarantine replayed at
    the end, the two entries swapped, or the lift deleted. Each is claimed: the lifecycle is
    only ever appended to, and what is appended needs an approval of its own."""
    from tests.support.trust_repo import MALLORY, without_base

    _quarantined_on_main(repos, runner, monkeypatch)
    main_file = repos.main / PROMOTED
    quarantined = main_file.read_bytes()
    rec = record_path(main_file)
    record = load_record(rec)
    record.reviews.append(
        Review(
            reviewer="bob",
            decision=ReviewDecision.approve,
            content_hash=content_hash(main_file),
            at=utcnow(),
            via="manual",
        )
    )
    rec.write_text(dump_record(record), encoding="utf-8")
    repos.commit_main("bob's approval of the quarantine")
    lifted = _in(
        repos.main,
        runner,
        monkeypatch,
        "quarantine",
        SID,
        "--lift",
        "--reason",
        "fixed",
        "--by",
        "maintainer",
    )
    assert lifted.exit_code == 0, lifted.output
    repos.commit_main("lift")

    branch = repos.start_contribution()
    (branch / PROMOTED).write_bytes(quarantined)
    record = load_record(record_path(branch / PROMOTED))
    assert record.promotion is not None
    record.promotion.content_hash = content_hash(branch / PROMOTED)
    q, lift = record.lifecycle
    record.lifecycle = {"replayed": [q, lift, q], "reordered": [lift, q], "lift-removed": [q]}[
        history
    ]
    record_path(branch / PROMOTED).write_text(dump_record(record), encoding="utf-8")
    repos.push_contribution("quarantined again", who=MALLORY)
    fresh = repos.fresh()

    assert _in(without_base(fresh, tmp_path), runner, monkeypatch, "check").exit_code == 0
    result = _in(fresh, runner, monkeypatch, "check", "--format", "json")
    assert result.exit_code == 1, result.output
    claimed = _claimed(result)
    assert any(
        "lifecycle history rewritten" in m or "lifecycle change quarantined" in m for m in claimed
    ), claimed


def test_with_no_repository_named_by_the_base_no_github_approval_counts(
    repos: Repos, hub: GitHubOfOrigin, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pull request's address is the record's word: an approval counts only from the
    repository the base's ``github_repo`` names, so with none named, none counts (a record
    cannot point the gate at a repository where its author picks the reviewers)."""
    pyproject = repos.main / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8").replace(
            'github_repo = "acme/agent"', 'github_repo = ""'
        ),
        encoding="utf-8",
    )
    branch, sid, commit = _written_on_a_branch(repos, runner, monkeypatch, "quarantine")
    hub.approve("bob", commit)
    recorded = _in(branch, runner, monkeypatch, "review", sid, "--pr", str(PR), "--repo", REPO)
    assert recorded.exit_code == 0, recorded.output
    repos.push_contribution("bob's approval, recorded", who=MAINTAINER)

    result = _in(repos.fresh(), runner, monkeypatch, "check", "--format", "json")
    assert result.exit_code == 1, result.output
    assert any("lifecycle change quarantined" in m for m in _claimed(result)), result.output


def test_an_approved_quarantine_passes_after_the_base_tightened_its_gates(
    repos: Repos, hub: GitHubOfOrigin, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scenario promoted under one strong pass, then the base asked for three: its
    quarantine moves the stamp to new bytes only (every other field as the base's, the
    runnable content the base's), so the approval of the new bytes is all the move needs; the
    gates the base judged at promotion are not judged again under the new setting."""
    promoted_on_main(repos)
    pyproject = repos.main / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8") + "strong_pass_min = 3\n", encoding="utf-8"
    )
    repos.commit_main("three strong passes from now on")
    branch = repos.start_contribution()
    done = _in(
        branch,
        runner,
        monkeypatch,
        "quarantine",
        SID,
        "--reason",
        "flaky judge",
        "--by",
        "maintainer",
    )
    assert done.exit_code == 0, done.output
    commit = repos.push_contribution("quarantine", who=MAINTAINER)
    hub.approve("bob", commit)
    _record_approval(repos, branch, runner, monkeypatch, SID, commit)

    result = _in(repos.fresh(), runner, monkeypatch, "check")
    assert result.exit_code == 0, result.output
