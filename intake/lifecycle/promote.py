"""Promotion: reading what the gates judge, the crash-safe move into the suite, and reject.

``gather`` reads the files (validation, scrub re-scan, record, suite ids) into ``GateInputs``
for ``intake.lifecycle.gates.check_gates``, which returns every gate at once, so the user fixes
everything in one round.

The move is one journal unit (``intake.store.journal``, ``store.edit.Edit.commit_scenario``): the
stamped record and the scenario written into ``scenarios/<category>/``, the draft and its
record removed and the ``promotion`` event logged, so a kill leaves either the draft or the
promoted scenario.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.manifest import Manifest
from intake.contract.models import Promotion, Record, SuiteType
from intake.contract.plain import RunTier, difficulty, tier_stats
from intake.contract.validate import (
    Problem,
    Severity,
    gaia_problems,
    suite_manifest,
    validate_file,
)
from intake.contract.yamlio import Parsed
from intake.errors import Conflict, PromotionBlocked, UsageError
from intake.fileio import MAX_INPUT_BYTES, read_input, with_line_ends
from intake.lifecycle.authority import find_base, rules_for
from intake.lifecycle.evidence import Evidence
from intake.lifecycle.gates import (
    Gate,
    GateInputs,
    GatesUnmet,
    check_gates,
    current_controls,
    saturated,
)
from intake.lifecycle.quarantine import with_one_tag
from intake.lifecycle.split import with_split
from intake.paths import display_path, inside
from intake.scrub import FileFinding, scrub_scan, scrub_tree, scrubber_for
from intake.store.details import PromotionDetail, RejectionDetail, Stamped
from intake.store.edit import Edit, edit
from intake.store.history import Stages, history_file, history_text
from intake.store.journal import Event, Unit, crash_steps
from intake.store.records import (
    canonical_json,
    content_hash,
    dump_record,
    load_record,
    record_path,
    runnable_hash,
    safe_child,
    sha256_bytes,
    utcnow,
)
from intake.store.suite import (
    change_actor,
    draft_id,
    find_draft,
    load_draft_record,
    promoted_paths,
    recorded_reason,
    refuse_outside_root,
    scenarios_with_id,
    scrub_message,
)

CRASH_STEPS = tuple(crash_steps("promote"))
"""The crash points of a promotion's journal unit."""


# --- reading the inputs ------------------------------------------------------------------------


def suite_duplicates(
    settings: Settings,
    scenario_id: str,
    ids: Mapping[Path, str | None] | None = None,
) -> list[str]:
    """Scenarios in the suite whose file name or ``id`` equals ``scenario_id``.

    ``ids``: each scenario file's id as the caller has already read it (``intake check``'s
    context); without it the suite's files are read here.
    """

    if ids is None:
        folder = settings.scenarios
        named = set(folder.rglob(f"{scenario_id}.yaml")) if folder.is_dir() else set()
        found = sorted(named.union(scenarios_with_id(folder, scenario_id)))
        return [display_path(path, settings.root) for path in found]
    return [
        display_path(path, settings.root)
        for path, other in sorted(ids.items())
        if path.stem == scenario_id or other == scenario_id
    ]


@dataclass(frozen=True)
class DraftRead:
    """What a caller has already read of one draft and its suite (``intake check``'s context
    reads the whole suite once); ``gather`` reads only what is not given here."""

    record: Record
    scan: tuple[list[FileFinding] | None, str | None]
    """The scrub re-scan of the draft and its record (findings, or None and why)."""
    gaia: list[Problem] | None
    """GAIA's validator's verdict on the draft (None: GAIA could not be asked)."""
    scenario_ids: Mapping[Path, str | None]
    """Each scenario file of the suite and its id (for the unique-id gate)."""
    manifest: Manifest | None
    authors: list[str] = field(default_factory=list)
    """The authors of the commits that changed the draft's record (never its reviewers)."""
    source: tuple[bytes, Parsed] | None = None
    """The draft as the caller read and parsed it (``FileResult.source``): judged strictly
    from those bytes, not read again."""


def gather(
    settings: Settings,
    draft: Path,
    *,
    read: DraftRead | None = None,
    allow_saturated: str | None = None,
    suite: str | None = None,
    allow_passing_control: str | None = None,
    evidence: Evidence | None = None,
) -> GateInputs:
    """Everything the gates judge for one draft: the one home of the gates' inputs.

    ``intake promote`` (and ``show``) call it with nothing read; ``intake check`` passes what
    its context has read (``read``), so both judge the same inputs under the same settings
    (``strong_pass_min``, ``saturation_pass_rate``, ``require_rubric``, ``require_control``,
    ``default_suite``) and both hear GAIA's validator. The record's evidence is what
    ``evidence`` keeps of it (``intake.lifecycle.evidence``: without a base, only the authors
    of its commits are added to its authors); ``check``'s context has judged it already.
    """

    scenario_id = draft.stem
    shown = display_path(draft, settings.root)
    manifest = read.manifest if read is not None else suite_manifest(settings)
    result = validate_file(
        draft,
        strict=True,
        drafts_dir=settings.drafts,
        display=shown,
        manifest=manifest,
        source=read.source if read is not None else None,
    )
    problems = [p for p in result.problems if p.severity is Severity.error]
    if read is not None:
        problems += read.gaia or []
        record = read.record
        authors = list(read.authors)
        findings, scrub_error = read.scan
    else:
        problems += (gaia_problems(settings, [draft], [shown]) or {}).get(shown, [])
        judged = (evidence or Evidence(settings, None)).judge(
            record_path(draft), load_draft_record(settings, draft)
        )
        record = judged.record
        authors = judged.authors
        findings, scrub_error = scrub_scan([draft, record_path(draft)], settings)
    ids = read.scenario_ids if read is not None else None
    return GateInputs(
        scenario_id=scenario_id,
        data=result.data,
        problems=problems,
        scrub_findings=findings,
        scrub_error=scrub_error,
        record=record,
        content_hash=content_hash(draft),
        runnable_hash=runnable_hash(result.data) if result.data is not None else None,
        duplicates=suite_duplicates(settings, scenario_id, ids),
        allow_saturated=allow_saturated.strip() if allow_saturated else None,
        strong_pass_min=settings.strong_pass_min,
        saturation_pass_rate=settings.saturation_pass_rate,
        require_rubric=settings.require_rubric,
        require_control=settings.require_control,
        allow_passing_control=allow_passing_control,
        suite=suite or settings.default_suite,
        authors=authors,
    )


# --- an older promotion's missing event ------------------------------------------------------


def _log_promotion_if_missing(tx: Edit, scenario_id: str, promoted: Path) -> bool:
    """Log, through the transaction, the promotion event a crash of an older intake kept from
    being written (its scenario and stamped record are in place); True when it did."""
    from intake.store.ledger import Ledger

    settings = tx.settings
    record = load_record(record_path(promoted))
    if record.promotion is None:
        return False
    with Ledger.open(settings.ledger) as ledger:
        for event in ledger.history(scenario_id):
            stamp = event.detail_as(Stamped) if event.kind == "promotion" else None
            if stamp is not None and stamp["content_hash"] == record.promotion.content_hash:
                return False
    event = Event(
        "promotion",
        display_path(promoted, settings.root),
        record.promotion.by,
        _promotion_detail(record.promotion, recovered=True),
    )
    # the scenario as it stands is the unit's one write (already in place, so not rewritten):
    # the ledger's index row is refreshed from it, as a promotion's own unit does
    tx.commit(
        Unit(
            "promote",
            scenario_id,
            writes=[(promoted, promoted.read_bytes().decode("utf-8"))],
            events=[event],
            index="scenario",
        )
    )
    return True


def _promotion_detail(promotion: Promotion, *, recovered: bool) -> PromotionDetail:
    """The ``promotion`` event's detail (the stamp's paths, hash, gates and waiver)."""
    return {
        "from": promotion.from_path,
        "to": promotion.to_path,
        "content_hash": promotion.content_hash,
        "gates": promotion.gates,
        "allow_saturated": promotion.allow_saturated,
        "suite": promotion.suite.value if promotion.suite else None,
        "allow_passing_control": promotion.allow_passing_control,
        "recovered": recovered,
    }


# --- promote and reject ------------------------------------------------------------------------


@dataclass
class PromoteResult:
    """What ``promote`` did (or, with ``dry_run``, would do)."""

    scenario_id: str
    gates: list[Gate]
    draft: Path | None
    destination: Path | None = None
    recovered: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Things the user should know that block nothing (an unneeded --allow-saturated)."""

    @property
    def blocked(self) -> bool:
        """Whether any gate is unmet."""
        return any(not g.met for g in self.gates)


def promote(
    settings: Settings,
    target: str,
    *,
    dry_run: bool = False,
    allow_saturated: str | None = None,
    suite: str | None = None,
    allow_passing_control: str | None = None,
    base: str | None = None,
    by: str | None = None,
) -> PromoteResult:
    """Check every gate; unless ``dry_run``, move the draft into the suite (or raise).

    ``suite`` (``capability`` or ``regression``; default ``default_suite``) picks the rules of
    gates 4 and 5 and is written as a tag into the promoted scenario. The settings and rules
    are the base revision's when one is known (``base``: ``--base REV``; else
    ``$GITHUB_BASE_REF`` or the remote's default branch): a change to them blocks, and the
    record's evidence counts only as corroborated (``intake.lifecycle.evidence``). Who
    promotes is ``by`` through ``store.suite.change_actor`` (unknown: nothing is moved).
    """
    found = find_base(settings.root, base)
    with rules_for(settings, found) as rules:
        if rules.changes:
            first = rules.changes[0]
            more = f" (+{len(rules.changes) - 1} more)" if len(rules.changes) > 1 else ""
            raise PromotionBlocked(
                f"the change alters the rules it is judged by: {first.message}{more}",
                where=f"{first.file}:{first.line}",
                hint="`intake check` lists them; promote once the base branch carries them",
            )
        return _promote(
            rules.settings,
            target,
            dry_run=dry_run,
            allow_saturated=allow_saturated,
            suite=suite,
            allow_passing_control=allow_passing_control,
            evidence=Evidence(rules.settings, found),
            by=by,
        )


def _promote(
    settings: Settings,
    target: str,
    *,
    dry_run: bool,
    allow_saturated: str | None,
    suite: str | None,
    allow_passing_control: str | None,
    evidence: Evidence,
    by: str | None,
) -> PromoteResult:
    suite = _suite(settings, suite)
    scenario_id = draft_id(settings, target)
    notes: list[str] = []
    if allow_saturated is not None:
        allow_saturated = recorded_reason(
            settings,
            allow_saturated,
            notes,
            needed_for="a saturation waiver",
            flag="--allow-saturated",
        )
    if allow_passing_control is not None:
        allow_passing_control = recorded_reason(
            settings,
            allow_passing_control,
            notes,
            needed_for="a passing-control waiver",
            flag="--allow-passing-control",
        )
    who = None if dry_run else change_actor(settings, by)
    with edit(settings, scenario_id, doing="promote", recover_first=not dry_run) as tx:
        # a journaled command on this id (a revise, a review, an interrupted promotion)
        # finishes first; a dry run changes nothing
        recovered = list(tx.recovered)
        finished = [u for u in tx.finished if u.command == "promote"]
        try:
            draft = find_draft(settings, target)
        except UsageError:
            promoted = promoted_paths(settings, scenario_id)
            if promoted and not dry_run and record_path(promoted[0]).is_file():
                if _log_promotion_if_missing(tx, scenario_id, promoted[0]):
                    recovered.append("ledger: the promotion event a crash left unwritten")
                if finished or recovered:
                    return PromoteResult(
                        scenario_id,
                        [],
                        None,
                        destination=promoted[0],
                        recovered=recovered,
                        notes=notes,
                    )
            if promoted:
                raise Conflict(
                    "already promoted (by another process or an earlier run)",
                    where=display_path(promoted[0], settings.root),
                ) from None
            raise
        inputs = gather(
            settings,
            draft,
            allow_saturated=allow_saturated,
            suite=suite,
            allow_passing_control=allow_passing_control,
            evidence=evidence,
        )
        _drop_unneeded_waivers(inputs, notes)
        gates = check_gates(inputs)
        result = PromoteResult(scenario_id, gates, draft, recovered=recovered, notes=notes)
        if dry_run:
            return result
        if result.blocked:
            raise GatesUnmet(scenario_id, gates)
        assert inputs.data is not None and who is not None
        result.destination = _move(settings, tx, draft, inputs, gates, by=who)
        return result


def _suite(settings: Settings, suite: str | None) -> str:
    chosen = suite if suite is not None else settings.default_suite
    if chosen not in ("capability", "regression"):
        raise UsageError("--suite is capability or regression")
    return chosen


def _drop_unneeded_waivers(inputs: GateInputs, notes: list[str]) -> None:
    """A waiver the case never needed (no PASS control; a regression case, or one the local
    model does not pass) must not end up in the stamp as if it did."""
    record, current = inputs.record, inputs.runnable_hash
    unneeded: dict[str, str] = {}
    if not any(c.status == "PASS" for c in current_controls(record, current)):
        unneeded["allow_passing_control"] = "no control passes the criteria"
    if inputs.suite == "regression":
        unneeded["allow_saturated"] = "saturation does not block a regression case"
    elif not saturated(record.runs, current, inputs.saturation_pass_rate):
        unneeded["allow_saturated"] = "the local model does not pass this case"
    for name, why in unneeded.items():
        if getattr(inputs, name):
            setattr(inputs, name, None)
            notes.append(
                f"--{name.replace('_', '-')} was not needed: {why}; the reason is not recorded"
            )


def criteria_hash(data: dict[str, Any]) -> str:
    """``sha256:…`` over each turn's criteria (number, objective, success_criteria,
    ground_truth): what a labelled control was judged against."""

    turns = data.get("turns")
    doc = [
        [t.get("turn"), t.get("objective"), t.get("success_criteria"), t.get("ground_truth")]
        for t in (turns if isinstance(turns, list) else [])
        if isinstance(t, dict)
    ]
    try:
        raw = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # keys of mixed types in a ground truth
        raw = canonical_json(doc)
    return "sha256:" + hashlib.sha256(raw.encode("utf-8")).hexdigest()


def with_suite_tag(raw: bytes, suite: str) -> bytes:
    """The scenario's bytes with ``suite`` as its one suite tag (``quarantine.with_one_tag``)."""
    return with_one_tag(raw, ("capability", "regression"), suite)


def _move(
    settings: Settings,
    tx: Edit,
    draft: Path,
    inputs: GateInputs,
    gates: list[Gate],
    *,
    by: str,
) -> Path:
    """The promotion's journal unit (the module's docstring)."""
    assert inputs.data is not None and inputs.view is not None
    assert inputs.view.category is not None
    category = inputs.view.category
    scenario_id = inputs.scenario_id
    refuse_outside_root(settings, settings.scenarios / category, what="the scenarios folder")
    dest = safe_child(settings.scenarios, category) / f"{scenario_id}.yaml"
    draft_raw = read_input(draft, what="draft", limit=MAX_INPUT_BYTES, follow_links=False)
    if sha256_bytes(draft_raw) != inputs.content_hash:
        # one read: the bytes hashed here are the bytes written below
        raise Conflict("the draft changed while its gates were checked", where=scenario_id)
    if dest.exists() or dest.is_symlink():
        raise Conflict(
            "a scenario with this id appeared in the suite",
            where=display_path(dest, settings.root),
        )
    raw = with_suite_tag(draft_raw, inputs.suite)
    raw = with_split(settings, raw, scenario_id, category)
    written = sha256_bytes(raw)
    runs, current = inputs.record.runs, inputs.runnable_hash
    promotion = Promotion(
        at=utcnow(),
        by=by,
        gates={g.name: g.detail for g in gates},
        content_hash=written,
        allow_saturated=inputs.allow_saturated,
        from_path=display_path(draft, settings.root),
        to_path=display_path(dest, settings.root),
        difficulty=difficulty(  # the label the two tiers' pass rates give
            tier_stats(runs, RunTier.strong, current),
            tier_stats(runs, RunTier.local, current),
            settings.saturation_pass_rate,
        ),
        suite=SuiteType(inputs.suite),
        draft_hash=inputs.content_hash if written != inputs.content_hash else None,
        criteria_hash=criteria_hash(inputs.data),
        allow_passing_control=inputs.allow_passing_control,
    )
    stamped = inputs.record.model_copy(update={"promotion": promotion})
    event = Event(
        "promotion",
        display_path(dest, settings.root),
        by,
        _promotion_detail(promotion, recovered=False),
    )
    text = raw.decode("utf-8")
    texts = (with_line_ends(dump_record(stamped), like=text), text)
    tx.commit_scenario(
        "promote", scenario_id, dest, texts, event, moved_from=draft, index="scenario"
    )
    return dest


@dataclass
class RejectResult:
    """What ``reject`` removed."""

    scenario_id: str
    draft: Path
    notes: list[str] = field(default_factory=list)
    """What was scrubbed (types and counts only), for stderr."""


def reject(settings: Settings, target: str, reason: str, *, by: str | None = None) -> RejectResult:
    """Remove a draft and its record; the ledger keeps the record and the reason (and who
    rejects: ``by`` through ``store.suite.change_actor``).

    Both are scrubbed before they reach the ledger: the reason is typed on the command line,
    and the record is copied whole (a reviewer's note, a run's strings), so neither may carry
    what the scrubber finds into ``intake log``.
    """

    notes: list[str] = []
    reason = recorded_reason(settings, reason, notes, needed_for="a rejection")
    actor = change_actor(settings, by)
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    with edit(settings, scenario_id, doing="reject") as tx:
        if not draft.is_file():
            raise Conflict("the draft disappeared (promoted or rejected meanwhile)", where=target)
        rec = record_path(draft)
        record = load_record(rec) if rec.is_file() else None
        copied: Any = None
        if record is not None:
            dumped = record.model_dump(mode="json", exclude_none=True)
            copied, report = scrub_tree(dumped, scrubber=scrubber_for(settings))
            found = [t for t, n in report.counts.items() for _ in range(n)]
            if found:
                notes.append(scrub_message("the record copied into the ledger", found))
        detail: RejectionDetail = {
            "reason": reason,
            "content_hash": content_hash(draft),
            "record": copied,
            "stages": Stages.of(record).to_dict() if record is not None else {},
        }
        event = Event(
            "rejection", display_path(draft, settings.root), actor, detail, at=utcnow().isoformat()
        )
        refuse_outside_root(settings, draft, what="the draft")
        private = inside(draft, settings.private_drafts) or (
            record is not None and record.source.private
        )
        writes = [] if private else [_history_write(settings, scenario_id, event)]
        tx.commit(
            Unit(
                "reject",
                scenario_id,
                writes=writes,
                removes=[draft, rec],
                events=[event],
                index="remove",
            ),
        )
    return RejectResult(scenario_id, draft, notes)


def _history_write(settings: Settings, scenario_id: str, event: Event) -> tuple[Path, str]:
    """The rejection's committed history file (``intake.store.history``): what a clone rebuilds."""

    assert event.at is not None  # the rejection's event is stamped when it is made
    path = history_file(settings, event.id, event.kind)
    refuse_outside_root(settings, path.parent, what="the history folder")
    text = history_text(replace(event, scenario_id=scenario_id))
    return path, text
