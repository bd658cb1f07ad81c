"""Run records: one GAIA runner result for a draft, bound to the draft's runnable content.

The result is read by ``intake.lifecycle.runs.results`` (GAIA's results, one reader for
``run``, ``run-record`` and ``runs import``). The scorecard names the run (``run_id``,
``timestamp``) and the judge (``config.model``, which both drives and judges), but never the
model under test: that comes from ``--model`` or from the ``meta.json`` GAIA's committed
baselines keep beside their scorecards. Without either, a run proves nothing about which tier
passed, so it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import NamedTuple

from intake.config import Settings
from intake.contract.models import Record, Run
from intake.contract.plain import (
    JUDGED_STATUSES,
    RunTier,
    ScenarioView,
    TierStats,
    difficulty,
    tier_stats,
)
from intake.errors import Conflict, InputError, UsageError
from intake.lifecycle.runs.results import (
    Meta,
    ScenarioResult,
    check_run_names,
    meta_beside,
    model_under_test,
    read_result,
    safe_name,
)
from intake.paths import display_path
from intake.store.records import runnable_hash, utcnow

# What only recording and dropping a draft's run use (the journal, the contract's validator,
# the scrubber's module) is imported inside them: a command imports what it uses.


def check_is_this_draft(result: ScenarioResult, scenario: ScenarioView, where: str) -> list[str]:
    """Refuse a result that cannot be a run of this draft; warn about what may still be one.

    A result with another number of turns than the draft was not a run of it (another
    scenario's result under a copied id, or an older text): refused. User messages that differ
    from the draft's are a warning only: GAIA's simulator *generates* each message from the
    turn's objective and persona (amd/gaia ``src/gaia/eval/runner.py``,
    docs/gaia-formats.md#runner), so a genuine run of the draft usually paraphrases it.
    Runner-made results (TIMEOUT, ERRORED, …) hold no turns and are not compared. The warning
    names turn numbers, never the text.
    """
    mine = scenario.turns
    count = result.result.turn_count
    if count and mine and count != len(mine):
        raise InputError(
            f"run {result.run_id[:80]} has {count} turn(s) and the draft has "
            f"{len(mine)}: the run is not of this draft",
            where=where,
            hint="run the draft as it is now with GAIA's runner and record that run",
        )
    sent = result.result.messages
    differ = [
        str(turn.turn)
        for turn in mine
        if turn.turn in sent
        and turn.user_message is not None
        and turn.user_message.split() != sent[turn.turn].split()
    ]
    if not differ:
        return []
    return [
        f"turn {', '.join(differ)}: the run sent another user message than the draft's "
        "(GAIA's simulator paraphrases the objective); check the trace before relying on it"
    ]


def check_tier(settings: Settings, tier: RunTier, model: str) -> None:
    """The tier must agree with the configured model lists, when they are set."""
    mine = settings.strong_models if tier is RunTier.strong else settings.local_models
    other = settings.local_models if tier is RunTier.strong else settings.strong_models
    other_name = "local" if tier is RunTier.strong else "strong"
    if model in other and model not in mine:
        raise UsageError(
            f"model {model!r} is configured as a {other_name} model, not {tier.value}",
            hint=f"use --tier {other_name}, or fix strong_models/local_models in [tool.intake]",
        )
    if mine and model not in mine:
        raise UsageError(
            f"model {model!r} is not among the configured {tier.value} models",
            hint=f"{tier.value}_models = {', '.join(mine)}",
        )


def record_run(
    settings: Settings,
    target: str,
    scorecard: Path,
    tier: RunTier,
    *,
    model: str | None = None,
    iteration: int | None = None,
    runner_exit: int | None = None,
) -> tuple[Path, Run, bool]:
    """Record the draft's result from a scorecard; returns (draft, run, replaced_existing).

    ``intake run-record`` and ``intake run`` (with ``iteration`` and ``runner_exit``) both
    record through here. What was noticed but not refused is in ``run.warnings``.
    """
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.suite import find_draft, load_draft_record

    draft = find_draft(settings, target)
    scenario_id = draft.stem
    result = read_result(scorecard, scenario_id)
    tested = model_under_test(
        model, Meta() if model is not None else meta_beside(scorecard), scorecard
    )
    configured = (*settings.strong_models, *settings.local_models)
    check_run_names(settings, result.run_id, result.judge_model, tested, configured=configured)
    card_name = _kept_card_name(settings, scorecard)
    card_path = suite_relative(settings, scorecard)
    check_tier(settings, tier, tested)
    with edit(settings, scenario_id, doing="record a run") as tx:
        scenario, current = draft_scenario(settings, draft, scenario_id)
        record = load_draft_record(settings, draft)
        check_after_capture(record, result, scorecard)
        warnings = check_is_this_draft(result, scenario, str(scorecard))
        if result.judge_model is not None and result.judge_model == tested:
            warnings.append(
                "the model under test equals the scorecard's judge (config.model): GAIA's "
                "--model names the judge, not the model under test"
            )
        where = display_path(draft, settings.root)
        _check_run_fits(record, result.run_id, tested, tier, current, where)
        run = Run(
            tier=tier,
            run_id=result.run_id,
            status=result.result.status,
            score=result.result.score,
            model=tested,
            judge_model=result.judge_model,
            runnable_hash=current,
            at=result.at,
            recorded_at=utcnow(),
            scorecard=card_name,
            iteration=iteration,
            runner_exit=runner_exit,
            scorecard_path=card_path,
            warnings=warnings,
        )
        kept = [
            r
            for r in record.runs
            if not (r.run_id == run.run_id and r.tier is run.tier and r.model == run.model)
        ]
        replaced = len(kept) != len(record.runs)
        record.runs = [*kept, run]
        detail = {**run.model_dump(mode="json"), "replaced": replaced, "source": result.result.kind}
        event = Event("run", where, None, detail)
        tx.commit_record("run-record", draft, record, [event])
    return draft, run, replaced


def _kept_card_name(settings: Settings, scorecard: Path) -> str | None:
    """The scorecard's file name, or None when it is odd or holds something the scrubber finds."""
    from intake.store.suite import finding_types

    if not safe_name(scorecard.name) or finding_types(settings, scorecard.name):
        return None  # the file name says nothing the record needs; keep no odd one
    return scorecard.name


def draft_scenario(settings: Settings, draft: Path, scenario_id: str) -> tuple[ScenarioView, str]:
    """The draft's view and runnable hash, refused when missing, unreadable or named another
    id."""
    from intake.contract.validate import validate_file

    if not draft.is_file():
        raise Conflict("the draft disappeared (promoted or rejected meanwhile)", where=scenario_id)
    parsed = validate_file(draft, drafts_dir=settings.drafts)
    if parsed.data is None:
        first = parsed.problems[0]
        raise InputError(f"cannot read the draft: {first.message}", where=f"{first.file}")
    data_id = parsed.data.get("id")
    if data_id != scenario_id:
        raise InputError(
            f"the draft's id {str(data_id)[:80]!r} does not match its file name",
            where=display_path(draft, settings.root),
        )
    return ScenarioView.of(parsed.data), runnable_hash(parsed.data)


def check_after_capture(
    record: Record, result: ScenarioResult, scorecard: Path, what: str = "run"
) -> None:
    """A run (or a control, ``what``) older than the captured session cannot be of this draft."""
    captured = record.source.captured_at
    if captured.tzinfo is None:
        captured = captured.replace(tzinfo=UTC)
    if result.at < captured:
        raise UsageError(
            f"{what} {result.run_id[:80]} at {result.at.isoformat(timespec='seconds')} "
            f"predates the draft (captured {captured.isoformat(timespec='seconds')})",
            where=str(scorecard),
            hint=f"re-run the draft with GAIA's runner and record that {what}",
        )


def _check_run_fits(
    record: Record, run_id: str, tested: str, tier: RunTier, current: str, where: str
) -> None:
    """Recording the run again keeps its model, content and tier; a model keeps one tier."""
    for earlier in record.runs:
        if earlier.run_id != run_id:
            continue
        if earlier.model != tested:
            raise UsageError(
                f"run {run_id[:80]} is already recorded for model {earlier.model!r}; "
                "one run counts for one model",
                where=where,
                hint="drop the wrong one first: `intake runs DRAFT --drop RUN_ID --reason T`",
            )
        if earlier.runnable_hash != current:
            raise UsageError(
                f"run {run_id[:80]} was recorded for an earlier version of the "
                "draft's turns; recording it again would not make it a run of this one",
                where=where,
                hint="re-run the edited draft with GAIA's runner and record that run",
            )
        if earlier.tier is not tier:
            raise UsageError(
                f"run {run_id[:80]} is already recorded as the "
                f"{earlier.tier.value} tier; one run cannot count as both tiers",
                where=where,
            )
    other_tier = RunTier.local if tier is RunTier.strong else RunTier.strong
    if any(r.model == tested and r.tier is other_tier for r in record.runs):
        raise UsageError(
            f"model {tested!r} already has a {other_tier.value} run recorded for this "
            f"draft; one model cannot count as both the strong and the local tier",
            where=where,
            hint=f"record a different model for the {tier.value} tier",
        )


def suite_relative(settings: Settings, path: Path) -> str | None:
    """``path`` relative to the suite root when it lies inside it and is plain; else None."""
    try:
        relative = path.resolve().relative_to(settings.root.resolve())
    except (ValueError, OSError):
        return None
    text = relative.as_posix()
    if len(text) > 500 or not all(safe_name(part) for part in relative.parts):
        return None
    from intake.store.suite import finding_types

    return None if finding_types(settings, text) else text


def drop_run(
    settings: Settings, target: str, run_id: str, reason: str
) -> tuple[Path, list[Run], list[str]]:
    """Remove a run from the draft's record; the ledger keeps the run and the (scrubbed) reason.

    Returns (draft, the runs removed, notes for stderr). A run id not in the record is a
    usage error naming the draft, never echoing the id unless it is a plain name.
    """
    from intake.store.details import RunDropDetail
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.suite import find_draft, load_draft_record, recorded_reason

    notes: list[str] = []
    reason = recorded_reason(settings, reason, notes, needed_for="dropping a run")
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    shown = run_id[:80] if safe_name(run_id) else "(not a plain run id, not shown)"
    with edit(settings, scenario_id, doing="drop a run") as tx:
        record = load_draft_record(settings, draft)
        dropped = [r for r in record.runs if r.run_id == run_id]
        controls = [c for c in record.controls if c.run_id == run_id]  # intake control's
        if not dropped and not controls:
            raise UsageError(
                f"no run {shown} in the draft's record",
                where=display_path(draft, settings.root),
                hint="`intake runs DRAFT` lists the recorded runs",
            )
        record.runs = [r for r in record.runs if r.run_id != run_id]
        record.controls = [c for c in record.controls if c.run_id != run_id]
        detail = RunDropDetail(
            run_id=run_id,
            reason=reason,
            runs=[r.model_dump(mode="json", exclude_none=True) for r in dropped],
        )
        if controls:
            detail["controls"] = [c.model_dump(mode="json", exclude_none=True) for c in controls]
        event = Event("run-drop", display_path(draft, settings.root), None, detail)
        tx.commit_record("run-drop", draft, record, [event])
    return draft, dropped, notes


class RunRow(NamedTuple):
    """One run as ``intake runs`` lists it (``--format json``: its fields, in this order)."""

    run_id: str
    tier: str
    model: str
    judge: str | None
    status: str
    judged: bool
    score: float | None
    stale: bool
    at: str
    iteration: int | None
    warnings: list[str]


class ControlRow(NamedTuple):
    """One control run (``intake control``) as ``intake runs`` lists it."""

    run_id: str
    status: str
    judged: bool
    score: float | None
    judge: str | None
    stale: bool
    at: str


def _run_rows(record: Record, current: str | None) -> list[RunRow]:
    """One row per run, oldest first; stale when judged on other content than ``current``."""
    return [
        RunRow(
            r.run_id,
            r.tier.value,
            r.model,
            r.judge_model,
            r.status,
            r.status in JUDGED_STATUSES,
            r.score,
            current is None or r.runnable_hash != current,
            r.at.isoformat(timespec="seconds"),
            r.iteration,
            r.warnings,
        )
        for r in sorted(record.runs, key=lambda r: (r.at, r.recorded_at))
    ]


def _control_rows(record: Record, current: str | None) -> list[ControlRow]:
    """One row per control run (``intake control``), oldest first."""
    from intake.lifecycle.gates import current_controls

    fresh = current_controls(record, current)
    return [
        ControlRow(
            c.run_id,
            c.status,
            c.status in JUDGED_STATUSES,
            c.score,
            c.judge_model,
            c not in fresh,
            c.at.isoformat(timespec="seconds"),
        )
        for c in sorted(record.controls, key=lambda c: (c.at, c.recorded_at))
    ]


@dataclass(frozen=True)
class RunListing:
    """A draft's runs and control runs (oldest first), its tiers' statistics on the current
    content and the difficulty they imply: what ``intake runs DRAFT`` prints."""

    draft: Path
    runs: list[RunRow]
    controls: list[ControlRow]
    strong: TierStats
    local: TierStats
    difficulty: str | None


def list_runs(settings: Settings, target: str) -> RunListing:
    """The ``RunListing`` of the draft ``target``; every run is stale when the draft does not
    parse (no current content to compare with)."""
    from intake.contract.yamlio import YamlProblem, parse_checked
    from intake.store.suite import find_draft, load_draft_record

    path = find_draft(settings, target)
    record = load_draft_record(settings, path)
    try:
        current: str | None = runnable_hash(parse_checked(path.read_bytes()).data)
    except YamlProblem:
        current = None
    strong = tier_stats(record.runs, RunTier.strong, current)
    local = tier_stats(record.runs, RunTier.local, current)
    label = difficulty(strong, local, settings.saturation_pass_rate)
    rows, controls = _run_rows(record, current), _control_rows(record, current)
    return RunListing(path, rows, controls, strong, local, label)
