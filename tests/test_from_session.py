"""Session → draft: the mapping (pure) and the written draft, record and ledger."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from pathlib import Path

import pytest

from intake.config import load_settings
from intake.contract.models import GAIA_PERSONAS, Level, has_placeholder
from intake.contract.plain import ID_PATTERN
from intake.contract.schema import check
from intake.drafting.from_session import build_plan, draft_from_session, read_session
from intake.drafting.tail import scenario_mapping
from intake.errors import InputError, UsageError
from tests.support.gaia_db import ChatDB
from tests.support.leak_forms import assert_no_leak
from tests.support.sessions import EMAIL, HOME, SID, TOKEN, build


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return build(tmp_path / "gaia_chat.db")


def plan_for(db: Path, suite: Path, **kwargs: object):  # type: ignore[no-untyped-def]
    settings = load_settings(suite)
    return build_plan(read_session(settings, db, "29c2"), settings, **kwargs)  # type: ignore[arg-type]


def test_turns_tools_and_placeholders(store: Path, suite: Path) -> None:
    plan = plan_for(store, suite)
    scenario = scenario_mapping(plan.scenario)
    turns = scenario["turns"]
    assert len(turns) == 2
    assert turns[0]["user_message"].startswith(f"hi, I am {EMAIL}\n\nwhat's in")
    assert "/api/files/uploads" not in turns[0]["user_message"]
    assert "TODO(intake): attachment 'q3.pdf'" in turns[0]["user_message"]
    assert turns[0]["expected_tools"] == ["search_file"]
    assert turns[1]["expected_tools"] == ["list_indexed_documents"]
    for turn in turns:
        assert has_placeholder(turn["objective"])
        assert has_placeholder(turn["success_criteria"])
        assert has_placeholder(turn["ground_truth"])
        assert "15 days" not in json.dumps(turn)
    assert scenario["persona"] in GAIA_PERSONAS
    # the agent is provenance (the record's source), never a runnable key GAIA would see
    assert "agent_type" not in scenario and plan.source.details["agent_type"] == "doc"
    assert scenario["category"] == "captured"
    assert scenario["source"] == {"type": "session", "link": f"gaia-session:{SID}"}
    assert "Gemma-X" not in json.dumps(scenario)
    assert plan.source.details["model"] == "Gemma-X"
    assert re.fullmatch(ID_PATTERN, scenario["id"])
    assert scenario["id"] == "session_29c211c7_pto_policy"
    assert check(scenario, Level.draft) == []
    assert check(scenario, Level.strict) != []


def test_observations_keep_failures_and_evidence(store: Path, suite: Path) -> None:
    plan = plan_for(store, suite)
    obs = plan.observations
    assert plan.evidence is not None and "turns" not in obs, "each captured turn once"
    first = plan.evidence.turns[0]
    assert first.answer == "Agent error: boom"
    assert first.error_fallback == "agent_error"
    # the flag says failed; the second search_file is failed by the error step after it
    calls = [(c.tool, c.outcome, c.reason, c.rule) for c in first.tools]
    assert [c for c in calls if c[1] == "failed"] == [
        ("query_specific_file", "failed", "failed", "flag"),
        ("search_file", "failed", "boom", "error_step"),
    ]
    assert [c for c in calls if c[1] == "blocked"] == [
        ("send_email", "blocked", "mail needs approval", "policy_alert")
    ]
    assert [c[0] for c in calls if c[1] == "unconfirmed"] == ["index_document"]
    assert first.agent_errors == ["boom"]
    assert first.merged_user_messages == 2
    assert obs["observed_failure"] == [{"turn": 1, "kind": "agent_error"}]
    assert obs["skipped_scheduler_rows"] == 1
    assert plan.evidence.turns[1].answer == "Done, the figure is 15 days."


def test_documents_never_absolute(store: Path, suite: Path) -> None:
    setup = scenario_mapping(plan_for(store, suite).scenario)["setup"]["index_documents"]
    text = json.dumps(setup)
    assert "/home/" not in text
    assert "report.md" in setup[0]["path"] and has_placeholder(setup[0]["path"])
    assert "q3.pdf" in setup[1]["path"]


def test_documents_matched_against_corpus(tmp_path: Path, suite: Path) -> None:
    corpus = suite / "corpus" / "documents"
    corpus.mkdir(parents=True)
    body = b"Q3 revenue: $4.2 million\n"
    (corpus / "acme.md").write_bytes(body)
    (suite / "corpus" / "manifest.json").write_text(
        json.dumps({"documents": [{"id": "acme_q3", "filename": "acme.md"}]})
    )
    with (suite / "pyproject.toml").open("a") as handle:
        handle.write('corpus_dir = "corpus"\n')
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID, title="t")
    db.message(sid, "user", "hi")
    db.document(sid, "renamed.md", "/home/x/renamed.md", hashlib.sha256(body).hexdigest())
    db.close()
    setup = scenario_mapping(plan_for(tmp_path / "x.db", suite).scenario)["setup"]
    assert setup["index_documents"] == [
        {"corpus_doc": "acme_q3", "path": "corpus/documents/acme.md"}
    ]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("../../etc/passwd", "session_29c211c7_etc_passwd"),
        ("../", "session_29c211c7"),
        ("", "session_29c211c7"),
        ("Ünïcödé — ✓", "session_29c211c7_unicode"),
    ],
)
def test_ids_are_safe(tmp_path: Path, suite: Path, title: str, expected: str) -> None:
    build(tmp_path / "x.db", title=title)
    plan = plan_for(tmp_path / "x.db", suite)
    assert plan.scenario.id == expected


def test_no_messages_is_input_error(tmp_path: Path, suite: Path) -> None:
    db = ChatDB(tmp_path / "x.db")
    db.session(SID, title="empty")
    db.close()
    with pytest.raises(InputError) as info:
        plan_for(tmp_path / "x.db", suite)
    assert info.value.one_line() == f"session has no messages (session {SID})"


def test_only_assistant_messages_kept_as_orphans(tmp_path: Path, suite: Path) -> None:
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID)
    db.message(sid, "assistant", "Hello! How can I help?")
    db.message(sid, "user", "hi")
    db.close()
    plan = plan_for(tmp_path / "x.db", suite)
    assert plan.observations["orphan_assistant_messages"][0]["text"] == "Hello! How can I help?"


def test_bad_category(store: Path, suite: Path) -> None:
    with pytest.raises(UsageError):
        plan_for(store, suite, category="../x")


def _all_text(suite: Path) -> str:
    chunks = []
    for path in suite.rglob("*"):
        if path.is_file() and path.suffix in (".yaml", ".json"):
            chunks.append(path.read_text(encoding="utf-8"))
    ledger = suite / ".intake" / "ledger.db"
    conn = sqlite3.connect(ledger)
    for table in [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]:
        chunks.extend(str(row) for row in conn.execute(f"SELECT * FROM {table}"))
    conn.close()
    return "\n".join(chunks)


@pytest.mark.slow
def test_end_to_end_scrubbed_draft_record_ledger(store: Path, suite: Path) -> None:
    settings = load_settings(suite)
    done = draft_from_session(settings, "29c211c7", db=store)
    result = done.result
    assert result.path == suite.resolve() / "drafts" / "session_29c211c7_pto_policy.yaml"
    assert result.record_path.exists()
    everything = _all_text(suite)
    for secret in (EMAIL, TOKEN, HOME, "olga.petrova"):
        assert secret not in everything
    assert_no_leak([EMAIL, TOKEN], suite)
    assert_no_leak([HOME], suite, fragments=False)
    record = json.loads(result.record_path.read_text())
    assert record["source"]["locator"] == f"gaia-session:{SID}"
    assert record["source"]["details"]["model"] == "Gemma-X"
    assert record["evidence"]["turns"][0]["error_fallback"] == "agent_error"
    assert record["scrub"]["counts"]["EMAIL_ADDRESS"] >= 1
    from intake.contract.validate import validate_file

    assert validate_file(result.path, drafts_dir=settings.drafts).problems == []
    assert validate_file(result.path, strict=True).problems
    with pytest.raises(UsageError) as exists:
        draft_from_session(settings, "29c211c7", db=store)
    assert "exists already" in exists.value.message
    again = draft_from_session(settings, "29c211c7", db=store, force=True)
    assert again.result.path == result.path


def test_private_session_goes_to_private_drafts(tmp_path: Path, suite: Path) -> None:
    db = build(tmp_path / "x.db", private=1)
    done = draft_from_session(load_settings(suite), SID, db=db)
    assert done.result.path.parent == suite.resolve() / "drafts" / "private"
    assert json.loads(done.result.record_path.read_text())["source"]["private"] is True


def test_near_duplicate_warning(tmp_path: Path, suite: Path) -> None:
    first = build(tmp_path / "a.db", title="first")
    draft_from_session(load_settings(suite), SID, db=first)
    second = build(tmp_path / "b.db", title="second")
    done = draft_from_session(load_settings(suite), SID, db=second)
    assert any("nearly the same" in w for w in done.result.warnings)


def test_answers_cut_at_a_blank_never_inside_a_token(tmp_path: Path, suite: Path) -> None:
    from intake.drafting.from_session import MAX_ANSWER_CHARS

    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID, title="long answers")
    db.message(sid, "assistant", "y" * (MAX_ANSWER_CHARS - 20) + f" {TOKEN} orphan")
    for shift in range(0, len(TOKEN) + 2, 4):
        db.message(sid, "user", f"question {shift}")
        db.message(sid, "assistant", "y" * (MAX_ANSWER_CHARS - shift) + f" {TOKEN} tail")
    db.close()
    plan = plan_for(tmp_path / "x.db", suite)
    kept = json.dumps(plan.observations)
    assert TOKEN not in kept
    assert all(TOKEN[i : i + 8] not in kept for i in range(len(TOKEN) - 7))
    draft_from_session(load_settings(suite), SID, db=tmp_path / "x.db")
    assert_no_leak([TOKEN], suite)
