"""Session stores: detection by content, column-order tolerance, read-only access, bad input."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from intake.errors import SourceError, UsageError
from intake.fileio import MAX_JSON_DEPTH
from intake.limits import MAX_MESSAGE_CHARS, MAX_SESSION_JSON_BYTES
from intake.sources.model import (
    StoreKind,
    clean_text,
    failure_kind,
    parse_json_steps,
    prefix_upper,
)
from intake.sources.registry import detect, open_store
from intake.sources.sqlite import TEXT_BYTES, capped_text
from intake.textcut import CUT_MARK, cut_at_space
from tests.support.gaia_db import ChatDB, error_step, memory_db, policy, thinking, tool, when

SID = "29c211c7-31b5-4084-bb3f-1825c0210942"


def chat_db(path: Path, layout: str = "fresh", **kwargs: object) -> Path:
    db = ChatDB(path, layout, **kwargs)  # type: ignore[arg-type]
    sid = db.session(SID, title="PTO policy", agent_type="doc", model="Gemma-4-E4B-it-GGUF")
    db.message(sid, "user", "What's the PTO policy?")
    db.message(
        sid,
        "assistant",
        "15 days.",
        [
            thinking(1),
            tool(2, "search_file"),
            tool(3, "query_specific_file", False, "nope"),
            policy(4, "send_email"),
            error_step(5, "boom"),
        ],
    )
    other = db.session("29c211c8-0000-4000-8000-000000000000", title="Other")
    db.message(other, "user", "hi")
    db.close()
    return path


@pytest.mark.parametrize("layout", ["fresh", "migrated", "old"])
def test_agent_ui_layouts_read_by_column_name(tmp_path: Path, layout: str) -> None:
    store = open_store(chat_db(tmp_path / "x.db", layout))
    session = store.load(SID)
    store.close()
    assert session.store is StoreKind.agent_ui
    assert session.title == "PTO policy"
    assert session.model == "Gemma-4-E4B-it-GGUF"
    assert [m.role for m in session.messages] == ["user", "assistant"]
    tools = session.messages[1].tools
    if layout == "old":
        assert session.agent_type == "chat" and tools == []
        assert "private_column" in session.details
    else:
        assert session.agent_type == "doc"
        assert [(t.tool, t.outcome) for t in tools] == [
            ("search_file", "ok"),
            ("query_specific_file", "failed"),
            ("send_email", "blocked"),
        ]
        assert session.messages[1].errors == ["boom"]


def test_column_orders_really_differ(tmp_path: Path) -> None:
    fresh = ChatDB(tmp_path / "f.db", "fresh")
    migrated = ChatDB(tmp_path / "m.db", "migrated")
    assert fresh.columns["sessions"] != migrated.columns["sessions"]
    assert set(fresh.columns["sessions"]) == set(migrated.columns["sessions"])
    fresh.close()
    migrated.close()


def test_detection_is_by_content_not_name(tmp_path: Path) -> None:
    db = chat_db(tmp_path / "conversation.json")
    assert detect(db) is StoreKind.agent_ui
    mem = tmp_path / "gaia_chat.db"
    memory_db(mem).close()
    assert detect(mem) is StoreKind.memory_db
    cpp = tmp_path / "memory.db"
    cpp.write_text(json.dumps({"version": 1, "id": "session-20260101-120000", "messages": []}))
    assert detect(cpp) is StoreKind.cpp_json
    chat = tmp_path / "sessions.db"
    chat.write_text(json.dumps({"session_id": "session_20260101_120000", "chat_history": []}))
    assert detect(chat) is StoreKind.chat_json


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("missing", "session store not found"),
        ("text", "not a GAIA session store"),
        ("other_sqlite", "SQLite database is not a GAIA session store"),
        ("bad_json", "session file is not valid JSON"),
        ("other_json", "JSON file is not a GAIA session"),
        ("folder", "session store is a folder"),
        ("garbage_sqlite", "not a readable SQLite database"),
    ],
)
def test_bad_stores_are_source_errors(tmp_path: Path, setup: str, message: str) -> None:
    path = tmp_path / "store"
    if setup == "text":
        path.write_text("hello, not a database\n")
    elif setup == "other_sqlite":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
        conn.close()
    elif setup == "bad_json":
        path.write_text('{"version": 1, "id": ')
    elif setup == "other_json":
        path.write_text('{"name": "package", "version": "1.0"}')
    elif setup == "folder":
        path.mkdir()
    elif setup == "garbage_sqlite":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    with pytest.raises(SourceError) as info:
        open_store(path)
    assert message in info.value.one_line()
    assert info.value.exit_code == 3


def test_read_only_and_sees_wal(tmp_path: Path) -> None:
    path = tmp_path / "gaia_chat.db"
    writer = ChatDB(path, "fresh", wal=True)
    sid = writer.session(SID, title="Live")
    writer.message(sid, "user", "still in the WAL")
    writer.commit()
    wal = tmp_path / "gaia_chat.db-wal"
    assert wal.exists()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    wal_before = hashlib.sha256(wal.read_bytes()).hexdigest()
    store = open_store(path)
    session = store.load(SID)
    store.close()
    assert session.messages[0].content == "still in the WAL"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert hashlib.sha256(wal.read_bytes()).hexdigest() == wal_before
    writer.close()


def test_locked_database_fails_fast_with_exit_3(tmp_path: Path) -> None:
    path = tmp_path / "gaia_chat.db"
    chat_db(path, wal=False)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(SourceError) as info:
            store = open_store(path)
            store.load(SID)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "locked" in info.value.one_line()
    assert info.value.exit_code == 3


def test_list_resolve_prefix(tmp_path: Path) -> None:
    store = open_store(chat_db(tmp_path / "x.db"))
    rows = store.list_sessions(10)
    assert [r.title for r in rows] == ["Other", "PTO policy"]
    assert [r.messages for r in rows] == [1, 2]
    assert store.resolve("29c211c7") == SID
    assert store.resolve(SID) == SID
    with pytest.raises(UsageError) as ambiguous:
        store.resolve("29c211c")
    assert "ambiguous" in ambiguous.value.message
    assert SID in (ambiguous.value.hint or "")
    with pytest.raises(UsageError) as unknown:
        store.resolve("ffff")
    assert "no session matches" in unknown.value.message
    assert "newest sessions" in (unknown.value.hint or "")
    store.close()


def test_custom_model_wins(tmp_path: Path) -> None:
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID, model="Gemma")
    db.message(sid, "user", "hi")
    db.setting("custom_model", "Qwen-X")
    db.close()
    store = open_store(tmp_path / "x.db")
    session = store.load(SID)
    assert (session.model, session.model_source) == ("Qwen-X", "settings.custom_model")


@pytest.mark.parametrize(
    ("raw", "note"),
    [("{not json", "not valid JSON"), ('{"type": "tool"}', "not a list"), ("42", "not a list")],
)
def test_bad_agent_steps_are_noted(tmp_path: Path, raw: str, note: str) -> None:
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID)
    db.message(sid, "user", "hi")
    db.message(sid, "assistant", "ok", raw_steps=raw)
    db.close()
    store = open_store(tmp_path / "x.db")
    message = store.load(SID).messages[1]
    assert message.tools == []
    assert any(note in n for n in message.notes)


def test_huge_message_and_nul_bytes(tmp_path: Path) -> None:
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID)
    db.message(sid, "user", "a\x00b " + "x" * (10 * 1024 * 1024))
    db.close()
    store = open_store(tmp_path / "x.db")
    message = store.load(SID).messages[0]
    assert len(message.content) <= 20_000
    # the NUL is removed and counted where every source's text is (tests/test_untrusted*.py)
    assert message.content == f"a\x00b {CUT_MARK}"
    assert any("cut from" in n for n in message.notes)


def test_memory_db_turns_and_tools(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    conn = memory_db(path)
    rows = [
        ("m1", "user", "find the report", when(1)),
        ("m1", "assistant", "found it", when(1.1)),
        ("m1", "user", "now summarise", when(3)),
        ("m1", "assistant", "Agent error: failed", when(3.1)),
        ("m2", "user", "other session", when(5)),
    ]
    conn.executemany(
        "INSERT INTO conversations (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)", rows
    )
    conn.executemany(
        "INSERT INTO tool_history (session_id, tool_name, success, error, timestamp) "
        "VALUES (?, ?, ?, ?, ?)",
        [("m1", "search_file", 1, None, when(0.5)), ("m1", "summarise", 0, "timeout", when(2.5))],
    )
    conn.commit()
    conn.close()
    store = open_store(path)
    assert store.kind is StoreKind.memory_db
    assert [s.id for s in store.list_sessions(5)] == ["m2", "m1"]
    session = store.load(store.resolve("m1"))
    assert [m.role for m in session.messages] == ["user", "assistant", "user", "assistant"]
    assert [(t.tool, t.outcome) for t in session.messages[1].tools] == [("search_file", "ok")]
    assert [(t.tool, t.outcome, t.reason) for t in session.messages[3].tools] == [
        ("summarise", "failed", "timeout")
    ]


def test_cpp_session_json(tmp_path: Path) -> None:
    path = tmp_path / "session-20260101-120000.json"
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "id": "session-20260101-120000",
                "timestamp": "2026-01-01T12:00:00Z",
                "messages": [
                    {"role": "system", "content": "You are gaia-bash."},
                    {"role": "user", "content": [{"type": "text", "text": "list files"}]},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_1",
                                "type": "function",
                                "function": {"name": "run_shell", "arguments": '{"cmd": "ls"}'},
                            },
                            {
                                "id": "call_2",
                                "type": "function",
                                "function": {"name": "read_file", "arguments": "{}"},
                            },
                        ],
                    },
                    {"role": "tool", "tool_call_id": "call_1", "content": "a\nb"},
                    {
                        "role": "tool",
                        "tool_call_id": "call_2",
                        "content": '{"status": "error", "error": "denied"}',
                    },
                    {"role": "assistant", "content": "There are two files."},
                    {"role": "user", "content": "[Result from grep]: error: no such file"},
                ],
            }
        )
    )
    store = open_store(path)
    session = store.load(store.resolve("session-2026"))
    users = [m for m in session.messages if m.role == "user"]
    assert [m.content for m in users] == ["list files"]
    calls = [(t.tool, t.outcome) for m in session.messages for t in m.tools]
    assert calls == [("run_shell", "ok"), ("read_file", "failed")]


def test_chat_cli_session_json(tmp_path: Path) -> None:
    doc = tmp_path / "notes.md"
    doc.write_text("hello")
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            {
                "session_id": "session_20260101_120000",
                "created_at": "2026-01-01T12:00:00",
                "indexed_documents": [str(doc), "/gone/away/report.pdf"],
                "chat_history": [
                    {"role": "user", "content": "hi"},
                    {"role": "assistant", "content": "hello"},
                ],
            }
        )
    )
    session = open_store(path).load("session_20260101_120000")
    assert session.agent_type == "chat"
    assert [d.name for d in session.documents] == ["notes.md", "report.pdf"]
    assert session.documents[0].sha256 is not None and session.documents[1].sha256 is None


def test_session_json_is_read_by_the_one_json_reader(tmp_path: Path) -> None:
    """Session JSON and the Agent UI's JSON export are parsed by ``fileio.parse_json_input``
    (its wording, exit 3 for a store), but a session file's lone surrogate is kept: drafting
    refuses one only in a turn it keeps."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"session_id": "s",\n "chat_history": [}')
    with pytest.raises(SourceError) as info:
        open_store(bad)
    assert info.value.one_line() == (
        "session file is not valid JSON: Expecting value at line 2 column 19 (bad.json)"
    )
    assert info.value.exit_code == 3
    cut = tmp_path / "cut.json"
    history = '[{"role": "user", "content": "hi \\ud83d"}]'
    cut.write_text('{"session_id": "session_20260101_120000", "chat_history": ' + history + "}")
    session = open_store(cut).load("session_20260101_120000")
    assert session.messages[0].content == "hi \ud83d"


def test_session_json_fields_of_the_wrong_type_are_noted_once(tmp_path: Path) -> None:
    """A field of the wrong JSON type is read as absent and noted, each note once however
    often the field is read (``sources.model.json_field``, shared with issue JSON)."""
    path = tmp_path / "s.json"
    history = [{"role": 7, "content": "hi"}, {"role": "user", "content": "a"}]
    data = {"session_id": "session_20260101_120000", "created_at": 5, "timestamp": [1]}
    path.write_text(json.dumps({**data, "indexed_documents": "x", "chat_history": history}))
    store = open_store(path)
    store.list_sessions(5)
    session = store.load("session_20260101_120000")
    store.list_sessions(5)
    assert session.documents == [] and session.created_at is None
    assert getattr(store, "notes", None) == [
        "message 0: 'role' is a JSON number, not a string: ignored",
        "'created_at' is a JSON number, not a string: ignored",
        "'indexed_documents' is a JSON string, not a array: ignored",
        "'timestamp' is a JSON array, not a string: ignored",
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Agent error: boom", "agent_error"),
        ("partial answer\n\n[Error: timeout]", "error_suffix"),
        ("Blocked: send_email is restricted by policy.", "policy_blocked"),
        ("Sorry, something went wrong on my end. Try again.", "server_error"),
        ("I wasn't able to generate a response. Please make sure", "no_response"),
        ("Q3 revenue was $4.2 million.", None),
    ],
)
def test_failure_kinds(text: str, kind: str | None) -> None:
    assert failure_kind(text) == kind


def test_one_session_uses_indexes_not_scans(tmp_path: Path) -> None:
    store = open_store(chat_db(tmp_path / "x.db"))
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
    store.load(store.resolve("29c211c7"))
    store.list_sessions(20)
    store.conn.set_trace_callback(None)  # type: ignore[attr-defined]
    plans = []
    for sql in statements:
        if sql.lstrip().upper().startswith("SELECT") and "sqlite_master" not in sql:
            plan = store.conn.execute("EXPLAIN QUERY PLAN " + sql).fetchall()  # type: ignore[attr-defined]
            plans.append((sql, " | ".join(str(row[3]) for row in plan)))
    assert plans
    for sql, plan in plans:
        assert "SCAN messages" not in plan, (sql, plan)
        if "WHERE id" in sql or "WHERE id >=" in sql:
            assert "SCAN sessions" not in plan, (sql, plan)
    store.close()


TOKEN = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5"


def no_partial(text: str, token: str = TOKEN) -> bool:
    """True when every piece of ``token`` in ``text`` belongs to a whole copy of it."""
    rest = text.replace(token, " ")
    return not any(token[i : i + 8] in rest for i in range(len(token) - 7))


@pytest.mark.parametrize("limit", [20, 300, MAX_MESSAGE_CHARS])
def test_cut_never_lands_inside_a_token(limit: int) -> None:
    for start in range(max(0, limit - len(TOKEN) - 2), limit + 2):
        text = "y" * start + " " + TOKEN + " more words"
        kept = cut_at_space(text, limit)
        assert len(kept) <= limit
        assert no_partial(kept), (start, kept[-50:])
        assert text.startswith(kept.removesuffix(CUT_MARK).rstrip())
        value, notes = clean_text(text, limit)
        assert no_partial(value) and (len(text) <= limit or notes)


def test_long_run_dropped_at_the_cut_is_marked() -> None:
    assert cut_at_space("head " + "x" * 500, 300) == f"head {CUT_MARK}"
    assert cut_at_space("head " + "x" * 100, 50) == "head"
    assert cut_at_space("x" * 500, 300) == CUT_MARK
    assert cut_at_space("short", 300) == "short"


@pytest.mark.parametrize("pad", range(0, 44))
def test_byte_limited_read_drops_the_partial_last_token(pad: int) -> None:
    """The Agent UI read stops at TEXT_BYTES; a token across that point goes entirely."""
    text = "😀" * (MAX_MESSAGE_CHARS - pad) + " " + TOKEN + " tail " + "😀" * 100
    assert len(text.encode("utf-8")) > TEXT_BYTES
    raw = text.encode("utf-8")
    value, notes = capped_text(raw[:TEXT_BYTES], len(raw))
    assert no_partial(value), pad
    assert any("cut from" in n for n in notes)


def test_db_message_with_token_at_the_char_limit(tmp_path: Path) -> None:
    db = ChatDB(tmp_path / "x.db")
    sid = db.session(SID)
    for shift in range(0, len(TOKEN) + 2, 3):
        db.message(sid, "user", "y" * (MAX_MESSAGE_CHARS - shift) + " " + TOKEN + " tail")
    db.close()
    for message in open_store(tmp_path / "x.db").load(SID).messages:
        assert no_partial(message.content)


def test_session_json_failure_reason_cut_at_a_blank(tmp_path: Path) -> None:
    from intake.sources.session_json import MAX_REASON_CHARS, _tool_failed

    for shift in range(0, len(TOKEN) + 2):
        reason = "y" * (MAX_REASON_CHARS - shift) + " " + TOKEN
        got = _tool_failed(json.dumps({"status": "error", "error": reason}))
        assert got is not None and no_partial(got)


@pytest.mark.parametrize("store", ["agent_ui", "memory_db"])
def test_prefix_ending_in_the_last_code_point_is_a_usage_error(tmp_path: Path, store: str) -> None:
    path = tmp_path / "x.db"
    if store == "agent_ui":
        chat_db(path)
    else:
        conn = memory_db(path)
        conn.execute(
            "INSERT INTO conversations (session_id, role, content) VALUES ('m1', 'user', 'hi')"
        )
        conn.commit()
        conn.close()
    opened = open_store(path)
    for wanted in ("29c2\U0010ffff", "\U0010ffff", "m\ud7ff", "m\udfff"):
        with pytest.raises(UsageError):
            opened.resolve(wanted)


def test_prefix_upper_bounds() -> None:
    assert prefix_upper("ab") == "ac"
    assert prefix_upper("a\U0010ffff") is None
    assert prefix_upper("a\ud7ff") == "a\ue000"
    assert prefix_upper("") is None
    with pytest.raises(UsageError):
        prefix_upper("a\udc80")


CLAUDE_CODE_LINES = [
    {"type": "summary", "summary": "Fix the failing test", "leafUuid": "a2"},
    {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/u/proj",
        "sessionId": "0b6c7a2e-1111-4222-8333-944455556666",
        "version": "1.0.98",
        "type": "user",
        "message": {"role": "user", "content": "fix the failing test"},
        "uuid": "a1",
    },
    {
        "parentUuid": "a1",
        "sessionId": "0b6c7a2e-1111-4222-8333-944455556666",
        "type": "assistant",
        "uuid": "a2",
        "message": {"role": "assistant", "content": [{"type": "text", "text": "Looking."}]},
    },
]


@pytest.mark.parametrize("start", [0, 1], ids=["with summary", "without"])
def test_a_claude_code_transcript_is_named_and_the_formats_listed(
    tmp_path: Path, start: int
) -> None:
    path = tmp_path / "0b6c7a2e.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in CLAUDE_CODE_LINES[start:]))
    with pytest.raises(UsageError) as caught:
        detect(path)
    assert caught.value.message.startswith(
        "a Claude Code transcript, not a GAIA session store: intake reads GAIA's Agent UI "
        "database (gaia_chat.db), agent memory (memory.db), session JSON files"
    )
    assert caught.value.exit_code == 2 and caught.value.where == path.name


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (
            ["sessions (id TEXT)", "messages (session_id TEXT)"],
            "table messages lacks column role: not GAIA's layout",
        ),
        (
            ["conversations (session_id TEXT, role TEXT)"],
            "table conversations lacks column content: not GAIA's memory layout",
        ),
    ],
)
def test_a_store_lacking_a_needed_column_is_refused(
    tmp_path: Path, tables: list[str], message: str
) -> None:
    """A SQLite store of GAIA's tables without a column the reader needs is a source error
    naming the table and column (``SqliteStore._layout``), never a crash later."""
    path = tmp_path / "x.db"
    conn = sqlite3.connect(path)
    for table in tables:
        conn.execute(f"CREATE TABLE {table}")
    conn.commit()
    conn.close()
    with pytest.raises(SourceError) as caught:
        open_store(path)
    assert (caught.value.message, caught.value.where) == (message, "x.db")


def test_agent_steps_text_is_read_by_the_one_json_reader() -> None:
    """``agent_steps`` text goes through ``fileio.parse_json_input`` (its messages, its depth
    bound); a lone surrogate, escaped in the database's text or raw in an export's decoded
    text, stays readable (drafting refuses one only in the turns it keeps)."""
    for text in (
        '[{"type": "tool", "result": "\\ud83d"}]',
        '[{"type": "tool", "result": "\ud83d"}]',
    ):
        assert parse_json_steps(text) == ([{"type": "tool", "result": "\ud83d"}], [])
    deep = "[" * (MAX_JSON_DEPTH + 1)
    assert parse_json_steps(deep) == (
        [],
        [f"agent_steps nests deeper than {MAX_JSON_DEPTH} levels"],
    )
    assert parse_json_steps("") == parse_json_steps(None) == ([], [])


def test_a_session_file_over_its_bound_is_refused_by_the_bounded_reader(tmp_path: Path) -> None:
    """One size check, the bounded reader's (before a byte is read), its message, exit 3."""
    big = tmp_path / "session.json"
    with big.open("wb") as handle:  # sparse: its size says it all, nothing is read
        handle.write(b"{")
        handle.truncate(MAX_SESSION_JSON_BYTES + 1)
    with pytest.raises(SourceError) as raised:
        open_store(big)
    assert raised.value.one_line() == (
        f"session file is larger than {MAX_SESSION_JSON_BYTES} bytes (session.json)"
    )
