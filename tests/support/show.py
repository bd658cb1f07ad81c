"""A drafted session with its captured evidence for ``intake show`` and the card, and an HTML
parser that collects the card's tables."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from typer.testing import CliRunner

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Evidence, Record, ToolCallEvidence, ToolOutcome, TurnEvidence
from intake.store.records import load_record, record_path, save_record
from tests.support.gaia_db import ChatDB, error_step, policy, tool

SID = "5d1e0b7a-31b5-4084-bb3f-1825c0210942"
EMAIL = "olga.petrova@kestrel-mail.com"
TOKEN = "ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh"
HOME = "/home/olga.petrova/Documents/q3.md"
SECRETS = [EMAIL, TOKEN, HOME]
DRAFT = "session_5d1e0b7a_quarterly_figures"


def session_db(path: Path, *, private: int = 0) -> Path:
    """A session with a failed tool, a policy block, an error fallback and planted secrets."""
    db = ChatDB(path)
    sid = db.session(SID, title="Quarterly figures", agent_type="doc", private=private)
    db.message(sid, "user", f"I am {EMAIL}. What's the Q3 revenue in {HOME}?")
    db.message(
        sid,
        "assistant",
        "Q3 revenue was 3.75 million.",
        [tool(1, "search_file"), tool(2, "query_specific_file", False, "file not indexed")],
    )
    db.message(sid, "user", f"Email it to the board, use token {TOKEN} for the bot. [bold]now[/]")
    db.message(
        sid,
        "assistant",
        "Agent error: send_email blocked",
        [policy(1, "send_email", "outbound e-mail needs approval"), error_step(2, "blocked")],
    )
    db.close()
    return path


def draft(runner: CliRunner, suite: Path, *, private: int = 0) -> Path:
    """Draft the session through the CLI, as a user would."""
    db = session_db(suite / "gaia_chat.db", private=private)
    result = runner.invoke(app, ["from-session", SID[:8], "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    folder = suite / "drafts" / ("private" if private else "")
    (path,) = folder.glob("*.yaml")
    return path


def add_evidence(suite: Path, path: Path) -> Record:
    """Per-call evidence for the draft's record, scrubbed by the real scrubber, saved for real."""
    from intake.scrub import scrub_tree, scrubber_for

    evidence = Evidence(
        turns=[
            TurnEvidence(
                turn=1,
                user_message=f"I am {EMAIL}. What's the Q3 revenue in {HOME}?",
                answer="Q3 revenue was 3.75 million.",
                tools=[
                    ToolCallEvidence(
                        tool="search_file",
                        arguments=json.dumps({"pattern": "q3", "folder": HOME}),
                        result=f"1 match: {HOME}",
                        outcome=ToolOutcome.ok,
                        stored_success=True,
                        rule="flag",
                        latency_ms=120.0,
                    ),
                    ToolCallEvidence(
                        tool="query_specific_file",
                        arguments=json.dumps({"file": HOME, "query": "Q3 revenue"}),
                        result="file not indexed",
                        outcome=ToolOutcome.failed,
                        stored_success=True,
                        rule="result:not_indexed",
                        reason="the result says the file is not indexed",
                    ),
                ],
            ),
            TurnEvidence(
                turn=2,
                user_message=f"Email it to the board, use token {TOKEN} for the bot. [bold]now[/]",
                answer="Agent error: send_email blocked",
                error_fallback="agent_error",
                tools=[
                    ToolCallEvidence(
                        tool="send_email",
                        arguments=json.dumps({"to": EMAIL, "token": TOKEN}),
                        outcome=ToolOutcome.blocked,
                        stored_success=False,
                        rule="policy_alert",
                        reason="outbound e-mail needs approval",
                    )
                ],
            ),
        ]
    )
    settings = load_settings(suite)
    clean, _ = scrub_tree(evidence.model_dump(mode="json"), scrubber=scrubber_for(settings))
    record = load_record(record_path(path))
    record = record.model_copy(update={"evidence": Evidence.model_validate(clean, strict=False)})
    save_record(record_path(path), record)
    return record


class Html(HTMLParser):
    """Elements with their text, enough to check a rendered card's structure."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[str]]] = []
        self.open: list[tuple[str, list[str]]] = []
        self.tables: list[list[list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            for _, parts in self.open:
                parts.append("\n")
            return
        entry: tuple[str, list[str]] = (tag, [])
        self.elements.append(entry)
        self.open.append(entry)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                name, parts = self.open.pop(index)
                if name in ("td", "th") and self.tables:
                    self.tables[-1][-1].append("".join(parts).strip())
                break

    def handle_data(self, data: str) -> None:
        for _, parts in self.open:
            parts.append(data)

    def count(self, tag: str) -> int:
        return sum(1 for name, _ in self.elements if name == tag)

    def text_of(self, tag: str) -> list[str]:
        return ["".join(parts).strip() for name, parts in self.elements if name == tag]

    def table_headers(self) -> list[list[str]]:
        return [table[0] for table in self.tables if table]

    def table_rows(self, header: list[str]) -> list[list[str]]:
        return [row for table in self.tables if table and table[0] == header for row in table[1:]]
