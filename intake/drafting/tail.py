"""The shared tail of every importer: scrub → validate → write draft and record → ledger.

Importers build a ``DraftPlan``: the scenario as the typed ``DraftScenario`` (the model that
also generates the schema), observations and evidence for the record, and a ``RecordSource``;
``write_draft`` does the rest the same way for every source. The scenario becomes a mapping only
to be scrubbed with the rest and written as YAML (``scenario_mapping``), and is validated back
into the model before it is written.
Scrubbing covers the scenario, the observations and the source details together, with one
fixture mapping, so the same original gets the same fixture in the draft and its record.
Nothing is written unless scrubbing and draft validation both succeed, and both files appear
by rename.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from intake import __version__
from intake.config import Settings
from intake.contract import schema
from intake.contract.models import (
    DraftScenario,
    DraftTurn,
    Evidence,
    HiddenRemoved,
    IndexDocument,
    Level,
    Record,
    RecordSource,
    Restore,
    ScrubReport,
    SourceType,
    message_key,
)
from intake.contract.plain import ScenarioView, TurnView
from intake.contract.untrusted import JudgeHit, clean_tree, describe_hits, judge_hits, strip_hidden
from intake.contract.yamlio import (
    JsonPath,
    YamlProblem,
    dump_roundtrip,
    json_path,
    literal,
    parse_checked,
    to_plain,
)
from intake.errors import DraftBusy, InputError, IntakeError, SourceError, UsageError
from intake.fileio import lone_surrogate_in, read_input
from intake.gitutil import git_text
from intake.limits import MAX_COMPARED_CHARS, MAX_RECORD_BYTES, MAX_SCENARIO_BYTES
from intake.paths import display_path
from intake.scrub import FixtureMap, scrub_tree, scrubber_for
from intake.scrub.ids import carries_original, cut_before_token, plain_identifier
from intake.scrub.tiers import record_salt, suite_salt
from intake.store.details import ImportDetail, ScrubDetail
from intake.store.edit import Edit, edit
from intake.store.journal import Event, Unit
from intake.store.records import (
    check_id,
    dump_record,
    load_record,
    record_path,
    safe_child,
    utcnow,
)
from intake.store.suite import acting_author, refuse_outside_root, safe_author
from intake.userconfig import Environ

SCENARIO_KEY_ORDER = (
    "id",
    "name",
    "category",
    "description",
    "persona",
    "source",
    "difficulty_rationale",
    "severity",
    "tags",
    "setup",
    "turns",
)
TURN_KEY_ORDER = (
    "turn",
    "objective",
    "user_message",
    "expected_tools",
    "ground_truth",
    "success_criteria",
)
DOCUMENT_KEY_ORDER = ("corpus_doc", "path")
NEAR_DUPLICATE_RATIO = 0.9
MAX_DRAFT_ID_CHARS = 64
"""Longest id a drafter makes (``plain_identifier``'s limit: file, lock and ledger names)."""


def slug(text: str, limit: int = 40) -> str:
    """Lowercase ASCII ``[a-z0-9_]`` slug; may be empty (the caller picks a fallback).

    The cut at ``limit`` never leaves part of a word: it goes back to before the word it
    would have split (``cut_before_token``), so no token is left half-shown.
    """

    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slugged = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")
    return cut_before_token(slugged, limit, words=True).strip("_")


def titled_id(head: str, title: str | None) -> str:
    """``<head>_<slug of title>``, or ``head`` alone when the title slugs to nothing plain.

    ``title`` must be the scrubbed title. The slug (at most 40 characters) is cut before a
    word, never inside one, to keep the id within ``MAX_DRAFT_ID_CHARS``; a result that is not
    a plain identifier (a fixture or mask left in it) gives ``head``, which carries nothing of
    the title.
    """
    room = min(40, MAX_DRAFT_ID_CHARS - len(head) - 1)
    tail = slug(title or "", room) if room > 0 else ""
    full = f"{head}_{tail}" if tail else head
    return full if plain_identifier(full) else head


def scenario_mapping(scenario: DraftScenario) -> dict[str, Any]:
    """The scenario as a plain mapping in GAIA's key order (its files', and the order every
    builder sets them in): what is scrubbed, with the record's parts, and written as YAML."""
    data = _dumped(scenario, SCENARIO_KEY_ORDER)
    data["setup"]["index_documents"] = [
        _dumped(entry, DOCUMENT_KEY_ORDER) if isinstance(entry, IndexDocument) else entry
        for entry in scenario.setup.index_documents
    ]
    data["turns"] = [_dumped(turn, TURN_KEY_ORDER) for turn in scenario.turns]
    return data


def _dumped(model: BaseModel, order: tuple[str, ...]) -> dict[str, Any]:
    """The fields set on ``model`` as JSON values: known keys first in ``order``, the rest
    after in their own order."""
    data = model.model_dump(mode="json", exclude_unset=True)
    head = {key: data[key] for key in order if key in data}
    return {**head, **{k: v for k, v in data.items() if k not in head}}


def typed_scenario(data: Any, where: str) -> DraftScenario:
    """``data`` (a mapping read or scrubbed) as the typed draft; IntakeError when it is not one."""
    try:
        return DraftScenario.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"])
        raise IntakeError(
            f"the drafted scenario is invalid: {first['msg']}", where=f"{where} {place}"
        ) from None


@dataclass
class DraftPlan:
    """One draft as its builder made it (a session's, an issue's), unscrubbed: what
    ``write_draft`` scrubs, validates and writes with its record."""

    scenario: DraftScenario
    """The scenario as it will be written (YAML), placeholders marked."""
    observations: dict[str, Any]
    """What the source held beyond the turns (``Record.observations``)."""
    source: RecordSource
    evidence: Evidence | None = None
    """The record's evidence (scrubbed with the rest; structural fields kept)."""
    warnings: list[str] = field(default_factory=list)
    """What the builder noticed that blocks nothing (put before the writer's own)."""
    header: str | None = None
    """The comment line the draft's file opens with."""
    ids: list[tuple[str, str | None]] = field(default_factory=list)
    """The ids the draft may take, in order, each with its title-less fallback (see
    ``write_draft``); empty: ``scenario.id`` alone."""
    mapping: FixtureMap = field(default_factory=FixtureMap)
    """The fixtures of what the importer scrubbed first (the title it made the id from): one
    original gets one fixture in the draft and the record."""


@dataclass
class DraftResult:
    """What ``write_draft`` wrote."""

    path: Path
    record_path: Path
    record: Record
    scenario: DraftScenario
    warnings: list[str] = field(default_factory=list)


def user_text(turns: Sequence[TurnView | DraftTurn]) -> str:
    """The user side of a scenario (messages, else objectives), for near-duplicate checks."""
    return "\n".join(t.user_message or t.objective or "" for t in turns).strip().lower()


def near_duplicates(scenario: DraftScenario, folders: list[Path], *, skip: Path) -> list[str]:
    """Existing drafts or scenarios whose user messages are nearly the same (paths)."""

    mine = user_text(scenario.turns)[:MAX_COMPARED_CHARS]
    if not mine:
        return []
    hits = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.yaml")):
            if path.resolve() == skip.resolve():
                continue
            try:
                raw = read_input(path, what="scenario", limit=MAX_SCENARIO_BYTES)
                other = user_text(ScenarioView.of(parse_checked(raw).data).turns)[
                    :MAX_COMPARED_CHARS
                ]
            except (OSError, YamlProblem, InputError):
                continue
            if not other:
                continue
            matcher = difflib.SequenceMatcher(None, mine, other, autojunk=False)
            # the cheap upper bounds first: most files are told apart without the full ratio
            if (
                matcher.real_quick_ratio() >= NEAR_DUPLICATE_RATIO
                and matcher.quick_ratio() >= NEAR_DUPLICATE_RATIO
                and matcher.ratio() >= NEAR_DUPLICATE_RATIO
            ):
                hits.append(str(path))
    return hits


def _yaml_text(scenario: DraftScenario, header: str | None) -> str:
    """The draft's file: the header comment, then the scenario with its long or multi-line
    texts as literal blocks (top level and turns)."""
    data = scenario_mapping(scenario)
    body = {k: literal(v) if isinstance(v, str) else v for k, v in data.items()}
    body["turns"] = [
        {k: literal(v) if isinstance(v, str) else v for k, v in turn.items()}
        for turn in data["turns"]
    ]
    return (f"# {header}\n" if header else "") + dump_roundtrip(body)


def write_draft(settings: Settings, plan: DraftPlan, *, force: bool = False) -> DraftResult:
    """Scrub, validate and write a draft and its record; log import and scrub events.

    Ids: each of ``plan.ids`` comes with its fallback, the id without its title part
    (``session_<short id>``, ``issue_<N>``): when the title part holds, as a word, a value the
    scrubber replaced anywhere in the draft (``carries_original``), the draft is written under
    the fallback instead. When a draft or scenario of another source (its record's locator,
    compared once scrubbed) holds the id, the next one is tried; ``force`` replaces only a
    draft from the same source, never another one.

    The plan's evidence is scrubbed in the same pass, so a message, a tool's arguments and
    its result get the same fixtures as the draft; its structural fields (turn numbers,
    outcomes, rules, flags) are kept as they were.
    The ledger is opened before anything is written, so a broken ledger leaves no draft.
    """
    for what, tree in (
        ("the scenario", scenario_mapping(plan.scenario)),
        ("the evidence", _evidence_mapping(plan)),
    ):
        bad = lone_surrogate_in(tree)
        if bad is not None:
            raise SourceError(
                f"the source holds invalid text: a lone UTF-16 surrogate (half of a character) "
                f"in {what} at {bad}",
                where=plan.source.locator,
                hint="fix the text at its source; nothing was written",
            )

    queue = list(plan.ids) or [(plan.scenario.id, None)]
    while True:
        candidate, fallback = queue.pop(0)
        try:
            scenario = plan.scenario.model_copy(update={"id": check_id(candidate)})
            result = _write_draft(settings, replace(plan, scenario=scenario), fallback, force=force)
            result.warnings[:0] = plan.warnings
            return result
        except _IdCarriesOriginal:
            # every candidate loses its title part
            queue = [(fb, None) for fb in [fallback, *(f for _, f in queue)] if fb]
        except _IdTaken as taken:
            if not queue:
                raise UsageError(
                    "a draft with this id exists already, from another source; --force "
                    "replaces only a draft from the same source",
                    where=taken.where,
                    hint="rename the other draft first (`intake rename ID NEW_ID`)",
                ) from None


class _IdCarriesOriginal(Exception):
    """The id's title part holds a value the scrubber replaced: use the fallback id."""


class _IdTaken(Exception):
    """A draft or scenario of another source holds the id: try the next one."""

    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


def _write_draft(
    settings: Settings, plan: DraftPlan, fallback_id: str | None, *, force: bool
) -> DraftResult:
    scenario_id = plan.scenario.id
    folder = settings.private_drafts if plan.source.private else settings.drafts
    refuse_outside_root(settings, folder, what="the drafts folder")
    with edit(
        settings,
        scenario_id,
        doing="draft",
        error=DraftBusy,
        message="this case is being drafted by another process",
    ) as tx:
        finished = tx.finished_interrupted
        target = safe_child(folder, f"{scenario_id}.yaml")
        if finished and target.is_file() and record_path(target).is_file() and not force:
            return _finished_draft(settings, target, finished)
        return _write_locked(settings, plan, target, fallback_id, force=force, tx=tx)


def draft_owner(path: Path) -> str | None:
    """The source locator of the draft or scenario at ``path`` (its record's), ``""`` when
    it exists without a readable record (nobody's we can tell), None when there is none."""

    if not path.exists():
        return None
    try:
        return load_record(record_path(path)).source.locator
    except IntakeError:
        return ""


def _refuse_oversized(text: str, record_text: str, scenario_id: str) -> None:
    """Never write a draft or record larger than intake's own gates read back."""
    for what, body, limit in (
        ("draft", text, MAX_SCENARIO_BYTES),
        ("record", record_text, MAX_RECORD_BYTES),
    ):
        size = len(body.encode("utf-8"))
        if size > limit:
            raise UsageError(
                f"the {what} would be {size:,} bytes, over the {limit:,}-byte limit validate "
                "and check accept; nothing was written",
                where=scenario_id,
                hint="draft a slice of the session: intake from-session ID --turns A-B",
            )


def _refuse_existing(settings: Settings, target: Path) -> None:
    raise UsageError(
        "a draft with this id exists already",
        where=display_path(target, settings.root),
        hint="pass --force to overwrite it",
    )


def _finished_draft(settings: Settings, target: Path, finished: list[str]) -> DraftResult:
    """The draft an interrupted run of this import decided and this run finished."""

    record = load_record(record_path(target))
    shown = display_path(target, settings.root)
    scenario = typed_scenario(to_plain(parse_checked(target.read_bytes()).data), shown)
    warnings = [f"{line}; the draft it wrote is kept: {shown}" for line in finished]
    return DraftResult(target, record_path(target), record, scenario, warnings)


def _write_locked(
    settings: Settings,
    plan: DraftPlan,
    target: Path,
    fallback_id: str | None,
    *,
    force: bool,
    tx: Edit,
) -> DraftResult:
    """Clean, check and write one draft under its lock: hidden characters out, scrub, refuse
    a taken or changed id, validate, then the draft and its record as one journal unit."""
    source, scenario_id = plan.source, plan.scenario.id
    owner = draft_owner(target)
    if owner is not None and owner == source.locator and not force:
        _refuse_existing(settings, target)
    restores = _kept_restores(target)
    clean, report, hidden = _cleaned(settings, plan, frozenset(r.value_hash for r in restores))
    scrubbed = to_plain(clean["scenario"])
    locator = str(clean["locator"])
    _refuse_taken(settings, target, scrubbed["id"], plan, locator, owner, fallback_id, force=force)
    clean_scenario = _valid_draft(scrubbed, scenario_id)
    warnings = _draft_warnings(settings, source.private, target, clean_scenario, hidden)
    record = Record(
        id=scenario_id,
        source=source.model_copy(
            update={
                "details": to_plain(clean["details"]),
                "locator": locator,
                "link": str(clean["link"]) or None,
            }
        ),
        author=acting_author(settings)[0],
        drafter=drafter_identities(settings),
        scrub=report,
        restores=restores,
        hidden_removed=hidden,
        observations=to_plain(clean["observations"]),
        evidence=_evidence(plan.evidence, clean["evidence"]),
    )
    text = _yaml_text(clean_scenario, plan.header)
    record_text = dump_record(record)
    _refuse_oversized(text, record_text, scenario_id)
    rec = record_path(target)
    refuse_outside_root(settings, target, what="the draft")
    if source.private:
        ignore_private_drafts(settings.private_drafts)
    unit = Unit(
        command="draft",
        scenario_id=scenario_id,
        writes=[(rec, record_text), (target, text)],
        events=import_events(settings, record, target),
        index="draft",
    )
    tx.commit(unit)
    return DraftResult(target, rec, record, clean_scenario, warnings)


def _cleaned(
    settings: Settings, plan: DraftPlan, keep: frozenset[str]
) -> tuple[dict[str, Any], ScrubReport, list[HiddenRemoved]]:
    """The import bundle without hidden characters, then scrubbed: the clean bundle, the
    scrub report and what hidden characters were removed."""
    source = plan.source
    bundle, hidden = without_hidden(plan)
    public = _public_issue(source)
    if public:
        # The issue's own URL and owner/repo are public provenance, built from the repository
        # and number alone: kept as they are (a user name learned from the body's home paths
        # never rewrites them). The scenario's copy is set back after the scrub.
        bundle["link"] = bundle["locator"] = ""
    clean, report = scrub_tree(
        bundle,
        scrubber=scrubber_for(settings),
        mapping=plan.mapping,
        salt=record_salt(suite_salt(settings.ledger.parent), plan.scenario.id),
        keep=keep,
    )
    if public:
        link, clean["details"]["repo"] = public
        clean["link"], clean["locator"] = link, source.locator
        if plan.scenario.source.link == link:
            clean["scenario"]["source"]["link"] = link
    if plan.evidence is not None:
        # The evidence repeats the draft's user messages: their replacements are listed in
        # the spans but not counted again, so the counts stay "what this draft held".
        counts = Counter(
            span.entity_type for span in report.spans if not _REPEATED_MESSAGE.match(span.json_path)
        )
        report = report.model_copy(update={"counts": dict(sorted(counts.items()))})
    return clean, report, hidden


_REPEATED_MESSAGE = re.compile(r"^\$\.evidence\.turns\[\d+\]\.user_message$")
"""A span on an evidence turn's user message: the scenario's turn holds the same text."""


def _kept_restores(target: Path) -> list[Restore]:
    """The restores recorded for the draft being drafted again (``intake scrub --restore``):
    each is bound to the salted hash of a value, so only that value stays as it was."""
    rec = record_path(target)
    if not rec.is_file():
        return []
    try:
        return list(load_record(rec).restores)
    except IntakeError:
        return []


def _refuse_taken(
    settings: Settings,
    target: Path,
    clean_id: str,
    plan: DraftPlan,
    locator: str,
    owner: str | None,
    fallback_id: str | None,
    *,
    force: bool,
) -> None:
    """Refuse an id the scrub changed (``clean_id``) or that holds an original, one another
    source (``locator``: the scrubbed one) or the suite holds, and an existing draft of
    ``owner`` (without ``force``)."""
    scenario_id = plan.scenario.id
    if clean_id != scenario_id:
        raise IntakeError("scrubbing changed the scenario id; refusing to write", where=scenario_id)
    if fallback_id is not None and carries_original(
        scenario_id.removeprefix(fallback_id), plan.mapping.originals()
    ):
        raise _IdCarriesOriginal
    scenarios = settings.scenarios
    promoted = sorted(scenarios.rglob(target.name)) if scenarios.is_dir() else []
    for held in [target, *promoted]:
        # a file without a readable record ("") is nobody's we can tell: not another source
        if draft_owner(held) not in (None, "", locator, plan.source.locator):
            raise _IdTaken(display_path(held, settings.root))
    if promoted:
        raise UsageError(
            "this case is already in the suite",
            where=display_path(promoted[0], settings.root),
            hint="a new draft would duplicate its id; edit the promoted scenario instead",
        )
    if owner is not None and not force:
        _refuse_existing(settings, target)


def _valid_draft(scrubbed: Any, scenario_id: str) -> DraftScenario:
    """The scrubbed scenario checked at the draft level and typed again; IntakeError when it
    is not a valid draft."""
    problems = schema.check(scrubbed, Level.draft)
    if problems:
        first = problems[0]
        raise IntakeError(
            f"the drafted scenario is invalid: {first.message}", where=f"{scenario_id} {first.path}"
        )
    return typed_scenario(scrubbed, scenario_id)


def _draft_warnings(
    settings: Settings,
    private: bool,
    target: Path,
    clean_scenario: DraftScenario,
    hidden: list[HiddenRemoved],
) -> list[str]:
    """What blocks nothing but the user should know: the id in the other drafts folder,
    near-duplicates in the suite, judge-directed text and removed hidden characters."""
    warnings = []
    other = (settings.drafts if private else settings.private_drafts) / target.name
    if other.exists():
        shown = display_path(other, settings.root)
        warnings.append(f"id {clean_scenario.id} exists already: {shown}")
    for dup in near_duplicates(clean_scenario, [settings.drafts, settings.scenarios], skip=target):
        shown = display_path(Path(dup), settings.root)
        warnings.append(f"nearly the same user messages as {shown}")
    return warnings + untrusted_warnings(clean_scenario, hidden)


def _evidence_mapping(plan: DraftPlan) -> dict[str, Any] | None:
    return plan.evidence.model_dump(mode="json") if plan.evidence is not None else None


def without_hidden(plan: DraftPlan) -> tuple[dict[str, Any], list[HiddenRemoved]]:
    """The plan as the import bundle (the scenario, the record's observations, source details,
    locator, link and evidence), with every hidden character removed, and what was removed
    where.

    This is the one point every importer's text passes before it is scrubbed or written, so
    no source can bring a tag character, a bidi override, a zero-width space or a terminal
    escape into a draft or a record; removing them first also keeps them from splitting a
    secret the scrubber would otherwise find.
    """
    source = plan.source
    bundle = {
        "scenario": scenario_mapping(plan.scenario),
        "observations": plan.observations,
        "details": source.details,
        "locator": source.locator,
        "link": source.link or "",
        "evidence": _evidence_mapping(plan),
    }
    clean, removed = clean_tree(bundle)
    hidden = [
        HiddenRemoved(json_path=json_path(path), turn=_turn_at(plan, path), counts=counts)
        for path, counts in removed
    ]
    return clean, hidden


def _turn_at(plan: DraftPlan, path: JsonPath) -> int | None:
    """The number of the scenario or evidence turn ``path`` lies in, if it lies in one."""
    if len(path) < 3 or path[1] != "turns" or not isinstance(path[2], int):
        return None
    if path[0] == "scenario":
        return plan.scenario.turns[path[2]].turn
    if path[0] == "evidence" and plan.evidence is not None:
        return plan.evidence.turns[path[2]].turn
    return None


def untrusted_warnings(scenario: DraftScenario, hidden: list[HiddenRemoved]) -> list[str]:
    """Drafting's warnings about untrusted text: hidden characters removed, judge-directed text.

    Counts are per scenario turn (the evidence repeats the turns' messages and is not counted
    again); judge-directed text is named by class and field, never quoted.
    """
    warnings = []
    per_place: Counter[str] = Counter()
    for entry in hidden:
        if not entry.json_path.startswith("$.scenario"):
            continue
        place = f"turn {entry.turn}" if entry.turn is not None else "the scenario's fields"
        per_place[place] += sum(entry.counts.values())
    for place, count in per_place.items():
        warnings.append(f"{count} hidden characters removed from {place} (see `intake show`)")
    by_place: dict[str, list[JudgeHit]] = {}
    for hit in judge_hits(scenario_mapping(scenario)):
        index = hit.turn_index
        place = f"turn {index + 1}" if index is not None else hit.field
        by_place.setdefault(place, []).append(hit)
    for place, hits in by_place.items():
        warnings.append(
            f"{place}: text that may be addressed to the judge or simulator: "
            f"{describe_hits(hits)}; read it on the card before review"
        )
    return warnings


def clean_title(title: str) -> str:
    """A title without hidden characters (before it is scrubbed and made into an id)."""
    return strip_hidden(title)[0]


_ISSUE_LINK = re.compile(r"https?://[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?/")
_ISSUE_LOCATOR = re.compile(
    r"github:([A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100})#(-?(?:0|[1-9][0-9]*))"
)


def _public_issue(source: RecordSource) -> tuple[str, str] | None:
    """The link and repository of an issue draft when the link is exactly
    ``https://host/<owner>/<repo>/issues/<n>`` for the record's own locator
    (``github:<owner>/<repo>#<n>``: public coordinates), else None.

    ``html_url`` comes from the issue's JSON (hostile input): any other shape is scrubbed.
    """
    found = _ISSUE_LOCATOR.fullmatch(source.locator)
    link = source.link
    if source.kind != "issue" or found is None or link is None:
        return None
    m = _ISSUE_LINK.match(link)
    if m is None or link[m.end() :] != f"{found[1]}/issues/{found[2]}":
        return None
    return link, found[1]


_TURN_FIXED = {"turn", "error_fallback"}
_CALL_FIXED = {"outcome", "stored_success", "rule", "latency_ms", "truncated"}
"""Evidence fields that are intake's own values, never user text: kept unscrubbed."""


def _evidence(original: Evidence | None, clean: Any) -> Evidence | None:
    """The scrubbed evidence with intake's own structural values restored from ``original``."""
    if original is None:
        return None
    data: dict[str, Any] = to_plain(clean)
    data["tools_available"] = original.tools_available
    for turn, raw_turn in zip(data["turns"], original.turns, strict=True):
        turn.update(raw_turn.model_dump(include=_TURN_FIXED))
        for call, raw_call in zip(turn["tools"], raw_turn.tools, strict=True):
            call.update(raw_call.model_dump(include=_CALL_FIXED))
    evidence = Evidence.model_validate(data)
    for turn in evidence.turns:
        if turn.user_message is not None:
            turn.message_hash = message_key(turn.user_message)
    return evidence


def drafter_identities(settings: Settings) -> list[str]:
    """Who is drafting, every way this machine knows: what a self-approval is matched against.

    The ``author`` setting, ``$GITHUB_ACTOR``, git's ``github.user`` and ``user.name``, and
    the local part of ``user.email`` (a GitHub noreply address gives its login); each kept
    only when ``intake.store.suite.safe_author`` would record it (never an address).
    """
    found: list[str] = []
    candidates = [settings.author, Environ.of().GITHUB_ACTOR]
    for key in ("github.user", "user.name"):
        candidates.append(git_text(["config", key], settings.root, timeout=5))
    email = git_text(["config", "user.email"], settings.root, timeout=5)
    if email and "@" in email:
        local = email.split("@", 1)[0]
        candidates.append(local.split("+", 1)[1] if "+" in local else local)
    for value in candidates:
        kept, _ = safe_author(settings, value)
        if kept is not None and kept not in found:
            found.append(kept)
    return found


def ignore_private_drafts(folder: Path) -> None:
    """``drafts/private/.gitignore`` ignoring everything, so private drafts never get committed
    by accident, whatever the suite's own ignore rules say."""
    ignore = folder / ".gitignore"
    if not ignore.exists():
        folder.mkdir(parents=True, exist_ok=True)
        ignore.write_text(
            "# Drafts from private sessions: never committed unreviewed (intake check).\n*\n",
            encoding="utf-8",
        )


def import_events(settings: Settings, record: Record, path: Path) -> list[Event]:
    """The ledger events of a new draft (import, scrub), decided before anything is written."""
    shown = display_path(path, settings.root)
    events = [
        Event(
            "import",
            shown,
            record.author,
            ImportDetail(
                source=record.source.kind.value,
                locator=record.source.locator,
                private=record.source.private,
                intake_version=__version__,
            ),
        )
    ]
    if record.scrub is not None:
        events.append(
            Event(
                "scrub",
                shown,
                None,
                ScrubDetail(counts=record.scrub.counts, config_hash=record.scrub.config_hash),
            )
        )
    return events


def new_record_source(
    kind: str,
    locator: str,
    *,
    link: str | None = None,
    private: bool = False,
    details: dict[str, Any] | None = None,
) -> RecordSource:
    """A ``RecordSource`` stamped now with this intake version."""

    return RecordSource(
        kind=SourceType(kind),
        locator=locator,
        link=link,
        captured_at=utcnow(),
        private=private,
        intake_version=__version__,
        details=details or {},
    )
