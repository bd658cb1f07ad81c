"""Issue bodies as GitHub renders GAIA's forms (the bug form, the internal form, a bold-template
body, prose after code) and issues as GitHub's REST API serves them (``issue_json``, ``issue``)."""

from __future__ import annotations

from typing import Any

from tests.support.github_server import FakeGitHub

GAIA_BUG = """### Quick check

- [X] I've searched existing issues and didn't find a duplicate.
- [x] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This issue relates to a CLI command (`gaia ...`) or the SDK.

### GAIA version

v0.19.0

### What happened?

The agent forgets the file I indexed.

Steps to reproduce:
1. Run `gaia chat --ui`
2. Upload `report.pdf`
3. Ask "What is the total revenue in the report?"
4. See error: the agent says it has no documents

Model used (if applicable): Qwen3.5-35B-A3B-GGUF
Prompt used (if relevant): What is the total revenue in the report?
Error / log output:
```
Traceback (most recent call last):
  File "agent.py", line 12, in answer
KeyError: 'doc'
```

### What did you expect to happen?

The agent answers with the revenue from report.pdf.

### Acceptance criteria

- The agent cites report.pdf
- No KeyError in the log

### Environment

_No response_
"""

GAIA_BUG_PROSE_AFTER_CODE = """### Quick check

- [X] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).

### What happened?

1. Index `C:\\Users\\jdoe\\Documents\\msa_2025.pdf` in the Agent UI
2. Ask "What was revenue in Q3?"

```
Traceback (most recent call last):
  File "rag.py", line 40, in answer
KeyError: 'q3'
```

The agent then answered with the Q2 figure instead of Q3.

### What did you expect to happen?

The agent answers with the Q3 revenue from msa_2025.pdf.

### Acceptance criteria

_No response_
"""


GAIA_INTERNAL = """### Goal

Let users export a chat as markdown from the Agent UI.

### Scope (what ships in this PR)

- [ ] Export button in the chat header
- [ ] `GET /api/sessions/{id}/export`

### Acceptance criteria

- Clicking Export downloads a .md file
- The file contains every message in order

### Attribution / prior art

_No response_

### Capability domain

surfaces — Agent UI, Telegram, WhatsApp, Slack/Discord, mobile

### Product track

platform — Foundation that both consumer-app and oem-pc consume

### Priority

p2 — medium, next quarter

### Consumer-critical?

- [ ] This issue is on the consumer-critical path (adds `consumer-critical` label)

### Dependencies

_No response_

### Failure modes (per CLAUDE.md "no silent fallback" rule)

_No response_
"""


BOLD_TEMPLATE = """**Describe the bug**
Chat ignores my second question.

**To Reproduce**
Steps to reproduce the behavior:
1. Go to 'Chat'
2. Type `hello`
3. Send "and what about tomorrow?"
4. See error

**Expected behavior**
It should answer about tomorrow's weather.

**Screenshots**
If applicable, add screenshots to help explain your problem.
"""


REPO = "acme/agent"
ISSUE_PATH = f"/repos/{REPO}/issues/42"


BODY = """### What happened?

The agent forgets my uploaded file. My files are in /home/alice/private/taxes.

Steps to reproduce:
1. Open the Agent UI
2. Upload `report.pdf`
3. Ask "What is the total revenue in report.pdf?"
4. See error: no documents found

Error / log output:
```
Traceback (most recent call last):
KeyError: 'doc'
```

### What did you expect to happen?

The agent answers with the revenue figure.

### Acceptance criteria

- The answer cites report.pdf

### Environment

_No response_
"""


def issue_json(server: FakeGitHub, number: int = 42, **extra: Any) -> dict[str, Any]:
    """An issue object as the REST API returns it, with URLs pointing at the test server."""
    data = {
        "url": f"{server.url}/repos/{REPO}/issues/{number}",
        "repository_url": f"{server.url}/repos/{REPO}",
        "comments_url": f"{server.url}/repos/{REPO}/issues/{number}/comments",
        "html_url": f"https://github.com/{REPO}/issues/{number}",
        "id": 1000 + number,
        "number": number,
        "title": "[Bug]: Agent forgets uploaded file",
        "state": "open",
        "labels": [{"name": "bug"}, {"name": "triage"}],
        "user": {"login": "alice"},
        "comments": 0,
        "created_at": "2026-01-02T03:04:05Z",
        "updated_at": "2026-01-03T03:04:05Z",
        "author_association": "NONE",
        "body": BODY,
    }
    data.update(extra)
    return data


def issue(server: FakeGitHub, repo: str, number: int, title: str = "Chat loses context") -> dict:
    return {
        "url": f"{server.url}/repos/{repo}/issues/{number}",
        "html_url": f"https://github.com/{repo}/issues/{number}",
        "number": number,
        "title": title,
        "body": '1. Ask "hello"\n2. Ask "what did I just say?"\n\nExpected: it repeats hello',
        "labels": ["chat"],
        "comments": 0,
    }
