"""A captured Agent UI session with a planted e-mail, token and home path (``build``), and the
plain scenario a session draft starts from (``session_scenario``)."""

from __future__ import annotations

from pathlib import Path

from intake.contract.models import DraftScenario, placeholder
from tests.support.gaia_db import ChatDB, error_step, policy, thinking, tool

SID = "29c211c7-31b5-4084-bb3f-1825c0210942"
EMAIL = "olga.petrova@kestrel-mail.com"
TOKEN = "ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh"
HOME = "/home/olga.petrova/Documents/q3.md"


def build(path: Path, *, title: str = "PTO policy", private: int = 0) -> Path:
    db = ChatDB(path)
    sid = db.session(SID, title=title, agent_type="doc", private=private, model="Gemma-X")
    db.message(sid, "system", "[schedule-run] Run #1 · 2026-01-01 10:00 UTC")
    db.message(sid, "user", f"hi, I am {EMAIL}")
    db.message(sid, "user", f"what's in {HOME}? [q3.pdf](/api/files/uploads/1234-abcd.pdf)")
    db.message(
        sid,
        "assistant",
        "Agent error: boom",
        [
            thinking(1),
            tool(2, "search_file"),
            tool(3, "query_specific_file", False, "failed"),
            policy(4, "send_email", "mail needs approval"),
            tool(5, "search_file"),
            error_step(6, "boom"),
            tool(7, "index_document", None),
        ],
    )
    db.message(sid, "user", f"use token {TOKEN}")
    answer = "Done, the figure is 15 days."
    db.message(sid, "assistant", answer, [tool(1, "list_indexed_documents")])
    db.document(sid, "report.md", "/home/olga.petrova/.gaia/documents/report.md", "ab" * 32)
    db.close()
    return path


def session_scenario(sid: str, message: str) -> DraftScenario:
    return DraftScenario.model_validate(
        {
            "id": sid,
            "category": "captured",
            "persona": "casual_user",
            "source": {"type": "session", "link": f"gaia-session:{sid}"},
            "setup": {"index_documents": []},
            "turns": [
                {
                    "turn": 1,
                    "objective": placeholder("objective"),
                    "user_message": message,
                    "success_criteria": placeholder("criteria"),
                }
            ],
        }
    )
