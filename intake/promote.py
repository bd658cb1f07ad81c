"""Promotion: reading what the gates judge, the crash-safe move into the suite, and reject.

``gather`` reads the files (validation, scrub re-scan, record, suite ids) into ``GateInputs``;
``intake.gates.check_gates`` (pure) returns every gate, met or not, each unmet one with what to
do, so the user fixes everything in one round instead of one gate per attempt.

The move is ordered so that a kill at any point leaves either the draft or the promoted
scenario, and a rerun (or ``intake check``) knows which:

1. take the draft's ``flock`` (released by the kernel if the process dies);
2. write the stamped record and the scenario into ``scenarios/<category>/`` under hidden
   temporary names (``.<id>.*.promote-tmp``: not ``*.yaml``, so GAIA's loader never sees them);
3. rename the record into place (``<id>.intake.json``, no scenario beside it yet);
4. hard-link the scenario into place (``<id>.yaml``): **the commit point**; a link fails if the
   name exists, so nothing is ever overwritten;
5. remove the draft, then its record; then the ledger event and index row.

Recovery rule (``plan_recovery``): temporaries are always removed; a promoted record without
its scenario (killed before 4) is rolled back; a draft whose exact bytes were promoted (its hash
equals the promoted scenario's and the stamp's ``content_hash``, and the stamp names it as
``from_path``) is the leftover of a committed promotion and is removed, with the ledger event
written if it is missing. ``promote`` applies the plan under the lock; ``intake check`` only
reports it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake import crashpoints
from intake.config import Settings
from intake.errors import Conflict, UsageError
from intake.fileio import fsync_dir
from intake.gates import (
    Gate,
    GateInputs,
    GatesUnmet,
    ScanHit,
    check_gates,
    saturated,
)
from intake.models import (
    ID_PATTERN,
    Promotion,
    Record,
)
from intake.paths import display_path, inside
from intake.records import (
    RECORD_SUFFIX,
    content_hash,
    dump_record,
    load_record,
    record_path,
    runnable_hash,
    safe_child,
    scenario_path_for_record,
    utcnow,
)
from intake.suite import (
    draft_lock,
    find_draft,
    log_event,
    promoted_paths,
    refuse_outside_root,
)

CRASH_STEPS = (
    "locked",
    "temps-written",
    "record-placed",
    "scenario-placed",
    "draft-removed",
    "record-removed",
)
TEMP_SUFFIX = ".promote-tmp"


# --- the gates (pure) --------------------------------------------------------------------------


# --- reading the inputs ------------------------------------------------------------------------


def scrub_scan(
    paths: list[Path], settings: Settings
) -> tuple[list[ScanHit] | None, str | None]:
    """The scrubber's re-scan of files; (None, why) when it cannot run (the gate fails closed)."""
    try:
        from intake import scrub
    except ImportError as exc:
        return None, f"intake.scrub cannot be imported ({type(exc).__name__})"
    from intake.errors import IntakeError

    scan_paths = getattr(scrub, "scan_paths", None)
    if scan_paths is None:
        return None, "intake.scrub has no scan_paths"
    try:
        engine = scrub.scrubber_for(settings)  # resolves a relative scrubbers_dir at the root
        result: Any = scan_paths(paths, scrubber=engine)
    except IntakeError as exc:
        return None, exc.one_line()
    findings = getattr(result, "findings", result)
    hits: list[ScanHit] = []
    for finding in findings or []:
        kind = getattr(finding, "entity_type", None) or "finding"
        where = getattr(finding, "path", None) or getattr(finding, "file", None) or "?"
        line = getattr(finding, "line", None)
        file = display_path(Path(str(where)), settings.root) if where != "?" else where
        hits.append(ScanHit(str(kind), file, line if isinstance(line, int) else 1))
    return hits, None


def suite_duplicates(settings: Settings, scenario_id: str) -> list[str]:
    """Scenarios in the suite whose file name or ``id`` equals ``scenario_id``."""
    from intake.yamlio import YamlProblem, parse_checked

    hits: list[str] = []
    folder = settings.scenarios
    if not folder.is_dir():
        return hits
    for path in sorted(folder.rglob("*.yaml")):
        if path.stem == scenario_id:
            hits.append(display_path(path, settings.root))
            continue
        try:
            raw = path.read_bytes()
        except OSError:
            continue
        if scenario_id.encode() not in raw:
            continue
        try:
            other = parse_checked(raw).data.get("id")
        except YamlProblem:
            continue
        if other == scenario_id:
            hits.append(display_path(path, settings.root))
    return hits


def gather(settings: Settings, draft: Path, *, allow_saturated: str | None = None) -> GateInputs:
    """Read everything the gates judge for one draft."""
    from intake.suite import load_draft_record
    from intake.validate import Severity, suite_manifest, validate_file

    scenario_id = draft.stem
    result = validate_file(
        draft,
        strict=True,
        drafts_dir=settings.drafts,
        display=display_path(draft, settings.root),
        manifest=suite_manifest(settings),
    )
    problems = [
        f"{p.file}:{p.line}: {p.message}" for p in result.problems if p.severity is Severity.error
    ]
    record = load_draft_record(settings, draft)
    findings, scrub_error = scrub_scan([draft, record_path(draft)], settings)
    return GateInputs(
        scenario_id=scenario_id,
        data=result.data,
        problems=problems,
        scrub_findings=findings,
        scrub_error=scrub_error,
        record=record,
        content_hash=content_hash(draft),
        runnable_hash=runnable_hash(result.data) if result.data is not None else None,
        duplicates=suite_duplicates(settings, scenario_id),
        allow_saturated=allow_saturated.strip() if allow_saturated else None,
        strong_pass_min=settings.strong_pass_min,
        saturation_pass_rate=settings.saturation_pass_rate,
        require_rubric=settings.require_rubric,
    )


# --- recovery ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Leftover:
    """A trace of an interrupted promotion, and what recovery does about it."""

    action: str
    """``remove-temp``, ``roll-back`` (record without scenario) or ``finish`` (draft left)."""
    path: Path
    scenario_id: str
    message: str
    promoted: Path | None = None


def plan_recovery(settings: Settings, scenario_id: str | None = None) -> list[Leftover]:
    """Leftovers of interrupted promotions (of one id, or all); reads only."""
    plan: list[Leftover] = []
    folder = settings.scenarios
    if not folder.is_dir():
        return plan
    pattern = f".{scenario_id}.*{TEMP_SUFFIX}" if scenario_id else f".*{TEMP_SUFFIX}"
    for tmp in sorted(folder.rglob(pattern)):
        sid = tmp.name[1:].split(".", 1)[0]
        plan.append(
            Leftover("remove-temp", tmp, sid, "temporary file of an interrupted promotion")
        )
    rec_pattern = f"{scenario_id}{RECORD_SUFFIX}" if scenario_id else f"*{RECORD_SUFFIX}"
    for rec in sorted(folder.rglob(rec_pattern)):
        if rec.name.startswith("."):
            continue
        try:
            record = load_record(rec)
        except UsageError:
            continue
        if record.promotion is None:
            continue
        scenario = scenario_path_for_record(rec)
        if not scenario.exists():
            plan.append(
                Leftover(
                    "roll-back",
                    rec,
                    record.id,
                    "promotion record without its scenario (promotion interrupted before "
                    "its commit; the draft is intact)",
                )
            )
            continue
        draft = settings.root / record.promotion.from_path
        if not inside(draft, settings.drafts):
            continue
        draft_rec = record_path(draft)
        if draft.is_file():
            stamp = record.promotion.content_hash
            if content_hash(draft) == stamp == content_hash(scenario):
                plan.append(
                    Leftover(
                        "finish",
                        draft,
                        record.id,
                        "draft already promoted (promotion interrupted after its commit)",
                        promoted=scenario,
                    )
                )
        elif draft_rec.is_file():
            plan.append(
                Leftover(
                    "finish",
                    draft_rec,
                    record.id,
                    "record of a draft already promoted (promotion interrupted after its commit)",
                    promoted=scenario,
                )
            )
    return plan


def apply_recovery(settings: Settings, plan: list[Leftover]) -> list[str]:
    """Carry out a recovery plan (the caller holds the draft's lock); returns what was done."""
    done: list[str] = []
    for item in plan:
        if item.action in ("remove-temp", "roll-back"):
            item.path.unlink(missing_ok=True)
            fsync_dir(item.path.parent)
        elif item.action == "finish":
            item.path.unlink(missing_ok=True)
            if item.path.name.endswith(".yaml"):
                record_path(item.path).unlink(missing_ok=True)
            fsync_dir(item.path.parent)
            if item.promoted is not None:
                _log_promotion_if_missing(settings, item.scenario_id, item.promoted)
        done.append(f"{item.action}: {display_path(item.path, settings.root)}")
    return done


def _log_promotion_if_missing(settings: Settings, scenario_id: str, promoted: Path) -> bool:
    """Write the promotion event a crash kept from being written; True when it did."""
    from intake.ledger import Ledger

    record = load_record(record_path(promoted))
    if record.promotion is None:
        return False
    with Ledger.open(settings.ledger) as ledger:
        for event in ledger.history(scenario_id):
            detail = event.get("detail") or {}
            if event["kind"] == "promotion" and detail.get("content_hash") == (
                record.promotion.content_hash
            ):
                return False
    _log_promotion(settings, record, promoted, recovered=True)
    return True


def _log_promotion(settings: Settings, record: Record, promoted: Path, *, recovered: bool) -> None:
    from intake.ledger import Ledger, item_for
    from intake.yamlio import parse_checked

    assert record.promotion is not None
    detail: dict[str, Any] = {
        "from": record.promotion.from_path,
        "to": record.promotion.to_path,
        "content_hash": record.promotion.content_hash,
        "gates": record.promotion.gates,
        "allow_saturated": record.promotion.allow_saturated,
        "recovered": recovered,
    }
    log_event(
        settings, "promotion", record.id, path=promoted, actor=record.promotion.by, detail=detail
    )
    data = parse_checked(promoted.read_bytes()).data
    with Ledger.open(settings.ledger) as ledger:
        ledger.upsert_item(item_for(promoted, data, "scenario", settings.root))


# --- promote and reject ------------------------------------------------------------------------


_step_observer: Callable[[str], None] | None = None


def observe_steps(observer: Callable[[str], None] | None) -> None:
    """Call ``observer(step)`` at each of ``CRASH_STEPS`` of a promotion (``None``: stop).

    For the crash tests, which install an observer that kills its own process at one step.
    Only code running in the process can set it: no setting or environment variable does.
    """
    global _step_observer
    _step_observer = observer


def _crash_point(step: str) -> None:
    if _step_observer is not None:
        _step_observer(step)
    crashpoints.reached(f"promote:{step}")


@dataclass
class PromoteResult:
    """What ``promote`` did (or, with ``dry_run``, would do)."""

    scenario_id: str
    gates: list[Gate]
    dry_run: bool
    draft: Path | None
    destination: Path | None = None
    recovered: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Things the user should know that block nothing (an unneeded --allow-saturated)."""

    @property
    def blocked(self) -> bool:
        """Whether any gate is unmet."""
        return any(not g.met for g in self.gates)


def _target_id(target: str) -> str:
    stem = Path(target).name.removesuffix(".yaml")
    if not re.fullmatch(ID_PATTERN, stem):
        raise UsageError("not a draft id or path", where=target[:80])
    return stem


def _who(settings: Settings) -> tuple[str | None, str | None]:
    """Who runs intake, for the stamp and the rejection event, and a note when it is withheld.

    The author comes from settings, ``$GITHUB_ACTOR`` or git config and may be a display name
    such as ``Alice <alice@…>``: when the scrubber finds something in it (or it holds control
    characters) nothing is stored and the note says why (types only).
    """
    from intake.drafting.tail import current_author
    from intake.suite import finding_types

    name = current_author(settings)
    if name is None:
        return None, None
    types = finding_types(settings, name)
    if types or not name.isprintable():
        what = ", ".join(sorted(set(types))) if types else "control characters"
        return None, (
            f"author not recorded: the author name (author setting, GITHUB_ACTOR or git "
            f"config) holds {what}; set author = \"LOGIN\" in [tool.intake]"
        )
    return name, None


def promote(
    settings: Settings,
    target: str,
    *,
    dry_run: bool = False,
    allow_saturated: str | None = None,
) -> PromoteResult:
    """Check every gate; unless ``dry_run``, move the draft into the suite (or raise)."""
    if allow_saturated is not None and not allow_saturated.strip():
        raise UsageError("--allow-saturated needs a reason")
    scenario_id = _target_id(target)
    notes: list[str] = []
    if allow_saturated is not None:
        # the reason is printed in the gate table and stamped into the record and ledger
        from intake.suite import scrub_free_text, scrub_message

        allow_saturated, types = scrub_free_text(
            settings, allow_saturated.strip(), where="$.allow_saturated"
        )
        if types:
            notes.append(scrub_message("--allow-saturated reason", types))
    with draft_lock(settings, scenario_id, doing="promote"):
        _crash_point("locked")
        if not dry_run:
            from intake.journal import recover

            # a journaled command on this id (a revise, a review) finishes first: promote's
            # own recovery below must not undo a revise it sees half-way
            recover(settings, scenario_id)
        plan = plan_recovery(settings, scenario_id)
        recovered = [] if dry_run else apply_recovery(settings, plan)
        finished = [p for p in plan if p.action == "finish"]
        try:
            draft = find_draft(settings, target)
        except UsageError:
            promoted = promoted_paths(settings, scenario_id)
            if promoted and not dry_run and record_path(promoted[0]).is_file():
                if _log_promotion_if_missing(settings, scenario_id, promoted[0]):
                    recovered.append("ledger: the promotion event a crash left unwritten")
                if finished or recovered:
                    return PromoteResult(
                        scenario_id,
                        [],
                        dry_run,
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
        inputs = gather(settings, draft, allow_saturated=allow_saturated)
        if inputs.allow_saturated and not saturated(
            inputs.record.runs, inputs.runnable_hash, settings.saturation_pass_rate
        ):
            # a waiver the case never needed must not end up in the stamp as if it did
            inputs.allow_saturated = None
            notes.append(
                "--allow-saturated was not needed: the local model does not pass this case; "
                "the reason is not recorded"
            )
        gates = check_gates(inputs)
        result = PromoteResult(
            scenario_id, gates, dry_run, draft, recovered=recovered, notes=notes
        )
        if dry_run:
            return result
        if result.blocked:
            raise GatesUnmet(scenario_id, gates)
        assert inputs.data is not None
        by, withheld = _who(settings)
        if withheld:
            result.notes.append(withheld)
        result.destination = _move(settings, draft, inputs, gates, by=by or "unknown")
        return result


def _difficulty(settings: Settings, inputs: GateInputs) -> str | None:
    """The difficulty label the two tiers' pass rates give (``intake.gates.difficulty``)."""
    from intake.gates import difficulty, tier_stats
    from intake.models import RunTier

    runs, current = inputs.record.runs, inputs.runnable_hash
    return difficulty(
        tier_stats(runs, RunTier.strong, current),
        tier_stats(runs, RunTier.local, current),
        settings.saturation_pass_rate,
    )


def _move(
    settings: Settings, draft: Path, inputs: GateInputs, gates: list[Gate], *, by: str
) -> Path:
    assert inputs.data is not None
    category = str(inputs.data["category"])
    scenario_id = inputs.scenario_id
    refuse_outside_root(settings, settings.scenarios / category, what="the scenarios folder")
    dest_dir = safe_child(settings.scenarios, category)
    dest = dest_dir / f"{scenario_id}.yaml"
    dest_rec = record_path(dest)
    draft_rec = record_path(draft)
    raw = draft.read_bytes()
    if content_hash(draft) != inputs.content_hash:
        raise Conflict("the draft changed while its gates were checked", where=scenario_id)
    stamped = inputs.record.model_copy(
        update={
            "promotion": Promotion(
                at=utcnow(),
                by=by,
                gates={g.name: g.detail for g in gates},
                content_hash=inputs.content_hash,
                allow_saturated=inputs.allow_saturated,
                from_path=display_path(draft, settings.root),
                to_path=display_path(dest, settings.root),
                difficulty=_difficulty(settings, inputs),
            )
        }
    )
    dest_dir.mkdir(parents=True, exist_ok=True)
    tmp_rec = dest_dir / f".{scenario_id}{RECORD_SUFFIX}{TEMP_SUFFIX}"
    tmp_scn = dest_dir / f".{scenario_id}.yaml{TEMP_SUFFIX}"
    try:
        for tmp, content in ((tmp_rec, dump_record(stamped).encode("utf-8")), (tmp_scn, raw)):
            with open(tmp, "wb") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
        _crash_point("temps-written")
        os.replace(tmp_rec, dest_rec)
        fsync_dir(dest_dir)
        _crash_point("record-placed")
        try:
            os.link(tmp_scn, dest)
        except FileExistsError:
            dest_rec.unlink(missing_ok=True)
            raise Conflict(
                "a scenario with this id appeared in the suite",
                where=display_path(dest, settings.root),
            ) from None
        fsync_dir(dest_dir)
    finally:
        tmp_scn.unlink(missing_ok=True)
        tmp_rec.unlink(missing_ok=True)
    _crash_point("scenario-placed")
    draft.unlink()
    _crash_point("draft-removed")
    draft_rec.unlink(missing_ok=True)
    fsync_dir(draft.parent)
    _crash_point("record-removed")
    _log_promotion(settings, stamped, dest, recovered=False)
    return dest


@dataclass
class RejectResult:
    """What ``reject`` removed."""

    scenario_id: str
    draft: Path
    had_record: bool
    notes: list[str] = field(default_factory=list)
    """What was scrubbed (types and counts only), for stderr."""


def reject(settings: Settings, target: str, reason: str) -> RejectResult:
    """Remove a draft and its record; the ledger keeps the record and the reason.

    Both are scrubbed before they reach the ledger: the reason is typed on the command line,
    and the record is copied whole (a reviewer's note, a run's strings), so neither may carry
    what the scrubber finds into ``intake log``.
    """
    from intake.history import stages_of
    from intake.journal import Event, Unit, commit, recover
    from intake.scrub import scrub_tree, scrubber_for
    from intake.suite import reason_text, refuse_outside_root, scrub_free_text, scrub_message

    reason = reason_text(reason, needed_for="a rejection")
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    with draft_lock(settings, scenario_id, doing="reject"):
        recover(settings, scenario_id)
        if not draft.is_file():
            raise Conflict("the draft disappeared (promoted or rejected meanwhile)", where=target)
        rec = record_path(draft)
        record = load_record(rec) if rec.is_file() else None
        notes: list[str] = []
        reason, types = scrub_free_text(settings, reason, where="$.reason")
        if types:
            notes.append(scrub_message("reason", types))
        copied: Any = None
        if record is not None:
            dumped = record.model_dump(mode="json", exclude_none=True)
            copied, report = scrub_tree(dumped, scrubber=scrubber_for(settings))
            found = [t for t, n in report.counts.items() for _ in range(n)]
            if found:
                notes.append(scrub_message("the record copied into the ledger", found))
        actor, withheld = _who(settings)
        if withheld:
            notes.append(withheld)
        stages = stages_of(record)
        event = Event(
            "rejection",
            display_path(draft, settings.root),
            actor,
            {
                "reason": reason,
                "content_hash": content_hash(draft),
                "record": copied,
                "stages": stages,
            },
            at=utcnow().isoformat(),
        )
        refuse_outside_root(settings, draft, what="the draft")
        private = inside(draft, settings.private_drafts) or (
            record is not None and record.source.private
        )
        writes = [] if private else [_history_write(settings, scenario_id, event, stages)]
        commit(
            settings,
            Unit(
                "reject",
                scenario_id,
                writes=writes,
                removes=[draft, rec],
                events=[event],
                index="remove",
            ),
        )
    return RejectResult(scenario_id, draft, record is not None, notes)


def _history_write(
    settings: Settings, scenario_id: str, event: Any, stages: dict[str, Any]
) -> tuple[Path, str]:
    """The rejection's committed history file (``intake.history``): what a clone rebuilds."""
    from intake.history import history_file, history_text
    from intake.suite import refuse_outside_root

    path = history_file(settings, event.id, event.kind)
    refuse_outside_root(settings, path.parent, what="the history folder")
    text = history_text(
        event_id=event.id,
        at=event.at,
        kind=event.kind,
        scenario_id=scenario_id,
        path=event.path,
        actor=event.actor,
        detail={
            "reason": event.detail["reason"],
            "content_hash": event.detail["content_hash"],
            "stages": stages,
        },
    )
    return path, text


__all__ = [
    "CRASH_STEPS",
    "Leftover",
    "PromoteResult",
    "apply_recovery",
    "gather",
    "plan_recovery",
    "promote",
    "reject",
]
