"""``intake demo``: the main job end to end on made-up data, offline, in a throwaway suite.

The synthetic Agent UI database is built at run time from SQL and JSON shipped inside the
package (``intake/demo_data/``), in GAIA's own layout, so the demo needs nothing but the
installed wheel: no GAIA, no network, no model download. Its conversations carry planted FAKE
secrets, tool steps (a success, a failure, a policy block), an upload link and a document that
matches the demo corpus, so every part of the mapping and the scrub is visible.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from intake.config import load_settings
from intake.contract.validate import Problem, Severity, validate_file
from intake.drafting.from_session import draft_from_session, format_sessions, list_sessions
from intake.errors import IntakeError, UsageError

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@dataclass
class DemoResult:
    """What the demo did, for the CLI to show."""

    suite: Path
    kept: bool
    session_prefix: str
    sessions_text: list[str]
    draft_path: str
    draft_text: str
    counts: dict[str, int]
    placeholders: int
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class _Document(BaseModel):
    corpus_file: str
    filepath: str


class _Message(BaseModel):
    role: str
    content: str
    steps: list[Any] | None = None


class _Session(BaseModel):
    id: str
    title: str
    model: str
    agent_type: str
    private: int
    minutes: int
    documents: list[_Document] = Field(default_factory=list)
    messages: list[_Message]


class DemoSpec(BaseModel):
    """``demo_data/sessions.json``: the sessions of the synthetic database, read once."""

    demo_session: str
    settings: dict[str, str]
    sessions: list[_Session]


def _data() -> Any:
    return resources.files("intake").joinpath("demo_data")


def build_suite(folder: Path, spec: DemoSpec) -> None:
    """A suite with its own ``[tool.intake]``, the demo corpus and the synthetic database."""
    (folder / "scenarios").mkdir(parents=True, exist_ok=True)
    (folder / "drafts").mkdir(exist_ok=True)
    data = _data()
    pyproject = data.joinpath("suite-pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (folder / ".gitignore").write_text(".intake/\ndrafts/private/\n", encoding="utf-8")
    corpus = folder / "corpus" / "documents"
    corpus.mkdir(parents=True, exist_ok=True)
    (folder / "corpus" / "manifest.json").write_bytes(
        data.joinpath("corpus", "manifest.json").read_bytes()
    )
    for item in data.joinpath("corpus", "documents").iterdir():
        (corpus / item.name).write_bytes(item.read_bytes())
    (folder / "gaia").mkdir(exist_ok=True)
    build_database(folder / "gaia" / "gaia_chat.db", folder / "corpus", spec)


def build_database(path: Path, corpus: Path, spec: DemoSpec) -> None:
    """The synthetic ``gaia_chat.db`` (GAIA's fresh layout, WAL like the real one)."""
    data = _data()
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(data.joinpath("agent_ui_schema.sql").read_text(encoding="utf-8"))
        for key, value in spec.settings.items():
            conn.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (key, value))
        for number, session in enumerate(spec.sessions):
            clock = START + timedelta(minutes=session.minutes)
            stamp = clock.isoformat()
            conn.execute(
                "INSERT INTO sessions (id, title, created_at, updated_at, model, private, "
                "agent_type, title_is_custom) VALUES (:id, :title, :stamp, :stamp, :model, "
                ":private, :agent_type, 1)",
                {**session.model_dump(exclude={"documents", "messages"}), "stamp": stamp},
            )
            for offset, message in enumerate(session.messages):
                steps = message.steps
                conn.execute(
                    "INSERT INTO messages (session_id, role, content, created_at, agent_steps) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        session.id,
                        message.role,
                        message.content,
                        (clock + timedelta(seconds=20 * offset)).isoformat(),
                        json.dumps(steps) if steps else None,
                    ),
                )
            for doc_number, doc in enumerate(session.documents):
                content = (corpus / doc.corpus_file).read_bytes()
                doc_id = f"00000000-0000-4000-8000-{number:06d}{doc_number:06d}"
                conn.execute(
                    "INSERT INTO documents (id, filename, filepath, file_hash, file_size, "
                    "chunk_count, indexed_at) VALUES (?, ?, ?, ?, ?, 3, ?)",
                    (
                        doc_id,
                        Path(doc.corpus_file).name,
                        doc.filepath,
                        hashlib.sha256(content).hexdigest(),
                        len(content),
                        stamp,
                    ),
                )
                conn.execute(
                    "INSERT INTO session_documents (session_id, document_id, attached_at) "
                    "VALUES (?, ?, ?)",
                    (session.id, doc_id, stamp),
                )
        conn.commit()
    finally:
        conn.close()


def run_demo(directory: Path | None = None) -> DemoResult:
    """Build the suite, list sessions, draft one, validate the draft; clean up if temporary."""

    kept = directory is not None
    if directory is not None:
        if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
            raise UsageError("the demo folder must be empty or absent", where=str(directory))
        suite = directory
    else:
        suite = Path(tempfile.mkdtemp(prefix="intake-demo-"))
    try:
        spec = DemoSpec.model_validate_json(_data().joinpath("sessions.json").read_bytes())
        build_suite(suite, spec)
        settings = load_settings(suite.resolve(), environ={})
        listing = format_sessions(list_sessions(settings, None, 10))
        prefix = spec.demo_session
        done = draft_from_session(settings, prefix)
        result = done.result
        checked = validate_file(result.path, drafts_dir=settings.drafts)
        problems = checked.problems
        errors = [p for p in problems if p.severity is Severity.error]
        if errors:
            raise IntakeError("the demo draft failed validation: " + errors[0].located())
        text = result.path.read_text(encoding="utf-8")
        return DemoResult(
            suite=suite,
            kept=kept,
            session_prefix=prefix,
            sessions_text=listing,
            draft_path=result.path.relative_to(settings.root.resolve()).as_posix(),
            draft_text=text,
            counts=dict(result.record.scrub.counts) if result.record.scrub else {},
            placeholders=checked.placeholders,
            problems=problems,
            warnings=list(result.warnings),
        )
    finally:
        if not kept:
            shutil.rmtree(suite, ignore_errors=True)
