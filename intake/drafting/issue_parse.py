"""Pure parsing of a GitHub issue body into what a scenario draft needs.

Bug reports come in a handful of shapes: GitHub issue forms (``### Label`` sections,
``_No response_`` for empty fields, task-list checkboxes), markdown templates with ``##``
or bold headings (``**Describe the bug**``), plain ``Steps to reproduce:`` labels, and bodies
with no structure at all. This module turns any of them into the same ``ParsedIssue``, read
as a person reads a report: what the user said to the agent (a quoted step, a prompt in a code
block or command, "I asked …" prose) as turns; the steps before it (clicks, connections,
indexing) as set-up and the ones after it as what happened; the expected behaviour, outcome and
acceptance criteria as success criteria; everything else (code blocks, logs, environment, the
observed failure) as evidence for the record; and a report in which nothing is said to the
agent flagged with what it is about instead (``not_agent``). Its words (labels, classes of
words, template text, agent names) are data in ``issue_words.yaml``. Nothing here touches the
network, the user's files or the scrubber, so the labelled shapes in
``tests/test_issue_parse.py`` and the real reports in ``tests/data/gaia_issues/`` pin its
behaviour exactly.

Why the parser is line-based and regex-light: bodies reach a megabyte (pasted logs), so every
pass here is bounded by the body's length (cut at ``MAX_BODY_CHARS``; quotations, arrows per
line and messages looked for are capped) and an adversarial body costs no more than a long one.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from importlib import resources
from typing import Any

from intake.contract.yamlio import load_data
from intake.textcut import cut_at_space

MAX_BODY_CHARS = 200_000
"""Longer bodies are cut here: the rest is almost always pasted log, and kept as a count."""
MAX_EVIDENCE_CHARS = 20_000
"""One code block or log kept in the record at most this long (the head; the length noted)."""
MAX_TURNS = 15
"""GAIA's longest scenario has 15 turns; further steps are kept as evidence, not turns."""
MAX_TEXT_CHARS = 2_000
"""Descriptions and criteria are cut here: the judge reads them in its prompt."""
MAX_SEED_CHARS = 500
"""Longest first paragraph used as the only turn when the issue lists no steps."""

NO_RESPONSE = "_no response_"
_CODE = "\ue000"
"""Private-use marker around a code block's index while the block is out of the text."""
_MARKER = re.compile(f"{_CODE}(\\d+){_CODE}")
_BLOCK_REF = re.compile(r"\[code block (\d+) in the record's evidence\]")
"""How the text refers to a code block the record keeps (``code_ref``)."""


def code_ref(number: int) -> str:
    """The reference to the record's code block ``number`` (1-based) left in the text."""
    return f"[code block {number} in the record's evidence]"


class Kind(StrEnum):
    """What a section of the body is for."""

    steps = "steps"
    expected = "expected"
    actual = "actual"
    acceptance = "acceptance"
    description = "description"
    environment = "environment"
    setup = "setup"
    """What must be in place before the conversation (an agent opened, documents indexed)."""
    logs = "logs"
    prompt = "prompt"
    model = "model"
    checks = "checks"
    other = "other"


_WORDS: dict[str, Any] = load_data(
    resources.files("intake.drafting").joinpath("issue_words.yaml").read_text("utf-8")
)
"""The parser's words, as data: labels by kind, classes of words, template text, agent names."""
_EXACT: dict[str, Kind] = {
    label: Kind(kind) for kind, labels in _WORDS["labels"].items() for label in labels
}
_ENV_WORDS = frozenset(_WORDS["class_words"]["environment"])
_ACTUAL_WORDS = frozenset(_WORDS["class_words"]["actual"])
_SETUP_WORDS = frozenset(_WORDS["class_words"]["setup"])
_VERBS = {name: "|".join(words) for name, words in _WORDS["verbs"].items()}
"""Each class of verbs (``issue_words.yaml``) as a regular-expression alternation."""
_STEP_LEAD = r"^(?:then[ ,]+|and[ ,]+|first[ ,]+)?"
"""What may come before a step's verb."""

_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_BOLD_ONLY = re.compile(r"^ {0,3}(?:\*\*|__)(.+?)(?:\*\*|__)[ \t]*:?[ \t]*$")
_BOLD_INLINE = re.compile(r"^ {0,3}(?:\*\*|__)([^*_\n]{1,60}?):?(?:\*\*|__):?[ \t]+(\S.*)$")
_LABEL = re.compile(r"^ {0,3}([^\W\d_][^:\n]{0,60}?)[ \t]*:[ \t]*(.*)$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*([^`\n]*)$")
_ITEM = re.compile(r"^([ \t]*)(\d{1,3}[.)]|[-*+])[ \t]+(.*)$")
_TASK = re.compile(r"^\[([ xX])\][ \t]*(.*)$")
_HTML_TAG = re.compile(rf"</?(?:{'|'.join(_WORDS['html_tags'])})\b[^<>]*?/?>", re.IGNORECASE)
_BR = re.compile(r"<br[ \t]*/?>", re.IGNORECASE)
_QUOTED = re.compile(r"\"((?:[^\"\\\n]|\\.){2,})\"|“([^”\n]{2,})”|«([^»\n]{2,})»|‘([^’\n]{2,})’")
_ARROW = re.compile(r"\s+(?:→|->|=>|⇒)\s+")
"""Between what the user said and what came back: ``"draft a reply …" → *"which email?"*``."""
_SINGLE = re.compile(r"(?:^|[\s(])'([^'\n]{2,})'(?=$|[\s.,;:!?)])")
_BACKTICK = re.compile(r"`([^`\n]{2,})`")
_SAY = re.compile(rf"\b({_VERBS['say']})\b", re.IGNORECASE)
_SAY_START = re.compile(
    r"^(?:then[ ,]+|and[ ,]+)?(ask|type|say|send|enter|tell|prompt|query|write|message|paste|input)"
    r"\b[ \t]*(?:(?:the|to the|into the|in the)[ \t]+"
    r"(?:agent|assistant|chat(?:[ \t]box)?|bot|model|ui|gaia|llm)[ \t]*|it[ \t]+|gaia[ \t]+)?"
    r"(?:with|that|:)?[ \t]*(.*)$",
    re.IGNORECASE,
)
_GENERIC_OBJECT = re.compile(
    r"^(?:a|an|any|some|another|the|several|multiple|one|two|three|\d+)\s+(?:\w+\s+)?"
    r"(?:message|question|prompt|query|request|follow-up|followup)s?\b",
    re.IGNORECASE,
)
_ACTION_START = re.compile(rf"{_STEP_LEAD}(?:{_VERBS['action']})\b", re.IGNORECASE)
_UI_START = re.compile(rf"^({_VERBS['ui']})\b", re.IGNORECASE)
_OBSERVE = re.compile(
    r"^(see|observe|observed|notice|noticed|watch|result|error|crash|nothing|it[ \t]|"
    r"the[ \t]+(?:agent|app|assistant|model|ui|bot|response|answer|server|output)\b|"
    r"expected|actual|got[ \t])",
    re.IGNORECASE,
)
_OBSERVED_VERB = re.compile(rf"\b(?:{_VERBS['observed']})\b", re.IGNORECASE)
_THEN = re.compile(r"^(?:(?:then|and|after that|now|finally)[ ,]+)+", re.IGNORECASE)
_DOC_EXT = "|".join(_WORDS["document_extensions"])
_DOC_STEP = re.compile(rf"{_STEP_LEAD}(?:{_VERBS['document']})\b", re.IGNORECASE)
_DOC_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|“([^”\n]+)”|'([^'\n]+)'")
_DOC_NAME = re.compile(rf"(?:^|[\\/])([^\\/\n]+\.(?:{_DOC_EXT}))$", re.IGNORECASE)
_DOC_BARE = re.compile(rf"(?<![\w.])[^\s`\"'“”<>()]+?\.(?:{_DOC_EXT})(?![\w])", re.IGNORECASE)
_SHOULD = re.compile(r"\b(should|expected to|expect it to|ought to|supposed to)\b", re.IGNORECASE)
_FILLER_BITS = re.compile(r"\[e\.g\.[^\]]*\]|e\.g\.|['\"`]?\.{2,}['\"`]?|…|['\"`]")
_BOILERPLATE = frozenset(_WORDS["boilerplate"])


@dataclass(frozen=True)
class ParsedTurn:
    """One user-facing step: ``objective`` always; ``user_message`` when it is said to the agent."""

    objective: str
    user_message: str | None = None


@dataclass
class Section:
    """A labelled part of the body (``label`` None for text before the first heading)."""

    label: str | None
    kind: Kind
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The section's text without surrounding blank lines."""
        return "\n".join(self.lines).strip()


@dataclass(frozen=True)
class EvidenceEntry:
    """A code block or a log section the record keeps (``observations.evidence``), cut at
    ``MAX_EVIDENCE_CHARS``; a code block as ``extract_code`` takes it out has no section and
    its whole text."""

    kind: str
    """``code`` or ``log``."""
    section: str | None
    text: str
    lang: str | None = None
    """A code block's language tag (``""`` when the fence names none); None for a log."""
    original_chars: int | None = None
    """The text's length before the cut, when it was cut."""

    def record(self) -> dict[str, Any]:
        """The entry as the record keeps it: kind, section, lang and original_chars when
        there are, then the text."""
        extra = {"lang": self.lang, "original_chars": self.original_chars}
        return (
            {"kind": self.kind, "section": self.section}
            | {k: v for k, v in extra.items() if v is not None}
            | {"text": self.text}
        )


@dataclass(frozen=True)
class Checkbox:
    """One task-list item of a form (``- [x] text``)."""

    text: str
    checked: bool


@dataclass(frozen=True)
class NotAgent:
    """Why a report is no agent conversation: its kind (``install``, ``crash_on_start``,
    ``ui``, ``setup``, ``cli``, ``docs``, ``code``) and up to three signals, as found."""

    kind: str
    signals: list[str]
    build: bool = False
    """An install or build failure (``_why_not_agent``): the draft is to be rejected."""


@dataclass
class ParsedIssue:
    """Everything a draft needs from one issue body; ``success_criteria`` None if none given."""

    form: str
    turns: list[ParsedTurn]
    success_criteria: str | None
    description: str | None
    evidence: list[EvidenceEntry] = field(default_factory=list)
    actual: str | None = None
    environment: str | None = None
    observed: list[str] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)
    checkboxes: dict[str, list[Checkbox]] = field(default_factory=dict)
    extra_steps: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    setup_steps: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    steps_from_title: bool = False
    agent_type: str | None = None
    """The GAIA agent a set-up step opens (``doc`` for "the Doc chat"), when one is named."""
    not_agent: NotAgent | None = None
    """Why the report is no agent conversation, when nothing in it is said to the agent."""


def normalise_label(label: str) -> str:
    """Lowercase words only (emoji, punctuation and markdown dropped) for matching labels."""
    words = re.findall(r"[^\W_]+", label.lower())
    return " ".join(words)


def classify(label: str, *, loose: bool = True) -> Kind | None:
    """The kind of a heading or label, or None when it is not one we know.

    ``loose`` adds the rules by class of words (a heading that mentions a version, a driver,
    what actually happened); a ``Label:`` inside prose is taken on the strict rules only, so
    "pip install fails: …" stays a sentence.
    """
    norm = normalise_label(label)
    if not norm:
        return None
    if norm in _EXACT:
        return _EXACT[norm]
    if norm.startswith("steps") or "reproduc" in norm or norm.startswith("repro "):
        return Kind.steps
    if norm.startswith(("expected", "desired")) or "expect" in norm.split()[:4]:
        return Kind.expected
    words = norm.split()
    if norm.startswith(("actual", "observed", "current behav")) or (
        loose and len(words) <= 8 and _ACTUAL_WORDS & set(words)
    ):
        return Kind.actual
    if "acceptance" in norm:
        return Kind.acceptance
    if norm.startswith(("describe the bug", "bug report", "description")):
        return Kind.description
    if "log" in words or "traceback" in norm or "stack trace" in norm:
        return Kind.logs
    if norm.startswith(("environment", "system", "platform")) or (
        loose and len(words) <= 8 and _ENV_WORDS & set(words)
    ):
        return Kind.environment
    if words[0] in _SETUP_WORDS or norm.startswith(("set up", "before you start")):
        return Kind.setup
    return None


def unescape_newlines(text: str) -> str:
    """Literal ``\\n`` escapes (a body pasted from JSON) become newlines when they dominate."""
    escaped = text.count("\\n")
    if escaped and escaped > text.count("\n"):
        text = text.replace("\\r\\n", "\n").replace("\\n", "\n").replace("\\t", "\t")
    return text


def _strip_html(line: str) -> str:
    line = _BR.sub("\n", line)
    line = _HTML_TAG.sub("", line)
    return html.unescape(line) if "&" in line else line


def extract_code(text: str) -> tuple[str, list[EvidenceEntry]]:
    """Take fenced code blocks out (kept intact as evidence) and drop HTML comments.

    A block leaves a marker line behind so steps and sections can refer to it. A comment
    opened outside a fence hides everything up to ``-->`` (as GitHub renders it), fences
    included; an unclosed fence runs to the end of the body, as in CommonMark.
    """
    out: list[str] = []
    blocks: list[EvidenceEntry] = []
    fence: str | None = None
    lang = ""
    body: list[str] = []
    in_comment = False
    for raw in text.split("\n"):
        line = raw
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence) and set(stripped) == {fence[0]}:
                blocks.append(EvidenceEntry("code", None, "\n".join(body), lang))
                out.append(f"{_CODE}{len(blocks) - 1}{_CODE}")
                fence = None
            else:
                body.append(line)
            continue
        if in_comment:
            end = line.find("-->")
            if end < 0:
                continue
            in_comment = False
            line = line[end + 3 :]
        while "<!--" in line:
            start = line.find("<!--")
            end = line.find("-->", start + 4)
            if end < 0:
                line = line[:start]
                in_comment = True
                break
            line = line[:start] + line[end + 3 :]
        if in_comment:
            if line.strip():
                out.append(_strip_html(line))
            continue
        match = _FENCE.match(line)
        if match:
            fence, lang, body = match.group(1), match.group(2).strip(), []
            continue
        out.append(_strip_html(line))
    if fence is not None:
        blocks.append(EvidenceEntry("code", None, "\n".join(body), lang))
        out.append(f"{_CODE}{len(blocks) - 1}{_CODE}")
    return "\n".join(out), blocks


def _opening(line: str) -> tuple[str, str, bool] | None:
    """``(label, inline rest, is a field)`` when the line opens a section; None otherwise.

    A field is a label inside a section (``Requirements:``, ``Error: …``, ``**Model**: …``):
    it holds its own line and what follows up to a blank line (a list after it included),
    then the enclosing section goes on. A heading (``### …``, a bold line, or a known heading
    written as a plain line: ``Expected Behavior``, ``Steps to reproduce``) holds everything
    up to the next heading.
    """
    match = _HEADING.match(line)
    if match:
        return match.group(2).strip().rstrip(":").strip(), "", False
    match = _BOLD_ONLY.match(line)
    if match and len(match.group(1)) <= 80:
        return match.group(1).strip().rstrip(":").strip(), "", False
    match = _BOLD_INLINE.match(line)
    if match and classify(match.group(1), loose=False) is not None:
        return match.group(1).strip(), match.group(2).strip(), True
    plain = line.strip()
    if plain and not plain.endswith(":") and _plain_heading(plain):
        return plain.rstrip("?").strip(), "", False
    match = _LABEL.match(line)
    if match and classify(match.group(1), loose=False) is not None and "`" not in match.group(1):
        return match.group(1).strip(), match.group(2).strip(), True
    return None


def _plain_heading(text: str) -> bool:
    """A line that is only a known heading (``Actual behaviour``), written without markup."""
    if len(text) > 60 or text[:1].islower() or _CODE in text:
        return False
    norm = normalise_label(text)
    return norm in _EXACT and len(norm.split()) >= 1 and norm not in _NOT_PLAIN


_NOT_PLAIN = frozenset(_WORDS["not_plain"])


def split_sections(text: str) -> tuple[list[Section], bool]:
    """Sections in order; the flag says whether any heading-like structure was found.

    A requirements or set-up field (``Requirements:``, ``Setup:``; see ``_opening``) ends at
    its first blank line once it has content, unless a list it introduced goes on after the
    blank: the text after it belongs to the section it is in (the steps that follow a list of
    requirements are still the steps).
    """
    sections = [Section(None, Kind.description)]
    structured = False
    parent = sections[0]
    in_field = False
    lines = text.split("\n")
    for index, line in enumerate(lines):
        found = None if _ITEM.match(line) or _CODE in line else _opening(line)
        if found is not None:
            label, rest, is_field = found
            kind = classify(label) or Kind.other
            structured = True
            section = Section(label, kind, [rest] if rest else [])
            sections.append(section)
            # only what must be in place (requirements, set-up) ends with its paragraph:
            # the steps or errors under any other label run on, as the reporter wrote them
            in_field = is_field and kind in (Kind.environment, Kind.setup)
            if not is_field:
                parent = section
            continue
        if in_field and not line.strip() and sections[-1].text and not _list_goes_on(lines, index):
            in_field = False
            sections.append(Section(parent.label, parent.kind))
            continue
        sections[-1].lines.append(line)
    return [s for s in sections if s.label is not None or s.text], structured


def _list_goes_on(lines: list[str], blank: int) -> bool:
    """Whether a list before the blank line ``blank`` goes on after it (loose list items)."""
    before = next((ln for ln in reversed(lines[:blank]) if ln.strip()), "")
    after = next((ln for ln in lines[blank + 1 :] if ln.strip()), "")
    in_list = bool(_ITEM.match(before)) or before[:1] in (" ", "\t")
    return in_list and (bool(_ITEM.match(after)) or after[:1] in (" ", "\t"))


def is_filler(text: str) -> bool:
    """True for template text nobody filled in (``Go to '...'``, ``[e.g. iOS]``, boilerplate)."""
    norm = normalise_label(text)
    if not norm or norm == "no response":
        return True
    if norm in _BOILERPLATE:
        return True
    if "..." in text or "…" in text or "e.g." in text:
        residue = normalise_label(_FILLER_BITS.sub(" ", text))
        return len(residue.split()) <= 3
    return False


def _clean_inline(text: str) -> str:
    return re.sub(r"[ \t]+", " ", text).strip()


def list_items(text: str) -> tuple[list[str], list[str]]:
    """Top-level list items (continuations and nested items folded in) and the other lines."""
    items: list[str] = []
    loose: list[str] = []
    base: int | None = None
    open_item = False
    right_after = False
    for line in text.split("\n"):
        stripped = line.strip()
        match = _ITEM.match(line)
        if match:
            indent = len(match.group(1).expandtabs(4))
            if base is None or indent <= base + 1:
                base = indent if base is None else base
                items.append(match.group(3).strip())
                open_item = right_after = True
                continue
            if open_item:
                items[-1] = f"{items[-1]}; {match.group(3).strip()}"
                right_after = True
                continue
        if not stripped:
            right_after = False
            continue
        if (
            open_item
            and _BLOCK_REF.fullmatch(stripped)
            and line[:1] not in (" ", "\t")
            and not items[-1].rstrip().endswith(":")
        ):
            # A block flush after a step that does not introduce it ("Paste this:") is
            # what happened next, not part of the step.
            open_item = right_after = False
            loose.append(line)
            continue
        if open_item and stripped.startswith(">"):
            items[-1] = f"{items[-1]}\n{stripped}"
            continue
        if open_item and (line[:1] in (" ", "\t") or right_after):
            items[-1] = f"{items[-1]} {stripped}".strip()
            continue
        open_item = right_after = False
        loose.append(line)
    return items, loose


def _quoted(text: str, say: bool) -> str | None:
    found = _QUOTED.search(text)
    if found and not (text[found.start() - 1 : found.start()] == "`" and not say):
        # ``"Request failed"`` in backticks is a string the program shows, not a message
        return next(g for g in found.groups() if g)
    single = _SINGLE.search(text)
    if single:
        return single.group(1)
    quote = [ln.strip()[1:].strip() for ln in text.split("\n") if ln.strip().startswith(">")]
    if quote:
        return " ".join(q for q in quote if q)
    if say:
        tick = _BACKTICK.search(text)
        if tick:
            return tick.group(1)
    return None


def is_observed(step: str) -> bool:
    """Whether a step reports what happened rather than something the user did or said.

    "The agent answers …", "Error: …", and any quotation that follows a verb of seeing or of
    the app's doing ("I get \"Error: …\"", "it printed \"Traceback …\"", "the UI shows
    'Connection refused'") is what the reporter observed: an error is never a user message.
    A quotation after a verb of saying ("Ask \"…\"", "I typed \"…\"") is a message.
    """
    bare = _THEN.sub("", step.strip())
    if _OBSERVE.match(bare):
        return True
    quote = _QUOTED.search(bare) or _SINGLE.search(bare) or _BACKTICK.search(bare)
    if quote is None:
        return False
    head = bare[: quote.start()]
    if _SAY.search(head) or _SAY_START.match(bare):
        return False
    return _OBSERVED_VERB.search(head) is not None


def classify_step(step: str) -> ParsedTurn:
    """A turn from one step: a ``user_message`` when the step is something said to the agent.

    Said means a quotation (``"…"``, ``“…”``, a ``>`` quote line), or a step that starts with
    a saying verb (ask, type, say, send…); a quotation after a UI verb (``Click "Save"``) is a
    button, not a message. Code-block references never become messages.
    """
    step = _ARROW.split(step, maxsplit=1)[0]
    lines = [ln for ln in step.split("\n") if not ln.strip().startswith(">")]
    objective = _clean_inline(" ".join(lines)) or _clean_inline(step.replace(">", " "))
    said = _SAY.search(step) is not None
    message = _quoted(step, said)
    if message is not None:
        said_before = _SAY.search(step.split(message)[0]) is not None
        quoted_line = step.lstrip().startswith(">")
        if not said_before and _UI_START.match(objective) and not quoted_line:
            message = None
        elif (
            not said_before
            and not quoted_line
            and step.lstrip()[:1] not in ('"', "“", "«", "‘")
            and _wordy_around(step, message)
        ):
            # a quotation inside a sentence nobody says to the agent ("the header appends
            # `" │ "`") is a word the reporter quotes, not the user's message
            message = None
    if message is None:
        start = _SAY_START.match(objective)
        if start and start.group(2).strip() and not _GENERIC_OBJECT.match(start.group(2)):
            rest = start.group(2).strip()
            stripped = re.sub(r"^(?:to|about)\s+", "", rest, flags=re.IGNORECASE)
            message = stripped[:1].upper() + stripped[1:] if stripped != rest else rest
    if message is not None:
        message = _clean_inline(message.replace('\\"', '"')).rstrip(",;")
        if "[code block" in message:
            message = None
    return ParsedTurn(objective=objective, user_message=message or None)


def _wordy_around(step: str, message: str) -> bool:
    """Whether more than a few words surround ``message`` in ``step`` (it is not the step)."""
    rest = step.replace(message, " ", 1)
    return len(re.findall(r"[^\W_]+", rest)) > 4


def _evidence_refs(
    text: str, section: str | None, blocks: list[EvidenceEntry], used: dict[int, EvidenceEntry]
) -> str:
    def ref(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if index not in used:
            block = replace(blocks[index], section=section)
            if len(block.text) > MAX_EVIDENCE_CHARS:
                cut = cut_at_space(block.text, MAX_EVIDENCE_CHARS)
                block = replace(block, text=cut, original_chars=len(block.text))
            used[index] = block
        return code_ref(index + 1)

    return _MARKER.sub(ref, text)


def _checkboxes(items: list[str]) -> list[Checkbox]:
    """The task-list items of a list's ``items`` (``list_items``) as boxes."""
    tasks = (_TASK.match(item) for item in items)
    return [Checkbox(task.group(2).strip(), task.group(1) in "xX") for task in tasks if task]


def _detect_form(labels: set[str], structured: bool, text: str) -> str:
    if {"what happened", "quick check"} <= labels or (
        "what happened" in labels and "what did you expect to happen" in labels
    ):
        return "gaia_bug_report"
    if "what problem are you trying to solve" in labels:
        return "gaia_feature_request"
    if "goal" in labels and any(lbl.startswith("scope") for lbl in labels):
        return "gaia_internal_task"
    if NO_RESPONSE in text.lower() and labels:
        return "issue_form"
    if labels and structured:
        return "template"
    return "freeform"


def split_list(text: str) -> tuple[list[str], str, str]:
    """The first list's items, the prose before it and the prose after it.

    Text after the steps (a traceback, "the agent then answered …") is what the reporter
    saw, so it belongs with the actual behaviour, not the description.
    """
    lines = text.split("\n")
    first = next((i for i, ln in enumerate(lines) if _ITEM.match(ln)), None)
    if first is None:
        return [], text, ""
    items, loose = list_items("\n".join(lines[first:]))
    return items, "\n".join(lines[:first]).strip(), "\n".join(loose).strip()


def _head_and_rest(text: str, first_line_only: bool) -> tuple[str, str]:
    """A one-value field (``Model used: …``) and whatever the reporter wrote after it."""
    lines = text.split("\n")
    end = 1 if first_line_only else len(lines)
    for i, line in enumerate(lines[:end]):
        if not line.strip() or _BLOCK_REF.fullmatch(line.strip()):
            end = i
            break
    end = max(end, 1)
    return "\n".join(lines[:end]).strip(), "\n".join(lines[end:]).strip()


def document_names(step: str) -> list[str]:
    """Base names of the documents a setup step (index/upload/attach … a file) names.

    Only the base name is kept: the reporter's directories mean nothing on another machine
    and often carry a user name.
    """
    if not _DOC_STEP.match(step):
        return []
    names: list[str] = []
    rest = step
    for match in _DOC_QUOTED.finditer(step):
        quoted = next(g for g in match.groups() if g is not None).strip()
        found = _DOC_NAME.search(quoted)
        if found:
            names.append(found.group(1).strip())
            rest = rest.replace(match.group(0), " ")
    for match in _DOC_BARE.finditer(rest):
        names.append(re.split(r"[\\/]", match.group(0))[-1])
    return list(dict.fromkeys(n for n in names if n))


AGENT_NAMES: tuple[tuple[str, str | None], ...] = tuple(
    (name, agent) for name, agent in _WORDS["agent_names"]
)
"""GAIA's agents' names → agent ids (None: an agent GAIA removed), longest names first."""
REMOVED_AGENTS = frozenset(_WORDS["removed_agents"])
NOT_AGENT_KINDS: dict[str, str] = dict(_WORDS["not_agent_kinds"])
"""What a report with no message to the agent is about, as the warning names it."""
_IN_AGENT = re.compile(r"^(?:then[ ,]+|and[ ,]+)?(?:in|inside|within|from)\s+", re.IGNORECASE)
"""A step that names where it happens ("In Doc Agent", GAIA's bug form) rather than a verb."""
_AND_THEN = re.compile(r"^\s*,?\s*(?:(?:and|then|&)\s+)+(?P<rest>\S.*)$")
_AGENT_STEP = re.compile(rf"{_STEP_LEAD}(?:{_VERBS['agent']})\b", re.IGNORECASE)


_LEAD = re.compile(r"^(?:(?:the|a|an|new|gaia(?:'s)?|up|on)\s+)*", re.IGNORECASE)
_UI_NAMES = ("agent ui", "gaia chat --ui", "gaia chat", "web ui", "webui", "chat ui", "ui", "chat")
_CLAUSE_SEP = re.compile(
    r"\s*[,;]\s+(?:and\s+|then\s+)*|\s+(?:and\s+)?then\s+"
    # "Open the Doc chat and upload report.pdf": the upload of a named file is its own clause
    rf"|\s+and\s+(?=(?:index|re-?index|upload|attach|drag|drop|load|import)\b[^,;]*?"
    rf"\.(?:{_DOC_EXT})(?![\w]))",
    re.IGNORECASE,
)


def agent_of(step: str) -> tuple[bool, str | None]:
    """Whether ``step`` is a set-up step opening the Agent UI or an agent, and which agent.

    "Open the Doc chat" → ``(True, "doc")``; "Launch the Agent UI" → ``(True, None)``;
    "Run `gaia chat --ui` and start a new Doc chat" and "In Doc Agent" (GAIA's bug form) →
    ``(True, "doc")``; anything said to the agent or any other action ("Open settings.json")
    → ``(False, None)``.
    """
    start = _AGENT_STEP.match(step)
    where = _IN_AGENT.match(step) if start is None else None
    if (start is None and where is None) or _QUOTED.search(step):
        return False, None
    begin = start.end() if start is not None else where.end() if where is not None else 0
    rest = " ".join(step[begin:].replace("`", " ").lower().split())
    rest = _LEAD.sub("", rest)
    for name, agent in AGENT_NAMES:
        if re.match(rf"{re.escape(name)}(?![\w])", rest):
            if where is not None and rest[len(name) :].strip(" .!:"):
                return False, None  # "in doc agent …" followed by more is not a set-up step
            return True, agent if agent not in REMOVED_AGENTS else None
    if where is not None:
        return False, None
    for name in _UI_NAMES:
        if re.match(rf"{re.escape(name)}(?![\w-])", rest):
            more = _AND_THEN.match(rest[len(name) :].lstrip(" -").removeprefix("ui").strip())
            if more is not None:  # "Run `gaia chat --ui` and start a new Doc chat"
                opened, agent = agent_of(more["rest"])
                if opened and agent is not None:
                    return True, agent
            return True, None
    return False, None


def clauses(step: str) -> list[str]:
    """``step`` split at commas, semicolons and "then" outside quotations.

    "Open the Doc chat, upload report.pdf, ask \"…\"" is three actions in one step.
    """
    quoted = [m.span() for m in _QUOTED.finditer(step)]
    parts: list[str] = []
    begin = 0
    for match in _CLAUSE_SEP.finditer(step):
        if any(a <= match.start() < b for a, b in quoted):
            continue
        parts.append(step[begin : match.start()])
        begin = match.end()
    parts.append(step[begin:])
    return [p.strip() for p in parts if p.strip()]


@dataclass
class _Read:
    """What the sections of an issue say, gathered by kind before the turns are built."""

    steps: list[str] = field(default_factory=list)
    criteria: list[str] = field(default_factory=list)
    descriptions: list[str] = field(default_factory=list)
    actual: list[str] = field(default_factory=list)
    environment: list[str] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)
    checkboxes: dict[str, list[Checkbox]] = field(default_factory=dict)
    prompt: str | None = None
    logs: list[EvidenceEntry] = field(default_factory=list)


@dataclass
class _Setup:
    """The set-up clauses taken out of the steps: documents indexed, agents opened."""

    kept: list[str]
    documents: list[str] = field(default_factory=list)
    setup_steps: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)


def parse_issue(title: str | None, body: str | None) -> ParsedIssue:
    """Parse one issue (title and markdown body) into turns, criteria and evidence."""
    warnings: list[str] = []
    text = _body_text(body, warnings)
    prose, blocks = extract_code(text)
    sections, structured = split_sections(prose)
    used: dict[int, EvidenceEntry] = {}
    labels = {normalise_label(s.label) for s in sections if s.label}
    form = _detect_form(labels, structured, text)
    read = _read_sections(sections, blocks, used)

    setup = _take_setup([s for s in (_clean_step(s) for s in read.steps) if s and not is_filler(s)])
    kept = setup.kept
    turns, observed = _turns_and_observed(kept, setup.setup_steps, sections, blocks, used)
    prompt = read.prompt
    if prompt and not is_filler(prompt) and not any(t.user_message for t in turns):
        turns = _place_prompt(turns, prompt)

    description = "\n\n".join(d.strip() for d in read.descriptions if d.strip()) or None
    from_title = False
    if not turns:
        turns = _seed_turns(description, title, prompt)
        from_title = bool(turns) and description is None
    extra: list[str] = []
    if len(turns) > MAX_TURNS:
        extra = [t.objective for t in turns[MAX_TURNS:]]
        warnings.append(f"{len(turns)} steps; the first {MAX_TURNS} became turns")
        turns = turns[:MAX_TURNS]
    if description:
        description = capped_text(description)
    success = _success_criteria(read.criteria, form, description)
    evidence = [used[k] for k in sorted(used)] + read.logs
    parts = [
        *kept,
        *setup.setup_steps,
        *read.actual,
        *read.descriptions,
        *(b.text for b in blocks),
        *(e.text for e in read.logs),
    ]
    agents = setup.agents
    if len(agents) > 1:
        warnings.append(
            f"the steps open several agents ({', '.join(agents)}); the record keeps the first"
        )
    return ParsedIssue(
        form=form,
        turns=turns,
        success_criteria=success,
        description=description,
        evidence=evidence,
        actual="\n\n".join(read.actual).strip() or None,
        environment="\n".join(read.environment).strip() or None,
        observed=observed,
        fields=read.fields,
        checkboxes=read.checkboxes,
        extra_steps=extra,
        documents=setup.documents,
        setup_steps=setup.setup_steps,
        warnings=warnings,
        steps_from_title=from_title,
        agent_type=agents[0] if agents else None,
        not_agent=_why_not_agent(title, parts, turns),
    )


def _body_text(body: str | None, warnings: list[str]) -> str:
    """The body with one kind of line end and pasted ``\\n`` escapes undone, cut at
    ``MAX_BODY_CHARS`` (a warning says so)."""
    text = unescape_newlines((body or "").replace("\r\n", "\n").replace("\r", "\n"))
    if len(text) > MAX_BODY_CHARS:
        warnings.append(
            f"issue body is {len(text)} characters; only the first {MAX_BODY_CHARS} were parsed"
        )
        text = cut_at_space(text, MAX_BODY_CHARS)
    return text


def _read_sections(
    sections: list[Section], blocks: list[EvidenceEntry], used: dict[int, EvidenceEntry]
) -> _Read:
    """What the sections say, by kind; every code block becomes evidence, referenced or not."""
    read = _Read()
    for section in sections:
        _read_section(read, section, blocks, used)
    for index in range(len(blocks)):
        if index not in used:
            _evidence_refs(f"{_CODE}{index}{_CODE}", None, blocks, used)
    _steps_from_lists(read)
    return read


def _success_criteria(criteria: list[str], form: str, description: str | None) -> str | None:
    """The criteria sections, or a free-form description's "should" sentences, capped."""
    if not criteria and form == "freeform" and description:
        criteria = [s for s in _sentences(description) if _SHOULD.search(s)]
    success = "\n".join(criteria).strip()
    return capped_text(success) if success else None


def capped_text(text: str, slack: int = 0) -> str:
    """``text`` cut before a word at ``MAX_TEXT_CHARS`` with `` …`` marking the cut, when it
    is longer than that by more than ``slack``."""
    if len(text) <= MAX_TEXT_CHARS + slack:
        return text
    return cut_at_space(text, MAX_TEXT_CHARS).rstrip() + " …"


def _read_section(
    read: _Read, section: Section, blocks: list[EvidenceEntry], used: dict[int, EvidenceEntry]
) -> None:
    """Add one section to what the issue says, by the section's kind."""
    raw = "\n".join(
        ln for ln in section.text.split("\n") if ln.strip().lower() != NO_RESPONSE
    ).strip()
    label = section.label or ""
    items, loose = list_items(raw)
    if section.kind is not Kind.checks and items and not loose and all(map(_TASK.match, items)):
        _read_task_list(read, section.kind, items, label)
        return
    if _CODE not in raw and is_filler(raw):
        return
    content = _evidence_refs(raw, section.label, blocks, used)
    reader = _SECTION_READERS.get(section.kind)
    if reader is None:
        read.fields[label] = cut_at_space(content, MAX_TEXT_CHARS)
    else:
        reader(read, _Body(section.kind, raw, content, label))


@dataclass(frozen=True)
class _Body:
    """A section's kind, its text, that text with code blocks referenced, and its label."""

    kind: Kind
    raw: str
    content: str
    label: str


def _read_task_list(read: _Read, kind: Kind, items: list[str], label: str) -> None:
    """A section written as a task list keeps its boxes; under expected, they are criteria."""
    boxes = read.checkboxes[label or "checklist"] = _checkboxes(items)
    if kind in (Kind.expected, Kind.acceptance):
        # acceptance criteria written as a task list are still the criteria
        ticked = [_clean_step(b.text) for b in boxes]
        crit = "\n".join("- " + t for t in ticked if t and not is_filler(t))
        if crit:
            read.criteria.append(crit)


def _read_steps(read: _Read, body: _Body) -> None:
    """A steps section: its list is the steps (else its lines), prose before it describes,
    after it reports."""
    found, before, after = split_list(body.content)
    if not found:
        found = [ln.strip() for ln in body.content.split("\n") if ln.strip()]
        before = after = ""
    read.steps.extend(found)
    for text, into in ((before, read.descriptions), (after, read.actual)):
        kept = "\n".join(ln for ln in text.split("\n") if not is_filler(ln)).strip()
        if kept:
            into.append(kept)


def _read_criteria(read: _Read, body: _Body) -> None:
    """An expected-behaviour or acceptance section: the success criteria."""
    items, loose = list_items(body.content)
    parts = [ln.strip() for ln in loose if not is_filler(ln)]
    parts += ["- " + step for step in map(_clean_step, items) if not is_filler(step)]
    crit = "\n".join(p for p in parts if p.strip())
    if crit:
        read.criteria.append(crit)


def _read_actual(read: _Read, body: _Body) -> None:
    """What happened; "Error: …" keeps its label: the line says what it is."""
    named = normalise_label(body.label).startswith("error")
    read.actual.append(f"{body.label}: {body.content}" if named else body.content)


def _read_environment(read: _Read, body: _Body) -> None:
    """The environment, labelled."""
    read.environment.append(f"{body.label}: {body.content}" if body.label else body.content)


def _read_prompt_or_model(read: _Read, body: _Body) -> None:
    """A prompt or model section: its first line is the value, the rest what happened."""
    head, rest = _head_and_rest(body.content, body.kind is Kind.model)
    if body.kind is Kind.prompt:
        read.prompt = _clean_inline(head.strip().strip("\"“”'")) or None
    elif head:
        read.fields["model"] = _clean_inline(head)
    if rest:
        read.actual.append(rest)


def _read_logs(read: _Read, body: _Body) -> None:
    """A logs section: plain text is log evidence; prose beside code blocks is what happened."""
    if _CODE not in body.raw:
        text_kept = cut_at_space(body.raw, MAX_EVIDENCE_CHARS)
        read.logs.append(EvidenceEntry("log", body.label, text_kept))
    elif any(
        ln.strip() and not _BLOCK_REF.fullmatch(ln.strip()) for ln in body.content.split("\n")
    ):
        read.actual.append(body.content)


def _read_description(read: _Read, body: _Body) -> None:
    """A description section."""
    read.descriptions.append(body.content)


def _read_checks(read: _Read, body: _Body) -> None:
    """A checks section (the form's own check boxes)."""
    read.checkboxes[body.label] = _checkboxes(list_items(body.raw)[0])


_SECTION_READERS: dict[Kind, Callable[[_Read, _Body], None]] = {
    Kind.steps: _read_steps,
    Kind.expected: _read_criteria,
    Kind.acceptance: _read_criteria,
    Kind.actual: _read_actual,
    Kind.environment: _read_environment,
    Kind.prompt: _read_prompt_or_model,
    Kind.model: _read_prompt_or_model,
    Kind.logs: _read_logs,
    Kind.description: _read_description,
    Kind.checks: _read_checks,
}
"""The reader of each kind of section; a section of another kind is kept as a field."""


def _steps_from_lists(read: _Read) -> None:
    """With no steps section, the first list in a description (or of quoted prompts) is."""
    if read.steps:
        return
    for i, desc in enumerate(read.descriptions):
        items, before, after = split_list(desc)
        items = [it for it in items if not is_filler(it) and not _TASK.match(it)]
        if items:
            read.steps = items
            read.descriptions[i] = before
            if after:
                read.actual.insert(0, after)
            return
    # "What's wrong" or a section of another name that lists what the user said, each
    # item a quoted prompt ("1. \"draft a reply …\" → …"): those items are the steps
    for text in [*read.actual, *read.fields.values()]:
        items = [it for it in split_list(text)[0] if not is_filler(it)]
        if any(classify_step(it).user_message for it in items):
            read.steps = items
            return


def _take_setup(kept: list[str]) -> _Setup:
    """Opening the Agent UI or an agent's chat and indexing a file are how GAIA's simulator
    sets a session up (create_session(agent_type=…), index_documents), not something the
    user says: those clauses leave the turns; the rest stays a turn."""
    setup = _Setup(kept=kept)
    for step in list(kept):
        remaining: list[str] = []
        was_setup = False
        for clause in clauses(step):
            opens, agent = agent_of(clause)
            names = [] if opens else document_names(clause)
            if opens and agent and agent not in setup.agents:
                setup.agents.append(agent)
            setup.documents.extend(n for n in names if n not in setup.documents)
            if opens or names:
                was_setup = True
            else:
                remaining.append(clause)
        if was_setup:
            setup.setup_steps.append(step)
            kept[kept.index(step)] = ", ".join(remaining)
    setup.kept = [s for s in kept if s]
    return setup


def _turns_and_observed(
    kept: list[str],
    setup_steps: list[str],
    sections: list[Section],
    blocks: list[EvidenceEntry],
    used: dict[int, EvidenceEntry],
) -> tuple[list[ParsedTurn], list[str]]:
    """The turns and what was observed, from the steps (or the prose); set-up steps are added
    to ``setup_steps``."""
    reports = [is_observed(s) for s in kept]
    said = [
        [ParsedTurn(_clean_inline(s))] if report else _with_block_query(classify_step(s), s, used)
        for s, report in zip(kept, reports, strict=True)
    ]
    if any(t[0].user_message for t in said):
        # Read as a person does: what is said to the agent is a turn; a step before the last
        # message that says nothing (a click, a connection, an indexed folder) is set-up, one
        # after it or one that reports is what happened.
        last = max(i for i, t in enumerate(said) if t[0].user_message)
        turns: list[ParsedTurn] = []
        observed: list[str] = []
        for i, (step, step_turns, report) in enumerate(zip(kept, said, reports, strict=True)):
            if step_turns[0].user_message:
                turns.extend(step_turns)
                reply = _ARROW.split(step, maxsplit=1)[1:]
                observed.extend(_clean_inline(r) for r in reply if r.strip())
            elif (report and not (i < last and _ACTION_START.match(step))) or (
                i > last and not _UI_START.match(step)
            ):
                observed.append(step)
            else:
                setup_steps.append(_show_blocks(step, used))
        return turns, observed
    # no step says anything: each acted step's turn is its classify_step (no block query)
    acted = [(s, t[0]) for s, t, report in zip(kept, said, reports, strict=True) if not report]
    seen = [s for s, report in zip(kept, reports, strict=True) if report]
    spoken = prose_messages(sections, blocks)
    if spoken:
        setup_steps.extend(_show_blocks(s, used) for s, _ in acted)
        return [ParsedTurn(objective, message) for objective, message in spoken], seen
    if not acted:
        return [classify_step(s) for s in kept], []
    return [turn for _, turn in acted], seen


def _seed_turns(description: str | None, title: str | None, prompt: str | None) -> list[ParsedTurn]:
    """With no turn found, one from the description's first paragraph or the title."""
    seed = _first_paragraph(description) if description else None
    seed = seed or _clean_inline(title or "")
    if not seed:
        return []
    turn = classify_step(seed)
    if turn.user_message and not _said_at_start(seed):
        # a quotation in a paragraph nobody says to the agent is a word, not a message
        turn = ParsedTurn(turn.objective)
    if prompt and not is_filler(prompt) and not turn.user_message:
        turn = ParsedTurn(turn.objective, prompt)
    return [turn]


def _signal(entry: dict[str, Any]) -> re.Pattern[str]:
    """One kind's signals (``issue_words.yaml``) as one pattern."""
    regex = "|".join(entry.get("any", [])) or rf"\b(?:{'|'.join(entry['words'])})\b"
    return re.compile(regex, 0 if entry.get("case") else re.IGNORECASE)


_NOT_AGENT_SIGNALS = tuple((str(e["kind"]), _signal(e)) for e in _WORDS["not_agent_signals"])
"""The kinds of a report with no message to the agent, with their signals, in the order tried."""
_INSTALL = _NOT_AGENT_SIGNALS[0][1]
"""An install or build failure: the first kind tried, and over more of the report."""


MAX_INSTALL_SCAN = 200_000
MAX_NOT_AGENT_SCAN = 50_000
"""Characters read for what a report with no message is about (the title and the report's
head say it; a pasted log adds nothing)."""


def _why_not_agent(title: str | None, parts: list[str], turns: list[ParsedTurn]) -> NotAgent | None:
    """Why a report in which nothing is said to the agent is no agent conversation.

    An install or build failure first (``pip install``, a wheel that does not build,
    ``ModuleNotFoundError``), then a program that fails as it starts, then the UI, then the
    set-up of a model or agent, then a command of GAIA's; ``None`` when a turn says something
    to the agent (a tool's ``ImportError`` after a question is the agent's bug) or nothing
    points elsewhere. The signals are the phrases found, lower-cased, at most three.
    """
    if any(t.user_message for t in turns):
        return None
    texts = [title or "", *parts]
    found = _phrases(_INSTALL, [text[:MAX_INSTALL_SCAN] for text in texts])
    if found:
        return NotAgent("install", found, build=True)
    head = "\n".join(texts)[:MAX_NOT_AGENT_SCAN]
    for kind, pattern in _NOT_AGENT_SIGNALS:
        found = _phrases(pattern, [head], cut=80)
        if found:
            return NotAgent(kind, found)
    return None


def _phrases(pattern: re.Pattern[str], texts: list[str], cut: int | None = None) -> list[str]:
    """The first three distinct phrases ``pattern`` finds in ``texts``, lower-cased on one
    line (each cut before a word at ``cut`` characters when given)."""
    found: list[str] = []
    for text in texts:
        for match in pattern.finditer(text):
            phrase = " ".join(match.group(0).lower().split())
            phrase = cut_at_space(phrase, cut) if cut is not None else phrase
            if phrase not in found:
                found.append(phrase)
            if len(found) == 3:
                return found
    return found


def observed_narrative(parsed: ParsedIssue) -> str | None:
    """What the reporter saw, in their words: the observed prose and steps, no code refs.

    The draft's description keeps it (scrubbed with the rest), so "the first answer was
    correct; the second was invented" is not lost to the record when the form put it after
    the steps.
    """
    lines = [
        ln.strip()
        for ln in (parsed.actual or "").split("\n")
        if ln.strip() and not _BLOCK_REF.fullmatch(ln.strip())
    ]
    lines += [s for s in parsed.observed if s.strip()]
    text = "\n".join(dict.fromkeys(lines)).strip()
    return capped_text(text) if text else None


def _sentences(text: str) -> list[str]:
    flat = _clean_inline(" ".join(text.split("\n")))
    return [part.strip() for part in re.split(r"(?<=[.!?])\s+", flat) if part.strip()]


def _clean_step(step: str) -> str:
    task = _TASK.match(step)
    if task:
        step = task.group(2)
    return step.strip()


def _first_paragraph(text: str) -> str:
    for para in re.split(r"\n\s*\n", text):
        cleaned = _clean_inline(" ".join(ln for ln in para.split("\n") if ln.strip()))
        if cleaned and not cleaned.startswith("[code block"):
            return cut_at_space(cleaned, MAX_SEED_CHARS)
    return ""


def _place_prompt(turns: list[ParsedTurn], prompt: str) -> list[ParsedTurn]:
    """The form's ``Prompt used`` goes on the step that mentions sending it, else is added."""
    for i, turn in enumerate(turns):
        if _SAY.search(turn.objective):
            return [*turns[:i], ParsedTurn(turn.objective, prompt), *turns[i + 1 :]]
    return [*turns, ParsedTurn("Send the prompt from the report", prompt)]


_QUERY_FLAG = re.compile(
    r"(?:^|\s)(?:--query|--prompt|-q|-p)(?:\s+|=)(?:'([^'\n]{2,})'|\"((?:[^\"\\\n]|\\.){2,})\")"
)
"""A prompt passed on a command line: ``gaia-tui run gaia --query '…'``, ``gaia email -q "…"``."""
_CHAT_LINE = re.compile(
    r"^\s*(?:[$>%]\s*)?(?:gaia(?:-tui)?\s+)?(?:chat|llm|ask|prompt)\s+(?:-{1,2}[\w-]+\s+)*"
    r"(?:'([^'\n]{2,})'|\"([^\"\n]{2,})\")\s*$"
)
"""A prompt typed at GAIA's own prompt or command: ``chat "what is this document about?"``."""
_PROCESSING = re.compile(r"\bProcessing:\s*(?:'([^'\n]{2,})'|\"([^\"\n]{2,})\")")
"""GAIA's agent echoing the query it runs (``🤖 Processing: 'What size LLM can I run?'``)."""
_PROSE_SAID = re.compile(
    r"\b(?:ask|asks|asked|asking|type|typed|typing|send|sends|sent|sending|enter|entered"
    r"|prompt|prompted|query|queried|told|task|question|request|instruct(?:ed)?)\b"
    r"(?P<between>[^\"“'.\n]{0,30}?)(?:[\"“](?P<said>[^\"”\n]{2,500})[\"”]"
    r"|(?<![\w])'(?P<single>(?:[^'\n]|'(?=[a-z])){2,300}?)'(?![\w]))",
    re.IGNORECASE,
)
"""Prose that says what the user said: ``I asked it "…"``, ``When I send the prompt, "…"``,
``on a coding task ("…")``; a word quoted anywhere else in prose is not a message."""
_NEW_CLAUSE = re.compile(
    r"\b(?:said|says|wrote|writes|and|but|because|which|while)\b|[;]", re.IGNORECASE
)
"""Between a verb of saying and a quotation: a new clause ("I asked it and it said "…"")."""
_QUOTE_ARROW = re.compile(
    r"(?:[\"“](?P<d>[^\"”\n]{2,300})[\"”]|(?<![\w])'(?P<s>(?:[^'\n]|'(?=[a-z])){2,300}?)'(?![\w]))"
    r"\s*(?:\([^)\n]{0,40}\)\s*)?(?:→|->|=>|⇒)$"
)
_ARROW_MARK = re.compile(r"→|->|=>|⇒")
MAX_ARROWS_PER_LINE = 50
"""Arrows looked at in one line: a prompt and its answer are a few per line, a log has many."""
_QUOTE_END = re.compile(r"[\"”'](?:\s*\([^)\n]{0,40}\))?\s*$")
"""A quotation and what it led to, ``'What's on my calendar this week' → 2024 events``: the
quotation is what the user said."""
_THEN_SAID = re.compile(
    r"\s*,?\s*(?:and\s+)?(?:then|followed by|after that)\s*,?\s*(?:asked\s+|sent\s+|typed\s+)?"
    r"[\"“]([^\"”\n]{2,})[\"”]",
    re.IGNORECASE,
)
"""The next message of the same sentence: ``I asked "…", then "…"``."""


_TYPED = re.compile(r"^\s*(?:You:|email>)\s*(\S.*?)\s*$")
"""A line typed at GAIA's interactive prompts (``You: `` in ``gaia chat``, ``email> ``; amd/gaia
78bbc30 ``src/gaia/cli.py``; the lines in docs/gaia-formats.md#cli)."""


def block_queries(text: str) -> list[str]:
    """The prompts a code block sends to the agent, in order (none for a log or a script)."""
    found: list[str] = []
    for line in text.split("\n"):
        for pattern in (_QUERY_FLAG, _CHAT_LINE, _PROCESSING, _TYPED):
            match = pattern.search(line)
            if match:
                said = next(g for g in match.groups() if g).replace('\\"', '"').strip()
                if said and said not in found:
                    found.append(said)
                break
    return found[:MAX_TURNS]


def _words(text: str) -> bool:
    """Whether ``text`` reads as words someone says: two words of letters, no path in it."""
    return re.search(r"[^\W\d_]{2,}\s+[^\W\d_]", text) is not None and not re.search(
        r"[\\/]\S", text
    )


def _block_of(ref: re.Match[str], used: dict[int, EvidenceEntry]) -> str:
    entry = used.get(int(ref.group(1)) - 1)
    return entry.text if entry else ""


def _with_block_query(
    turn: ParsedTurn, step: str, used: dict[int, EvidenceEntry]
) -> list[ParsedTurn]:
    """A step whose code block sends prompts (``Query the document: ```chat "…"````) says them,
    one turn each."""
    if turn.user_message:
        return [turn]
    for ref in _BLOCK_REF.finditer(step):
        queries = block_queries(_block_of(ref, used))
        if queries:
            return [ParsedTurn(turn.objective, query) for query in queries]
    return [turn]


def _show_blocks(step: str, used: dict[int, EvidenceEntry]) -> str:
    """A set-up step with the first line of each code block it runs (``/index .\\data\\pdf``)."""

    def first(ref: re.Match[str]) -> str:
        line = next((ln.strip() for ln in _block_of(ref, used).split("\n") if ln.strip()), "")
        return f"`{cut_at_space(line, 200)}`" if line else ref.group(0)

    return _BLOCK_REF.sub(first, step)


def _said_at_start(text: str) -> bool:
    """Whether a paragraph is itself something said ("Ask the agent …", a ``>`` quote)."""
    return _SAY_START.match(text.strip()) is not None or text.lstrip()[:1] in (">", '"', "“")


def prose_messages(sections: list[Section], blocks: list[EvidenceEntry]) -> list[tuple[str, str]]:
    """``(objective, message)`` for what the report's prose and commands say to the agent.

    Read when no step says anything: a quotation after a verb or noun of saying ("I asked
    it \"…\"", "the prompt, \"…\"", "a coding task (\"…\")") and a prompt in a command
    (``--query '…'``, ``chat "…"``), in the order the report gives them; quotations in the
    expected or observed sections are not the user's words.
    """
    found: list[tuple[str, str]] = []
    for section in sections:
        if section.kind not in (Kind.description, Kind.steps, Kind.other, Kind.setup):
            # a line typed at GAIA's own prompt is what the user said wherever it was pasted
            # (the environment, the observed behaviour); nothing else there is
            if section.kind not in (Kind.expected, Kind.acceptance):
                found.extend(
                    ("Send the message typed at GAIA's prompt", typed.group(1))
                    for line in section.text.split("\n")
                    if (typed := _TYPED.match(line))
                )
            continue
        intro = ""
        for line in section.text.split("\n"):
            if len(found) >= 2 * MAX_TURNS:
                break  # more than a report's worth of messages: the rest is not read
            marker = _MARKER.search(line)
            if marker:
                for query in block_queries(blocks[int(marker.group(1))].text):
                    found.append(("Send the prompt from the report's command", query))
                continue
            if not line.strip():
                continue
            objective = cut_at_space(_clean_inline(line), MAX_SEED_CHARS)
            if line.lstrip().startswith(">") and intro:
                quoted = _clean_inline(line.lstrip()[1:])
                if quoted:
                    found.append((intro, quoted))
                continue
            typed = _TYPED.match(line)
            if typed:
                found.append(("Send the message typed at GAIA's prompt", typed.group(1)))
                continue
            intro = objective if line.rstrip().endswith(":") and _SAY.search(line) else ""
            found.extend((objective, said) for said in _said_in_line(line))
    if not found:
        found = _asked_to(sections)
    unique: dict[str, tuple[str, str]] = {}
    for objective, said in found:
        unique.setdefault(said, (objective, said))
    return list(unique.values())[:MAX_TURNS]


def _said_in_line(line: str) -> Iterator[str]:
    """What one line of prose says to the agent, in the order ``prose_messages`` takes it: a
    prompt in a backtick command, a quotation after a verb or noun of saying (and the ones
    the sentence goes on to), a quotation right before an arrow."""
    for span in _BACKTICK.finditer(line):
        yield from block_queries(span.group(1))
    for match in _PROSE_SAID.finditer(line):
        between = match.group("between")
        if _OBSERVED_VERB.search(between) or _NEW_CLAUSE.search(between):
            continue
        said = _clean_inline(match.group("said") or match.group("single")).rstrip(",;")
        if said and not is_filler(said):
            yield said
        rest = line[match.end() :]
        while (more := _THEN_SAID.match(rest)) is not None:
            yield _clean_inline(more.group(1)).rstrip(",;")
            rest = rest[more.end() :]
    for arrow in itertools.islice(_ARROW_MARK.finditer(line), MAX_ARROWS_PER_LINE):
        yield from _quote_before(line, arrow.start(), arrow.end())


def _quote_before(line: str, start: int, end: int) -> Iterator[str]:
    """The quotation right before the arrow at ``start``..``end``, if it reads as words."""
    # only a quotation right before the arrow counts: look no further back than the few
    # hundred characters it can hold, and only when a quote mark ends there
    if not _QUOTE_END.search(line[max(0, start - 48) : start]):
        return
    quote = _QUOTE_ARROW.search(line[max(0, start - 320) : end])
    if quote is None:
        return
    said = _clean_inline(quote.group("d") or quote.group("s")).rstrip(",;")
    if said and not is_filler(said) and _words(said):
        yield said


_ASKED_TO = re.compile(
    r"\bI\s+(?:asked|told|prompted|instructed)\s+(?:it|gaia|the\s+(?:agent|assistant|model|chat"
    r"|bot|doc agent|email agent))\s+(?:to\s+)?(?P<what>[a-z][^.;!?\n]{3,160}?)"
    r"(?=\s*(?:[.;!?]|,|\band\b|\bbut\b|$))",
    re.IGNORECASE,
)
"""An unquoted request in prose, ``I asked the agent to summarize my notes``: the user message
is the request in the user's words (``Summarize my notes``), read only when nothing is quoted."""


def _asked_to(sections: list[Section]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for section in sections:
        if section.kind not in (Kind.description, Kind.steps, Kind.other):
            continue
        for line in section.text.split("\n"):
            for match in _ASKED_TO.finditer(line):
                what = _clean_inline(match.group("what"))
                found.append(
                    (cut_at_space(_clean_inline(line), MAX_SEED_CHARS), what[:1].upper() + what[1:])
                )
    return found
