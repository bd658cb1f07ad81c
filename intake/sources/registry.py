"""Which reader a session store needs, decided by its content, never its name.

GAIA's daemon copies ``gaia_chat.db`` to ``sessions.db`` and users rename files, so each
adapter says from the file's first bytes (and, for SQLite, its tables) whether the store is its
kind; the adapters are asked in order, and the first that recognises the file reads it. A JSON
file is parsed once and told by its keys (``_json_store``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

from intake.errors import InputError, SourceError, UsageError
from intake.fileio import MAX_JSON_DEPTH, json_depth_exceeds, read_head
from intake.sources import agent_ui, agent_ui_export, memory_db, session_json
from intake.sources.model import Store, StoreKind, read_session_json
from intake.sources.sqlite import SQLITE_MAGIC

Opener = Callable[[Path, StoreKind], Store]
ADAPTERS: tuple[tuple[Callable[[Path, bytes], StoreKind | None], Opener], ...] = (
    (agent_ui.detect, lambda path, _: agent_ui.AgentUIStore(path)),
    (memory_db.detect, lambda path, _: memory_db.MemoryStore(path)),
    (agent_ui_export.detect, agent_ui_export.ExportStore),
)
"""Each adapter's ``detect`` (a file's kind from its first bytes, or None) and its reader,
asked in this order: the Agent UI schema wins over a memory database's tables. A file opening
with ``{`` is read once, as JSON (``_json_store``): the Agent UI's JSON export (``format:
"json"``) before session JSON."""


def _json_store(path: Path) -> tuple[StoreKind, Opener]:
    """A JSON session file's kind and its reader, from one parse of the file."""
    data = read_session_json(path, "session file")
    if agent_ui_export.is_json_export(data):
        return StoreKind.agent_ui_export, partial(agent_ui_export.ExportStore, data=data)
    kind = session_json.kind_of(data, path)
    return kind, partial(session_json.JsonSessionStore, data=data)


def _head(path: Path, size: int = 64) -> bytes:
    """The store's first bytes through the bounded reader (regular files only: a FIFO would
    block, a device never ends); its refusal is a source error (exit 3)."""
    try:
        return read_head(path, size, what="session store")
    except InputError as exc:
        message = exc.message.replace("not a regular file", "not a file")
        raise SourceError(message, where=exc.where) from None


FORMATS_READ = (
    "GAIA's Agent UI database (gaia_chat.db), agent memory (memory.db), session JSON files "
    "(the C++ agents', the chat CLI's) and the Agent UI's exports (JSON, Markdown)"
)
"""What ``sessions`` and ``from-session`` read, named when a file is none of them."""

_CLAUDE_TYPES = frozenset({"user", "assistant", "system", "summary"})


def _claude_code_transcript(path: Path, head: bytes) -> bool:
    """Whether the file is a Claude Code transcript: JSON lines whose objects carry ``type``
    (``user``, ``assistant``, ``system``, ``summary``) with a ``sessionId`` or ``message``, or a
    ``summary`` line with its ``leafUuid`` (its first lines are enough to tell)."""
    if head.lstrip()[:1] != b"{":
        return False
    try:
        lines = _head_lines(path)
    except SourceError:
        return False
    for line in lines[:5]:
        if json_depth_exceeds(line, MAX_JSON_DEPTH):
            return False  # no transcript nests this deep; the session reader names the depth
        try:
            item = json.loads(line)
        except ValueError:
            return False
        if not isinstance(item, dict) or item.get("type") not in _CLAUDE_TYPES:
            return False
        if "sessionId" in item or "leafUuid" in item or isinstance(item.get("message"), dict):
            return True
    return False


def _head_lines(path: Path) -> list[str]:
    """The complete lines in the file's first 256 KiB (a transcript line holds a message)."""
    text = _head(path, 256 * 1024).decode("utf-8", "replace")
    return [line for line in text.split("\n")[:-1] if line.strip()] or [text]


def detect(path: Path) -> StoreKind:
    """The store kind of ``path`` from its content (SourceError if it is none of GAIA's; a
    Claude Code transcript is named as one, a usage error)."""
    return _recognise(path)[0]


def open_store(path: Path) -> Store:
    """A reader for ``path``, from the adapter that recognises it."""
    kind, opener = _recognise(path)
    return opener(path, kind)


def _recognise(path: Path) -> tuple[StoreKind, Opener]:
    head = _head(path)
    if _claude_code_transcript(path, head):
        raise UsageError(
            f"a Claude Code transcript, not a GAIA session store: intake reads {FORMATS_READ}",
            where=path.name,
        )
    if head.lstrip()[:1] == b"{":
        return _json_store(path)
    for detect_kind, opener in ADAPTERS:
        kind = detect_kind(path, head)
        if kind is not None:
            return kind, opener
    if head.startswith(SQLITE_MAGIC):
        raise SourceError(
            "SQLite database is not a GAIA session store (no sessions/messages or "
            "conversations table)",
            where=path.name,
        )
    raise SourceError(
        "not a GAIA session store (neither SQLite, a session JSON file nor an Agent UI export)",
        where=path.name,
    )
