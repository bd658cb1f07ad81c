"""A labelled set of issue bodies: for each shape, the exact turns and success criteria."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from intake.drafting.from_issue import build_issue_draft
from intake.drafting.issue_parse import (
    MAX_BODY_CHARS,
    MAX_EVIDENCE_CHARS,
    MAX_TURNS,
    Checkbox,
    EvidenceEntry,
    ParsedTurn,
    classify,
    classify_step,
    extract_code,
    is_filler,
    parse_issue,
    unescape_newlines,
)
from intake.drafting.tail import scenario_mapping
from intake.sources.github_issue import IssueData
from tests.support.issue_bodies import (
    BOLD_TEMPLATE,
    GAIA_BUG,
    GAIA_BUG_PROSE_AFTER_CODE,
    GAIA_INTERNAL,
)
from tests.support.issue_corpus import reports, score

T = ParsedTurn


@dataclass
class Case:
    """One labelled body."""

    name: str
    body: str
    turns: list[ParsedTurn]
    criteria: str | None
    form: str | None = None
    title: str = "A title"


GAIA_BUG_PROMPT_ONLY = """### Quick check

- [ ] I've searched existing issues and didn't find a duplicate.
- [ ] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This issue relates to a CLI command (`gaia ...`) or the SDK.

### GAIA version

_No response_

### What happened?

Steps to reproduce:
1. Start `gaia chat`
2. Send the prompt below

Prompt used (if relevant): list my indexed documents

### What did you expect to happen?

_No response_

### Acceptance criteria

_No response_

### Environment

OS: Windows 11
"""

GAIA_FEATURE = """### Quick check

- [X] I've searched existing issues and didn't find a duplicate.
- [ ] This relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This relates to the SDK, CLI, or a specific agent.

### What problem are you trying to solve?

When I ask "which of my files mention invoices?" the agent searches only one folder.

### Proposed solution

Search every indexed folder.

### Acceptance criteria

- Files from all indexed folders are listed
- The answer names the folder of each file
"""


OTHER_FORM = """### Describe the issue

The bot replies in English to a French question.

### Steps to Reproduce

1. Open the web chat
2. Type: Quelle heure est-il ?
3. The bot answers in English

### Expected Behavior

A reply in French.

### Relevant log output

```shell
WARN locale=None
```

### Version

_No response_
"""

MARKDOWN_SECTIONS = """## Summary
Summaries drop the last page.

## Steps to reproduce
- Index `big.pdf`
- Ask the agent to summarize the document
- Ask "what does the last page say?"

## Expected result
The summary covers every page.

## Actual result
The last page is missing.
"""


PLAIN_REPRO = """The calculator tool rounds wrongly.

Repro:
* open a new chat
* say 'what is 0.1 + 0.2?'

Desired behaviour: the answer is 0.3
Actual behavior: 0.30000000000000004
"""

BOLD_INLINE = """**Steps to reproduce:** ask the agent what day it is
**Expected:** today's date
"""

NESTED_AND_QUOTES = """## Steps to reproduce
1. Open the Agent UI
   - make sure no documents are indexed
2. Enter this message:
   > Summarise the meeting notes from yesterday
3. Click "Send"

## Expected behavior
- The agent says it has no notes
- [x] It does not invent a meeting
"""

CODE_IN_STEP = """## To Reproduce
1. Paste this into the chat:
```
SELECT * FROM users;
```
2. Wait for the answer

## Expected
It explains the query.
"""

ACCEPTANCE_ONLY = """Uploading a .docx file fails silently.

## Acceptance criteria
- An error message names the unsupported format
"""

NO_HEADINGS_LIST = """The agent loses context after an upload.

1. Ask "what is in report.pdf?"
2. Upload notes.txt
3. Ask “and in the notes?”
"""

UNFILLED_FREEFORM = """**Describe the bug**
A clear and concise description of what the bug is.

**To Reproduce**
Steps to reproduce the behavior:
1. Go to '...'
2. Click on '....'
3. Scroll down to '....'
4. See error

**Expected behavior**
A clear and concise description of what you expected to happen.

**Desktop (please complete the following information):**
 - OS: [e.g. iOS]
 - Browser [e.g. chrome, safari]
"""

UNFILLED_GAIA = """### Quick check

- [ ] I've searched existing issues and didn't find a duplicate.
- [ ] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This issue relates to a CLI command (`gaia ...`) or the SDK.

### GAIA version

_No response_

### What happened?

Steps to reproduce:
1. Run `gaia ...`
2. ...
3. See error: ...

Model used (if applicable): ...
Prompt used (if relevant): ...
Error / log output: ...

### What did you expect to happen?

_No response_

### Acceptance criteria

_No response_

### Environment

_No response_
"""

HTML_BODY = """<!-- Please describe your problem below. Do not delete this comment.
```
this fenced block is inside the comment and must vanish
```
-->
<details><summary>Log</summary>

```
ERROR boom
```
</details>

## Repro
- Open <b>Settings</b>
- Say &quot;hi&quot; to the agent<br>then wait <!-- inline comment -->

## Expected behavior
<p>A <em>friendly</em> greeting.</p>
"""

ESCAPED = (
    "## Steps to reproduce\\n1. Open the UI\\n2. Ask: how many files are indexed?\\n\\n"
    "## Expected result\\nA number."
)

EMOJI_RTL = """### 🐛 Steps to reproduce

1. Ask "ما هو الطقس اليوم؟ 🌤️"
2. Ask "שלום, מה שלומך?"

### ✅ Expected behavior

The agent answers in Arabic 🇸🇦 and then in Hebrew.
"""

FREEFORM_SENTENCES = (
    "The assistant crashes when I upload a 300 page PDF. "
    "It should at least say the file is too large."
)

CASES = [
    Case(
        "gaia bug report form",
        GAIA_BUG,
        [
            # "Run `gaia chat --ui`" is a set-up step (issue #12), not a turn
            T(
                'Ask "What is the total revenue in the report?"',
                "What is the total revenue in the report?",
            ),
        ],
        "The agent answers with the revenue from report.pdf.\n- The agent cites report.pdf\n"
        "- No KeyError in the log",
        "gaia_bug_report",
    ),
    Case(
        "gaia bug report: steps, a traceback, then prose (user test)",
        GAIA_BUG_PROSE_AFTER_CODE,
        [T('Ask "What was revenue in Q3?"', "What was revenue in Q3?")],
        "The agent answers with the Q3 revenue from msa_2025.pdf.",
        "gaia_bug_report",
    ),
    Case(
        "gaia bug report, message only in 'Prompt used'",
        GAIA_BUG_PROMPT_ONLY,
        [T("Send the prompt below", "list my indexed documents")],
        None,
        "gaia_bug_report",
    ),
    Case(
        "gaia feature request form",
        GAIA_FEATURE,
        [
            T(
                'When I ask "which of my files mention invoices?" the agent searches only one '
                "folder.",
                "which of my files mention invoices?",
            )
        ],
        "- Files from all indexed folders are listed\n- The answer names the folder of each file",
        "gaia_feature_request",
    ),
    Case(
        "gaia internal task form",
        GAIA_INTERNAL,
        [T("Let users export a chat as markdown from the Agent UI.")],
        "- Clicking Export downloads a .md file\n- The file contains every message in order",
        "gaia_internal_task",
    ),
    Case(
        "another project's issue form",
        OTHER_FORM,
        [T("Type: Quelle heure est-il ?", "Quelle heure est-il ?")],
        "A reply in French.",
        "issue_form",
    ),
    Case(
        "markdown ## sections with bullets",
        MARKDOWN_SECTIONS,
        [
            T("Ask the agent to summarize the document", "Summarize the document"),
            T('Ask "what does the last page say?"', "what does the last page say?"),
        ],
        "The summary covers every page.",
        "template",
    ),
    Case(
        "bold-heading template (To Reproduce)",
        BOLD_TEMPLATE,
        [
            T("Type `hello`", "hello"),
            T('Send "and what about tomorrow?"', "and what about tomorrow?"),
        ],
        "It should answer about tomorrow's weather.",
        "template",
    ),
    Case(
        "plain Repro: label, Desired behaviour / Actual behavior inline",
        PLAIN_REPRO,
        [T("say 'what is 0.1 + 0.2?'", "what is 0.1 + 0.2?")],
        "the answer is 0.3",
    ),
    Case(
        "bold inline labels",
        BOLD_INLINE,
        [T("ask the agent what day it is", "what day it is")],
        "today's date",
    ),
    Case(
        "nested bullets, quote-line message, UI button in quotes, task-list criteria",
        NESTED_AND_QUOTES,
        [T("Enter this message:", "Summarise the meeting notes from yesterday")],
        "- The agent says it has no notes\n- It does not invent a meeting",
    ),
    Case(
        "code block inside a step stays out of the turn",
        CODE_IN_STEP,
        [
            T("Paste this into the chat: [code block 1 in the record's evidence]"),
            T("Wait for the answer"),
        ],
        "It explains the query.",
    ),
    Case(
        "acceptance criteria only, steps from the prose",
        ACCEPTANCE_ONLY,
        [T("Uploading a .docx file fails silently.")],
        "- An error message names the unsupported format",
    ),
    Case(
        "no headings, numbered list",
        NO_HEADINGS_LIST,
        [
            T('Ask "what is in report.pdf?"', "what is in report.pdf?"),
            T("Ask “and in the notes?”", "and in the notes?"),
        ],
        None,
        "freeform",
    ),
    Case(
        "no headings, prose only: 'should' sentences are the criteria",
        FREEFORM_SENTENCES,
        [T(FREEFORM_SENTENCES)],
        "It should at least say the file is too large.",
        "freeform",
    ),
    Case("empty body", "", [T("A title")], None, "freeform"),
    Case("body of whitespace", " \n\n\t\n", [T("A title")], None, "freeform"),
    Case("unfilled free-form template", UNFILLED_FREEFORM, [T("A title")], None),
    Case("unfilled GAIA bug form", UNFILLED_GAIA, [T("A title")], None, "gaia_bug_report"),
    Case(
        "HTML comments and tags",
        HTML_BODY,
        [T('Say "hi" to the agent then wait', "hi")],
        "A friendly greeting.",
    ),
    Case(
        "literal \\n escapes",
        ESCAPED,
        [T("Ask: how many files are indexed?", "how many files are indexed?")],
        "A number.",
    ),
    Case(
        "emoji and right-to-left text",
        EMOJI_RTL,
        [
            T('Ask "ما هو الطقس اليوم؟ 🌤️"', "ما هو الطقس اليوم؟ 🌤️"),
            T('Ask "שלום, מה שלומך?"', "שלום, מה שלומך?"),
        ],
        "The agent answers in Arabic 🇸🇦 and then in Hebrew.",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_labelled_bodies(case: Case) -> None:
    parsed = parse_issue(case.title, case.body)
    assert parsed.turns == case.turns
    assert parsed.success_criteria == case.criteria
    if case.form is not None:
        assert parsed.form == case.form


def test_gaia_bug_keeps_evidence_and_metadata_out_of_turns() -> None:
    parsed = parse_issue("[Bug]: forgets file", GAIA_BUG)
    assert parsed.description == "The agent forgets the file I indexed."
    assert [e.record() for e in parsed.evidence] == [
        {
            "kind": "code",
            "section": "Error / log output",
            "lang": "",
            "text": 'Traceback (most recent call last):\n  File "agent.py", line 12, in answer\n'
            "KeyError: 'doc'",
        }
    ]
    assert parsed.observed == ["See error: the agent says it has no documents"]
    assert parsed.fields == {"model": "Qwen3.5-35B-A3B-GGUF"}
    assert parsed.environment == "GAIA version: v0.19.0"
    edited = parse_issue("t", GAIA_BUG + "\nAdded later: Windows 11\n")
    assert edited.environment == "GAIA version: v0.19.0\nEnvironment: Added later: Windows 11"
    checks = parsed.checkboxes["Quick check"]
    assert [c.checked for c in checks] == [True, True, False]
    for turn in parsed.turns:
        assert "Traceback" not in turn.objective


def test_labelled_document_steps_became_setup() -> None:
    assert parse_issue("t", MARKDOWN_SECTIONS).documents == ["big.pdf"]
    assert parse_issue("t", NO_HEADINGS_LIST).documents == ["notes.txt"]
    assert parse_issue("t", GAIA_BUG).setup_steps == ["Run `gaia chat --ui`", "Upload `report.pdf`"]


def test_other_form_keeps_log_fence_language_and_actual() -> None:
    parsed = parse_issue("t", OTHER_FORM)
    assert parsed.evidence[0].lang == "shell"
    assert parsed.evidence[0].text == "WARN locale=None"
    assert parsed.observed == ["The bot answers in English"]
    plain = parse_issue("t", PLAIN_REPRO)
    assert plain.actual == "0.30000000000000004"
    sections = parse_issue("t", MARKDOWN_SECTIONS)
    assert sections.actual == "The last page is missing."


def test_internal_task_dropdowns_and_checkboxes_are_fields() -> None:
    parsed = parse_issue("feat: export", GAIA_INTERNAL)
    assert parsed.fields["Priority"] == "p2 — medium, next quarter"
    assert "Scope (what ships in this PR)" in parsed.checkboxes
    assert parsed.checkboxes["Consumer-critical?"] == [
        Checkbox(
            "This issue is on the consumer-critical path (adds `consumer-critical` label)", False
        )
    ]


def test_html_comment_hides_fences_and_tags_are_stripped() -> None:
    parsed = parse_issue("t", HTML_BODY)
    texts = [e.text for e in parsed.evidence]
    assert texts == ["ERROR boom"]
    flat = repr(parsed)
    assert "must vanish" not in flat
    assert "<b>" not in flat and "<p>" not in flat and "inline comment" not in flat


def test_unclosed_comment_and_fence() -> None:
    prose, blocks = extract_code("keep\n<!-- open\nhidden\n```\nstill hidden")
    assert prose == "keep" and blocks == []
    prose, blocks = extract_code("a\n```py\nx = 1\n")
    assert blocks == [
        EvidenceEntry("code", None, "x = 1\n", "py")
    ]  # an unclosed fence runs to the end


def test_code_blocks_survive_intact() -> None:
    code = "def f():\n    return '### not a heading'\n\n- not a step\n"
    parsed = parse_issue("t", f"## Steps to reproduce\n1. Run it\n\n```python\n{code}```\n")
    assert parsed.turns == [T("Run it")]
    assert parsed.description is None
    assert parsed.actual == "[code block 1 in the record's evidence]"
    assert parsed.evidence[0].text == code.rstrip("\n")
    assert parsed.evidence[0].lang == "python"


def test_unescape_only_when_escapes_dominate() -> None:
    assert unescape_newlines("a\\nb\\nc") == "a\nb\nc"
    mixed = "line one\nline two\nprint('a\\nb')\n"
    assert unescape_newlines(mixed) == mixed


def test_one_megabyte_body_is_cut_and_bounded() -> None:
    log = "ERROR something failed at step 42\n" * 40_000
    body = f'## Steps to reproduce\n1. Ask "hi"\n\n## Logs\n```\n{log}```\n'
    assert len(body) > 1_000_000
    parsed = parse_issue("big", body)
    assert parsed.turns == [T('Ask "hi"', "hi")]
    assert parsed.warnings and str(MAX_BODY_CHARS) in parsed.warnings[0]
    assert MAX_EVIDENCE_CHARS - 40 <= len(parsed.evidence[0].text) <= MAX_EVIDENCE_CHARS
    assert parsed.evidence[0].original_chars > MAX_EVIDENCE_CHARS


def test_many_steps_are_capped() -> None:
    body = "## Steps to reproduce\n" + "".join(f'{i}. Ask "q{i}"\n' for i in range(1, 31))
    parsed = parse_issue("t", body)
    assert len(parsed.turns) == MAX_TURNS
    assert parsed.extra_steps[0] == f'Ask "q{MAX_TURNS + 1}"'
    assert parsed.warnings == [f"30 steps; the first {MAX_TURNS} became turns"]


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("Steps to reproduce", "steps"),
        ("🐛 To Reproduce:", "steps"),
        ("Repro", "steps"),
        ("Expected Behaviour", "expected"),
        ("Expected result", "expected"),
        ("Desired behavior", "expected"),
        ("What did you expect to happen?", "expected"),
        ("Actual behavior", "actual"),
        ("Acceptance criteria", "acceptance"),
        ("**Describe the bug**", "description"),
        ("Relevant log output", "logs"),
        ("Additional context", None),
        ("ملاحظات", None),
    ],
)
def test_classify_labels(label: str, kind: str | None) -> None:
    got = classify(label)
    assert (got.value if got else None) == kind


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ('Ask "why?"', "why?"),
        ("Type hello there", "hello there"),
        ("Send a message", None),
        ("Ask a follow-up question about the PDF", None),
        ('Click "Save"', None),
        ("Run `gaia chat`", None),
        ("Type `gaia --version` in the chat", "gaia --version"),
        ("Open the sidebar", None),
        ("tell it to forget my name", "Forget my name"),
    ],
)
def test_step_classification(step: str, message: str | None) -> None:
    turn = classify_step(step)
    assert turn.user_message == message
    assert turn.objective == step


@pytest.mark.parametrize(
    ("text", "filler"),
    [
        ("_No response_", True),
        ("Go to '...'", True),
        ("OS: [e.g. iOS]", True),
        ("A clear and concise description of what the bug is.", True),
        ("Open the chat and ask about the report", False),
        ("It fails with ... sometimes when the report is long", False),
    ],
)
def test_filler(text: str, filler: bool) -> None:
    assert is_filler(text) is filler


STRADDLE_TOKEN = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5"


def _no_partial_token(parsed: object) -> bool:
    import dataclasses
    import json

    text = json.dumps(dataclasses.asdict(parsed), default=str)  # type: ignore[call-overload]
    rest = text.replace(STRADDLE_TOKEN, " ")
    return not any(STRADDLE_TOKEN[i : i + 8] in rest for i in range(len(STRADDLE_TOKEN) - 7))


def _straddling(limit: int) -> list[str]:
    """Texts with the token across position ``limit``, at every offset."""
    return [
        "y" * (limit - shift) + f" {STRADDLE_TOKEN} more"
        for shift in range(0, len(STRADDLE_TOKEN) + 2)
    ]


def test_reported_repro_description_keeps_no_part_of_the_token() -> None:
    parsed = parse_issue("t", "y" * 1968 + f" {STRADDLE_TOKEN} more")
    assert parsed.description is not None
    assert _no_partial_token(parsed), parsed.description[-60:]


@pytest.mark.slow
@pytest.mark.parametrize(
    "shape",
    ["description", "criteria", "field", "code block", "log", "body", "seed paragraph"],
)
def test_tokens_straddling_every_cut_point(shape: str) -> None:
    from intake.drafting.issue_parse import MAX_SEED_CHARS, MAX_TEXT_CHARS

    limits = {
        "description": MAX_TEXT_CHARS,
        "criteria": MAX_TEXT_CHARS,
        "field": MAX_TEXT_CHARS,
        "code block": MAX_EVIDENCE_CHARS,
        "log": MAX_EVIDENCE_CHARS,
        "body": MAX_BODY_CHARS,
        "seed paragraph": MAX_SEED_CHARS,
    }
    for text in _straddling(limits[shape]):
        if shape == "description":
            body = text
        elif shape == "criteria":
            body = f"### Expected behavior\n\n{text}\n"
        elif shape == "field":
            body = f"### Operating system\n\n{text}\n"
        elif shape == "code block":
            body = f'1. Ask "hi"\n\n```\n{text}\n```\n'
        elif shape == "log":
            body = f"### Relevant log output\n\n{text}\n"
        elif shape == "body":
            body = text
        else:
            body = f"### Describe the bug\n\n{text}\n"
        parsed = parse_issue("t", body)
        assert _no_partial_token(parsed), (shape, len(text))


PROSE = "The agent then answered with the Q2 figure instead of Q3."
TRACE = "```\nTraceback (most recent call last):\nKeyError: 'q3'\n```\n"
REPRO_STEPS = '1. Open the Agent UI\n2. Ask "What was revenue in Q3?"\n'
PROSE_SHAPES = {
    "blank lines around the block": REPRO_STEPS + "\n" + TRACE + "\n" + PROSE + "\n",
    "block right after the steps": REPRO_STEPS + TRACE + "\n" + PROSE + "\n",
    "under a 'Steps to reproduce:' line": "Steps to reproduce:\n"
    + REPRO_STEPS
    + "\n"
    + TRACE
    + "\n"
    + PROSE
    + "\n",
    "under 'Error / log output:'": "Steps to reproduce:\n"
    + REPRO_STEPS
    + "\nError / log output:\n"
    + TRACE
    + "\n"
    + PROSE
    + "\n",
    "block and prose after 'Prompt used:'": REPRO_STEPS
    + "\nPrompt used (if relevant): What was revenue in Q3?\n\n"
    + TRACE
    + "\n"
    + PROSE
    + "\n",
    "block and prose after 'Model used:'": REPRO_STEPS
    + "\nModel used: Qwen3\n"
    + TRACE
    + "\n"
    + PROSE
    + "\n",
}


def _gaia_bug(what_happened: str) -> str:
    return (
        "### Quick check\n\n- [X] I've searched existing issues.\n\n### What happened?\n\n"
        + what_happened
        + "\n### What did you expect to happen?\n\nThe agent answers with the Q3 figure.\n"
    )


@pytest.mark.parametrize("shape", list(PROSE_SHAPES))
def test_prose_after_a_code_block_lands_in_the_record(shape: str) -> None:
    """User test: the prose after a traceback in "What happened?" was silently dropped."""
    parsed = parse_issue("[Bug]: wrong quarter", _gaia_bug(PROSE_SHAPES[shape]))
    assert [t.objective for t in parsed.turns] == ['Ask "What was revenue in Q3?"']
    assert parsed.setup_steps == ["Open the Agent UI"]
    assert parsed.turns[0].user_message == "What was revenue in Q3?"
    assert [e.text for e in parsed.evidence] == [
        "Traceback (most recent call last):\nKeyError: 'q3'"
    ]
    assert parsed.actual is not None and PROSE in parsed.actual
    assert "[code block 1 in the record's evidence]" in parsed.actual
    assert PROSE not in (parsed.description or "")
    assert parsed.fields.get("model") in (None, "Qwen3")
    for turn in parsed.turns:
        assert "Q2" not in turn.objective and "Q2" not in (turn.user_message or "")


def test_user_test_reproduction_routes_every_piece() -> None:
    parsed = parse_issue("[Bug]: wrong quarter", GAIA_BUG_PROSE_AFTER_CODE)
    assert parsed.actual == f"[code block 1 in the record's evidence]\n{PROSE}"
    assert parsed.evidence[0].section == "What happened?"
    assert parsed.evidence[0].text.endswith("KeyError: 'q3'")
    assert parsed.documents == ["msa_2025.pdf"]
    assert parsed.setup_steps == [
        "Index `C:\\Users\\jdoe\\Documents\\msa_2025.pdf` in the Agent UI"
    ]
    assert parsed.description is None


@pytest.mark.parametrize(
    ("step", "name"),
    [
        ("Index `C:\\Users\\jdoe\\Documents\\msa_2025.pdf` in the Agent UI", "msa_2025.pdf"),
        ("Upload `report.pdf`", "report.pdf"),
        ("upload /home/alice/private/taxes.xlsx to the chat", "taxes.xlsx"),
        ('Attach "Q3 results.docx"', "Q3 results.docx"),
        ("Drag notes.md into the Agent UI and index it", "notes.md"),
        ("Then index the file data/sales.csv", "sales.csv"),
        ("Add `~/docs/manual.txt` to the indexed documents", "manual.txt"),
    ],
)
def test_document_setup_steps_become_setup_not_turns(step: str, name: str) -> None:
    parsed = parse_issue("t", f'## Steps to reproduce\n1. {step}\n2. Ask "Summarise it"\n')
    assert parsed.documents == [name]
    assert parsed.setup_steps == [step]
    assert parsed.turns == [T('Ask "Summarise it"', "Summarise it")]


@pytest.mark.parametrize(
    "step",
    [
        "Upload a PDF",
        'Click "Upload"',
        "Index the docs folder",
        "Open settings.json in the app",
    ],
)
def test_steps_before_a_message_that_say_nothing_are_set_up_not_turns(step: str) -> None:
    parsed = parse_issue("t", f'## Steps to reproduce\n1. {step}\n2. Ask "hi"\n')
    assert parsed.documents == []
    assert parsed.setup_steps == [step]
    assert parsed.turns == [T('Ask "hi"', "hi")]


def test_a_step_that_asks_to_index_is_a_turn_not_set_up() -> None:
    step = 'Ask "please index report.pdf for me"'
    parsed = parse_issue("t", f'## Steps to reproduce\n1. {step}\n2. Ask "hi"\n')
    assert parsed.documents == [] and parsed.setup_steps == []
    assert [t.user_message for t in parsed.turns] == ["please index report.pdf for me", "hi"]


def test_only_setup_steps_still_give_a_turn() -> None:
    parsed = parse_issue("Index fails for big PDFs", "1. Upload `big.pdf`\n")
    assert parsed.documents == ["big.pdf"]
    assert len(parsed.turns) == 1


# Read as a person would (issue 34, item 5): GAIA's real reports in tests/data/gaia_issues/ and
# the shapes they come in, each reduced to what decides it.


@pytest.mark.parametrize("report", reports(held_out=False), ids=lambda r: f"amd/gaia#{r.number}")
def test_real_gaia_reports_draft_as_a_reviewer_keeps_them(report: object) -> None:
    """Every tuning report's draft keeps its turns, user message and criterion (or its flag)."""
    judged = score(report)  # type: ignore[arg-type]
    assert judged.kept, judged.why


def _draft(title: str, body: str) -> dict[str, object]:
    issue = {"number": 9, "title": title, "body": body, "html_url": "https://x/issues/9"}
    built = build_issue_draft(IssueData(repo="amd/gaia", issue=issue))
    return {
        "turns": scenario_mapping(built.scenario)["turns"],
        "record": built.observations,
        "setup": parse_issue(title, body).setup_steps,
        "warnings": built.warnings,
    }


@pytest.mark.parametrize(
    ("block", "messages"),
    [
        (
            "gaia-tui run gaia --dev \\\n  --query 'Sum the \"Q3\" column'",
            ['Sum the "Q3" column'],
        ),
        ('gaia email -v -q "Triage my inbox"', ["Triage my inbox"]),
        ('chat "what is this document about?"', ["what is this document about?"]),
        ("You: hello\nGAIA: Hi!\nYou: what is 2+2?\nGAIA: 5", ["hello", "what is 2+2?"]),
        (
            "🤖 Processing: 'What size LLM can I run?'\nStep 1: Thinking...",
            ["What size LLM can I run?"],
        ),
    ],
)
def test_a_prompt_in_a_code_block_is_the_message(block: str, messages: list[str]) -> None:
    body = f"## Reproduction\n\n```\n{block}\n```\n\nThe answer is wrong.\n"
    parsed = parse_issue("t", body)
    assert [t.user_message for t in parsed.turns] == messages


def test_a_logged_command_without_a_prompt_gives_no_message() -> None:
    body = "## Reproduction\n\n```\npip install amd-gaia\ngaia init --profile chat\n```\n"
    assert not any(t.user_message for t in parse_issue("t", body).turns)


def test_the_agent_ui_in_app_template_filled_in() -> None:
    """GAIA's in-app report (UnsupportedFeature.tsx bugReportUrl, amd/gaia 78bbc30 L181-201)."""
    body = (
        "## Bug Description\n\nThe Doc chat ignores my file\n\n## Steps to Reproduce\n\n"
        "1. Open GAIA Agent UI\n2. _Describe what you did:_ Click **Browse Files** and pick "
        'notes.txt\n3. Ask "What does notes.txt say about the budget?"\n\n'
        "## Expected Behavior\n\nIt quotes the budget line from notes.txt.\n\n"
        "## Actual Behavior\n\nIt says no document is loaded.\n\n---\n**Environment:**\n"
        "- GAIA Version: 0.22.0\n- Interface: Agent UI (Web)\n\n_Submitted from GAIA Agent UI_\n"
    )
    draft = _draft("[Bug] The Doc chat ignores my file", body)
    (turn,) = draft["turns"]  # type: ignore[misc]
    assert turn["user_message"] == "What does notes.txt say about the budget?"
    assert turn["success_criteria"] == "It quotes the budget line from notes.txt."
    assert any("Browse Files" in s for s in draft["setup"])  # type: ignore[attr-defined]
    assert "It says no document is loaded." in draft["record"]["actual_behavior"]  # type: ignore[index]
    assert "not_agent_scenario" not in draft["record"]  # type: ignore[operator]


def test_the_unfilled_in_app_template_is_no_agent_conversation() -> None:
    body = (
        "## Bug Description\n\nHTTP 409: request already in progress\n\n## Steps to Reproduce"
        "\n\n1. Open GAIA Agent UI\n2. _Describe what you did:_\n3. \n\n## Expected Behavior"
        "\n\n_What did you expect to happen?_\n\n## Actual Behavior\n\n_What happened "
        "instead?_\n\n---\n**Environment:**\n- Interface: Agent UI (Web)\n\n"
        "_Submitted from GAIA Agent UI_\n"
    )
    draft = _draft("[Bug] HTTP 409", body)
    flag = draft["record"]["not_agent_scenario"]  # type: ignore[index]
    assert flag["kind"] == "ui" and "nothing is said to the agent" in flag["reason"]
    assert not any(t.get("user_message") for t in draft["turns"])  # type: ignore[attr-defined]
    assert any("not an agent conversation" in w for w in draft["warnings"])  # type: ignore[attr-defined]


def test_outcome_goes_on_the_turn_the_user_asked_in() -> None:
    body = (
        '## Problem\n\nI asked the agent "Which invoices are overdue?" and it listed paid ones.'
        "\n\n## Outcome\n\n- Only unpaid invoices past their due date are listed\n"
    )
    (turn,) = _draft("Overdue invoices wrong", body)["turns"]  # type: ignore[misc]
    assert turn["user_message"] == "Which invoices are overdue?"
    assert turn["success_criteria"] == "- Only unpaid invoices past their due date are listed"


@pytest.mark.parametrize(
    ("prose", "word"),
    [
        ('The agent replied "done" but wrote nothing.', "done"),
        ('I asked it to save the file and it said "done".', "done"),
        ('The run can end with "Done. Wrote report.csv" and report success.', "wrote"),
        ("The header shows `GAIA` where the agent's name should be.", "gaia"),
    ],
)
def test_a_word_quoted_in_prose_is_not_a_message(prose: str, word: str) -> None:
    parsed = parse_issue("t", f"{prose}\n")
    assert not any(word in (t.user_message or "").lower() for t in parsed.turns)


def test_i_asked_then_gives_both_messages_in_order() -> None:
    prose = 'In the Doc chat I asked "Who signed the lease?", then "And when does it end?".'
    parsed = parse_issue("t", prose)
    assert [t.user_message for t in parsed.turns] == [
        "Who signed the lease?",
        "And when does it end?",
    ]


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("1. Open Settings\n2. Click the CUSTOM AGENTS tab\n3. The list is empty\n", "ui"),
        (
            "Steps to reproduce:\n1. Run `gaiaui`\n\nThe app shows a white screen and fails to "
            "start.\n",
            "crash_on_start",
        ),
        ("1. Run the installer\n2. The installation stops with an error dialog\n", "install"),
        ("`gaia groundtruth` also summarizes the metadata file.\n", "cli"),
    ],
)
def test_a_report_with_nothing_said_to_the_agent_is_flagged(body: str, kind: str) -> None:
    parsed = parse_issue("[Bug]: t", body)
    assert parsed.not_agent is not None and parsed.not_agent.kind == kind


def test_the_agents_own_import_error_loop_is_no_install_failure() -> None:
    body = (
        "## Reproduction\n\n```\ngaia-tui run gaia --query 'Transcribe talk.mp4'\n```\n\n"
        '```\ntool_call run_python {"code": "from gaia import transcribe_media"}\n'
        "ImportError: cannot import name 'transcribe_media'\n```\n"
    )
    draft = _draft("run_python loops on ImportError", body)
    assert [t.get("user_message") for t in draft["turns"]] == ["Transcribe talk.mp4"]  # type: ignore[attr-defined]
    assert "not_agent_scenario" not in draft["record"]  # type: ignore[operator]


def test_an_unquoted_request_in_prose_is_the_message_in_the_users_words() -> None:
    body = (
        "### What happened?\n\nI asked the agent to summarize my meeting notes and it described "
        "a meeting that never happened.\n\n### What did you expect to happen?\n\n"
        "A summary of the notes I indexed.\n"
    )
    (turn,) = _draft("[Bug]: invented summary", body)["turns"]  # type: ignore[misc]
    assert turn["user_message"] == "Summarize my meeting notes"
    assert turn["success_criteria"] == "A summary of the notes I indexed."


def test_a_quote_block_after_i_asked_is_the_message() -> None:
    body = "I asked the Doc chat:\n\n> Which clauses mention termination?\n\nIt listed none.\n"
    parsed = parse_issue("t", body)
    assert [t.user_message for t in parsed.turns] == ["Which clauses mention termination?"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "In the Agent UI I typed 'list my documents' and got an error: \"Tool failed\".\n",
            "list my documents",
        ),
        (
            'Running `gaia llm "What is the capital of France?"` returns an empty answer.\n',
            "What is the capital of France?",
        ),
    ],
)
def test_a_single_quoted_or_inline_command_prompt_in_prose_is_the_message(
    body: str, message: str
) -> None:
    parsed = parse_issue("[Bug]: t", body)
    assert [t.user_message for t in parsed.turns] == [message]
    assert parsed.not_agent is None


def test_a_quoted_path_before_an_arrow_in_a_log_is_no_message() -> None:
    body = (
        "Installing the model ends with this error:\n\n[ERROR] launch | [WinError 1314] A "
        "required privilege is not held: '..\\\\blobs\\\\74d6' -> 'C:\\\\cache\\\\cfg.json'\n"
    )
    assert not any(t.user_message for t in parse_issue("t", body).turns)


def test_steps_that_do_something_and_show_output_before_the_query_are_set_up() -> None:
    body = (
        "## Steps to Reproduce\n\n1. Index a folder:\n   ```\n   /index .\\docs\n   ```\n"
        '   Output shows success: `12 chunks created`\n2. Ask "what is in the folder?"\n'
    )
    parsed = parse_issue("t", body)
    assert [t.user_message for t in parsed.turns] == ["what is in the folder?"]
    assert parsed.setup_steps and "/index .\\docs" in parsed.setup_steps[0]


def test_a_string_the_program_shows_in_backticks_is_no_message() -> None:
    body = (
        '## Current State\n\n- `"Request failed"` when the stream drops\n- `"Server busy"` on 503\n'
    )
    parsed = parse_issue("feat: clearer errors", body)
    assert not any(t.user_message for t in parsed.turns)


def test_a_prompt_typed_at_gaia_chat_and_pasted_anywhere_is_the_message() -> None:
    body = (
        "### What happened?\n\nNo answer comes back.\n\n### Environment\n\nWindows 11\n\n"
        "Later the terminal showed:\nYou: Which invoices are overdue?\n"
        "[2026-05-10 09:40:08] | ERROR | Couldn't reach the local LLM.\n"
    )
    parsed = parse_issue("[Bug]: no answer", body)
    assert [t.user_message for t in parsed.turns] == ["Which invoices are overdue?"]
