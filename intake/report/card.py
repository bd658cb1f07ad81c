"""The reviewer's card: one draft (or scenario) with the evidence a reviewer needs, in one place.

``build_card`` is pure: it turns the scrubbed draft, its record and the gates
(``intake.lifecycle.gates``)
into a typed ``Card``: each turn's message, the captured answer (evidence, not the criterion),
every tool call with its arguments, result and outcome, error fallbacks, the criteria and
expected tools beside what was observed, then provenance, scrub counts (by type, never
values), reviews, runs and the gates with what to do. A private draft's card holds only that
it is private and its gates.

The card is built only from files that were scrubbed when they were written. When the
re-scan (gate 2) finds something in them anyway (a person pasted a token into the draft),
``load_card`` passes every shown string through the scrubber first, and when the re-scan
could not run it hides the free text altogether: the card fails closed like the gate.

Renderers here return data or text: ``card_markdown`` (GitHub: pull requests, job summaries)
and ``Card.to_dict`` (JSON). The terminal renderer uses rich and so lives in ``intake.cli.show``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import (
    Evidence,
    Record,
    ToolCallEvidence,
    TurnEvidence,
    called_ok,
    message_key,
)
from intake.contract.plain import (
    PLACEHOLDER_MARK,
    RunTier,
    ScenarioView,
    TierStats,
    TurnView,
    tier_stats,
)
from intake.contract.untrusted import JudgeHit, describe_counts, judge_hits
from intake.contract.validate import validate_file
from intake.errors import UsageError
from intake.ghoutput import html_text, md_message, md_text
from intake.lifecycle.gates import GATE_NAMES, Gate, check_gates
from intake.lifecycle.promote import gather
from intake.paths import display_path, inside
from intake.scrub import FixtureMap, scrubber_for
from intake.sources.model import INFRASTRUCTURE_FALLBACKS, failure_kind
from intake.store.records import load_record, record_path, runnable_hash
from intake.store.suite import find_scenario, finding_types

HIDDEN = "[hidden: the scrub re-scan could not run]"
"""Stands for every free-text value when the re-scan could not run (the card fails closed)."""

Cleaner = Callable[[str], str]


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class ReplacementLine:
    """One replacement the scrub made, as the reviewer sees it: where, by which rule, its tier,
    a short stretch of the scrubbed text around the fixture, and the hash a restore names.
    Never the original value."""

    json_path: str
    rule: str
    """The finding's entity type (the recognizer family that found it)."""
    tier: str
    """``final`` or ``restorable`` (``intake.scrub.tiers``)."""
    context: str | None = None
    value_hash: str | None = None
    """What ``intake scrub --restore`` takes; None in a record older than restores."""
    measures: bool = False
    """Inside ``ground_truth``, the success criteria or the expected tools: the replacement
    changes what the case measures, so the reviewer must look at it."""


@dataclass(frozen=True)
class RestoreLine:
    """A replacement a reviewer gave back, with who and why."""

    value_hash: str
    rule: str
    by: str
    reason: str
    at: str


MEASURED = re.compile(r"^\$\.scenario\b.*?[.\[](?:ground_truth|success_criteria|expected_\w+)\b")
"""A scrub span inside what the case measures (the scenario's ground truth, criteria and
expected tools, answers or outcomes): flagged on the card."""


@dataclass(frozen=True)
class TurnCard:
    """One turn: what the scenario asks beside what happened in the captured session."""

    turn: int
    objective: str | None
    user_message: str | None
    criteria: list[str]
    """``success_criteria`` and each ``ground_truth`` entry as ``key: value``."""
    expected_tools: list[str]
    answer: str | None = None
    """The captured answer: evidence for the reviewer, never the criterion."""
    error_fallback: str | None = None
    infrastructure: bool = False
    """The captured answer is an infrastructure fallback (model server unreachable, timeout,
    no answer): not the model's failure, and the control gate refuses it."""
    tools: list[ToolCallEvidence] = field(default_factory=list)
    observed_ok: list[str] | None = None
    """Tools called successfully; None when the record does not itemise successful calls."""
    missing_tools: list[str] = field(default_factory=list)
    """Expected tools the agent never called successfully (only known with evidence)."""
    placeholders: list[str] = field(default_factory=list)
    """Fields of this turn still holding a ``TODO(intake)`` placeholder."""
    notes: list[str] = field(default_factory=list)
    hidden: str | None = None
    """``12 hidden characters removed from turn 2 (tag 10, bidi 2)``, when any were."""
    judge_text: list[str] = field(default_factory=list)
    """Judge-directed text in this turn: field, class, acknowledged or not (never the text)."""


@dataclass(frozen=True)
class RunLine:
    """One recorded run, and whether it is on the current runnable content."""

    tier: str
    run_id: str
    model: str
    judge: str | None
    status: str
    score: float | None
    at: str
    current: bool


@dataclass(frozen=True)
class ReviewLine:
    """One recorded review, oldest first on the card."""

    reviewer: str
    decision: str
    at: str
    via: str
    note: str | None = None
    pr_url: str | None = None


@dataclass(frozen=True)
class PromotedLine:
    """The promotion stamp: when, by whom, and where the scenario went."""

    at: str
    by: str
    to: str


@dataclass
class Card:
    """Everything the reviewer's card shows, already scrubbed."""

    id: str
    path: str
    kind: str
    """draft or scenario."""
    private: bool
    gates: list[Gate]
    name: str | None = None
    category: str | None = None
    description: str | None = None
    difficulty_rationale: str | None = None
    source_type: str | None = None
    source_link: str | None = None
    locator: str | None = None
    captured_at: str | None = None
    author: str | None = None
    intake_version: str | None = None
    evidence: str = "none"
    """Where the turns' evidence came from: ``evidence`` (the record's, per call) or ``none``."""
    evidence_note: str | None = None
    turns: list[TurnCard] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)
    """Every field still holding a placeholder (JSON paths), the turns' included."""
    scrub_counts: dict[str, int] = field(default_factory=dict)
    scrubber_version: str | None = None
    replacements: list[ReplacementLine] = field(default_factory=list)
    """Every replacement the record lists, in context, with its rule and tier."""
    restores: list[RestoreLine] = field(default_factory=list)
    reviews: list[ReviewLine] = field(default_factory=list)
    runs: list[RunLine] = field(default_factory=list)
    tiers: list[TierStats] = field(default_factory=list)
    """Each tier's judged runs on the current content."""
    promoted: PromotedLine | None = None
    masked: str | None = None
    """Why shown text went through the scrubber again (or was hidden), when it did."""
    unreadable: bool = False
    """The scenario file did not parse: only the record and the gates can be shown."""
    hidden: list[str] = field(default_factory=list)
    """Hidden characters removed at import outside the turns (name, title, evidence)."""
    judge_text: list[str] = field(default_factory=list)
    """Judge-directed text outside the turns (name, description…)."""
    judge_unacknowledged: int = 0
    """Judge-directed hits no review acknowledged (``intake review --ack-judge-text``)."""

    @property
    def ready(self) -> bool:
        """Whether every gate is met."""
        return all(g.met for g in self.gates)

    @property
    def sort_key(self) -> str:
        """Newest first sorts on this descending: the capture time, then the path."""
        return f"{self.captured_at or ''}\x00{self.path}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form: every field (``asdict``), or for a private card only id, path,
        kind, private and the gates."""
        gates = [g.to_dict() for g in self.gates]
        if self.private:
            return {
                "id": self.id,
                "path": self.path,
                "kind": self.kind,
                "private": True,
                "ready": self.ready,
                "gates": gates,
            }
        doc: dict[str, object] = asdict(self)
        doc["turns"] = [
            asdict(turn) | {"tools": [c.model_dump() for c in turn.tools]} for turn in self.turns
        ]
        doc["gates"] = gates
        doc["ready"] = self.ready
        doc["tiers"] = [
            {"tier": t.tier.value, "judged": t.runs, "passed": t.passes, "pass_rate": t.pass_rate}
            for t in self.tiers
        ]
        return doc


# --- building -----------------------------------------------------------------------------------


def _text(value: str | None, clean: Cleaner) -> str | None:
    return clean(value) if value is not None else None


def _criteria(turn: TurnView, clean: Cleaner) -> list[str]:
    found: list[str] = []
    if turn.success_criteria is not None:
        found.append(clean(turn.success_criteria))
    found += [f"{clean(k)}: {clean(str(v))}" for k, v in turn.ground_truth.items()]
    return found


def _tool_line(call: ToolCallEvidence, clean: Cleaner) -> ToolCallEvidence:
    """``call`` with its texts cleaned for the card."""
    texts = {key: _text(getattr(call, key), clean) for key in ("arguments", "result", "reason")}
    return call.model_copy(update={"tool": clean(call.tool), **texts})


def _cleaned(turn: TurnEvidence, clean: Cleaner) -> TurnEvidence:
    """A captured turn as the card shows it: its texts cleaned, its agent errors among its
    notes, and the key it is paired by as its ``message_hash`` (older records: the hash of its
    stored message; None when it kept no message, and it is paired by number)."""
    message = turn.user_message
    notes = [clean(n) for n in turn.notes] + [f"agent error: {clean(e)}" for e in turn.agent_errors]
    return turn.model_copy(
        update={
            "user_message": _text(message, clean),
            "answer": _text(turn.answer, clean),
            "error_fallback": _text(turn.error_fallback, clean),
            "message_hash": turn.message_hash
            or (message_key(message) if message is not None else None),
            "tools": [_tool_line(call, clean) for call in turn.tools],
            "notes": notes,
            "agent_errors": [],
        }
    )


def _holds_evidence(seen: TurnEvidence) -> bool:
    """Whether a captured turn has anything to show (an answer, a call, a flagged error)."""
    return bool(seen.answer or seen.tools or seen.error_fallback)


Paired = tuple[TurnEvidence | None, str | None]
"""A drafted turn's captured turn (None: none carries it) and the note the pairing adds."""


def _pair_by_content(
    turns: list[tuple[int, str | None]], observed: dict[int, TurnEvidence]
) -> tuple[dict[int, Paired], list[int]]:
    """Each drafted turn's captured turn: the one whose user message it carries.

    ``turns`` are (shown number, the turn's ``user_message``); the answer maps a shown number
    to its evidence (``Paired``, with a note when the captured turn had another number, or when no
    captured turn carries the message) and lists the captured turns no drafted turn carries.
    A message repeated in the conversation goes to the captured turn of the same number
    first, then to the first one not taken. Matching is by ``TurnEvidence.message_hash``
    (older records: the hash of the stored message's text); only a captured turn that kept
    no message at all is paired by its number, and the turn's note says so.
    """
    free: dict[str, list[int]] = {}
    for number, seen in sorted(observed.items()):
        if seen.message_hash:
            free.setdefault(seen.message_hash, []).append(number)
    paired: dict[int, Paired] = {}
    taken: set[int] = set()
    for number, message in turns:
        text = message if message is not None and message.strip() else None
        has_message = text is not None
        candidates = free.get(message_key(text), []) if text is not None else []
        keyless = observed.get(number)
        if candidates:
            chosen = number if number in candidates else candidates[0]
            candidates.remove(chosen)
            moved = f"evidence of captured turn {chosen}" if chosen != number else None
            paired[number] = (observed[chosen], moved)
        elif keyless is not None and not keyless.message_hash and number not in taken:
            taken.add(number)
            # an issue's turn holds nothing captured either way: no note then
            paired[number] = (keyless, BY_NUMBER_NOTE if _holds_evidence(keyless) else None)
        else:
            paired[number] = (None, NO_COUNTERPART_NOTE if has_message else NO_MESSAGE_NOTE)
    unused = sorted(n for numbers in free.values() for n in numbers)
    unused += [
        n
        for n, seen in sorted(observed.items())
        if not seen.message_hash and n not in taken and _holds_evidence(seen)
    ]
    return paired, sorted(unused)


NO_COUNTERPART_NOTE = (
    "no captured turn carries this user message (written or edited after drafting): "
    "no evidence shown for it"
)
BY_NUMBER_NOTE = (
    "paired with the captured turn of the same number: that turn kept no user message to "
    "match by (check it if turns were deleted or renumbered)"
)
NO_MESSAGE_NOTE = "no user message to match with the captured conversation: no evidence shown"


def _unused_note(unused: list[int]) -> str:
    """The captured turns no drafted turn carries (deleted from the draft, or rewritten)."""
    numbers = ", ".join(str(n) for n in unused[:20]) + (", …" if len(unused) > 20 else "")
    word = "turn" if len(unused) == 1 else "turns"
    return f"captured {word} {numbers} not in the draft (deleted or rewritten)"


def _hidden_lines(record: Record | None) -> tuple[dict[int, str], list[str]]:
    """The record's hidden-character counts: one line per scenario turn, and the rest."""
    if record is None or not record.hidden_removed:
        return {}, []
    per_turn: dict[int, dict[str, int]] = {}
    per_field: dict[str, dict[str, int]] = {}
    for entry in record.hidden_removed:
        path = entry.json_path
        if path.startswith("$.scenario.turns[") and entry.turn is not None:
            bucket = per_turn.setdefault(entry.turn, {})
        elif path.startswith("$.scenario."):
            bucket = per_field.setdefault(path.removeprefix("$.scenario.").split("[")[0], {})
        elif path.startswith("$.evidence"):
            bucket = per_field.setdefault("the record's evidence (repeats the turns)", {})
        elif path.endswith(".title"):
            bucket = per_field.setdefault("the source's title", {})
        else:
            bucket = per_field.setdefault("the record's observations and source details", {})
        for kind, count in entry.counts.items():
            bucket[kind] = bucket.get(kind, 0) + count

    def line(counts: dict[str, int], place: str) -> str:
        total = sum(counts.values())
        kinds = describe_counts(counts)
        return f"{total} hidden characters removed from {place} at import ({kinds})"

    turns = {turn: line(counts, f"turn {turn}") for turn, counts in sorted(per_turn.items())}
    return turns, [line(counts, place) for place, counts in per_field.items()]


def _judge_lines(
    hits: Sequence[JudgeHit], record: Record | None
) -> tuple[dict[int, list[str]], list[str], int]:
    """Judge-directed text in the file as it is now (``hits``): lines per turn index, the
    rest, and how many no review acknowledged."""
    acked = {fp for r in (record.reviews if record else []) for fp in r.judge_text_ack}
    per_turn: dict[int, list[str]] = {}
    rest: list[str] = []
    open_hits = 0
    for hit in hits:
        state = "acknowledged" if hit.fingerprint in acked else "not acknowledged"
        open_hits += hit.fingerprint not in acked
        text = f"{hit.field}: {hit.label} ({state})"
        index = hit.turn_index
        target = per_turn.setdefault(index, []) if index is not None else rest
        if text not in target:
            target.append(text)
    return per_turn, rest, open_hits


def build_card(
    *,
    scenario_id: str,
    path: str,
    view: ScenarioView | None,
    record: Record | None,
    gates: list[Gate],
    private: bool,
    kind: str = "draft",
    runnable: str | None = None,
    judge: Sequence[JudgeHit] = (),
    clean: Cleaner = _same,
    masked: str | None = None,
) -> Card:
    """The card of one draft or scenario (pure; reads nothing).

    ``view`` is the scenario as loaded (None when it does not parse), ``record`` the record
    beside it, ``runnable`` the current runnable hash (runs on another are shown as stale),
    ``judge`` the judge-directed text in the file (``intake.contract.untrusted.judge_hits``).
    ``clean`` is applied to every free-text value shown (see the module docstring).
    """
    if private:
        # the capture time is shown nowhere on a private card; it only keeps "newest first"
        captured = record.source.captured_at.isoformat() if record is not None else None
        return Card(
            id=scenario_id, path=path, kind=kind, private=True, gates=gates, captured_at=captured
        )
    card = Card(
        id=scenario_id,
        path=path,
        kind=kind,
        private=False,
        gates=gates,
        masked=masked,
        unreadable=view is None,
    )
    if view is not None:
        _describe(card, view, clean)
    hidden_turns, card.hidden = _hidden_lines(record)
    judge_turns, card.judge_text, card.judge_unacknowledged = _judge_lines(judge, record)
    turns = view.turns if view is not None else ()
    paired: dict[int, Paired] = {}
    if record is not None:
        _provenance(card, record, runnable, clean)
    if record is not None and record.evidence is not None:
        observed = _captured(card, record.evidence, clean)
        paired, unused = _pair_by_content([(t.number, t.user_message) for t in turns], observed)
        if unused:
            card.evidence_note = "; ".join(filter(None, [card.evidence_note, _unused_note(unused)]))
    ok_kept = record is not None and record.evidence is not None and record.evidence.ok_calls_kept
    card.turns = [
        _turn_card(
            turn,
            *paired.get(turn.number, (None, None)),
            ok_kept=ok_kept,
            hidden=hidden_turns.get(turn.number),
            judge_text=judge_turns.get(turn.index, []),
            clean=clean,
        )
        for turn in turns
    ]
    return card


def _describe(card: Card, view: ScenarioView, clean: Cleaner) -> None:
    """What the scenario says of itself: name, category, description, rationale, source."""
    card.name = _text(view.name, clean)
    card.category = _text(view.category, clean)
    card.description = _text(view.description, clean)
    card.difficulty_rationale = _text(view.difficulty_rationale, clean)
    card.source_type = _text(view.source_type, clean)
    card.source_link = _text(view.source_link, clean)
    card.placeholders = list(view.placeholders)


def _provenance(card: Card, record: Record, runnable: str | None, clean: Cleaner) -> None:
    """What the record says: the capture, the scrub, reviews, runs and the promotion."""
    card.locator = clean(record.source.locator)
    if card.source_link is None and record.source.link:
        card.source_link = clean(record.source.link)
    card.captured_at = record.source.captured_at.isoformat()
    card.author = _text(record.author, clean)
    card.intake_version = record.source.intake_version
    if record.scrub is not None:
        card.scrub_counts = dict(sorted(record.scrub.counts.items()))
        card.scrubber_version = record.scrub.scrubber_version
        card.replacements = _replacements(record, clean)
    card.restores = [
        RestoreLine(
            value_hash=r.value_hash,
            rule=r.entity_type,
            by=clean(r.by or "unknown"),
            reason=clean(r.reason),
            at=r.at.isoformat(),
        )
        for r in record.restores
    ]
    card.reviews = [
        ReviewLine(
            reviewer=clean(r.reviewer),
            decision=r.decision.value,
            at=r.at.isoformat(),
            via=r.via,
            note=_text(r.note, clean),
            pr_url=_text(r.pr_url, clean),
        )
        for r in sorted(record.reviews, key=lambda r: r.at)
    ]
    card.runs = [
        RunLine(
            tier=r.tier.value,
            run_id=clean(r.run_id),
            model=clean(r.model),
            judge=_text(r.judge_model, clean),
            status=r.status,
            score=r.score,
            at=r.at.isoformat(),
            current=runnable is not None and r.runnable_hash == runnable,
        )
        for r in sorted(record.runs, key=lambda r: (r.at, r.recorded_at))
    ]
    card.tiers = [tier_stats(record.runs, tier, runnable) for tier in RunTier]
    if record.promotion is not None:
        card.promoted = PromotedLine(
            at=record.promotion.at.isoformat(),
            by=clean(record.promotion.by),
            to=record.promotion.to_path,
        )


def _replacements(record: Record, clean: Cleaner) -> list[ReplacementLine]:
    """The record's scrub spans as the card lists them (a span of an older record has no
    tier stored: it is judged from its type, and it has no hash or context)."""
    from intake.scrub.tiers import tier_of

    assert record.scrub is not None
    return [
        ReplacementLine(
            json_path=clean(span.json_path),
            rule=span.entity_type,
            tier=span.tier or tier_of(span.entity_type),
            context=_text(span.context, clean),
            value_hash=span.value_hash,
            measures=bool(MEASURED.match(span.json_path)),
        )
        for span in record.scrub.spans
    ]


def _captured(card: Card, evidence: Evidence, clean: Cleaner) -> dict[int, TurnEvidence]:
    """The captured conversation by turn number, cleaned; the card notes where it came from."""
    card.evidence = "evidence"
    card.evidence_note = _text(evidence.note, clean)
    if not evidence.tools_available and card.evidence_note is None:
        card.evidence_note = "the source kept no tool calls"
    return {turn.turn: _cleaned(turn, clean) for turn in evidence.turns}


def _turn_card(
    turn: TurnView,
    captured: TurnEvidence | None,
    note: str | None,
    *,
    ok_kept: bool,
    hidden: str | None,
    judge_text: list[str],
    clean: Cleaner,
) -> TurnCard:
    """One turn as the scenario asks it, beside what its captured turn holds (``note``: the
    pairing's; ``ok_kept``: the record itemises successful calls)."""
    expected = [clean(t) for t in turn.expected_tools]
    seen = captured or TurnEvidence(turn=turn.number)  # nothing captured to show
    ok = called_ok(seen.tools) if captured is not None and ok_kept else None
    return TurnCard(
        turn=turn.number,
        objective=_text(turn.objective, clean),
        user_message=(
            _text(turn.user_message, clean) if turn.user_message is not None else seen.user_message
        ),
        criteria=_criteria(turn, clean),
        expected_tools=expected,
        answer=seen.answer,
        error_fallback=seen.error_fallback,
        infrastructure=seen.error_fallback in INFRASTRUCTURE_FALLBACKS
        or (seen.answer is not None and failure_kind(seen.answer) in INFRASTRUCTURE_FALLBACKS),
        tools=seen.tools,
        observed_ok=ok,
        missing_tools=[t for t in expected if t not in ok] if ok is not None else [],
        placeholders=list(turn.placeholders),
        notes=[*seen.notes, note] if note else seen.notes,
        hidden=hidden,
        judge_text=judge_text,
    )


# --- loading ------------------------------------------------------------------------------------


def cleaner_for(settings: Settings, gates: list[Gate]) -> tuple[Cleaner, str | None]:
    """How shown text is cleaned given the scrub gate: as is, re-scrubbed, or hidden."""
    scrub = next((g for g in gates if g.number == 2), None)
    if scrub is None or scrub.met:
        return _same, None
    if "could not run" in scrub.detail:
        return (lambda _text: HIDDEN), "the scrub re-scan could not run: free text is hidden"
    engine = scrubber_for(settings)
    mapping = FixtureMap()

    def rescrub(text: str) -> str:
        return engine.scrub_text(text, mapping=mapping).text

    return rescrub, (
        "the re-scan found private values in the files: they are replaced on this card; "
        "run `intake scrub` on the draft"
    )


def card_from_parts(
    settings: Settings,
    path: Path,
    data: dict[str, Any] | None,
    record: Record | None,
    gates: list[Gate],
    *,
    private: bool,
    kind: str = "draft",
    view: ScenarioView | None = None,
) -> Card:
    """A card from what a caller already read (``check`` reads every draft once).

    ``data`` is the scenario as read (None when it does not parse): what its runnable hash
    and judge-directed text are taken from; ``view`` its typed view when the caller has it.
    """
    if view is None and data is not None:
        view = ScenarioView.of(data)
    clean, masked = cleaner_for(settings, gates) if not private else (_same, None)
    return build_card(
        scenario_id=view.id if view is not None and view.id else path.stem,
        path=display_path(path, settings.root),
        view=view,
        record=record,
        gates=gates,
        private=private,
        kind=kind,
        runnable=runnable_hash(data) if data is not None else None,
        judge=judge_hits(data) if data is not None and not private else (),
        clean=clean,
        masked=masked,
    )


def _promoted_gates(record: Record | None) -> list[Gate]:
    if record is None or record.promotion is None:
        return [
            Gate(
                0,
                "promotion",
                False,
                "no promotion record beside this scenario",
                "add scenarios to the suite with `intake promote`",
            )
        ]
    numbers = {name: number for number, name in GATE_NAMES.items()}
    return [
        Gate(numbers.get(name, 0), name, True, f"at promotion: {detail}")
        for name, detail in record.promotion.gates.items()
    ]


def find_target(settings: Settings, target: str) -> tuple[Path, str]:
    """A draft or suite scenario by id or path (``store.suite.find_scenario``: a scenario by
    its YAML id, as GAIA's runner keys it), and its kind."""
    path = find_scenario(settings, target, drafts=True, unrecorded=True)
    drafted = inside(path, settings.drafts) or inside(path, settings.private_drafts)
    return path, "draft" if drafted else "scenario"


def load_card(settings: Settings, target: str) -> Card:
    """Find a draft or scenario, read it, judge its gates and build its card."""
    try:
        path, kind = find_target(settings, target)
    except UsageError as exc:
        raise _without_private_text(settings, exc, target) from None
    record: Record | None
    if kind == "draft":
        inputs = gather(settings, path)
        data, record, view = inputs.data, inputs.record, inputs.view
        gates = check_gates(inputs)
        private = inside(path, settings.private_drafts) or inputs.record.source.private
    else:
        rec = record_path(path)
        record = load_record(rec) if rec.is_file() else None
        result = validate_file(path, drafts_dir=settings.drafts)
        if result.data is None:
            raise UsageError(
                "the scenario cannot be read as YAML", where=display_path(path, settings.root)
            )
        data, view, gates = result.data, result.view, _promoted_gates(record)
        private = record is not None and record.source.private
    return card_from_parts(
        settings, path, data, record, gates, private=private, kind=kind, view=view
    )


def _without_private_text(settings: Settings, exc: UsageError, target: str) -> UsageError:
    """``exc`` as is, unless its location repeats typed text that holds a private value."""
    where = exc.where or ""
    if not where or not (where in target or target in where):
        return exc
    if not finding_types(settings, target):
        return exc
    return UsageError(exc.message, where="the DRAFT argument", hint=exc.hint)


# --- markdown ----------------------------------------------------------------------------------


def md_inline(text: str) -> str:
    """``text`` as literal Markdown inline content (``intake.ghoutput.md_text`` per line, lines
    joined by ``<br>``), so no value can open a tag, a link or a table cell of its own."""
    return "<br>".join(md_text(line) for line in text.splitlines())


def md_block(text: str) -> list[str]:
    """``text`` as a fenced code block whose fence no line of the text can close."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}text", *text.splitlines(), fence]


def _with_code(text: str) -> str:
    """A gate's to-do: its commands (between backticks) as escaped code (``md_message``)."""
    return "<br>".join(md_message(line) for line in text.splitlines())


def _gate_rows(gates: list[Gate]) -> list[str]:
    rows = ["| Gate | | Detail | To do |", "| --- | --- | --- | --- |"]
    for gate in gates:
        mark = "n/a" if not gate.applicable else "met" if gate.met else "**unmet**"
        todo = _with_code(gate.todo or "") if not gate.met else ""
        rows.append(f"| {gate.number} {gate.name} | {mark} | {md_inline(gate.detail)} | {todo} |")
    return rows


def card_summary_line(card: Card) -> str:
    """The one line a collapsed card shows: id, path, kind and the gate verdict."""
    unmet = [g for g in card.gates if not g.met]
    if card.kind == "scenario":
        state = "promoted" if card.promoted else "no promotion record"
    elif unmet:
        counted = [g for g in card.gates if g.applicable]  # a gate that does not apply is shown
        state = f"not ready: {len(unmet)} of {len(counted)} gates unmet"
    else:
        state = "ready to promote"
    private = ", private" if card.private else ""
    return f"{card.id} ({card.kind}{private}): {state}"


def _tool_rows(tools: list[ToolCallEvidence]) -> list[str]:
    rows = [
        "| # | Tool | Outcome | Arguments | Result or reason |",
        "| --- | --- | --- | --- | --- |",
    ]
    for number, call in enumerate(tools, start=1):
        outcome = call.outcome if call.outcome == "ok" else f"**{call.outcome.upper()}**"
        if call.latency_ms is not None:
            outcome += f" ({call.latency_ms:g} ms)"
        said = [md_inline(call.result)] if call.result else []
        if call.reason:
            said.append("reason: " + md_inline(call.reason))
        if call.truncated:
            said.append("(cut at the evidence limit)")
        args = md_inline(call.arguments) if call.arguments else ""
        rows.append(
            f"| {number} | {md_inline(call.tool)} | {outcome} | {args} | {'<br>'.join(said)} |"
        )
    return rows


MAX_REPLACEMENT_ROWS = 100
"""Replacements listed in Markdown; the rest are counted (``intake show --format json``)."""


def _replacement_rows(card: Card) -> list[str]:
    """Every replacement with its rule, tier and masked context; those that change what the
    case measures first and flagged; then the restores with who and why."""
    if not card.replacements and not card.restores:
        return []
    lines = ["#### Replacements", ""]
    measured = [r for r in card.replacements if r.measures]
    if measured:
        lines += [
            f"> **Review**: {len(measured)} replacement(s) inside the ground truth, criteria or "
            "expected tools change what this case measures.",
            "",
        ]
    ordered = measured + [r for r in card.replacements if not r.measures]
    if ordered:
        lines += ["| Where | Rule | Tier | Context | Restore with |"]
        lines += ["| --- | --- | --- | --- | --- |"]
    for r in ordered[:MAX_REPLACEMENT_ROWS]:
        where = md_inline(r.json_path) + (" **(measured)**" if r.measures else "")
        handle = md_inline(r.value_hash) if r.value_hash and r.tier == "restorable" else ""
        lines.append(
            f"| {where} | {md_inline(r.rule)} | {r.tier} | {md_inline(r.context or '')} | "
            f"{handle} |"
        )
    if len(ordered) > MAX_REPLACEMENT_ROWS:
        lines.append(f"\n*and {len(ordered) - MAX_REPLACEMENT_ROWS} more*")
    for restore in card.restores:
        lines.append(
            f"- restored {md_inline(restore.value_hash)} ({md_inline(restore.rule)}) by "
            f"{md_inline(restore.by)} at {md_inline(restore.at)}: {md_inline(restore.reason)}"
        )
    lines.append("")
    return lines


def card_markdown(card: Card, *, collapsed: bool = True, body: bool = True) -> str:
    """The card as GitHub Markdown: a ``<details>`` block (open when not ``collapsed``).

    Without ``body`` only the head and the gates are shown (for a card too large to fit).
    """
    opening = "<details>" if collapsed else "<details open>"
    lines = [opening, f"<summary>{html_text(card_summary_line(card))}</summary>", ""]
    lines += [f"### {md_inline(card.id)}", "", f"File: {md_inline(card.path)}", ""]
    if card.private:
        lines += [
            "**Private**: drafted from a session marked private; its content is not shown. "
            "Review it where it was captured.",
            "",
        ]
    elif body:
        lines += _markdown_body(card)
    else:
        lines += [
            "*This card is too large for the job summary: only its gates are shown. "
            "Run `intake show` on the draft for the rest.*",
            "",
        ]
    lines += ["#### Gates", "", *_gate_rows(card.gates), "", "</details>", ""]
    return "\n".join(lines)


def _markdown_body(card: Card) -> list[str]:
    lines: list[str] = []
    if card.masked:
        lines += [f"> **Warning**: {md_inline(card.masked)}", ""]
    if card.unreadable:
        lines += ["> **Warning**: the file does not parse as YAML (see gate 1).", ""]
    about = [
        ("Name", card.name),
        ("Category", card.category),
        ("Description", card.description),
        ("Difficulty rationale", card.difficulty_rationale),
    ]
    lines += ["| | |", "| --- | --- |"]
    lines += [f"| {k} | {md_inline(v) if v else '*none*'} |" for k, v in about]
    left = len(card.placeholders)
    lines += [f"| Placeholders left | {left} |", ""]
    for hidden in card.hidden:
        lines += [f"> **Hidden characters**: {md_inline(hidden)}", ""]
    for judged in card.judge_text:
        lines += [f"> **Judge-directed text**: {md_inline(judged)}", ""]
    if card.evidence_note:
        lines += [f"*Evidence: {md_inline(card.evidence_note)}*", ""]
    elif card.evidence == "none":
        lines += ["*The record holds no captured evidence.*", ""]
    for turn in card.turns:
        lines += _turn_lines(card, turn)
    lines += _provenance_lines(card)
    lines += _replacement_rows(card)
    lines += _review_lines(card)
    lines += _run_lines(card)
    lines.append("")
    return lines


def _turn_lines(card: Card, turn: TurnCard) -> list[str]:
    """A turn: its flags, objective, message, captured answer and tool calls, then what was
    expected beside what was observed."""
    lines = [f"#### Turn {turn.turn}", ""]
    if turn.hidden:
        lines += [f"> **Hidden characters**: {md_inline(turn.hidden)}", ""]
    for judged in turn.judge_text:
        lines += [f"> **Judge-directed text**: {md_inline(judged)}", ""]
    lines += [f"**Objective**: {md_inline(turn.objective or '')}", ""]
    if turn.user_message is not None:
        lines += ["**User message**", "", *md_block(turn.user_message), ""]
    if turn.answer is not None:
        lines += [
            "**Captured answer** (evidence, not the criterion)",
            "",
            *md_block(turn.answer),
            "",
        ]
    if turn.infrastructure:
        lines += [
            f"**Infrastructure failure flagged**: {md_inline(turn.error_fallback or '')} "
            "(the model server was not reached or gave nothing: not the model's failure; "
            "the control gate refuses it)",
            "",
        ]
    elif turn.error_fallback:
        lines += [f"**Error fallback flagged**: {md_inline(turn.error_fallback)}", ""]
    if turn.tools:
        lines += ["**Tool calls**", "", *_tool_rows(turn.tools), ""]
    elif card.evidence == "evidence" and turn.observed_ok is not None:
        lines += ["**Tool calls**: none", ""]
    return lines + _expected_lines(turn)


def _expected_lines(turn: TurnCard) -> list[str]:
    """What a turn expected beside what was observed: tools, mismatches, criteria, notes."""
    lines = ["**Expected beside observed**", ""]
    expected = ", ".join(md_inline(t) for t in turn.expected_tools) or "none"
    lines.append(f"- expected tools: {expected}")
    if turn.observed_ok is not None:
        ok = ", ".join(md_inline(t) for t in turn.observed_ok) or "none"
        lines.append(f"- called successfully: {ok}")
    if turn.missing_tools:
        missing = ", ".join(md_inline(t) for t in turn.missing_tools)
        lines.append(f"- **mismatch**: expected but never called successfully: {missing}")
    for criterion in turn.criteria:
        mark = " **(placeholder)**" if PLACEHOLDER_MARK in criterion else ""
        lines.append(f"- criterion{mark}: {md_inline(criterion)}")
    lines += [f"- note: {md_inline(n)}" for n in turn.notes]
    lines.append("")
    return lines


def _provenance_lines(card: Card) -> list[str]:
    lines = ["#### Provenance", ""]
    lines += [
        f"- source: {md_inline(card.source_type or 'unknown')}, "
        f"{md_inline(card.source_link or card.locator or 'no link')}",
        f"- imported: {md_inline(card.captured_at or 'unknown')} by "
        f"{md_inline(card.author or 'unknown')} (intake {md_inline(card.intake_version or '?')})",
    ]
    if card.promoted:
        lines.append(f"- promoted: {md_inline(card.promoted.at)} by {md_inline(card.promoted.by)}")
    counts = ", ".join(f"{md_inline(k)} {n}" for k, n in card.scrub_counts.items())
    lines += [f"- scrubbed: {counts or 'nothing found'}", ""]
    return lines


def _review_lines(card: Card) -> list[str]:
    lines = ["#### Reviews", ""]
    if not card.reviews:
        lines.append("No review recorded.")
    for review in card.reviews:
        note = f": {md_inline(review.note)}" if review.note else ""
        lines.append(
            f"- {md_inline(review.reviewer)}: {review.decision} "
            f"({md_inline(review.at)}, {review.via}){note}"
        )
    return lines


def _run_lines(card: Card) -> list[str]:
    """The runs' table, then each tier's pass rate."""
    lines = ["", "#### Runs", ""]
    if not card.runs:
        lines.append("No run recorded.")
        return lines
    lines += ["| Tier | Model | Judge | Status | Score | Run | On current content |"]
    lines += ["| --- | --- | --- | --- | --- | --- | --- |"]
    for run in card.runs:
        score = f"{run.score:g}" if run.score is not None else ""
        lines.append(
            f"| {run.tier} | {md_inline(run.model)} | {md_inline(run.judge or '')} | "
            f"{md_inline(run.status)} | {score} | {md_inline(run.run_id)} | "
            f"{'yes' if run.current else 'no (stale)'} |"
        )
    lines.append("")
    for tier in card.tiers:
        rate = f"{tier.pass_rate:.0%}" if tier.pass_rate is not None else "no judged run"
        lines.append(f"- {tier.tier.value}: pass rate {rate} ({tier.passes}/{tier.runs})")
    return lines
