"""Self-approval is refused without configuration: the drafter's identities are recorded.

git knows a name and an address, GitHub a login; no login can be derived from them, so the
record keeps every identity known when drafting (``Record.drafter``) and a reviewer matching
any of them by ``intake.lifecycle.gates.same_person`` is the author (issue 24, item 8).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.lifecycle.gates import same_person
from intake.store.records import load_record, record_path
from tests.support.gaia_db import ChatDB, tool

SID = "3c1e0b7a-31b5-4084-bb3f-1825c0210942"
NO_AUTHOR = """\
[project]
name = "suite-under-test"
version = "0"

[tool.intake]
scenarios_dir = "scenarios"
drafts_dir = "drafts"
"""


@pytest.mark.parametrize(
    ("identity", "login"),
    [
        ("Eve Engineer", "eve-eng"),
        ("Eve Engineer", "eve-engineer"),
        ("Eve Engineer", "EveEngineer"),
        ("Eve Engineer", "eengineer"),
        ("Eve Engineer", "evee"),
        ("eve.engineer", "eve-engineer"),
        ("eve_eng", "eve-eng"),
        ("Éve  Engineer", "éve-eng"),
    ],
)
def test_same_person_matches_the_usual_login_shapes(identity: str, login: str) -> None:
    assert same_person(identity, login)


@pytest.mark.parametrize(
    ("identity", "login"),
    [
        ("Eve Engineer", "bob"),
        ("Eve Engineer", "eve"),  # one part: too loose to call it the same person
        ("Eve Engineer", "engineer-eve"),
        ("Eve Engineer", "eve-bob"),
        ("Eve", "evelyn"),
        ("", "eve"),
    ],
)
def test_same_person_does_not_match_other_people(identity: str, login: str) -> None:
    assert not same_person(identity, login)


def _eve_suite(root: Path) -> Path:
    (root / "pyproject.toml").write_text(NO_AUTHOR, encoding="utf-8")
    subprocess.run(["git", "config", "user.name", "Eve Engineer"], cwd=root, check=True)
    subprocess.run(["git", "config", "user.email", "eve@example.com"], cwd=root, check=True)
    db = ChatDB(root / "gaia_chat.db")
    sid = db.session(SID, title="Budget", agent_type="chat")
    db.message(sid, "user", "What is the largest expense category?")
    db.message(sid, "assistant", "Rent.", [tool(1, "query_specific_file")])
    db.close()
    return root / "gaia_chat.db"


def test_self_approval_is_refused_without_configuration(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GITHUB_ACTOR", raising=False)
    db = _eve_suite(git_suite)
    drafted = runner.invoke(app, ["from-session", SID[:8], "--db", str(db)])
    assert drafted.exit_code == 0, drafted.output
    (draft,) = (git_suite / "drafts").glob("*.yaml")
    record = load_record(record_path(draft))
    assert record.author == "Eve Engineer"
    assert record.drafter == ["Eve Engineer", "eve"]
    assert "example.com" not in record_path(draft).read_text()
    review = runner.invoke(app, ["review", draft.stem, "--approve", "--reviewer", "eve-eng"])
    assert review.exit_code == 0, review.output
    assert "the draft's author cannot approve it" in review.stderr
    shown = runner.invoke(app, ["show", draft.stem, "--format", "json"]).stdout
    assert "approval by eve-eng does not count (the draft's author)" in shown
    other = runner.invoke(app, ["review", draft.stem, "--approve", "--reviewer", "bob"])
    assert other.exit_code == 0 and "cannot approve" not in other.stderr


def test_the_email_local_part_and_a_noreply_login_are_identities(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GITHUB_ACTOR", raising=False)
    db = _eve_suite(git_suite)
    subprocess.run(["git", "config", "user.name", "E. E."], cwd=git_suite, check=True)
    subprocess.run(
        ["git", "config", "user.email", "1234567+evee-gh@users.noreply.github.com"],
        cwd=git_suite,
        check=True,
    )
    assert runner.invoke(app, ["from-session", SID[:8], "--db", str(db)]).exit_code == 0
    (draft,) = (git_suite / "drafts").glob("*.yaml")
    assert "evee-gh" in load_record(record_path(draft)).drafter
    review = runner.invoke(app, ["review", draft.stem, "--approve", "--reviewer", "evee-gh"])
    assert "the draft's author cannot approve it" in review.stderr
