"""An issue (REST JSON) → a draft scenario, observations and a record source → ``write_draft``.

The scenario gets only what a judge should see: the title as ``name``, the labels as ``tags``,
the user-facing steps as turns, the expected behaviour and acceptance criteria as
``success_criteria`` (a marked placeholder where the issue gives none). Everything else the
issue says (code blocks and logs, the observed failure, environment, form fields, comments)
goes to the record's observations, which GAIA never pastes into its judge prompt. Scrubbing,
validation and the atomic write are ``drafting.write_draft``'s, shared with every importer.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import (
    GAIA_PERSONAS,
    DraftScenario,
    DraftTurn,
    Evidence,
    IndexDocument,
    Setup,
    Source,
    SourceType,
    TurnEvidence,
    placeholder,
)
from intake.drafting.from_session import (
    DEFAULT_PERSONA,
    CorpusFile,
    DocumentSeen,
    check_category,
    corpus_by_name,
    scrub_title,
)
from intake.drafting.issue_parse import (
    MAX_EVIDENCE_CHARS,
    NOT_AGENT_KINDS,
    ParsedIssue,
    capped_text,
    code_ref,
    observed_narrative,
    parse_issue,
)
from intake.drafting.tail import (
    DraftPlan,
    DraftResult,
    new_record_source,
    scenario_mapping,
    titled_id,
    write_draft,
)
from intake.errors import UsageError
from intake.scrub.ids import cut_before_token
from intake.sources.github_issue import IssueData, comment_count, issue_labels
from intake.sources.model import json_field
from intake.textcut import cut_at_space

TECHNICAL_PERSONA = "power_user"
assert {DEFAULT_PERSONA, TECHNICAL_PERSONA} <= set(GAIA_PERSONAS)
MAX_NAME_CHARS = 200
MAX_TAGS = 20


def scenario_id(number: int, title: str) -> str:
    """``issue_<N>_<slug of the scrubbed title>`` (``titled_id``)."""
    return titled_id(f"issue_{number}", title)


def _distinct_ids(scenario_id: str, number: int, locator: str) -> tuple[str, str]:
    """The id (and its fallback) when another source holds ``issue_<N>_…`` (the same number
    in another repository): ``issue_<N>_<8 hex of the locator>_…``."""
    head = f"issue_{number}"
    mark = hashlib.sha256(locator.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    rest = scenario_id.removeprefix(head)
    return cut_before_token(f"{head}_{mark}{rest}", 64, words=True), f"{head}_{mark}"


def _persona(parsed: ParsedIssue) -> str:
    """CLI/SDK reports and internal tasks come from technical users; others from casual ones."""
    if parsed.form == "gaia_internal_task":
        return TECHNICAL_PERSONA
    for box in parsed.checkboxes.get("Quick check", []):
        text = box.text.lower()
        if box.checked and ("cli command" in text or "sdk" in text):
            return TECHNICAL_PERSONA
    return DEFAULT_PERSONA


def _comment_hint(comment: dict[str, Any], number: int, problems: list[str]) -> dict[str, Any]:
    where = f"comment {number}: "
    body = json_field(comment, "body", "string", problems, where) or ""
    hint: dict[str, Any] = {
        "created_at": json_field(comment, "created_at", "string", problems, where),
        "author_association": json_field(comment, "author_association", "string", problems, where),
        "body": cut_at_space(body, MAX_EVIDENCE_CHARS),
    }
    if len(body) > MAX_EVIDENCE_CHARS:
        hint["original_chars"] = len(body)
    return hint


def _title(data: IssueData, problems: list[str]) -> str:
    """The issue's title on one line (a title of the wrong JSON type is noted and empty)."""
    return " ".join((json_field(data.issue, "title", "string", problems) or "").split())


def build_issue_draft(
    data: IssueData,
    *,
    category: str | None = None,
    with_comments: bool = False,
    tracker_labels: list[str] | None = None,
    corpus_names: dict[str, CorpusFile] | None = None,
) -> DraftPlan:
    """The scenario, observations, source and evidence of one issue; pure apart from the clock.

    The id and name come from the raw title here; ``draft_from_issue`` replaces both when
    the title holds anything the scrubber finds. Labels in ``tracker_labels`` (the tracker's
    workflow: ``bug``, ``triage``…) are not tags; documents the steps index are matched to the
    corpus by ``corpus_names`` (file name → manifest entry) when possible.
    """
    issue = data.issue
    number = data.number
    problems: list[str] = []
    title = _title(data, problems)
    body = json_field(issue, "body", "string", problems) or ""
    parsed = parse_issue(title, body)
    warnings = _read_warnings(parsed, body)
    link = issue.get("html_url")
    if not isinstance(link, str) or not link.strip():
        link = f"https://github.com/{data.repo}/issues/{number}"

    turns = _issue_turns(parsed)
    persona = _persona(parsed)
    description = _with_code_refs(_description(parsed, title, number), turns, parsed)
    labels = issue_labels(issue, problems)[:MAX_TAGS]
    workflow = {label.lower() for label in (tracker_labels or [])}
    tags = [label for label in labels if label.lower() not in workflow]
    index_documents, matched = _issue_documents(parsed, corpus_names or {})
    scenario = DraftScenario(
        id=scenario_id(number, title),
        name=cut_at_space(title or f"Issue #{number}", MAX_NAME_CHARS),
        category=check_category(category),
        description=description,
        persona=persona,
        source=Source(type=SourceType.issue, link=link),
        difficulty_rationale=placeholder("one line, in your words, on why this case is hard"),
        setup=Setup(index_documents=index_documents),
        turns=turns,
    )
    if tags:
        scenario.tags = tags
    left = len(parsed.documents) - len(matched)
    if left:
        warnings.append(f"{left} document(s) to index became setup placeholders")

    observations = _issue_observations(
        data, parsed, title, labels, tags, matched, problems, warnings, with_comments=with_comments
    )
    source = new_record_source(
        "issue",
        f"github:{data.repo}#{number}",
        link=link,
        details={
            "repo": data.repo,
            "number": number,
            "labels": tags,
            "form": parsed.form,
            "comments_fetched": len(data.comments) if with_comments else 0,
            **({"agent_type": parsed.agent_type} if parsed.agent_type else {}),
            **provenance(data),
        },
    )
    return DraftPlan(scenario, observations, source, issue_evidence(scenario), warnings)


def _issue_observations(
    data: IssueData,
    parsed: ParsedIssue,
    title: str,
    labels: list[str],
    tags: list[str],
    matched: list[DocumentSeen],
    problems: list[str],
    warnings: list[str],
    *,
    with_comments: bool,
) -> dict[str, Any]:
    """The record's observations of an issue: its fields, the form, the evidence and what else
    the body says; with ``with_comments`` its comments as hints; last the fields of the wrong
    JSON type (``problems``), counted in ``warnings``."""
    issue = data.issue
    observations: dict[str, Any] = {
        "issue": {
            "number": data.number,
            "title": title,
            "state": json_field(issue, "state", "string", problems),
            "labels": labels,
            "created_at": json_field(issue, "created_at", "string", problems),
            "updated_at": json_field(issue, "updated_at", "string", problems),
            "comments": json_field(issue, "comments", "number", problems),
            "author_association": json_field(issue, "author_association", "string", problems),
        },
        "form": parsed.form,
        "evidence": [entry.record() for entry in parsed.evidence],
    }
    for key, value in (
        ("not_agent_scenario", _not_agent_scenario(parsed)),
        ("actual_behavior", parsed.actual),
        ("observed", parsed.observed),
        ("environment", parsed.environment),
        ("fields", parsed.fields),
        ("checkboxes", {k: [asdict(b) for b in v] for k, v in parsed.checkboxes.items()}),
        ("extra_steps", parsed.extra_steps),
        ("setup_steps", parsed.setup_steps),
        ("documents_matched", matched),
        ("tracker_labels", [label for label in labels if label not in tags]),
        ("agent_type", parsed.agent_type),
        ("warnings", parsed.warnings),
    ):
        if value:
            observations[key] = value
    if with_comments:
        observations["hints"] = [
            _comment_hint(c, n, problems) for n, c in enumerate(data.comments, start=1)
        ]
        if data.comments_truncated:
            warnings.append(f"only the first {len(data.comments)} comments were kept")
    if problems:
        observations["input_problems"] = problems
        warnings.append(f"{len(problems)} issue fields of the wrong type were ignored (see record)")
    return observations


def _read_warnings(parsed: ParsedIssue, body: str) -> list[str]:
    """What reading the body noticed (the parse's own warnings first), in the draft's order."""
    warnings = list(parsed.warnings)
    if not body.strip():
        warnings.append("the issue body is empty; the only turn comes from the title")
    elif parsed.steps_from_title:
        warnings.append("no steps or description were filled in; the only turn is the title")
    if parsed.success_criteria is None:
        warnings.append("no expected behaviour or acceptance criteria; criteria are placeholders")
    not_a_conversation = _not_a_conversation(parsed)
    if not_a_conversation:
        warnings.append(not_a_conversation)
    return warnings


def _issue_turns(parsed: ParsedIssue) -> list[DraftTurn]:
    """The scenario's turns; the criterion goes on the turn the user asked in: the last one
    that says something."""
    asking = [i for i, t in enumerate(parsed.turns, start=1) if t.user_message]
    last = asking[-1] if asking else len(parsed.turns)
    turns: list[DraftTurn] = []
    for index, step in enumerate(parsed.turns, start=1):
        if index == last and parsed.success_criteria:
            criteria = parsed.success_criteria
        elif index == last:
            criteria = placeholder(
                "what the agent must do here; the issue states no expected behaviour"
            )
        else:
            criteria = placeholder(
                "criteria for this step (the issue's expected behaviour is on the turn the "
                "user asked in)"
            )
        turn = DraftTurn(turn=index, objective=step.objective, success_criteria=criteria)
        if step.user_message:
            turn.user_message = step.user_message
        turns.append(turn)
    return turns


def _not_a_conversation(parsed: ParsedIssue) -> str | None:
    """The warning for an issue that reads as an install failure or another non-agent bug."""
    found = parsed.not_agent
    if found is None:
        return None
    head = f"this reads as {NOT_AGENT_KINDS[found.kind]} ({', '.join(found.signals)}), not an agent"
    if found.build:
        return (
            f"{head} conversation: GAIA's simulator cannot replay it; reject the draft (intake "
            "reject ID --reason …) unless a conversation with the agent is the bug"
        )
    return (
        f"{head} conversation: nothing in it is said to the agent, so GAIA's simulator cannot "
        "replay it; reject the draft (intake reject ID --reason …) unless you can add the "
        "message the user sent"
    )


def _with_code_refs(description: str, turns: list[DraftTurn], parsed: ParsedIssue) -> str:
    """A block whose text went to the record (the actual behaviour) still gets its reference
    in the draft, so a reviewer knows the evidence exists."""
    shown = "\n".join([description, *(t.objective for t in turns)])
    blocks = sum(entry.kind == "code" for entry in parsed.evidence)  # logs are not numbered
    refs = (code_ref(n) for n in range(1, blocks + 1))
    missing = [ref for ref in refs if ref not in shown]
    return f"{description}\n\n{' '.join(missing)}" if missing else description


def _issue_documents(
    parsed: ParsedIssue, corpus_names: dict[str, CorpusFile]
) -> tuple[list[IndexDocument | str], list[DocumentSeen]]:
    """The documents the steps index: matched to the corpus by file name, else placeholders."""
    index_documents: list[IndexDocument | str] = []
    matched: list[DocumentSeen] = []
    for name in parsed.documents:
        hit = corpus_names.get(name)
        if hit is not None and hit.corpus_doc and hit.path:
            index_documents.append(IndexDocument(corpus_doc=hit.corpus_doc, path=hit.path))
            matched.append({"name": name, "corpus_doc": hit.corpus_doc, "matched_by": "file name"})
        else:
            what = f"document {name!r} from the issue: add it to the corpus"
            index_documents.append(IndexDocument(path=placeholder(what)))
    return index_documents, matched


def _not_agent_scenario(parsed: ParsedIssue) -> dict[str, Any] | None:
    """The record's ``not_agent_scenario``: the kind of report, its signals and the reason."""
    found = parsed.not_agent
    if found is None:
        return None
    return ({"install_or_build": found.signals} if found.build else {}) | {
        "kind": found.kind,
        "signals": found.signals,
        "reason": f"{NOT_AGENT_KINDS[found.kind]}; nothing is said to the agent",
    }


def provenance(data: IssueData) -> dict[str, str]:
    """Where the issue was read: ``{"read_from": "github"}`` when intake fetched it, else
    ``{"read_from": "file", "file": NAME}``: a saved file's repository, number and link are
    what the file says, not what GitHub answered (the record must not claim a fetch)."""
    if data.file is None:
        return {"read_from": "github"}
    return {"read_from": "file", "file": _file_name(data.file)}


def _file_name(name: str) -> str:
    """The saved file's name as the draft and record show it: a plain name as it is, any other
    (a line break, a control or markup character) not repeated."""
    return name if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._ -]{0,99}", name) else "(name not shown)"


def origin_text(data: IssueData) -> str:
    """``github:OWNER/NAME#N``, or for a saved file ``the file NAME (github:…#N as it says)``."""
    coordinates = f"github:{data.repo}#{data.number}"
    if data.file is None:
        return coordinates
    shown = _file_name(data.file)
    return f"the file {shown} ({coordinates} as the file says; not fetched from GitHub)"


def _description(parsed: ParsedIssue, title: str, number: int) -> str:
    """The reporter's narrative: their description, then what they observed, in their words.

    Either alone when only one is given; the title when the issue gives neither. Scrubbed by
    ``write_draft`` with the rest of the draft.
    """
    described = (parsed.description or "").strip()
    observed = observed_narrative(parsed)
    if observed and observed not in described:
        described = f"{described}\n\nObserved: {observed}" if described else f"Observed: {observed}"
    return capped_text(described, slack=20) or title or f"GitHub issue #{number}"


ISSUE_EVIDENCE_NOTE = (
    "drafted from an issue: no tool calls were captured; each turn is a step of the report, "
    "with the message the reporter quoted"
)


def issue_evidence(scenario: DraftScenario) -> Evidence:
    """``Record.evidence`` for an issue: the turns with their quoted messages, no tools."""
    return Evidence(
        tools_available=False,
        note=ISSUE_EVIDENCE_NOTE,
        turns=[TurnEvidence(turn=t.turn, user_message=t.user_message) for t in scenario.turns],
    )


def read_issue(
    settings: Settings,
    number: int | None,
    *,
    repo: str | None = None,
    json_file: Path | None = None,
    comments: bool = False,
    category: str | None = None,
) -> IssueData:
    """The issue ``from-issue`` drafts: from ``json_file`` when given, else from GitHub.

    A file's issue must be ``number`` when both are given; without ``comments`` the file's
    comments are dropped (the network read does not fetch them). ``category`` is checked first,
    so a bad one costs no request.
    """
    from intake.sources.github_issue import check_repo, fetch_issue, load_issue_json

    if category is not None and not category.strip():
        raise UsageError("--category must not be empty")
    if category is not None:
        check_category(category)
    if json_file is not None:
        data = load_issue_json(json_file, repo or settings.github_repo)
        if number is not None and number != data.number:
            raise UsageError(
                f"the file holds issue #{data.number}, not #{number}", where=str(json_file)
            )
        if not comments:
            data.comments = []
        return data
    if number is None:
        raise UsageError("give an issue number, or --json FILE")
    return fetch_issue(
        settings.github_api_url, check_repo(repo or settings.github_repo), number, comments=comments
    )


def no_comments(data: IssueData, json_file: Path | None) -> str:
    """Why ``--comments`` keeps none, in one line (where intake looked)."""
    if json_file is None:
        return "the issue has no comments; none kept"
    if comment_count(data.issue):
        return (
            f"the file counts {comment_count(data.issue)} comments but holds none; none kept "
            '(save them as {"issue": …, "comments": […]}, or use `gh issue view N '
            "--json title,body,comments,…`)"
        )
    return "the file holds no comments; none kept"


def draft_from_issue(
    settings: Settings,
    data: IssueData,
    *,
    category: str | None = None,
    with_comments: bool = False,
    force: bool = False,
) -> DraftResult:
    """Build the draft for one issue and write it (scrubbed, validated, atomic, logged).

    The title is scrubbed before the id is made from it, with the fixture mapping the rest
    of the draft is then scrubbed with (one original, one fixture, in draft and record).
    """

    check_category(category)
    built = build_issue_draft(
        data,
        category=category,
        with_comments=with_comments,
        tracker_labels=settings.tracker_labels,
        corpus_names=corpus_by_name(settings),
    )
    title = _title(data, [])
    if title:
        everything = [scenario_mapping(built.scenario), built.observations, built.source.details]
        clean, found = scrub_title(settings, title, built.mapping, everything)
        # The id (file name, lock, ledger, output) is made from the scrubbed title only. A
        # slug of a title that held a secret carries it, lowercased past every recogniser,
        # so a title the scrubber found anything in gives no slug at all.
        built.scenario.id = scenario_id(data.number, "" if found else clean)
        if found:
            built.scenario.name = cut_at_space(clean, MAX_NAME_CHARS)
    built.header = (
        f"Drafted by intake from {origin_text(data)}. "
        "Replace every TODO(intake) placeholder before review."
    )
    built.ids = [
        (built.scenario.id, f"issue_{data.number}"),
        _distinct_ids(built.scenario.id, data.number, built.source.locator),
    ]
    return write_draft(settings, built, force=force)
