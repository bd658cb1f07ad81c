"""The importers' shared tail: configured scrubber, shared fixtures, all-or-nothing writes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from intake.config import load_settings
from intake.drafting.tail import DraftPlan, new_record_source, write_draft
from intake.errors import LedgerError
from intake.scrub import FixtureMap, packaged_scrubbers_dir
from intake.store.ledger import Ledger
from intake.store.records import load_record
from tests.support.sessions import session_scenario

HOST = "build-7.corp.acme.internal"


def everything_written(suite: Path) -> str:
    texts = [
        p.read_text("utf-8", "replace")
        for p in suite.rglob("*")
        if p.is_file() and p.suffix in (".yaml", ".json")
    ]
    ledger = suite / ".intake" / "ledger.db"
    if ledger.exists():
        with Ledger.open(ledger) as db:
            texts += [str(e) for e in db.history(limit=1000)]
    return "\n".join(texts)


def test_the_suites_own_recognizers_protect_drafts(suite: Path) -> None:
    """A team's scrubbers_dir (relative to the suite root) is what importers scrub with."""
    mine = suite / "myscrub"
    shutil.copytree(packaged_scrubbers_dir(), mine)
    registry = mine / "recognizers.yaml"
    registry.write_text(
        registry.read_text(encoding="utf-8")
        + "  - name: acme_hosts\n    type: custom\n    supported_entity: INTERNAL_HOST\n"
        "    supported_language: en\n    patterns:\n      - name: corp_host\n"
        "        regex: '\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*?\\.corp\\.acme\\.internal'\n"
        "        score: 0.9\n",
        encoding="utf-8",
    )
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('scrubbers_dir = "myscrub"\n')
    (suite / "drafts" / "deep").mkdir()
    settings = load_settings(suite / "drafts" / "deep")
    source = new_record_source("session", "gaia-session:abc")
    plan = DraftPlan(session_scenario("session_abc", f"deploy to {HOST} failed"), {}, source)
    result = write_draft(settings, plan)
    assert HOST not in everything_written(suite)
    assert result.record.scrub is not None and result.record.scrub.counts.get("INTERNAL_HOST") == 1


def test_a_shared_mapping_gives_one_fixture_per_original(suite: Path) -> None:
    """An importer that scrubbed a title first passes its mapping: same fixture in both."""
    from intake.scrub import scrubber_for

    settings = load_settings(suite)
    mapping = FixtureMap()
    title = scrubber_for(settings).scrub_text("mail alice.smith@acme.io", mapping=mapping).text
    source = new_record_source("session", "gaia-session:abc")
    write_draft(
        settings,
        DraftPlan(
            session_scenario("session_abc", "I am alice.smith@acme.io"),
            {"title": "mail alice.smith@acme.io"},
            source,
            mapping=mapping,
        ),
    )
    record = load_record(suite / "drafts" / "session_abc.intake.json")
    assert record.observations["title"] == title
    draft = (suite / "drafts" / "session_abc.yaml").read_text(encoding="utf-8")
    assert title.split()[-1] in draft


def test_locator_and_link_are_scrubbed(suite: Path) -> None:
    settings = load_settings(suite)
    source = new_record_source(
        "issue",
        "file:/home/alice/issues/issue-7.json",
        link="https://github.com/acme/agent/issues/7?from=alice.smith@acme.io",
    )
    write_draft(settings, DraftPlan(session_scenario("issue_7", "hello"), {}, source))
    written = everything_written(suite)
    assert "/home/alice" not in written and "alice.smith@acme.io" not in written


def test_a_broken_ledger_leaves_no_draft(suite: Path) -> None:
    """The ledger is opened first: when it cannot be, nothing is written (exit 3)."""
    (suite / ".intake" / "ledger.db").mkdir(parents=True)
    settings = load_settings(suite)
    source = new_record_source("session", "gaia-session:abc")
    with pytest.raises(LedgerError):
        write_draft(settings, DraftPlan(session_scenario("session_abc", "hello"), {}, source))
    assert not list((suite / "drafts").iterdir())


def test_private_drafts_are_ignored_by_git_in_any_suite(git_suite: Path) -> None:
    """Even a suite without intake's .gitignore never stages a private draft by accident."""
    (git_suite / ".gitignore").unlink()
    settings = load_settings(git_suite)
    source = new_record_source("session", "gaia-session:abc", private=True)
    result = write_draft(settings, DraftPlan(session_scenario("session_abc", "hello"), {}, source))
    assert result.path.parent == git_suite / "drafts" / "private"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(result.path)], cwd=git_suite, check=False
    )
    assert ignored.returncode == 0
    subprocess.run(["git", "add", "-A"], cwd=git_suite, check=True)
    staged = subprocess.run(
        ["git", "diff", "--cached", "--name-only"],
        cwd=git_suite,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "private" not in staged


def test_a_promoted_case_is_not_drafted_again(suite: Path) -> None:
    """Re-importing a promoted session would duplicate its id: refused, nothing written."""
    from intake.errors import UsageError

    (suite / "scenarios" / "captured").mkdir(parents=True)
    (suite / "scenarios" / "captured" / "session_abc.yaml").write_text("id: session_abc\n")
    settings = load_settings(suite)
    source = new_record_source("session", "gaia-session:abc")
    with pytest.raises(UsageError, match="already in the suite"):
        plan = DraftPlan(session_scenario("session_abc", "hello"), {}, source)
        write_draft(settings, plan, force=True)
    assert not list((suite / "drafts").iterdir())


def test_an_author_that_is_an_email_is_not_recorded(suite: Path) -> None:
    path = suite / "pyproject.toml"
    path.write_text(
        path.read_text().replace('author = "drafter"', 'author = "zelda.fitz@kestrel-mail.com"')
    )
    settings = load_settings(suite)
    source = new_record_source("session", "gaia-session:abc")
    result = write_draft(settings, DraftPlan(session_scenario("session_abc", "hello"), {}, source))
    assert result.record.author is None
    assert "kestrel-mail" not in everything_written(suite)
