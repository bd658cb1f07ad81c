"""The replay's JSON replies keep GAIA's shapes (``src/gaia/ui/models.py``): a session's
messages (``MessageResponse``: the user's without ``agent_steps``, the captured answer with its
steps), the indexed documents (``DocumentResponse``) and a request field of the wrong JSON type
answered as if it were missing. Real HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from intake.lifecycle.replay import ReplayServer, ReplayState, ReplayStep, ReplayTurn

TURNS = [
    ReplayTurn(
        1,
        "the captured answer — one",
        (ReplayStep("search", "q=x", "2 hits", True), ReplayStep("read", "", "gone", False)),
    ),
    ReplayTurn(2, "two"),
]


@pytest.fixture
def replay() -> Iterator[ReplayServer]:
    with ReplayServer(ReplayState("case_x", TURNS, {"report.pdf"}), 0) as server:
        yield server


def _call(url: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    req = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    for key, value in headers.items():
        req.add_header(key, value)
    try:
        with urllib.request.urlopen(req, timeout=5) as reply:
            raw = reply.read()
            code = reply.status
    except urllib.error.HTTPError as exc:
        raw, code = exc.read(), exc.code
    return code, (json.loads(raw) if raw[:1] in (b"{", b"[") else raw)


def test_messages_keep_gaias_shapes_and_the_answers_steps(replay: ReplayServer) -> None:
    url = replay.url + "/api"
    code, session = _call(url + "/sessions", {"title": 5, "agent_type": "chat"})
    assert code == 200 and session["title"] == "New Chat"  # not a string: the default
    for text in ("first", "second", "past the last turn"):
        assert _call(url + "/chat/send", {"session_id": session["id"], "message": text})[0] == 200
    code, _ = _call(url + "/chat/send", {"session_id": session["id"], "message": 3})
    assert code == 422
    code, body = _call(url + f"/sessions/{session['id']}/messages")
    messages = body["messages"]
    assert code == 200 and body["total"] == len(messages) == 6
    user, answer = messages[0], messages[1]
    assert list(user) == ["id", "session_id", "role", "content", "created_at"]
    assert (user["id"], user["role"], user["content"]) == (1, "user", "first")
    assert list(answer) == [*user, "agent_steps"]
    assert (answer["id"], answer["content"]) == (2, "the captured answer — one")
    assert [
        (s["id"], s["tool"], s["detail"], s["result"], s["success"]) for s in answer["agent_steps"]
    ] == [
        (1, "search", "q=x", "2 hits", True),
        (2, "read", None, "gone", False),
    ]
    assert messages[3]["agent_steps"] is None and messages[3]["content"] == "two"
    assert messages[5]["content"] == "" and messages[5]["agent_steps"] is None
    assert (replay.state.answered, replay.state.beyond) == (2, 1)


def test_documents_keep_gaias_shape_and_a_wrong_type_is_refused(replay: ReplayServer) -> None:
    url = replay.url + "/api"
    code, doc = _call(url + "/documents/upload-path", {"filepath": "C:\\eval\\report.pdf"})
    assert code == 200
    assert list(doc) == [
        "id",
        "filename",
        "filepath",
        "file_size",
        "chunk_count",
        "indexed_at",
        "last_accessed_at",
        "sessions_using",
        "indexing_status",
        "last_error",
    ]
    assert (doc["filename"], doc["filepath"], doc["chunk_count"]) == (
        "report.pdf",
        "C:\\eval\\report.pdf",
        1,
    )
    assert _call(url + "/documents/upload-path", {"filepath": ["report.pdf"]})[0] == 404
    code, listed = _call(url + "/documents")
    assert code == 200 and listed["documents"] == [doc]
    assert (listed["total"], listed["total_chunks"]) == (1, 1)
    _, session = _call(url + "/sessions", {})
    code, _ = _call(url + f"/sessions/{session['id']}/documents", {"document_id": 7})
    assert code == 404
    code, body = _call(url + f"/sessions/{session['id']}/documents", {"document_id": doc["id"]})
    assert code == 200 and body == {"attached": True}
    assert replay.state.refused_documents == 1


def test_the_replay_answers_a_kept_alive_connection_without_nagles_delay(
    replay: ReplayServer,
) -> None:
    """GAIA's client may keep its connection alive: the replay answers request after request on
    one connection, and its handler turns Nagle's algorithm off (a reply is two writes, so the
    body otherwise waits for the client's delayed ACK: about 44 ms a request, 0.7 ms without;
    ``tests/benchmarks/bench_stand_ins.py``)."""
    import http.client

    assert replay._httpd is not None
    assert replay._httpd.RequestHandlerClass.disable_nagle_algorithm is True  # type: ignore[attr-defined]
    connection = http.client.HTTPConnection("127.0.0.1", replay.port, timeout=5)
    try:
        for _ in range(3):
            connection.request("GET", "/api/system/status")
            reply = connection.getresponse()
            assert reply.status == 200
            assert json.loads(reply.read())["model_loaded"] == "replay:case_x"
            assert reply.getheader("Connection") != "close"
    finally:
        connection.close()
