"""The data contract: scenarios in GAIA's format, intake's records, and their parts.

Pydantic is the source of truth; ``schema/*.schema.json`` is generated from these models and
committed (``intake.contract.schema``), and jsonschema validates files against the committed copy.
The
models are strict (no coercion) so both validators give the same verdict on every document.

Three scenario levels:

* ``LegacyScenario``: GAIA's own rules (``validate_scenario``), nothing more.
* ``DraftScenario``: GAIA's rules plus a ``source``; marked placeholders are allowed.
* ``Scenario`` (strict): what may live in ``scenarios/``: ``source`` and
  ``difficulty_rationale`` required, no placeholder left anywhere.

Unknown keys are kept (GAIA tolerates them and a person's edits must survive a round trip).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import datetime
from enum import StrEnum
from functools import partial
from pathlib import PurePath
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    WithJsonSchema,
    model_validator,
)
from pydantic.config import JsonDict

from intake.contract.plain import (
    ID_PATTERN,
    PLACEHOLDER_MARK,
    WINDOWS_RESERVED,
    RunTier,
    as_list,
    walk_strings,
)
from intake.errors import UsageError

SCHEMA_VERSION = 2
"""A record's ``schema_version``: 2 keeps each captured turn once, in ``evidence.turns``
(records of version 1 are upgraded on load: ``Record.upgrade``)."""

NO_PLACEHOLDER_PATTERN = r"^(?![\s\S]*TODO\(intake\))"

GAIA_PERSONAS = (
    "casual_user",
    "power_user",
    "confused_user",
    "adversarial_user",
    "data_analyst",
    "home_user",
    "small_business_owner",
    "student",
    "creative_professional",
)

LOGIN_PATTERN = r"^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\[bot\])?$"
"""A GitHub login (or an app's ``name[bot]``): letters, digits and single hyphens, at most 39;
no ``@`` or ``.``, so no e-mail is ever a reviewer. The one rule for every command."""


def valid_login(login: str) -> bool:
    """Whether ``login`` is a GitHub login (``LOGIN_PATTERN``)."""
    return re.fullmatch(LOGIN_PATTERN, login) is not None


def check_login(login: str) -> None:
    """A reviewer login from the command line; a bad one is refused and never echoed."""
    if not valid_login(login):
        raise UsageError(
            "invalid reviewer login (--reviewer; not shown): a GitHub login is letters, digits "
            "and single hyphens, at most 39 characters, not an e-mail address"
        )


WINDOWS_INVALID_CHARS = '<>:"/\\|?*'
"""Characters no Windows file name may hold (besides controls)."""

CATEGORY_PATTERN = rf"^(?!{WINDOWS_RESERVED}$)[a-z0-9][a-z0-9_-]{{0,63}}$"
"""Categories: a folder name under ``scenarios/`` (the same rule as ids)."""

_RESERVED_STEM = re.compile(rf"{WINDOWS_RESERVED}", re.IGNORECASE)


def windows_name_problem(name: str) -> str | None:
    """Why a file or folder name cannot be checked out on Windows, or None when it can.

    Control characters, ``<>:"/\\|?*``, a trailing dot or space, and the reserved device
    names in any case, alone or with an extension (``CON``, ``aux.yaml``, ``Lpt1.tar.gz``).
    The reason never repeats the name (it may be anything).
    """
    if not name:
        return "an empty name"
    if any(ord(c) < 32 or c == "\x7f" for c in name):
        return "a control character in the name"
    if any(c in WINDOWS_INVALID_CHARS for c in name):
        return 'a character Windows refuses in file names (<>:"/\\|?*)'
    if name[-1] in ". ":
        return "a name ending in a dot or a space"
    if _RESERVED_STEM.fullmatch(name.split(".", 1)[0].rstrip(" ")):
        return "a device name Windows reserves (CON, PRN, AUX, NUL, COM0-9, LPT0-9)"
    return None


def windows_problem(path: PurePath, root: PurePath) -> str | None:
    """Why one of the path's names below ``root`` (its own name when it is not below it)
    cannot be checked out on Windows, or None when all can."""
    parts = path.relative_to(root).parts if path.is_relative_to(root) else (path.name,)
    return next((p for p in map(windows_name_problem, parts) if p is not None), None)


def placeholder(what: str) -> str:
    """A marked placeholder that draft validation accepts and strict validation rejects."""
    return f"{PLACEHOLDER_MARK}: {what}"


def message_key(text: str) -> str:
    """``sha256:…`` of a user message normalised (NFKC, case-folded, whitespace collapsed).

    What binds a drafted turn to the captured turn it came from (``TurnEvidence.message_hash``):
    renumbering, re-indenting or re-wrapping a message keeps the binding, a new message
    breaks it. Taken over the scrubbed text, so it says nothing about a replaced value.
    """
    normal = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    return "sha256:" + hashlib.sha256(normal.encode("utf-8")).hexdigest()


def has_placeholder(value: Any) -> bool:
    """Whether any key or string in a (nested) value carries the placeholder mark (the walk of
    ``plain.placeholder_paths``, stopped at the first)."""
    return any(PLACEHOLDER_MARK in text for _, text in walk_strings(value, keys=True))


_T = TypeVar("_T", bound=BaseModel)

_STRICT = ConfigDict(strict=True, regex_engine="python-re", use_attribute_docstrings=True)
_OPEN = ConfigDict(**_STRICT, extra="allow")
_CLOSED = ConfigDict(**_STRICT, extra="forbid")

NonBlank = Annotated[str, Field(pattern=r"\S")]
Final = Annotated[str, Field(pattern=NO_PLACEHOLDER_PATTERN)]
FinalNonBlank = Annotated[str, Field(pattern=NO_PLACEHOLDER_PATTERN + r"[\s\S]*\S")]


class SourceType(StrEnum):
    """Where a scenario came from: real use (session, issue) or made up (hand, synthetic)."""

    session = "session"
    issue = "issue"
    hand = "hand"
    synthetic = "synthetic"


REAL_USE = frozenset({SourceType.session, SourceType.issue})


class Source(BaseModel):
    """The scenario's origin, as a link a reviewer can follow; never private data."""

    model_config = _CLOSED
    type: Annotated[SourceType, Field(strict=False)]
    """session, issue, hand or synthetic."""
    link: NonBlank
    """A URL or locator that identifies the origin (``gaia-session:<id>``, an issue URL)."""


class IndexDocument(BaseModel):
    """A document the runner indexes before the scenario; ``path`` is repository-relative."""

    model_config = _OPEN
    path: str
    corpus_doc: str | None = None


class Setup(BaseModel):
    """Scenario setup; GAIA requires ``index_documents`` (an empty list is fine)."""

    model_config = _OPEN
    index_documents: list[IndexDocument | str]
    memory_clear: bool | None = None


def _has_criterion(turn: _T) -> _T:
    """A turn's own check (every turn model's ``model_validator``): a non-empty
    ``ground_truth`` mapping or a non-blank ``success_criteria``."""
    gt, sc = getattr(turn, "ground_truth", None), getattr(turn, "success_criteria", None)
    if not (isinstance(gt, dict) and gt) and not (isinstance(sc, str) and sc.strip()):
        raise ValueError("turn needs a non-empty ground_truth mapping or a success_criteria")
    return turn


_CRITERION_SCHEMA: JsonDict = {
    "anyOf": [
        {
            "required": ["ground_truth"],
            "properties": {"ground_truth": {"type": "object", "minProperties": 1}},
        },
        {
            "required": ["success_criteria"],
            "properties": {"success_criteria": {"type": "string", "pattern": r"\S"}},
        },
    ]
}


class _TurnBase(BaseModel):
    model_config = ConfigDict(**_OPEN, json_schema_extra=_CRITERION_SCHEMA)

    turn: int
    """1-based turn number; the set of numbers must be exactly 1..len(turns)."""
    user_message: str | None = None
    """What the user says; without it GAIA's simulator writes it from objective and persona."""
    expected_tools: list[str] | None = None
    ground_truth: dict[str, Any] | None = None
    """Facts or behaviour the judge checks (``expected_answer``, ``doc_id``, ``fact_id``…)."""

    _criterion = model_validator(mode="after")(_has_criterion)


class DraftTurn(_TurnBase):
    """A turn of a draft: typed like a strict turn, but placeholders are allowed."""

    objective: str
    success_criteria: str | None = None
    """What the judge checks, in words; a mapping here was GAIA's old capture format (an error)."""


class Turn(_TurnBase):
    """A turn of a strict scenario: no placeholder in objective or criteria."""

    objective: FinalNonBlank
    user_message: Final | None = None
    success_criteria: Final | None = None


class _ScenarioBase(BaseModel):
    model_config = _OPEN

    schema_version: int | None = None
    id: str
    """Unique across the suite; intake-written ids are ``[a-z0-9_-]`` and match the file stem."""
    category: str
    persona: NonBlank | None
    """A GAIA persona (``casual_user``…); free text is allowed but only GAIA's set is built in."""
    setup: Setup
    name: str | None = None
    description: str | None = None
    severity: str | None = None
    expected_outcome: str | None = None
    tags: list[str] | None = None


class DraftScenario(_ScenarioBase):
    """A draft under ``drafts/``: GAIA's rules plus a ``source``; placeholders allowed."""

    id: Annotated[str, Field(pattern=ID_PATTERN)]
    turns: Annotated[list[DraftTurn], Field(min_length=1)]
    source: Source
    difficulty_rationale: str | None = None


class Scenario(_ScenarioBase):
    """What may live in ``scenarios/``: strict, with provenance and a person's rationale."""

    id: Annotated[str, Field(pattern=ID_PATTERN)]
    turns: Annotated[list[Turn], Field(min_length=1)]
    source: Source
    difficulty_rationale: Annotated[
        str, Field(pattern=NO_PLACEHOLDER_PATTERN + r"[^\n]*\S[^\n]*$", max_length=500)
    ]
    """One line, written by a person, on why the case is hard."""


def _entries_have_path(entries: list[Any]) -> list[Any]:
    for entry in entries:
        if isinstance(entry, dict) and "path" not in entry:
            raise ValueError("an index_documents mapping needs a path")
    return entries


def _not_a_mapping(value: Any) -> Any:
    if isinstance(value, dict):
        raise ValueError("success_criteria is a mapping (GAIA's old capture format)")
    return value


class LegacySetup(BaseModel):
    """GAIA's ``setup``: ``index_documents`` must be there; mapping entries need a ``path``."""

    model_config = _OPEN
    index_documents: Annotated[
        list[Any],
        AfterValidator(_entries_have_path),
        WithJsonSchema(
            {
                "type": "array",
                "items": {"if": {"type": "object"}, "then": {"required": ["path"]}},
            }
        ),
    ]


class LegacyTurn(BaseModel):
    """A turn exactly as GAIA's ``validate_scenario`` judges it: presence, not types."""

    model_config = ConfigDict(**_OPEN, json_schema_extra=_CRITERION_SCHEMA)
    turn: int
    objective: Any
    success_criteria: Annotated[
        Any, AfterValidator(_not_a_mapping), WithJsonSchema({"not": {"type": "object"}})
    ] = None
    ground_truth: Any = None

    _criterion = model_validator(mode="after")(_has_criterion)


class LegacyScenario(BaseModel):
    """GAIA's rules only, as its ``validate_scenario`` enforces them:
    the keys must be present; only persona, setup and turns are judged beyond that."""

    model_config = _OPEN
    id: Any
    category: Any
    persona: NonBlank | None
    setup: LegacySetup
    turns: Annotated[list[LegacyTurn], Field(min_length=1)]


class Level(StrEnum):
    """Validation levels."""

    legacy = "legacy"
    draft = "draft"
    strict = "strict"


SCENARIO_MODELS: dict[Level, type[BaseModel]] = {
    Level.legacy: LegacyScenario,
    Level.draft: DraftScenario,
    Level.strict: Scenario,
}


# --- records --------------------------------------------------------------------------------


class ScrubSpan(BaseModel):
    """Where one replacement happened: never the original value."""

    model_config = _CLOSED
    entity_type: str
    json_path: str
    """JSON path of the field (``$.turns[0].user_message``), or ``$`` for a plain text file."""
    start: int
    end: int
    tier: str | None = None
    """``final`` (a provider's exact shape, a key block) or ``restorable`` (a name, an entropy
    or a context rule), by ``intake.scrub.tiers``; absent in records made before issue 29."""
    value_hash: str | None = None
    """``hmac-sha256:<16 hex>`` of the original value under the suite's own salt (kept in the
    ignored ``.intake/``): what ``intake scrub --restore`` is bound to. Never the value."""
    context: str | None = None
    """A short stretch of the *scrubbed* text around the replacement, the fixture between
    ``«»``: what the reviewer's card shows. Never the original value."""


class Restore(BaseModel):
    """A replacement a reviewer gave back: bound to the salted hash of its value, never a name."""

    model_config = _CLOSED
    value_hash: str
    entity_type: str
    by: str | None = None
    reason: str
    at: datetime


class ScrubReport(BaseModel):
    """What the scrubber replaced, by type and location; never an original value."""

    model_config = _CLOSED
    scrubber_version: str
    config_hash: str
    """``sha256:…`` over the recognizer definitions, allow-lists and fixture formats used."""
    counts: dict[str, int] = Field(default_factory=dict)
    spans: list[ScrubSpan] = Field(default_factory=list)
    scrubbed_at: datetime | None = None


class HiddenRemoved(BaseModel):
    """Hidden characters removed from one field at import: how many of each kind, never which."""

    model_config = _CLOSED
    json_path: str
    """Where in the import: ``$.scenario.turns[1].user_message``, ``$.observations.issue.title``."""
    turn: int | None = None
    """The scenario or evidence turn number the field belongs to, if any."""
    counts: dict[str, int]
    """Kind (``tag``, ``bidi``, ``zero_width``, ``bom``, ``control``, ``variation``,
    ``format``) → number removed."""


class RecordSource(BaseModel):
    """Provenance of a draft: what it came from and how it was captured."""

    model_config = _CLOSED
    kind: SourceType
    locator: str
    """Stable locator (``gaia-session:<uuid>``, ``github:<owner>/<repo>#<n>``, a file name)."""
    link: str | None = None
    captured_at: datetime
    private: bool = False
    intake_version: str
    details: dict[str, Any] = Field(default_factory=dict)
    """Source-specific facts (model used, store kind, message ids, labels); always scrubbed."""


class ReviewDecision(StrEnum):
    """A reviewer's verdict."""

    approve = "approve"
    reject = "reject"
    changes_requested = "changes_requested"
    dismissed = "dismissed"
    """A pull-request review dismissed on GitHub: that reviewer neither approves nor objects."""


class Rubric(BaseModel):
    """A reviewer's structured judgement, as SWE-bench Verified's annotators give it."""

    model_config = _CLOSED
    underspecified: Annotated[int, Field(ge=0, le=3)]
    """How underspecified the task is: 0 well specified … 3 almost impossible to solve."""
    criteria: Annotated[int, Field(ge=0, le=3)]
    """Whether the criteria would accept a wrong answer or reject a right one: 0 never … 3."""
    minutes: Annotated[int, Field(ge=0, le=10080)]
    """Minutes a person needs to solve the task."""


class Review(BaseModel):
    """A review, bound to the hash of the whole draft file it judged."""

    model_config = _CLOSED
    reviewer: str
    decision: ReviewDecision
    content_hash: str
    """``sha256:…`` of the whole file at review time; any edit makes the review stale."""
    at: datetime
    via: Literal["manual", "github_pr"] = "manual"
    note: str | None = None
    pr_url: str | None = None
    commit: str | None = None
    review_id: int | None = None
    """GitHub's id of the review this one was read from (``intake review --pr``): the gate
    corroborates against that very review, not any approval of the same login and commit."""
    rubric: Rubric | None = None
    """The optional structured rubric (required for promotion with ``require_rubric``)."""
    judge_text_ack: list[str] = Field(default_factory=list)
    """Fingerprints of the judge-directed text the reviewer saw and accepts (``--ack-judge-text``);
    ``intake check`` warns on any other (see ``intake.contract.untrusted``)."""


class RunBase(BaseModel):
    """What every run of a scenario by GAIA's runner holds: the run, its result, the model
    under test and the judge, and the runnable content it ran (``Run``, a draft's recorded
    run; ``SuiteRun``, an imported run of a suite scenario)."""

    model_config = _CLOSED
    tier: RunTier
    run_id: str
    status: str
    score: float | None = None
    model: str
    """The model under test (from ``--model`` or a ``meta.json`` beside the scorecard)."""
    judge_model: str | None = None
    runnable_hash: str
    """``sha256:…`` of persona, setup, turns and agent_type as the scenario was run."""
    at: datetime
    recorded_at: datetime


class Run(RunBase):
    """A GAIA runner result for this scenario, bound to its runnable content."""

    scorecard: str | None = None
    """Scorecard file name (no directories: they may be private)."""
    iteration: int | None = None
    """Which of ``intake run --iterations N`` this was (1-based); None when recorded by hand."""
    runner_exit: int | None = None
    """The runner's exit status when ``intake run`` drove it; None when recorded by hand."""
    scorecard_path: str | None = None
    """The scorecard's path relative to the suite root, when it lies inside the suite."""
    warnings: list[str] = Field(default_factory=list)
    """What was noticed but not refused (paraphrased user messages, model equal to the judge)."""


class SuiteType(StrEnum):
    """Which lane a promoted case serves: measuring capability or guarding against regression."""

    capability = "capability"
    regression = "regression"


class ControlRun(BaseModel):
    """A negative control: GAIA's judge on the replayed captured answers (``intake control``)."""

    model_config = _CLOSED
    run_id: str
    status: str
    score: float | None = None
    judge_model: str | None = None
    runnable_hash: str
    """``sha256:…`` of persona, setup, turns and agent_type when the control was recorded."""
    replay_hash: str
    """``sha256:…`` of the replayed answers and tool steps (the record's evidence)."""
    at: datetime
    recorded_at: datetime
    iteration: int | None = None
    runner_exit: int | None = None
    scorecard_path: str | None = None
    turns_replayed: int = 0
    """How many user messages the replay answered with a captured answer."""
    warnings: list[str] = Field(default_factory=list)


class Promotion(BaseModel):
    """The promotion stamp: when, by whom, which gates were met."""

    model_config = _CLOSED
    at: datetime
    by: str
    gates: dict[str, str]
    content_hash: str
    """``sha256:…`` of the scenario file as written into the suite (with its suite tag)."""
    allow_saturated: str | None = None
    from_path: str
    to_path: str
    difficulty: str | None = None
    """``easy``, ``medium`` or ``hard`` from the tiers' pass rates at promotion."""
    suite: SuiteType | None = None
    """The lane the case was promoted into (also a tag in the scenario); None before suites."""
    draft_hash: str | None = None
    """``sha256:…`` of the draft's bytes, when the written scenario differs from them (a tag)."""
    criteria_hash: str | None = None
    """``sha256:…`` of the turns' criteria at promotion (what labelled controls are bound to)."""
    allow_passing_control: str | None = None
    """Why the criteria may pass the captured failure (``--allow-passing-control``)."""


class Adoption(BaseModel):
    """The adoption stamp: an existing scenario given provenance, not promoted through intake."""

    model_config = _CLOSED
    at: datetime
    by: str
    """Who vouched for the provenance (``--reviewer``)."""
    content_hash: str
    """``sha256:…`` of the file as adopted (with its ``source``)."""
    path: str


class Revision(BaseModel):
    """A scenario sent back to drafts by ``intake revise``: when, by whom, the stamp it had."""

    model_config = _CLOSED
    at: datetime
    by: str
    promotion: Promotion | None = None
    adoption: Adoption | None = None


# --- evidence: what happened in the captured conversation -----------------------------------


class ToolOutcome(StrEnum):
    """How a captured tool call ended, as intake judged it (not as the store's flag says)."""

    ok = "ok"
    failed = "failed"
    blocked = "blocked"
    """Refused by a policy or guardrail before it ran."""
    unconfirmed = "unconfirmed"
    """The store kept no outcome (no flag, no result): never an expected tool."""


# The one shape of a tool call, from the store to the record: the session readers build it as
# the store kept it, drafting caps it; the docstring below is the schema's description.
class ToolCallEvidence(BaseModel):
    """One tool call of a turn, scrubbed and capped: what a reviewer needs to judge the case."""

    model_config = _CLOSED

    tool: str
    arguments: str | None = None
    """The arguments as the store kept them (GAIA's step ``detail``), scrubbed and capped."""
    result: str | None = None
    """The result summary as the store kept it, scrubbed and capped."""
    outcome: ToolOutcome
    stored_success: bool | None = None
    """The success flag the store wrote (GAIA writes ``true`` for most failed calls)."""
    rule: str | None = None
    """Which rule decided the outcome (``flag``, ``return_code``, ``result:<shape>``…)."""
    reason: str | None = None
    """Why a call counts as failed or blocked, in words (scrubbed)."""
    latency_ms: float | None = None
    truncated: bool = False
    """Arguments or result were cut at the evidence size limit."""


def called_ok(calls: list[ToolCallEvidence]) -> list[str]:
    """The tools of ``calls`` that ended ok, each once, in the order first called."""
    return list(dict.fromkeys(call.tool for call in calls if call.outcome is ToolOutcome.ok))


class TurnEvidence(BaseModel):
    """One drafted turn as it happened: the message, the captured answer and the tool calls."""

    model_config = _CLOSED

    turn: int
    user_message: str | None = None
    message_hash: str | None = None
    """``message_key`` of the scrubbed user message: how the card finds this turn's evidence
    after turns are deleted or renumbered (older records: matched by the message's text)."""
    answer: str | None = None
    """The agent's captured answer: evidence for the reviewer, never the criterion."""
    error_fallback: str | None = None
    """The kind of error fallback the answer is (``agent_error``…), when it is one."""
    tools: list[ToolCallEvidence] = Field(default_factory=list)
    message_refs: list[str] = Field(default_factory=list)
    """The store's references of the turn's messages (user rows, then replies)."""
    merged_user_messages: int | None = None
    """How many consecutive user messages were merged into this turn, when more than one."""
    agent_errors: list[str] = Field(default_factory=list)
    """Errors the store flagged on the turn's replies (scrubbed)."""
    attachments: list[str] = Field(default_factory=list)
    """Attachment names the user message referred to (each a placeholder document)."""
    notes: list[str] = Field(default_factory=list)
    """What drafting noticed about the turn (an answer cut, a message the store mangled)."""


class Evidence(BaseModel):
    """The captured conversation behind a draft, turn by turn (scrubbed with the draft)."""

    model_config = _CLOSED

    tools_available: bool = True
    """False when the source kept no tool calls (a Markdown export, an issue)."""
    ok_calls_kept: bool = True
    """False in a record upgraded from one that kept only failed, blocked and unconfirmed
    calls (schema 1 without evidence): its successful calls are not itemised."""
    note: str | None = None
    turns: list[TurnEvidence] = Field(default_factory=list)


class SuiteRun(RunBase):
    """A run of a suite scenario (promoted or adopted) by GAIA's runner, imported from a nightly
    or CI ``scorecard.json`` (``intake runs import``); what ``intake health`` classifies."""

    failure_category: str | None = None
    """The first failing turn's ``failure_category`` (GAIA's judge writes one per turn)."""
    gaia_commit: str | None = None
    """GAIA's commit the runner ran (``--commit``, ``meta.json``, ``GITHUB_SHA``); None unknown."""
    machine: str | None = None
    """The runner machine (``--machine``, ``meta.json``, ``RUNNER_NAME``); None unknown."""
    kind: Literal["scorecard", "trace"] = "scorecard"


class RecordedRun(SuiteRun):
    """A run a record carries from ``intake run`` or ``run-record`` (``Record.runs``) as
    ``intake health`` reads it beside GAIA's nightly runs: read when it started inside the
    window or after it, never the run the window is counted back from (a draft's runs recorded
    weeks after the nightly stopped would move the window past every nightly run)."""

    recorded: ClassVar[bool] = True


class LifecycleState(StrEnum):
    """A suite scenario's lifecycle beyond promotion."""

    active = "active"
    quarantined = "quarantined"
    retired = "retired"


class LifecycleChange(BaseModel):
    """A quarantine, its lifting, or a retirement: who, when, why, and the file it left."""

    model_config = _CLOSED
    state: LifecycleState
    reason: str
    by: str
    at: datetime
    content_hash: str
    """``sha256:…`` of the scenario file as this change wrote it."""
    before_hash: str
    """``sha256:…`` of the file before the change (the stamp it replaced)."""
    path: str
    """Where the scenario file is after the change (suite-relative)."""


class BugLink(BaseModel):
    """The GitHub issue a scenario's bug was filed as, and its closing (the fix), cached."""

    model_config = _CLOSED
    issue: str
    """``github:<owner>/<repo>#<n>``."""
    via: Literal["source", "reviewer"] = "source"
    """``source``: the scenario was drafted from the issue; ``reviewer``: a reviewer named it."""
    named_by: str | None = None
    closed_at: datetime | None = None
    state_reason: str | None = None
    """GitHub's ``state_reason`` (``completed``, ``not_planned``, ``reopened``) when closed."""
    fix_commit: Annotated[str, Field(pattern=r"^[0-9a-f]{7,40}$")] | None = None
    """The commit that closed the issue, when the closing names one (GitHub's ``closed`` event
    ``commit_id``): "before the fix" is then decided by git ancestry (``intake.lifecycle.bugs``)."""
    checked_at: datetime | None = None
    """When the closing was last read (None: never)."""


class Record(BaseModel):
    """The JSON file beside each draft or scenario: provenance, scrub, reviews, runs, promotion."""

    model_config = _CLOSED
    schema_version: int = SCHEMA_VERSION
    id: Annotated[str, Field(pattern=ID_PATTERN)]
    """The scenario's YAML ``id``: the one key of a scenario; a record's id is validated like
    the scenario's, so no id carries a control character or markup into any output."""
    source: RecordSource
    author: str | None = None
    """Who drafted it, when known; a reviewer must be someone else."""
    drafter: list[str] = Field(default_factory=list)
    """Every identity of the drafter known when drafting (the ``author`` setting,
    ``$GITHUB_ACTOR``, git's ``github.user``, ``user.name`` and the part of ``user.email``
    before the ``@``): a reviewer matching any of them is the author (``gates.same_person``)."""
    scrub: ScrubReport | None = None
    restores: list[Restore] = Field(default_factory=list)
    """Restorable replacements a reviewer gave back (``intake scrub --restore``), with who and
    why; the value comes back only where a re-import from the local source can read it."""
    hidden_removed: list[HiddenRemoved] = Field(default_factory=list)
    """Hidden characters (format and control characters) removed from the imported text."""
    observations: dict[str, Any] = Field(default_factory=dict)
    """Scrubbed evidence: captured answers, failed and policy-blocked tools, flagged errors."""
    evidence: Evidence | None = None
    """The captured conversation turn by turn, with every tool call (what ``intake show`` shows)."""
    reviews: list[Review] = Field(default_factory=list)
    runs: list[Run] = Field(default_factory=list)
    controls: list[ControlRun] = Field(default_factory=list)
    """Negative controls: the judge on the replayed captured failure (``intake control``)."""
    promotion: Promotion | None = None
    adoption: Adoption | None = None
    """Set by ``intake adopt``: an existing scenario given provenance without promotion."""
    revisions: list[Revision] = Field(default_factory=list)
    """Earlier promotion or adoption stamps, kept when ``intake revise`` sent it back."""
    suite_runs: list[SuiteRun] = Field(default_factory=list)
    """Runs of the suite scenario imported from nightly or CI scorecards (``intake runs
    import``)."""
    lifecycle: list[LifecycleChange] = Field(default_factory=list)
    """Quarantines, their lifting and retirement, oldest first (``intake quarantine``,
    ``intake retire``)."""
    bug: BugLink | None = None
    """The issue of the bug the scenario stands for, and its cached closing."""

    @model_validator(mode="before")
    @classmethod
    def upgrade(cls, data: Any) -> Any:
        """A record of an older ``schema_version`` in today's shape (``upgrade_record``)."""
        return upgrade_record(data)


OLDER_EVIDENCE_NOTE = (
    "an older record: failed, blocked and unconfirmed calls only; successful calls "
    "are not itemised (expected_tools were taken from them); it keeps no user "
    "messages, so its evidence is paired with the turns by their numbers (check "
    "them if turns were deleted or renumbered)"
)
_TURN_NOTES = ("message_refs", "merged_user_messages", "agent_errors", "attachments", "notes")
"""What a version-1 record kept of a session turn in ``observations`` and nowhere else."""


class _V1Call(BaseModel):
    """A failed or blocked call of a version-1 observation turn."""

    tool: Any = "?"
    rule: Any = None
    reason: Any = None

    def as_tool(self, outcome: str) -> dict[str, str]:
        return (
            {"tool": str(self.tool), "outcome": outcome}
            | ({"rule": str(self.rule)} if self.rule is not None else {})
            | ({"reason": str(self.reason)} if self.reason is not None else {})
        )


def _mappings(value: Any) -> list[Any]:
    return [item for item in as_list(value) if isinstance(item, dict)]


class _V1Turn(BaseModel):
    """A turn of a version-1 record's ``observations["turns"]``: what is not a list where a
    list is due is read as none (version 1's drafting wrote lists), the notes are extras."""

    model_config = ConfigDict(extra="allow")
    turn: StrictInt
    answer: Any = None
    failure: Any = None
    failed_tools: Annotated[list[_V1Call], BeforeValidator(_mappings)] = []
    blocked_tools: Annotated[list[_V1Call], BeforeValidator(_mappings)] = []
    unconfirmed_tools: Annotated[list[Any], BeforeValidator(as_list)] = []

    def notes(self) -> dict[str, Any]:
        """The fields version 1 kept here and nowhere else (``_TURN_NOTES``), as they are."""
        extra = self.model_extra or {}
        return {k: extra[k] for k in _TURN_NOTES if k in extra}

    def as_evidence(self) -> dict[str, Any]:
        """This turn (no evidence beside it) as a ``TurnEvidence`` mapping."""
        return {
            "turn": self.turn,
            "answer": str(self.answer) if self.answer is not None else None,
            "error_fallback": str(self.failure) if self.failure is not None else None,
            "tools": [call.as_tool("failed") for call in self.failed_tools]
            + [call.as_tool("blocked") for call in self.blocked_tools]
            + [{"tool": str(name), "outcome": "unconfirmed"} for name in self.unconfirmed_tools],
            **self.notes(),
        }


class _Turns(BaseModel):
    """A version-1 ``observations`` or ``evidence`` mapping: its ``turns``, the rest kept."""

    model_config = ConfigDict(extra="allow", strict=True)
    turns: list[Any]


class _Numbered(BaseModel):
    """An evidence turn's number, if it has one (its other fields are kept as they are)."""

    turn: Any = None


class _V1Record(BaseModel):
    """What ``upgrade_record`` reads of a record; the rest of the mapping is kept as it is."""

    schema_version: StrictInt = 1
    observations: Any = None
    evidence: Any = None


def _parsed(model: type[_T], value: Any) -> _T | None:
    """``value`` as ``model``, or None when it does not have that shape."""
    try:
        return model.model_validate(value)
    except ValidationError:
        return None


def upgrade_record(data: Any) -> Any:
    """A version-1 record's mapping as version 2: each captured turn once, in ``evidence``.

    Version 1 kept each session turn twice: ``observations["turns"]`` (the answer, the failed,
    blocked and unconfirmed calls, message references, errors and notes) and
    ``evidence["turns"]`` (the answer and every call). The observation's own fields move to the
    evidence turn of the same number; a record older still (no evidence) gets its evidence
    built from the observations, marked as keeping no successful calls. Anything else, and a
    record of version 2 or later, is returned as it is (validation judges it).
    """
    old = _parsed(_V1Record, data) if isinstance(data, dict) else None
    if old is None or old.schema_version >= SCHEMA_VERSION:
        return data
    upgraded = {**data, "schema_version": SCHEMA_VERSION}
    observations = _parsed(_Turns, old.observations)
    if observations is None:
        return upgraded
    seen = {t.turn: t for t in map(partial(_parsed, _V1Turn), observations.turns) if t is not None}
    evidence: Any = old.evidence
    found = _parsed(_Turns, evidence)
    if found is not None:
        evidence = {**evidence, "turns": [_with_notes(t, seen) for t in found.turns]}
    elif evidence is None:
        evidence = {
            "ok_calls_kept": False,
            "note": OLDER_EVIDENCE_NOTE,
            "turns": [item.as_evidence() for _, item in sorted(seen.items())],
        }
    return {**upgraded, "observations": observations.model_extra, "evidence": evidence}


def _with_notes(turn: Any, seen: dict[int, _V1Turn]) -> Any:
    """An evidence turn with the notes of the observation turn of its number, if any."""
    if not isinstance(turn, dict):
        return turn
    observed = seen.get(_Numbered.model_validate(turn).turn)
    return {**turn, **observed.notes()} if observed is not None else turn


class Standing(StrEnum):
    """What intake's record beside a suite file says of it, which decides how it is judged:
    the one rule ``validate``, ``check`` and ``promote`` share (``standing``;
    ``intake.contract.validate.validate_file`` applies it)."""

    none = "none"
    """No record (or a draft): judged by its level (``choose_level``)."""
    recorded = "recorded"
    """Promoted, or a record that cannot be read: judged strictly."""
    adopted = "adopted"
    """Adopted and not promoted: judged strictly, a missing ``difficulty_rationale`` being
    a warning (GAIA's files carry none; ``intake adopt --rationale`` adds one)."""


def standing(has_record: bool, record: Record | None) -> Standing:
    """The standing of a suite file with (``has_record``) or without a record beside it;
    ``record`` is the record as loaded (None: unreadable)."""
    if not has_record:
        return Standing.none
    if record is not None and record.promotion is None and record.adoption is not None:
        return Standing.adopted
    return Standing.recorded
