"""Real amd/gaia bug reports and a reviewer's expected draft for each (issue 34, item 5).

Each ``tests/data/gaia_issues/<N>.json`` holds one report as GitHub serves it (``url``,
``title``, ``labels``, ``body``; headings, lists, code blocks and quoted prompts as the reporter
wrote them, free prose paraphrased, private values replaced by same-shaped ones) and
``expected``: what a reviewer keeps. For an agent conversation, the user messages of the turns
in order (``null`` for a turn with no message), the words the criterion on the asking turn
must hold (``null``: the report states none, a placeholder is right) and the words set-up must
hold; otherwise ``agent_conversation: false`` and the kind of report (ui, install, cli,
crash_on_start, setup).

The split is by the URL's hash (SHA-256 first byte mod 3 == 0 → held out), fixed before any
parser change: ``HELD_OUT`` is scored only when asked for.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from intake.contract.plain import PLACEHOLDER_MARK
from intake.drafting.from_issue import build_issue_draft
from intake.drafting.issue_parse import parse_issue
from intake.drafting.tail import scenario_mapping
from intake.sources.github_issue import IssueData

CORPUS = Path(__file__).resolve().parent.parent / "data" / "gaia_issues"


@dataclass(frozen=True)
class Report:
    number: int
    url: str
    data: dict[str, Any]

    @property
    def held_out(self) -> bool:
        return hashlib.sha256(self.url.encode("utf-8")).digest()[0] % 3 == 0

    @property
    def expected(self) -> dict[str, Any]:
        return dict(self.data["expected"])


def reports(*, held_out: bool) -> list[Report]:
    """The corpus's reports on one side of the split, by issue number."""
    found = []
    for path in sorted(CORPUS.glob("*.json"), key=lambda p: int(p.stem)):
        data = json.loads(path.read_text(encoding="utf-8"))
        report = Report(int(data["number"]), str(data["url"]), data)
        if report.held_out == held_out:
            found.append(report)
    return found


def _norm(text: str | None) -> str:
    return " ".join(re.sub(r"[`\"“”'’.,!?:;]", " ", (text or "").lower()).split())


@dataclass(frozen=True)
class Score:
    """Whether a reviewer keeps the draft's turns, user message and criterion, and why not."""

    turns: bool
    message: bool
    criterion: bool
    why: tuple[str, ...]
    kind: bool | None = None
    """For a report that is no agent conversation: whether the flag names the reviewer's kind."""

    @property
    def kept(self) -> bool:
        return self.turns and self.message and self.criterion


def score(report: Report) -> Score:
    """The draft ``from-issue`` builds for ``report``, judged against the reviewer's draft.

    A report that is no agent conversation is kept when the draft flags it as such (the
    record's ``not_agent_scenario``) and invents no user message; an agent conversation when it
    is not flagged, its turns carry exactly the expected user messages in order (turns), the
    first asked message is right (message), and the criterion on the turn the user asked in
    holds the expected words, or is a placeholder where the report states none (criterion).
    """
    issue = {k: report.data[k] for k in ("title", "body", "labels")}
    issue["html_url"] = report.url
    issue["number"] = report.number
    built = build_issue_draft(IssueData(repo="amd/gaia", issue=issue))
    turns = scenario_mapping(built.scenario)["turns"]
    flagged = built.observations.get("not_agent_scenario")
    messages = [t.get("user_message") for t in turns]
    expected = report.expected
    why: list[str] = []
    if not expected["agent_conversation"]:
        ok = bool(flagged) and not any(messages)
        if not flagged:
            why.append("not flagged as no agent conversation")
        if any(messages):
            why.append(f"invented messages {messages}")
        kind = bool(flagged) and flagged.get("kind") == expected.get("reason")
        return Score(ok, ok, ok, tuple(why), kind)
    if flagged:
        why.append(f"flagged as no agent conversation: {flagged}")
    want = [_norm(m) if m else None for m in expected["turns"]]
    got = [_norm(m) if m else None for m in messages]
    turns_ok = not flagged and want == got
    if want != got:
        why.append(f"turns {messages}")
    first_want = next((m for m in want if m), None)
    first_got = next((m for m in got if m), None)
    message_ok = not flagged and first_want == first_got
    asked = next((t for t in turns if t.get("user_message")), turns[-1] if turns else {})
    criterion = str(asked.get("success_criteria", ""))
    words = expected.get("criterion")
    if words:
        crit_ok = all(_norm(w) in _norm(criterion) for w in words)
    else:
        crit_ok = criterion.startswith(PLACEHOLDER_MARK)
    if not crit_ok:
        why.append(f"criterion {criterion!r}")
    parsed = parse_issue(" ".join(str(issue["title"] or "").split()), str(issue["body"] or ""))
    setup = " ".join(parsed.setup_steps)
    for word in expected.get("setup") or []:
        if _norm(word) not in _norm(setup):
            why.append(f"set-up lacks {word!r}")
            turns_ok = False
    return Score(turns_ok, message_ok, crit_ok and not flagged, tuple(why))


def shares(side: list[Report]) -> dict[str, float]:
    """The share of drafts a reviewer keeps: turns, message, criterion, all three; and of the
    reports that are no agent conversation, the share whose flag names the reviewer's kind."""
    scores = [score(r) for r in side]
    n = len(scores) or 1
    kinds = [s.kind for s in scores if s.kind is not None]
    return {
        "turns": sum(s.turns for s in scores) / n,
        "message": sum(s.message for s in scores) / n,
        "criterion": sum(s.criterion for s in scores) / n,
        "kept": sum(s.kept for s in scores) / n,
        "kind": sum(kinds) / (len(kinds) or 1),
    }
