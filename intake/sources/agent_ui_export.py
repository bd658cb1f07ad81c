"""The Agent UI's own session exports: ``format=json`` and the Markdown the Export button saves.

GAIA's ``GET /api/sessions/{id}/export`` (``src/gaia/ui/routers/sessions.py``
``export_session``; docs/gaia-formats.md#ui-sessions) returns ``{"session": get_session(id),
"messages": get_messages(id), "format": "json"}``: every ``sessions`` column plus
``message_count`` and ``document_ids``, and every ``messages`` column with ``agent_steps``
already decoded. That is the database's content, so a JSON export drafts like the database
(same locator ``gaia-session:<id>``); only documents differ, as the export names them by id
alone.

The Markdown export (``format=markdown``, what the UI's Export button downloads and users
paste into bug reports) holds the title, creation time, model and each message as
``**User:**`` / ``**Assistant:**`` blocks: no steps, no agent. Its session has no id, so one
is made from the file's content hash (``export-<8 hex>``); the record says tools were not
available.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from intake.errors import SourceError
from intake.sources.model import (
    SCHEDULER_PREFIX,
    Document,
    Message,
    Session,
    SessionSummary,
    SingleSessionFile,
    StoreKind,
    clean_text,
    json_type,
    own_session_id,
    plain_session_id,
    read_session_file,
    ui_message,
)

_MD_HEAD = re.compile(r"\A# (?P<title>[^\n]*)\n\n\*Created: (?P<created>[^\n]*)\*\n\n")
_MD_MODEL = re.compile(r"\*Model: (?P<model>[^\n]*)\*\n\n---\n")
_MD_SPLIT = re.compile(r"\n\n---\n\n(?=\*\*(?:User|Assistant):\*\*\n\n)")
_MD_BLOCK = re.compile(r"\A\*\*(?P<who>User|Assistant):\*\*\n\n(?P<content>.*)\Z", re.DOTALL)
MARKDOWN_NOTE = (
    "read from the Agent UI's Markdown export: it keeps no tool calls, no agent and no "
    "documents, so expected_tools and agent_type are left for the reviewer"
)


def _read(path: Path) -> bytes:
    return read_session_file(path, "export file")


def _text(path: Path, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError("export file is not UTF-8", where=path.name) from None


def is_json_export(data: Any) -> bool:
    """``{session, messages, format: "json"}``, GAIA's JSON export (keys may be missing)."""
    return (
        isinstance(data, dict)
        and data.get("format") == "json"
        and ("session" in data or "messages" in data)
    )


def is_markdown_export(head: bytes) -> bool:
    """A file opening like GAIA's Markdown export (``# <title>``, ``*Created: …*``), also with
    Windows line ends (a copy saved or checked out with CRLF)."""
    return head.startswith(b"# ") and b"\n\n*Created: " in head.replace(b"\r\n", b"\n")


def detect(path: Path, head: bytes) -> StoreKind | None:
    """``agent_ui_markdown`` from the file's content (a JSON export is told by its keys,
    ``is_json_export``, when the registry has parsed it)."""
    if is_markdown_export(head) or (
        head.startswith(b"# ") and is_markdown_export(_read(path)[:4096])
    ):
        return StoreKind.agent_ui_markdown
    return None


class ExportStore(SingleSessionFile):
    """One export file, one session."""

    def __init__(self, path: Path, kind: StoreKind, data: Any = None) -> None:
        """``data``: a JSON export as the registry parsed it (None: the Markdown export)."""
        self.path = path
        self.kind = kind
        self.notes: list[str] = []
        if kind is StoreKind.agent_ui_export:
            self._init_json(data)
        else:
            lf = _read(path).replace(b"\r\n", b"\n")  # CRLF reads, and is named, as the same export
            self._init_markdown(_text(path, lf), hashlib.sha256(lf).hexdigest())

    # --- JSON -------------------------------------------------------------------------

    def _init_json(self, data: Any) -> None:
        for key, wanted in (("session", "object"), ("messages", "array")):
            if key not in data:
                raise SourceError(f"Agent UI export lacks the key '{key}'", where=self.path.name)
            if json_type(data[key]) != wanted:
                raise SourceError(
                    f"Agent UI export's '{key}' is a JSON {json_type(data[key])}, not an {wanted}",
                    where=self.path.name,
                )
        session = data["session"]
        self.session_id = own_session_id(session.get("id"), "session.id", self.path)
        self.session_data: dict[str, Any] = session
        self.message_data: list[Any] = data["messages"]

    def _json_session(self) -> Session:
        s = self.session_data
        messages: list[Message] = []
        for index, entry in enumerate(self.message_data):
            if not isinstance(entry, dict):
                self.notes.append(f"messages[{index}] is a JSON {json_type(entry)}: ignored")
                continue
            role = entry.get("role")
            if not isinstance(role, str) or not role:
                self.notes.append(f"messages[{index}] has no role: ignored")
                continue
            content = entry.get("content")
            if content is not None and not isinstance(content, str):
                self.notes.append(
                    f"messages[{index}].content is a JSON {json_type(content)}: ignored"
                )
                content = None
            text, notes = clean_text(content)
            ref = entry.get("id")
            shown = str(ref) if isinstance(ref, int | str) else str(index)
            created, steps = _str(entry.get("created_at")), entry.get("agent_steps")
            messages.append(ui_message(shown, role, text, created, steps, notes))
        ids = s.get("document_ids")
        documents = []
        if isinstance(ids, list):
            for doc_id in ids:
                if isinstance(doc_id, str) and doc_id:
                    short = doc_id[:8] if plain_session_id(doc_id) else "?"
                    documents.append(Document(name=f"library document {short}"))
        elif ids is not None:
            self.notes.append(f"session.document_ids is a JSON {json_type(ids)}: ignored")
        head = self._summary()
        session = Session(
            id=self.session_id,
            store=StoreKind.agent_ui_export,
            title=head.title,
            created_at=head.created,
            updated_at=_str(s.get("updated_at")),
            agent_type=head.agent_type,
            model=_str(s.get("model")),
            model_source="sessions.model" if _str(s.get("model")) else None,
            private=head.private,
            messages=messages,
            documents=documents,
            notes=list(self.notes),
        )
        if documents:
            session.details["documents"] = "the export names documents by id only"
        if isinstance(s.get("device"), str) and s["device"]:
            session.details["device"] = s["device"]
        return session

    # --- Markdown ---------------------------------------------------------------------

    def _init_markdown(self, text: str, digest: str) -> None:
        head = _MD_HEAD.match(text)
        if head is None:
            raise SourceError(
                "Markdown export lacks its '# <title>' and '*Created: …*' lines",
                where=self.path.name,
            )
        rest = text[head.end() :]
        model = _MD_MODEL.match(rest)
        self.title = head.group("title") or None
        self.created = head.group("created") or None
        self.model = model.group("model") if model else None
        body = rest[model.end() :] if model else rest
        self.session_id = f"export-{digest[:8]}"
        self.blocks: list[tuple[str, str]] = []
        body = body.lstrip("\n")
        if body.endswith("\n\n---\n"):
            body = body[: -len("\n\n---\n")]
        elif body.strip():
            self.notes.append("the export does not end with '---': the last message may be cut")
        for index, piece in enumerate(_MD_SPLIT.split(body) if body.strip() else []):
            match = _MD_BLOCK.match(piece)
            if match is None:
                self.notes.append(f"block {index + 1} is not a **User:**/**Assistant:** block")
                continue
            role = "user" if match.group("who") == "User" else "assistant"
            self.blocks.append((role, match.group("content")))

    def _markdown_session(self) -> Session:
        messages = []
        for index, (role, content) in enumerate(self.blocks):
            text, notes = clean_text(content)
            scheduler = role == "assistant" and text.startswith(SCHEDULER_PREFIX)
            messages.append(
                Message(
                    ref=str(index + 1),
                    role="system" if scheduler else role,
                    content=text,
                    notes=notes,
                    scheduler=scheduler,
                )
            )
        return Session(
            id=self.session_id,
            store=StoreKind.agent_ui_markdown,
            title=self.title,
            created_at=self.created,
            model=self.model,
            model_source="export" if self.model else None,
            messages=messages,
            notes=list(self.notes),
            tools_available=False,
            evidence_note=MARKDOWN_NOTE,
        )

    # --- Store ------------------------------------------------------------------------

    def _summary(self) -> SessionSummary:
        if self.kind is StoreKind.agent_ui_export:
            s = self.session_data
            return SessionSummary(
                id=self.session_id,
                title=_str(s.get("title")),
                created=_str(s.get("created_at")),
                messages=len(self.message_data),
                agent_type=_str(s.get("agent_type")) or "chat",
                private=bool(s.get("private")) if isinstance(s.get("private"), int) else False,
            )
        return SessionSummary(
            id=self.session_id,
            title=self.title,
            created=self.created,
            messages=len(self.blocks),
            agent_type=None,
            private=False,
        )

    def _session(self) -> Session:
        self.notes = [n for n in self.notes if not n.startswith("messages[")]
        if self.kind is StoreKind.agent_ui_export:
            return self._json_session()
        return self._markdown_session()


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
