"""Drafts written from the test fixtures, for the byte-identity test of the drafting path.

``draft_all`` drafts the planted Agent UI session (``tests.support.sessions``, whole, private
and sliced) and every real amd/gaia report in ``tests/data/gaia_issues`` into a fresh suite,
and returns each draft's bytes and its record's scenario-facing parts (observations, evidence,
scrub counts) by file name. ``tests/data/draft_goldens/`` holds what the code before the
scenario became one typed object wrote; regenerate it only on purpose:

    python -m tests.support.draft_goldens tests/data/draft_goldens
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from intake.config import load_settings
from intake.drafting.from_issue import draft_from_issue
from intake.drafting.from_session import draft_from_session
from intake.sources.github_issue import IssueData
from intake.store.records import record_path
from tests.support.env import SUITE_PYPROJECT
from tests.support.gaia_db import ChatDB, tool
from tests.support.sessions import build

ISSUES = Path(__file__).resolve().parent.parent / "data" / "gaia_issues"
GOLDENS = Path(__file__).resolve().parent.parent / "data" / "draft_goldens"


def _record_parts(path: Path) -> bytes:
    """The parts of a record the drafted scenario shapes: observations, evidence, scrub counts
    and spans (each but its salted hash), hidden characters removed; no clock or version."""
    record = json.loads(path.read_text(encoding="utf-8"))
    kept: dict[str, Any] = {
        "observations": record.get("observations"),
        "evidence": record.get("evidence"),
        "counts": (record.get("scrub") or {}).get("counts"),
        "hidden_removed": record.get("hidden_removed"),
        "spans": [
            {k: v for k, v in span.items() if k != "value_hash"}
            for span in (record.get("scrub") or {}).get("spans", [])
        ],
    }
    return (json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def draft_all(work: Path) -> dict[str, bytes]:
    """Every fixture drafted into a suite under ``work``: file name → bytes."""
    suite = work / "suite"
    (suite / "scenarios").mkdir(parents=True)
    (suite / "drafts").mkdir()
    (suite / "pyproject.toml").write_text(SUITE_PYPROJECT + 'corpus_dir = "corpus"\n', "utf-8")
    corpus = suite / "corpus" / "documents"
    corpus.mkdir(parents=True)
    body = b"Q3 revenue: $4.2 million\n"
    (corpus / "acme.md").write_bytes(body)
    (suite / "corpus" / "manifest.json").write_text(
        json.dumps({"documents": [{"id": "acme_q3", "filename": "acme.md"}]}), "utf-8"
    )
    settings = load_settings(suite)
    db = ChatDB(work / "corpus.db")
    sid = db.session("5d0c3a9e-0000-4000-8000-000000000001", title="Acme figures")
    db.message(sid, "user", "what was Q3 revenue? see acme.md")
    db.message(sid, "assistant", "Agent error: boom", [tool(1, "search_file")])
    db.document(sid, "renamed.md", "/home/x/renamed.md", hashlib.sha256(body).hexdigest())
    db.close()
    draft_from_session(settings, "5d0c3a9e", db=work / "corpus.db", category="finance")
    draft_from_session(settings, "29c211c7", db=build(work / "public.db"))
    draft_from_session(settings, "29c211c7", db=build(work / "sliced.db"), turns=(2, 2))
    draft_from_session(settings, "29c211c7", db=build(work / "private.db", private=1), force=True)
    for path in sorted(ISSUES.glob("*.json"), key=lambda p: int(p.stem)):
        data = json.loads(path.read_text(encoding="utf-8"))
        issue = {k: data[k] for k in ("title", "body", "labels")}
        issue["labels"] = [{"name": name} for name in issue["labels"]]
        issue |= {"html_url": data["url"], "number": data["number"], "state": "open"}
        draft_from_issue(settings, IssueData(repo="amd/gaia", issue=issue))
    synthetic = {
        "title": "Agent forgets the Q3 figure",
        "body": '### Steps to reproduce\n\n1. Index `acme.md` in the chat\n2. Ask "what was '
        'Q3 revenue?"\n\n### Expected behavior\n\nThe agent answers $4.2 million.\n',
        "labels": [{"name": "bug"}, {"name": "chat"}],
        "html_url": "https://github.com/amd/gaia/issues/9001",
        "number": 9001,
    }
    draft_from_issue(settings, IssueData(repo="amd/gaia", issue=synthetic))
    found: dict[str, bytes] = {}
    for draft in sorted((suite / "drafts").rglob("*.yaml")):
        name = draft.relative_to(suite / "drafts").as_posix().replace("/", "__")
        found[name] = draft.read_bytes()
        found[name.removesuffix(".yaml") + ".record.json"] = _record_parts(record_path(draft))
    return found


def main(out: Path) -> None:
    """Write every fixture's draft into ``out`` (run with a throwaway home)."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["HOME"] = str(home)
        os.environ["INTAKE_CONFIG"] = str(home / "intake-user-config.toml")
        os.chdir(tmp)
        out.mkdir(parents=True, exist_ok=True)
        for name, body in draft_all(Path(tmp)).items():
            (out / name).write_bytes(body)


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
