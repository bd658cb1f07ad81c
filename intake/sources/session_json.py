"""Session JSON files: the C++ agents' ``SessionStore`` and the Python chat CLI's sessions.

C++ (``~/.gaia/sessions/<id>.json``): ``{version, id, timestamp, messages}`` with OpenAI chat
messages; tool use is ``tool_calls`` on assistant messages and ``role: tool`` results (or, in
prompt-JSON mode, user rows ``[Result from <tool>]: …`` that are not the user speaking).
Python chat CLI (``.gaia/sessions/<id>.json``): ``{session_id, chat_history, indexed_documents,
…}`` with plain ``{role, content}`` turns and no tool record. One file is one session.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from intake.contract.models import ToolCallEvidence, ToolOutcome
from intake.errors import InputError, SourceError
from intake.fileio import hash_input
from intake.limits import MAX_DOCUMENT_HASH_BYTES
from intake.sources.model import (
    Document,
    Message,
    Session,
    SessionSummary,
    SingleSessionFile,
    StoreKind,
    clean_text,
    document_name,
    json_field,
    json_type,
    own_session_id,
)
from intake.sources.tool_outcome import RULE_NO_FAILURE, as_text
from intake.textcut import cut_at_space

MAX_REASON_CHARS = 300
"""Longest tool failure reason kept (cut at a blank, never inside a token)."""

RULE_TOOL_RESULT = "tool_result"
"""The tool's result message reports failure (status error, success false, an error key)."""
_RESULT_ROW = re.compile(r"^\[Result from ([^\]]+)\]:\s*")


def _content(value: Any) -> str:
    """String content, or the text parts of a content-part array (images dropped)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = []
        for part in value:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return ""


def _tool_failed(content: str) -> str | None:
    """Why a tool result reports failure, if it does."""
    try:
        value = json.loads(content)
    except ValueError:
        value = None
    if isinstance(value, dict):
        if value.get("status") == "error" or value.get("success") is False:
            reason = value.get("error") or value.get("message") or "status: error"
            return cut_at_space(str(reason), MAX_REASON_CHARS)
        if value.get("error"):
            return cut_at_space(str(value["error"]), MAX_REASON_CHARS)
        return None
    stripped = content.lstrip()
    if stripped.lower().startswith(("error:", "error -", "tool error")):
        return cut_at_space(stripped, MAX_REASON_CHARS)
    return None


class JsonSessionStore(SingleSessionFile):
    """One file, one session."""

    def __init__(self, path: Path, kind: StoreKind, data: dict[str, Any]) -> None:
        self.path = path
        self.kind = kind
        self.data = data
        key = "id" if kind is StoreKind.cpp_json else "session_id"
        self.session_id = own_session_id(self.data.get(key), key, path)
        self.notes: list[str] = []
        """Fields of the wrong type that were ignored (kept in the record's observations)."""

    def _history(self) -> list[Any]:
        key = "messages" if self.kind is StoreKind.cpp_json else "chat_history"
        value = self.data.get(key)
        return value if isinstance(value, list) else []

    def _field(self, data: dict[str, Any], key: str, wanted: str, where: str = "") -> Any:
        """``json_field``, each note kept once (the same field of many messages)."""
        found: list[str] = []
        value = json_field(data, key, wanted, found, where)
        self.notes += [note for note in found if note not in self.notes]
        return value

    def _stamp(self, key: str) -> str | None:
        value = self._field(self.data, key, "string")
        return value if value else None

    def _summary(self) -> SessionSummary:
        created = self._stamp("timestamp") or self._stamp("created_at")
        return SessionSummary(
            id=self.session_id,
            title=None,
            created=created,
            messages=len(self._history()),
            agent_type="chat" if self.kind is StoreKind.chat_json else None,
            private=False,
        )

    def _session(self) -> Session:
        self.notes = []
        if self.kind is StoreKind.cpp_json:
            messages = self._cpp_messages()
            created = self._stamp("timestamp")
            agent_type = None
            version = self.data.get("version")
            details: dict[str, Any] = {}
            if isinstance(version, str | int) and not isinstance(version, bool):
                details["format_version"] = version
            else:
                self.notes.append(f"'version' is a JSON {json_type(version)}: ignored")
        else:
            messages = self._chat_messages()
            created = self._stamp("created_at")
            agent_type = "chat"
            details = {}
        documents = self._documents()
        return Session(
            id=self.session_id,
            store=self.kind,
            created_at=created,
            updated_at=self._stamp("updated_at") or created,
            agent_type=agent_type,
            messages=messages,
            documents=documents,
            details=details,
            notes=list(self.notes),
        )

    def _entries(self) -> list[dict[str, Any]]:
        """The history's message objects; other entries are counted in the notes."""
        history = self._history()
        entries = [entry for entry in history if isinstance(entry, dict)]
        if len(entries) != len(history):
            self.notes.append(f"{len(history) - len(entries)} history entries are not objects")
        return entries

    def _role(self, entry: dict[str, Any], index: int) -> str:
        return str(self._field(entry, "role", "string", f"message {index}: ") or "")

    def _cpp_messages(self) -> list[Message]:
        messages: list[Message] = []
        by_call: dict[str, ToolCallEvidence] = {}
        for index, entry in enumerate(self._entries()):
            role = self._role(entry, index)
            text, notes = clean_text(_content(entry.get("content")))
            ref = str(index)
            if role == "tool":
                failure = _tool_failed(text)
                call = by_call.get(_call_id(entry.get("tool_call_id")))
                if call is not None:
                    _take_result(call, text, failure)
                continue
            if role == "user" and (match := _RESULT_ROW.match(text)):
                failure = _tool_failed(text[match.end() :])
                self._mark_last(messages, match.group(1).strip(), failure, text[match.end() :])
                continue
            message = Message(ref=ref, role=role, content=text, notes=notes)
            calls = self._field(entry, "tool_calls", "array", f"message {index}: ") or []
            for call in calls:
                function = call.get("function") if isinstance(call, dict) else None
                name = function.get("name") if isinstance(function, dict) else None
                if not isinstance(name, str) or not name:
                    message.notes.append("a tool call without a function name was ignored")
                    continue
                assert isinstance(function, dict)  # a name was found in it
                arguments, note = as_text(function.get("arguments"))
                if note:
                    message.notes.append(f"tool {name}: arguments is {note}")
                tool = ToolCallEvidence(
                    tool=name, outcome=ToolOutcome.ok, arguments=arguments, rule=RULE_NO_FAILURE
                )
                message.tools.append(tool)
                if _call_id(call.get("id")):
                    by_call[_call_id(call.get("id"))] = tool
            if role == "assistant" and not text and message.tools and messages:
                last = messages[-1]
                if last.role == "assistant":
                    last.tools.extend(message.tools)
                    continue
            messages.append(message)
        return messages

    @staticmethod
    def _mark_last(messages: list[Message], tool: str, failure: str | None, result: str) -> None:
        for message in reversed(messages):
            for call in reversed(message.tools):
                if call.tool == tool:
                    _take_result(call, result, failure)
                    return
            if message.role == "user":
                return

    def _chat_messages(self) -> list[Message]:
        messages = []
        for index, entry in enumerate(self._entries()):
            text, notes = clean_text(_content(entry.get("content")))
            role = self._role(entry, index)
            messages.append(Message(ref=str(index), role=role, content=text, notes=notes))
        return messages

    def _documents(self) -> list[Document]:
        docs = []
        skipped = 0
        for item in self._field(self.data, "indexed_documents", "array") or []:
            path = item if isinstance(item, str) else None
            if isinstance(item, dict):
                path = item.get("path") or item.get("filepath") or item.get("filename")
            if not isinstance(path, str) or not path:
                skipped += 1
                continue
            docs.append(
                Document(name=document_name(path), sha256=_hash_if_present(path), path=path)
            )
        if skipped:
            self.notes.append(f"{skipped} indexed_documents entries name no path: ignored")
        return docs


def _take_result(call: ToolCallEvidence, result: str, failure: str | None) -> None:
    """``call``'s result, and its failure when the result reports one."""
    call.result = result
    if failure is not None:
        call.outcome, call.reason, call.rule = ToolOutcome.failed, failure, RULE_TOOL_RESULT


def _call_id(value: Any) -> str:
    """A tool call id as text ('' for none); ids are strings or numbers, nothing else."""
    if isinstance(value, str | int) and not isinstance(value, bool):
        return str(value)
    return ""


def _hash_if_present(path: str) -> str | None:
    """SHA-256 of the indexed file when it is still on this machine, under the bounded
    reader's rules (``fileio.hash_input``: a regular file of at most
    ``limits.MAX_DOCUMENT_HASH_BYTES``, streamed); None for anything else (a FIFO, a
    ``/proc`` file, a device, a folder, a missing or larger file): the name is still kept."""
    try:
        candidate = Path(path).expanduser()
        return hash_input(candidate, what="indexed document", limit=MAX_DOCUMENT_HASH_BYTES)
    except (InputError, OSError, RuntimeError, ValueError):
        return None


def kind_of(data: Any, path: Path) -> StoreKind:
    """The JSON session kind of a parsed session file (SourceError for other JSON)."""
    if not isinstance(data, dict):
        raise SourceError("session file is not a JSON object", where=path.name)
    if isinstance(data.get("messages"), list) and "id" in data and "version" in data:
        return StoreKind.cpp_json
    if isinstance(data.get("chat_history"), list) and "session_id" in data:
        return StoreKind.chat_json
    raise SourceError(
        "JSON file is not a GAIA session (expected {version, id, messages} or "
        "{session_id, chat_history})",
        where=path.name,
    )
