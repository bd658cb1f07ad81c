"""Drafting from data exactly as GAIA's own code writes it (issue #12, items 1-3).

The stores come from ``tests/support/gaia_native.py``, whose output was checked against GAIA's own
classes (``ChatDatabase``, ``SSEOutputHandler``, ``_summarize_tool_result``, ``MemoryStore``)
at amd/gaia commit 78bbc30 (see that module's docstring). GAIA facts used here:

* every persisted tool step says ``success: true``: ``src/gaia/ui/_chat_helpers.py``
  L2374-2408 (``tool_end`` overwrites the flag with True);
* ``error: File not found: …`` from ``index_document``: ``src/gaia/agents/tools/rag_tools.py``
  L1231-1232, summarised by ``src/gaia/ui/sse_handler.py`` L1322-1438 (branch 8);
* ``Command failed (exit 1): …`` with ``commandOutput.return_code == 1``:
  ``src/gaia/agents/tools/shell_tools.py`` L1047-1058, ``sse_handler.py`` L405-420;
* a governance block: ``src/gaia/governance/mixin.py`` L138-154 (``policy_alert``) and
  ``_chat_helpers.py`` L2439-2468 (the "Blocked: … restricted by policy." row);
* the agent error fallback: ``_chat_helpers.py`` L2519-2537;
* the export: ``src/gaia/ui/routers/sessions.py`` L314-346;
* memory.db ``tool_history``: ``src/gaia/agents/base/memory_store.py`` L1770-1811.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import ToolOutcome
from intake.drafting.from_session import build_plan, draft_from_session, read_session
from intake.drafting.tail import scenario_mapping
from intake.errors import ConfigError
from intake.sources.model import StoreKind, plain_session_id, tools_from_steps
from intake.sources.registry import detect
from intake.sources.tool_outcome import repr_shape, result_shape
from intake.store.records import load_record
from tests.support import gaia_native as gn


@pytest.fixture
def chat_db(tmp_path: Path) -> Path:
    path = tmp_path / "gaia_chat.db"
    gn.build_chat_db(path)
    return path


def _draft(suite: Path, db: Path, wanted: str = gn.SESSION_ID[:8]):  # type: ignore[no-untyped-def]
    return draft_from_session(load_settings(suite), wanted, db=db)


def test_gaia_db_expected_tools_per_turn(chat_db: Path, suite: Path) -> None:
    session = read_session(load_settings(suite), chat_db, gn.SESSION_ID[:8])
    plan = build_plan(session, load_settings(suite))
    assert [t.expected_tools for t in plan.scenario.turns] == [
        ["query_specific_file"],
        None,
        None,
        None,
        None,
    ]
    assert plan.evidence is not None
    calls = [
        [(c.tool, c.outcome, c.reason, c.rule) for c in t.tools if c.outcome != "ok"]
        for t in plan.evidence.turns
    ]
    assert calls[1] == [
        ("index_document", "failed", f"error: File not found: {gn.BUDGET_PATH}", "result:error")
    ]
    assert calls[2][0][3] == "result:command_failed"
    assert calls[3] == [("run_shell_command", "blocked", gn.POLICY["reason"], "policy_alert")]
    assert plan.evidence.turns[4].error_fallback == "agent_error"
    assert plan.observations["observed_failure"][-2:] == [
        {"turn": 4, "kind": "policy_blocked"},
        {"turn": 5, "kind": "agent_error"},
    ]


def test_gaia_db_record_shows_arguments_and_results(chat_db: Path, suite: Path) -> None:
    done = _draft(suite, chat_db)
    record = load_record(done.result.record_path)
    evidence = record.evidence
    assert evidence is not None and evidence.tools_available
    assert [t.turn for t in evidence.turns] == [1, 2, 3, 4, 5]
    first = evidence.turns[0].tools[0]
    assert first.tool == "query_specific_file"
    assert first.outcome is ToolOutcome.ok and first.stored_success is True
    assert first.arguments is not None and "acme_q3_report.md" in first.arguments
    assert "query: Q3 revenue" in first.arguments
    assert first.result == "Found 2 relevant chunk(s)"
    assert first.latency_ms == 412.3
    failed = evidence.turns[1].tools[0]
    assert (failed.tool, failed.outcome, failed.stored_success, failed.rule) == (
        "index_document",
        ToolOutcome.failed,
        True,
        "result:error",
    )
    assert failed.result is not None and failed.result.startswith("error: File not found: ")
    assert failed.result.endswith("budget_2025.md")
    shell = evidence.turns[2].tools[0]
    assert (shell.outcome, shell.rule, shell.arguments) == (
        ToolOutcome.failed,
        "result:command_failed",
        "command: type notes.txt",
    )
    assert shell.result == "Command failed (exit 1): The system cannot find the file specified.\n"
    blocked = evidence.turns[3].tools[0]
    assert (blocked.outcome, blocked.rule, blocked.reason) == (
        ToolOutcome.blocked,
        "policy_alert",
        gn.POLICY["reason"],
    )
    assert blocked.result is None and blocked.stored_success is None
    assert evidence.turns[3].error_fallback == "policy_blocked"
    assert evidence.turns[4].tools == [] and evidence.turns[4].error_fallback == "agent_error"
    assert evidence.turns[0].user_message == "What was Acme's Q3 revenue?"
    # the Windows home (a user name) is scrubbed in the evidence with the draft's own fixtures
    text = done.result.record_path.read_text(encoding="utf-8")
    assert "alex" not in text
    draft = done.result.path.read_text(encoding="utf-8")
    assert "alex" not in draft


def test_json_export_gives_the_same_draft(chat_db: Path, suite: Path, tmp_path: Path) -> None:
    export = tmp_path / "export.json"
    export.write_bytes(gn.export_json_bytes(chat_db, gn.SESSION_ID))
    assert detect(export) is StoreKind.agent_ui_export
    from_db = _draft(suite, chat_db)
    db_yaml = from_db.result.path.read_text(encoding="utf-8")
    db_record = load_record(from_db.result.record_path)
    from_db.result.path.unlink()
    from_db.result.record_path.unlink()
    from_export = _draft(suite, export)
    export_yaml = from_export.result.path.read_text(encoding="utf-8")

    # the export names documents by id only (get_session's document_ids): the one setup
    # entry differs; everything else, the source link included, is identical
    def without_setup(text: str) -> str:
        head, rest = text.split("\nsetup:\n", 1)
        return head + "\n" + rest[rest.index("\nturns:\n") :]

    assert without_setup(db_yaml) == without_setup(export_yaml)
    assert "TODO(intake): document 'acme_q3_report.md'" in db_yaml
    assert "TODO(intake): document 'library document a1b2c3d4'" in export_yaml
    assert len(from_export.result.scenario.setup.index_documents) == 1
    export_record = load_record(from_export.result.record_path)
    assert export_record.evidence == db_record.evidence
    assert export_record.source.link == db_record.source.link == f"gaia-session:{gn.SESSION_ID}"


def test_markdown_export_turns_without_tools(chat_db: Path, suite: Path, tmp_path: Path) -> None:
    md = gn.export_markdown(chat_db, gn.SESSION_ID)["content"]
    path = tmp_path / gn.export_download_name("Acme Q3 questions")
    path.write_text(md, encoding="utf-8")
    assert detect(path) is StoreKind.agent_ui_markdown
    settings = load_settings(suite)
    session = read_session(settings, path, "export-")
    assert [m.role for m in session.messages] == ["user", "assistant"] * 5
    assert session.title == "Acme Q3 questions" and session.model == gn.DEFAULT_MODEL
    # a plain id, so listings and hints show it rather than a mask
    assert len(session.id) == 15 and plain_session_id(session.id)
    done = draft_from_session(settings, "export-", db=path)
    turns = done.result.scenario.turns
    assert [t.user_message for t in turns] == [t[0] for t in gn.demo_turns()]
    assert all(t.expected_tools is None for t in turns)
    record = load_record(done.result.record_path)
    assert record.evidence is not None and record.evidence.tools_available is False
    assert record.evidence.note is not None and "no tool calls" in record.evidence.note
    assert record.evidence.turns[4].error_fallback == "agent_error"


def test_markdown_export_with_windows_line_ends_reads_the_same(
    chat_db: Path, suite: Path, tmp_path: Path
) -> None:
    """A copy saved on Windows or checked out with ``core.autocrlf`` has CRLF line ends: it is
    the same export (same id, same turns)."""
    md = gn.export_markdown(chat_db, gn.SESSION_ID)["content"]
    lf = tmp_path / "lf.md"
    lf.write_bytes(md.encode("utf-8"))
    crlf = tmp_path / "crlf.md"
    crlf.write_bytes(md.replace("\n", "\r\n").encode("utf-8"))
    assert b"\r\n" in crlf.read_bytes()
    assert detect(crlf) is StoreKind.agent_ui_markdown
    settings = load_settings(suite)
    one, other = read_session(settings, lf, "export-"), read_session(settings, crlf, "export-")
    assert one.id == other.id
    assert [(m.role, m.content) for m in one.messages] == [
        (m.role, m.content) for m in other.messages
    ]
    assert all("\r" not in (m.content or "") for m in other.messages)


def test_memory_db_judges_repr_results(tmp_path: Path, suite: Path) -> None:
    path = tmp_path / "memory.db"
    gn.build_memory_db(path)
    settings = load_settings(suite)
    plan = build_plan(read_session(settings, path, gn.MEMORY_SESSION_ID[:8]), settings)
    assert [t.expected_tools for t in plan.scenario.turns] == [
        ["query_specific_file"],
        None,
        None,
        None,
    ]
    assert plan.evidence is not None
    calls = [c for t in plan.evidence.turns for c in t.tools]
    assert [(c.tool, c.outcome, c.rule) for c in calls] == [
        ("query_specific_file", "ok", "no_failure_sign"),
        ("index_document", "failed", "flag"),
        ("run_shell_command", "failed", "repr:return_code"),
        ("run_shell_command", "blocked", "repr:status_denied"),
    ]
    assert calls[1].stored_success is False and calls[2].stored_success is True
    assert json.loads(calls[0].arguments) == {"file_path": gn.REPORT_PATH, "query": "Q3 revenue"}
    assert calls[0].result.startswith("{'status': 'success'")
    assert calls[0].latency_ms == 412.0


@pytest.mark.parametrize(
    ("result", "rule", "outcome"),
    [
        ("error: File not found: C:\\x", "result:error", "failed"),
        ("Command failed (exit 1): boom\n", "result:command_failed", "failed"),
        ("Command failed (exit -9)", "result:command_failed", "failed"),
        ("denied: Tool 'x' blocked by governance: no", "result:governance_denied", "blocked"),
        ("denied: no", "result:denied", "blocked"),
        ("error", "result:bare_error", "failed"),
        ("fallback: Document search is temporarily unavailable", "result:fallback", "ok"),
    ],
)
def test_result_shapes(result: str, rule: str, outcome: str) -> None:
    shape = result_shape(result)
    assert shape is not None and (shape.rule, shape.outcome) == (rule, outcome)


def test_ok_results_match_no_failure_shape() -> None:
    for text in ("Found 2 relevant chunk(s)", "Command completed (no output)", "errors: 0"):
        assert result_shape(text) is None
    assert repr_shape("{'status': 'success', 'return_code': 0}") is None


def _steps(events_for: list[dict[str, object]]) -> list[dict[str, object]]:
    capture = gn.TurnCapture(gn.Clock())
    for event in events_for:
        capture.feed(event)
    return capture.steps


def test_shell_timeout_failed_by_the_error_step() -> None:
    """shell_tools.py L1014-1025: status error, no return_code: the summary says "Command
    completed (no output)" with return_code 0 and only the error step after it tells."""
    result = {
        "status": "error",
        "error": "Command timed out after 30 seconds",
        "command": "ping -t x",
        "stdout": "",
        "stderr": "",
        "cwd": gn.USER_HOME,
    }
    steps = _steps(gn.tool_call_events("run_shell_command", {"command": "ping -t x"}, result))
    assert steps[0]["result"] == "Command completed (no output)"
    calls, errors = tools_from_steps(steps)
    assert (calls[0].outcome, calls[0].rule) == ("failed", "error_step")
    assert calls[0].reason == "Command timed out after 30 seconds" == errors[0]


def test_return_code_rule_when_summary_is_not_a_failure_shape() -> None:
    step = {
        "type": "tool",
        "tool": "run_shell_command",
        "detail": "command: x",
        "result": "ok",
        "success": True,
        "commandOutput": {"return_code": 2},
    }
    calls, _ = tools_from_steps([step])
    assert (calls[0].outcome, calls[0].rule, calls[0].reason) == (
        "failed",
        "return_code",
        "return code 2: ok",
    )


def test_detail_of_the_wrong_type_is_kept_and_flagged() -> None:
    step = {"type": "tool", "tool": "t", "detail": {"a": 1}, "result": "Done", "success": True}
    notes: list[str] = []
    calls, _ = tools_from_steps([step], notes)
    assert calls[0].arguments == '{"a": 1}' and calls[0].outcome == "ok"
    assert notes == ["tool t: detail is a JSON dict where text was expected; kept as JSON"]


def test_tool_step_without_a_usable_name_is_flagged() -> None:
    # a tool step whose name is not text is not a call intake can judge: noted, not dropped
    # silently
    steps = [{"type": "tool", "tool": 5, "detail": "x", "result": "Done", "success": True}]
    notes: list[str] = []
    calls, _ = tools_from_steps(steps, notes)
    assert calls == []
    assert notes == ["a tool step without a tool name (a JSON number) was ignored"]


def test_evidence_capped_and_flagged(tmp_path: Path, suite: Path) -> None:
    path = tmp_path / "gaia_chat.db"
    conn = gn.create_chat_db(path)
    clock = gn.Clock()
    gn.add_session(conn, gn.SESSION_ID, clock, title="Long one", agent_type="chat")
    gn.add_message(conn, gn.SESSION_ID, "user", "read it", clock)
    big = "word " * 2000
    steps = [
        {
            "id": 1,
            "type": "tool",
            "label": "Using read_file",
            "tool": "read_file",
            "detail": big,
            "active": False,
            "timestamp": 1,
            "mcpServer": None,
            "result": "Read 3 lines from a.txt",
            "success": True,
        }
    ]
    gn.add_message(conn, gn.SESSION_ID, "assistant", "done", clock, agent_steps=steps)
    conn.close()
    settings = load_settings(suite)
    plan = build_plan(read_session(settings, path, gn.SESSION_ID), settings)
    assert plan.evidence is not None
    call = plan.evidence.turns[0].tools[0]
    assert call.truncated is True and len(call.arguments) <= 2000


def test_export_missing_messages_is_one_line(
    runner: CliRunner, suite: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "export.json"
    bad.write_text('{"session": {"id": "abc"}, "format": "json"}', encoding="utf-8")
    result = runner.invoke(app, ["from-session", "abc", "--db", str(bad)])
    assert result.exit_code == 3
    assert result.stderr == "error: Agent UI export lacks the key 'messages' (export.json)\n"
    assert not list((suite / "drafts").glob("*.yaml"))


def test_export_message_without_role_is_flagged(chat_db: Path, suite: Path, tmp_path: Path) -> None:
    data = gn.export_json(chat_db, gn.SESSION_ID)
    del data["messages"][1]["role"]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    settings = load_settings(suite)
    session = read_session(settings, path, gn.SESSION_ID)
    assert "messages[1] has no role: ignored" in session.notes
    assert len(session.messages) == 9


def test_fresh_db_layout_matches_gaia(tmp_path: Path) -> None:
    """database.py L52-138 + L180-338: title_is_custom is the 3rd column; no user_version."""
    path = tmp_path / "gaia_chat.db"
    gn.build_chat_db(path)
    conn = sqlite3.connect(path)
    cols = [r[1] for r in conn.execute("PRAGMA table_info(sessions)")]
    assert cols[:3] == ["id", "title", "title_is_custom"]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    conn.close()


def _corpus(suite: Path, files: dict[str, bytes]) -> None:
    folder = suite / "corpus"
    for name, body in files.items():
        (folder / "documents").mkdir(parents=True, exist_ok=True)
        (folder / "documents" / name).write_bytes(body)
    gn.write_manifest(folder / "manifest.json", gn.DEMO_DOCUMENTS)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('corpus_dir = "corpus"\n')


def test_document_matched_by_unique_name_says_so(chat_db: Path, suite: Path) -> None:
    """The demo session's document hash is not the corpus file's: matched by its name."""
    _corpus(suite, {"acme_q3_report.md": b"edited since indexing\n"})
    settings = load_settings(suite)
    plan = build_plan(read_session(settings, chat_db, gn.SESSION_ID), settings)
    assert scenario_mapping(plan.scenario)["setup"]["index_documents"] == [
        {"corpus_doc": "acme_q3_report", "path": "corpus/documents/acme_q3_report.md"}
    ]
    assert plan.observations["documents"] == [
        {
            "name": "acme_q3_report.md",
            "in_corpus": True,
            "matched_by": "file name (unique in the corpus manifest)",
            "corpus_doc": "acme_q3_report",
        }
    ]


def _session_indexing(tmp_path: Path, body: bytes) -> Path:
    """An Agent UI database whose one session indexed a document holding ``body``."""
    path = tmp_path / "gaia_chat.db"
    conn = gn.create_chat_db(path)
    clock = gn.Clock()
    gn.add_document(
        conn,
        gn.DOC_ID,
        clock,
        filename="acme_q3_report.md",
        filepath=gn.REPORT_PATH,
        file_hash=hashlib.sha256(body).hexdigest(),
        file_size=len(body),
        chunk_count=1,
        file_mtime=1.0,
    )
    gn.add_session(
        conn, gn.SESSION_ID, clock, title="t", agent_type="doc", document_ids=[gn.DOC_ID]
    )
    gn.add_message(conn, gn.SESSION_ID, "user", "hi", clock)
    conn.close()
    return path


def test_document_matched_by_hash_first(tmp_path: Path, suite: Path) -> None:
    body = b"Q3 revenue was $14.2 million.\n"
    _corpus(suite, {"budget_2025.md": body})
    path = _session_indexing(tmp_path, body)
    settings = load_settings(suite)
    plan = build_plan(read_session(settings, path, gn.SESSION_ID), settings)
    assert scenario_mapping(plan.scenario)["setup"]["index_documents"] == [
        {"corpus_doc": "budget_2025", "path": "corpus/documents/budget_2025.md"}
    ]
    assert plan.observations["documents"][0]["matched_by"] == "content hash"


def test_a_documents_id_comes_from_the_manifest_gaias_ci_reads(tmp_path: Path, suite: Path) -> None:
    """One reader of the corpus manifest (``load_manifest``), as GAIA's CI reads it: ids of
    ``documents`` and of ``real_world/manifest.json``'s; an ``adversarial_documents`` entry is
    a corpus file but no id a scenario may cite (the CI would fail ``corpus_doc``), so a file
    of it is matched by its path alone."""
    body = b"adversarial: nothing to index\n"
    folder = suite / "corpus"
    (folder / "adversarial").mkdir(parents=True)
    (folder / "adversarial" / "empty.txt").write_bytes(body)
    manifest = {
        "documents": [],
        "adversarial_documents": [{"id": "empty_file", "filename": "empty.txt"}],
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('corpus_dir = "corpus"\n')
    settings = load_settings(suite)
    db = _session_indexing(tmp_path, body)
    plan = build_plan(read_session(settings, db, gn.SESSION_ID), settings)
    assert scenario_mapping(plan.scenario)["setup"]["index_documents"] == [
        {"path": "corpus/adversarial/empty.txt"}
    ]
    real = {"documents": [{"id": "rw_empty", "filename": "empty.txt", "facts": []}]}
    (folder / "real_world").mkdir()
    (folder / "real_world" / "manifest.json").write_text(json.dumps(real), encoding="utf-8")
    plan = build_plan(read_session(settings, db, gn.SESSION_ID), settings)
    assert scenario_mapping(plan.scenario)["setup"]["index_documents"] == [
        {"corpus_doc": "rw_empty", "path": "corpus/adversarial/empty.txt"}
    ]
    (folder / "manifest.json").write_text("[]", encoding="utf-8")  # a list: no GAIA manifest
    with pytest.raises(ConfigError, match="^corpus manifest has no 'documents' list$"):
        build_plan(read_session(settings, db, gn.SESSION_ID), settings)


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (
            {"session": [], "messages": [], "format": "json"},
            "error: Agent UI export's 'session' is a JSON array, not an object (export.json)",
        ),
        (
            {"session": {"id": "abc"}, "messages": {}, "format": "json"},
            "error: Agent UI export's 'messages' is a JSON object, not an array (export.json)",
        ),
        (
            {"session": {"id": 5}, "messages": [], "format": "json"},
            "error: session file's session.id is not a non-empty string (export.json)",
        ),
        (
            {"session": {"id": "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"}, "messages": []}
            | {"format": "json"},
            "error: session id is not a plain identifier (letters, digits, _.:- only, and "
            "nothing that looks like a key, address or path) (export.json)",
        ),
    ],
)
def test_bad_exports_are_one_line(
    runner: CliRunner, suite: Path, tmp_path: Path, data: dict[str, object], line: str
) -> None:
    bad = tmp_path / "export.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["from-session", "abc", "--db", str(bad)])
    assert (result.exit_code, result.stderr) == (3, line + "\n")


def test_export_steps_of_the_wrong_type_are_flagged(
    chat_db: Path, suite: Path, tmp_path: Path
) -> None:
    data = gn.export_json(chat_db, gn.SESSION_ID)
    data["messages"][1]["agent_steps"] = {"not": "a list"}
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    settings = load_settings(suite)
    session = read_session(settings, path, gn.SESSION_ID)
    assert session.messages[1].tools == []
    assert "agent_steps is a JSON object, not a list" in session.messages[1].notes


def test_markdown_export_without_header_is_not_a_store(
    runner: CliRunner, suite: Path, tmp_path: Path
) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\njust text\n", encoding="utf-8")
    result = runner.invoke(app, ["from-session", "x", "--db", str(path)])
    assert result.exit_code == 3
    assert result.stderr == (
        "error: not a GAIA session store (neither SQLite, a session JSON file nor an Agent UI "
        "export) (notes.md)\n"
    )


def test_memory_db_tool_of_a_turn_without_answer_stays_in_its_turn(
    tmp_path: Path, suite: Path
) -> None:
    # GAIA logs each tool_history row while the query runs and stores the user and assistant
    # rows after it (src/gaia/agents/base/memory.py L2214-2288, L2432-2455); a blank answer
    # is not stored (memory_store.py L550-581). The policy-blocked call of turn 4 precedes
    # turn 4's user row and no assistant row follows: it is turn 4's call, not turn 3's.
    path = tmp_path / "memory.db"
    gn.build_memory_db(path)
    settings = load_settings(suite)
    plan = build_plan(read_session(settings, path, gn.MEMORY_SESSION_ID[:8]), settings)
    assert plan.evidence is not None
    per_turn = [[(c.tool, c.outcome) for c in t.tools] for t in plan.evidence.turns]
    assert per_turn == [
        [("query_specific_file", "ok")],
        [("index_document", "failed")],
        [("run_shell_command", "failed")],
        [("run_shell_command", "blocked")],
    ]
    assert plan.evidence.turns[3].error_fallback == "no_answer"
