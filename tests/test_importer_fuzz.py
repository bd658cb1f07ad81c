"""Type-confused input: every field of issue JSON, session JSON, agent_steps and tool_history
given a value of the wrong type must end in a draft (exit 0) or one clear line (exit 2, or 3
for a file that is not a GAIA store at all / a malformed network answer), never a crash
(exit 4) and never a traceback.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from tests.support.gaia_db import ChatDB, memory_db, when
from tests.support.github_server import FakeGitHub, Reply

WRONG: dict[str, Any] = {
    "int": 7,
    "bool": True,
    "str": "x y",
    "dict": {"k": 1},
    "list": [1, "a", None],
    "null": None,
}
Path_ = tuple[Any, ...]


def _dotted(path: Path_) -> str:
    return ".".join(map(str, path)) or "root"


def mutate(base: Any, path: Path_, value: Any) -> Any:
    """A deep copy of ``base`` with the value at ``path`` replaced (or the root when empty)."""
    if not path:
        return copy.deepcopy(value)
    data = copy.deepcopy(base)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = copy.deepcopy(value)
    return data


EXPECTED_FILE = Path(__file__).with_name("fuzz_expected.json")
EXPECTED: dict[str, int] = json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))
"""The exit code each type-confused input gets, by case (``<importer> <field> <wrong type>``):
0 a draft, 2 a one-line input error, 3 a file that is not a GAIA store / a malformed answer."""


def assert_clean(result: Any, case: str, allowed: tuple[int, ...] = (0, 2)) -> None:
    """The pinned exit code for ``case`` (0, or a one-line error); never a crash or traceback."""
    expected = EXPECTED[case]
    assert expected in allowed, (case, expected)
    assert result.exit_code == expected, (case, result.exit_code, result.stderr, result.stdout)
    assert "Traceback" not in result.stderr + result.stdout
    if result.exit_code != 0:
        lines = result.stderr.splitlines()
        assert lines and lines[0].startswith("error: "), result.stderr
        assert not any(line.startswith("error: internal") for line in lines)


ISSUE: dict[str, Any] = {
    "issue": {
        "number": 12,
        "title": "Chat loses context",
        "body": '1. Ask "hello"\n2. Ask "what did I say?"\n\nExpected: it repeats hello',
        "html_url": "https://github.com/acme/agent/issues/12",
        "repository_url": "https://api.github.com/repos/acme/agent",
        "labels": [{"name": "bug"}, "chat"],
        "state": "open",
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-02T00:00:00Z",
        "comments": 1,
        "author_association": "NONE",
        "pull_request": None,
    },
    "comments": [{"body": "same here", "created_at": "2026-01-03T00:00:00Z"}],
}
ISSUE_PATHS: list[Path_] = [
    (),
    ("issue",),
    ("comments",),
    ("comments", 0),
    ("comments", 0, "body"),
    ("comments", 0, "created_at"),
    *[("issue", key) for key in ISSUE["issue"]],
    ("issue", "labels", 0),
    ("issue", "labels", 0, "name"),
    ("issue", "labels", 1),
]


@pytest.mark.slow
@pytest.mark.parametrize("path", ISSUE_PATHS, ids=lambda p: ".".join(map(str, p)) or "root")
def test_issue_json_wrong_types(runner: CliRunner, suite: Path, path: Path_) -> None:
    file = suite / "issue.json"
    for name, value in WRONG.items():
        file.write_text(json.dumps(mutate(ISSUE, path, value)))
        result = runner.invoke(app, ["from-issue", "--json", str(file), "--comments", "--force"])
        assert_clean(result, f"issue-json {_dotted(path)} {name}")


@pytest.mark.slow
@pytest.mark.parametrize(
    "key", ["number", "title", "body", "labels", "comments", "pull_request", "html_url", ""]
)
def test_issue_from_network_wrong_types(
    runner: CliRunner, suite: Path, github: FakeGitHub, key: str
) -> None:
    for name, value in WRONG.items():
        body = mutate(ISSUE["issue"], (key,) if key else (), value)
        if isinstance(body, dict):
            body["url"] = f"{github.url}/repos/acme/agent/issues/12"
        github.routes.clear()
        github.add("GET", "/repos/acme/agent/issues/12", Reply(body=body))
        github.add("GET", "/repos/acme/agent/issues/12/comments", Reply(body=[{"body": "x"}]))
        result = runner.invoke(app, ["from-issue", "12", "--comments", "--force"])
        assert_clean(result, f"issue-network {key or 'root'} {name}", (0, 2, 3))


def test_issue_comment_pages_wrong_types(
    runner: CliRunner, suite: Path, github: FakeGitHub
) -> None:
    bad_entries = [{"body": 5, "created_at": [], "author_association": {}}]
    pages = [*WRONG.items(), ("bad-entries", bad_entries)]
    for name, value in pages:
        body = dict(ISSUE["issue"], url=f"{github.url}/repos/acme/agent/issues/12")
        github.routes.clear()
        github.add("GET", "/repos/acme/agent/issues/12", Reply(body=body))
        github.add("GET", "/repos/acme/agent/issues/12/comments", Reply(body=value))
        result = runner.invoke(app, ["from-issue", "12", "--comments", "--force"])
        assert_clean(result, f"issue-comments {name}", (0, 2, 3))


def test_issue_labels_wrong_type_is_noted(runner: CliRunner, suite: Path) -> None:
    file = suite / "issue.json"
    file.write_text(json.dumps(mutate(ISSUE, ("issue", "labels"), 5)))
    result = runner.invoke(app, ["from-issue", "--json", str(file)])
    assert result.exit_code == 0, result.stderr
    record = json.loads((suite / "drafts" / "issue_12_chat_loses_context.intake.json").read_text())
    problems = record["observations"]["input_problems"]
    assert any("labels" in p for p in problems), problems
    assert "tags" not in (suite / "drafts" / "issue_12_chat_loses_context.yaml").read_text()


CPP: dict[str, Any] = {
    "version": 1,
    "id": "session-20260101-000000",
    "timestamp": "2026-01-01T00:00:00Z",
    "messages": [
        {"role": "user", "content": "find the report"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": '{"status": "error", "error": "x"}'},
        {"role": "assistant", "content": [{"type": "text", "text": "done"}]},
    ],
}
CPP_PATHS: list[Path_] = [
    (),
    *[(key,) for key in CPP],
    ("updated_at",),
    ("messages", 0),
    ("messages", 0, "role"),
    ("messages", 0, "content"),
    ("messages", 1, "tool_calls"),
    ("messages", 1, "tool_calls", 0),
    ("messages", 1, "tool_calls", 0, "id"),
    ("messages", 1, "tool_calls", 0, "function"),
    ("messages", 1, "tool_calls", 0, "function", "name"),
    ("messages", 2, "tool_call_id"),
    ("messages", 2, "content"),
    ("messages", 3, "content", 0),
    ("messages", 3, "content", 0, "text"),
]
CHAT: dict[str, Any] = {
    "session_id": "chat-1",
    "created_at": "2026-01-01T00:00:00Z",
    "updated_at": "2026-01-01T00:01:00Z",
    "chat_history": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
    "indexed_documents": ["/nowhere/report.pdf", {"path": "/nowhere/b.txt"}],
}
CHAT_PATHS: list[Path_] = [
    (),
    *[(key,) for key in CHAT],
    ("chat_history", 0),
    ("chat_history", 0, "role"),
    ("chat_history", 0, "content"),
    ("indexed_documents", 0),
    ("indexed_documents", 1),
    ("indexed_documents", 1, "path"),
]


def _session_cases() -> list[tuple[str, Path_]]:
    return [("cpp", p) for p in CPP_PATHS] + [("chat", p) for p in CHAT_PATHS]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("shape", "path"),
    _session_cases(),
    ids=lambda v: v if isinstance(v, str) else (".".join(map(str, v)) or "root"),
)
def test_session_json_wrong_types(runner: CliRunner, suite: Path, shape: str, path: Path_) -> None:
    base = CPP if shape == "cpp" else CHAT
    sid = str(base["id"] if shape == "cpp" else base["session_id"])
    file = suite / "session.json"
    for name, value in WRONG.items():
        file.write_text(json.dumps(mutate(base, path, value)))
        # A file that no longer has a session's keys is "not a GAIA session store": exit 3.
        case = f"{shape}-json {_dotted(path)} {name}"
        listed = runner.invoke(app, ["sessions", "--db", str(file)])
        assert_clean(listed, f"{case} sessions", (0, 2, 3))
        result = runner.invoke(app, ["from-session", sid, "--db", str(file), "--force"])
        assert_clean(result, f"{case} from-session", (0, 2, 3))


def test_cpp_tool_calls_not_a_list_is_noted(runner: CliRunner, suite: Path) -> None:
    file = suite / "session.json"
    file.write_text(json.dumps(mutate(CPP, ("messages", 1, "tool_calls"), 5)))
    result = runner.invoke(app, ["from-session", "sess", "--db", str(file)])
    assert result.exit_code == 0, result.stderr
    record = next((suite / "drafts").glob("*.intake.json"))
    assert "tool_calls" in record.read_text()


def test_chat_indexed_documents_not_a_list_is_noted(runner: CliRunner, suite: Path) -> None:
    file = suite / "session.json"
    file.write_text(json.dumps(mutate(CHAT, ("indexed_documents",), True)))
    result = runner.invoke(app, ["from-session", "chat-1", "--db", str(file)])
    assert result.exit_code == 0, result.stderr
    record = json.loads(next((suite / "drafts").glob("*.intake.json")).read_text())
    assert any("indexed_documents" in n for n in record["observations"]["store_notes"])


STEP: dict[str, Any] = {
    "id": 1,
    "type": "tool",
    "tool": "search_file",
    "detail": "q",
    "success": False,
    "result": "timeout",
    "reason": "r",
}


@pytest.mark.slow
@pytest.mark.parametrize("key", [None, *STEP])
def test_agent_steps_wrong_types(runner: CliRunner, suite: Path, key: str | None) -> None:
    for index, (name, value) in enumerate(WRONG.items()):
        path = suite / f"gaia_chat_{index}.db"
        db = ChatDB(path, wal=False)
        sid = db.session(f"0000000{index}-aaaa-bbbb-cccc-dddddddddddd", title="Steps")
        db.message(sid, "user", "find it")
        steps = value if key is None else [mutate(STEP, (key,), value)]
        db.message(sid, "assistant", "found", raw_steps=json.dumps(steps))
        db.close()
        result = runner.invoke(app, ["from-session", sid, "--db", str(path), "--force"])
        assert_clean(result, f"agent-steps {key or 'root'} {name}")


@pytest.mark.slow
@pytest.mark.parametrize("column", ["tool_name", "success", "error", "timestamp", "session_id"])
def test_tool_history_wrong_types(runner: CliRunner, suite: Path, column: str) -> None:
    values: dict[str, Any] = {
        "int": 7,
        "float": 1.5,
        "str": "x y",
        "bytes": b"\x00\xff",
        "null": None,
        "json": '{"k": 1}',
    }
    for index, (name, value) in enumerate(values.items()):
        path = suite / f"memory_{index}.db"
        conn = memory_db(path)
        conn.executemany(
            "INSERT INTO conversations (session_id, role, content, timestamp) VALUES (?,?,?,?)",
            [("m1", "user", "find", when(1)), ("m1", "assistant", "found", when(2))],
        )
        row: dict[str, Any] = {
            "session_id": "m1",
            "tool_name": "search",
            "success": 1,
            "error": None,
            "timestamp": when(1.5),
        }
        row[column] = value
        conn.execute(
            f"INSERT INTO tool_history ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})",
            tuple(row.values()),
        )
        conn.commit()
        conn.close()
        result = runner.invoke(app, ["from-session", "m1", "--db", str(path), "--force"])
        assert_clean(result, f"tool-history {column} {name}")


TOKEN_ID = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.mark.parametrize(
    ("shape", "sid"),
    [
        ("cpp", TOKEN_ID),
        ("chat", TOKEN_ID),
        ("cpp", "AKIAABCDEFGHIJKLMNOP"),
        ("chat", "bob@example.com"),
        ("chat", "../../etc/passwd"),
        ("cpp", "has space"),
        ("cpp", "x" * 101),
    ],
)
def test_session_json_risky_id_refused(
    runner: CliRunner, suite: Path, shape: str, sid: str
) -> None:
    base = mutate(CPP if shape == "cpp" else CHAT, ("id" if shape == "cpp" else "session_id",), sid)
    file = suite / "session.json"
    file.write_text(json.dumps(base))
    for args in (["sessions", "--db", str(file)], ["from-session", sid[:6], "--db", str(file)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 3, result.stderr  # the store's content: a source failure
        assert result.stderr.startswith("error: session id is not a plain identifier")
        assert len(result.stderr.splitlines()) == 1
        assert sid not in result.stdout + result.stderr
    assert list((suite / "drafts").iterdir()) == []


@pytest.mark.parametrize(
    ("shape", "sid"),
    [
        ("cpp", "session-20260424-214833"),
        ("cpp", "session-20260424-214833-2"),
        ("chat", "session_20260424_214833"),
        ("chat", "29c211c7-31b5-4084-bb3f-1825c0210942"),
        ("chat", "chat-1"),
    ],
)
def test_session_json_plain_ids_accepted(
    runner: CliRunner, suite: Path, shape: str, sid: str
) -> None:
    base = mutate(CPP if shape == "cpp" else CHAT, ("id" if shape == "cpp" else "session_id",), sid)
    file = suite / "session.json"
    file.write_text(json.dumps(base))
    result = runner.invoke(app, ["sessions", "--db", str(file)])
    assert result.exit_code == 0, result.stderr
    assert sid in result.stdout


def test_unknown_session_does_not_echo_a_risky_id(runner: CliRunner, suite: Path) -> None:
    file = suite / "session.json"
    file.write_text(json.dumps(CHAT))
    result = runner.invoke(app, ["from-session", TOKEN_ID, "--db", str(file)])
    assert result.exit_code == 2
    assert TOKEN_ID not in result.stderr + result.stdout
    assert "chat-1" in result.stderr  # the file's own (plain) id is still listed
    plain = runner.invoke(app, ["from-session", "nosuch", "--db", str(file)])
    assert "'nosuch'" in plain.stderr  # a plain identifier is still named


def test_rejected_repo_is_not_echoed(runner: CliRunner, suite: Path) -> None:
    for repo in (TOKEN_ID, f"acme/{TOKEN_ID}!", "a b/c"):
        result = runner.invoke(app, ["from-issue", "42", "--repo", repo])
        assert result.exit_code == 2
        assert result.stderr.startswith("error: repository must be OWNER/NAME")
        assert repo not in result.stderr + result.stdout
