"""Run records: one GAIA runner result for a draft, bound to the draft's runnable content.

GAIA's runner (``gaia eval agent``) writes ``scorecard.json`` with the per-scenario results
under ``scenarios[i]`` (and the same object per scenario as ``traces/<id>.json``). The
scorecard names the run (``run_id``, ``timestamp``) and the judge (``config.model``, which both
drives and judges), but never the model under test: that comes from ``--model`` or from the
``meta.json`` GAIA's committed baselines keep beside their scorecards. Without either, a run
proves nothing about which tier passed, so it is refused.

Other files GAIA calls ``scorecard.json`` (``gaia eval code``, the session replay, the early
hand-written ``phase2`` summary) are recognised and refused by name, so a user who passes the
wrong one learns what it is instead of getting a vague parse error.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import (
    ID_PATTERN,
    INFRA_STATUSES,
    JUDGED_STATUSES,
    SAFE_NAME_PATTERN,
    Record,
    Run,
    RunTier,
)
from intake.errors import Conflict, InputError, UsageError
from intake.fileio import MAX_JSON_DEPTH, json_depth_exceeds, read_input
from intake.paths import display_path
from intake.store.records import runnable_hash, utcnow
from intake.wording import counted

# What only recording and dropping a draft's run use (the journal, the contract's validator,
# the scrubber's module) is imported inside them: ``runs import`` and ``health`` load this
# module for its readers and name checks, and a command imports what it uses.

MAX_SCORECARD_BYTES = 20 * 1024 * 1024
"""Largest scorecard read: GAIA's are tens of KB per scenario, so 20 MB is generous and bounded."""

KNOWN_STATUSES = JUDGED_STATUSES | INFRA_STATUSES


@dataclass
class ScenarioResult:
    """One scenario's result as read from a scorecard or a trace."""

    run_id: str
    at: datetime
    status: str
    score: float | None
    judge_model: str | None
    kind: str
    """``scorecard`` or ``trace``."""
    messages: dict[int, str] = field(default_factory=dict)
    """What the runner sent as the user in each turn (turn number → text), where recorded."""
    turn_count: int = 0
    """How many turns the result holds (0 for runner-made results: TIMEOUT, ERRORED, …)."""


def read_json_file(path: Path, what: str) -> Any:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise UsageError(f"no such {what}", where=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", where=str(path)) from None
    if not path.is_file():
        raise InputError(f"{what} is not a file", where=str(path))
    if size > MAX_SCORECARD_BYTES:
        raise InputError(
            f"{what} is {size:,} bytes, over the {MAX_SCORECARD_BYTES:,}-byte limit",
            where=str(path),
        )
    try:
        raw = read_input(path, what=what, limit=MAX_SCORECARD_BYTES)
        text = raw.decode("utf-8-sig")
        if json_depth_exceeds(text, MAX_JSON_DEPTH):
            raise InputError(f"{what} nests deeper than {MAX_JSON_DEPTH} levels", where=str(path))
        return json.loads(text)
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", where=str(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 (byte {exc.start})", where=str(path)) from None
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{what} is not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})",
            where=str(path),
        ) from None
    except RecursionError:
        raise InputError(f"{what} is nested too deeply", where=str(path)) from None


def classify(doc: Any) -> str:
    """``runner``, ``trace``, or the name of a format GAIA uses that intake refuses."""
    if not isinstance(doc, dict):
        return "unknown"
    if {"tasks", "solve_rate"} <= doc.keys():
        return "code-run"
    if {"cases", "mean_score"} <= doc.keys():
        return "sessions-run"
    config = doc.get("config")
    scenarios = doc.get("scenarios")
    if isinstance(scenarios, list) and isinstance(config, dict):
        handwritten = (
            "judge_model" in config
            or "known_bugs" in doc
            or any(isinstance(s, dict) and "result_file" in s for s in scenarios)
        )
        if handwritten:
            return "phase2"
        if isinstance(doc.get("run_id"), str):
            return "runner"
    if isinstance(doc.get("scenario_id"), str) and isinstance(doc.get("status"), str):
        return "trace"
    return "unknown"


REFUSED = {
    "code-run": "a `gaia eval code` scorecard (tasks/solve_rate), not an agent-eval scorecard",
    "sessions-run": "a session-replay scorecard (cases/mean_score), not an agent-eval scorecard",
    "phase2": "GAIA's hand-written early summary (phase2 format), not a runner scorecard",
    "unknown": "not a GAIA agent-eval scorecard or trace (no run_id, config and scenarios)",
}


def parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def modified_at(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def plain_score(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _status(entry: dict[str, Any], where: str) -> str:
    """The entry's status; a value outside GAIA's list is refused without echoing it."""
    status = entry.get("status")
    if not isinstance(status, str) or status not in KNOWN_STATUSES:
        raise InputError(
            'unknown run status in field "status" (not shown); '
            f"allowed: {', '.join(sorted(KNOWN_STATUSES))}",
            where=where,
        )
    return status


def safe_name(value: str) -> bool:
    """Whether ``value`` matches the strict pattern for names intake stores and prints."""
    return re.fullmatch(SAFE_NAME_PATTERN, value) is not None


GAIA_RUN_ID = r"eval-\d{8}-\d{6}(?:_fix\d{1,3})?"
"""A run id exactly as GAIA's runner makes it (runner.py ``run_id`` and ``fix_run_id``,
docs/gaia-formats.md#runner): a date and a time, no free text, so the scrubber has nothing to
find in it."""


PLAIN_WORDS = frozenset(
    {
        "amd",
        "amd64",
        "arm64",
        "base",
        "bf16",
        "build",
        "chat",
        "ci",
        "claude",
        "cloud",
        "coder",
        "cpu",
        "deepseek",
        "eval",
        "flash",
        "fp16",
        "fp8",
        "gaia",
        "gemini",
        "gemma",
        "gguf",
        "github",
        "gpt",
        "gpu",
        "haiku",
        "halo",
        "hosted",
        "hybrid",
        "instruct",
        "int4",
        "int8",
        "it",
        "large",
        "latest",
        "lemonade",
        "linux",
        "llama",
        "local",
        "mac",
        "macos",
        "medium",
        "mini",
        "mistral",
        "moe",
        "nano",
        "nightly",
        "node",
        "npu",
        "onnx",
        "opus",
        "phi",
        "preview",
        "pro",
        "qwen",
        "qwen2",
        "qwen3",
        "radeon",
        "runner",
        "ryzen",
        "self",
        "small",
        "sonnet",
        "strix",
        "test",
        "turbo",
        "ubuntu",
        "vl",
        "win",
        "windows",
        "worker",
        "x64",
        "x86",
    }
)
"""Words a machine or model name is made of that hold nothing private (model families, sizes,
hardware, CI words): a name of only these and short numbers is plain by its shape."""

_PLAIN_TOKEN = re.compile(r"\d{1,4}|\d{1,3}[bkm]|a\d{1,2}b|[vqr]\d{1,2}|o\d|k|m|s")


def plain_by_shape(settings: Settings, value: str) -> bool:
    """Whether ``value`` is plain by a cheap rule, without building the scrubber: every token
    (split on ``. _ : / + -``) is one of ``PLAIN_WORDS`` or a short number or size (``4``,
    ``30b``, ``a3b``, ``v2``, ``q4``), one at least is a word, at most two numbers stand in a
    row (no address like ``10.0.0.1``) and the name has at most 6 digits (no phone or card
    number). Nothing else is cleared this way (a person's or a machine's own name, a long
    number, a token that could be a secret all go to the scrubber), nor anything when the suite
    configures its own recognizers (``scrubbers_dir``) or a spaCy model (whose NER may read
    ``claude`` as a person)."""
    if settings.scrubbers_dir is not None or settings.spacy_model or not safe_name(value):
        return False
    tokens = re.split(r"[._:/+-]", value.lower())
    numbers = "".join("n" if t.isdigit() else "w" for t in tokens)
    return (
        all(t in PLAIN_WORDS or _PLAIN_TOKEN.fullmatch(t) for t in tokens)
        and any(t in PLAIN_WORDS for t in tokens)
        and "nnn" not in numbers
        and sum(c.isdigit() for c in value) <= 6
    )


def check_name(
    settings: Settings, what: str, value: str, *, configured: tuple[str, ...] = ()
) -> str:
    """``value`` when it is safe to store and print; else UsageError naming ``what`` only.

    Run ids and model names come from files and flags anyone can fill: they must match
    ``SAFE_NAME_PATTERN`` and the scrubber must find nothing in them. A name already in the
    suite's configuration (``strong_models``/``local_models``) is no new disclosure, so the
    scrubber's verdict is not asked for it (its entropy check flags some real model names), nor
    for a GAIA run id or a name ``plain_by_shape`` clears (``ci-1``, ``qwen3-4b-local``).
    The value is never echoed: it may be the very thing the check is for.
    """
    if not safe_name(value):
        raise UsageError(
            f"{what} is not a plain name (letters, digits and . _ : / + -, at most 200 "
            "characters, starting with a letter or digit); not recorded, not shown"
        )
    if (
        value not in configured
        and not re.fullmatch(GAIA_RUN_ID, value)
        and not plain_by_shape(settings, value)
    ):
        from intake.store.suite import finding_types

        types = finding_types(settings, value)
        if types:
            raise UsageError(
                f"{what} looks like it holds {', '.join(sorted(set(types)))}; "
                "not recorded, not shown",
                hint="name the run or model plainly (a model may also be listed in "
                "strong_models/local_models in [tool.intake])",
            )
    return value


def _plain_id(value: Any, *, quote: bool = True) -> str:
    """A scenario id from a file, shown only when it is a valid id (else a placeholder)."""
    if isinstance(value, str) and re.fullmatch(ID_PATTERN, value):
        return repr(value) if quote else value
    return "(an invalid id, not shown)"


def read_result(path: Path, scenario_id: str) -> ScenarioResult:
    """The draft's result from a runner scorecard or a trace file."""
    doc = read_json_file(path, "scorecard")
    kind = classify(doc)
    if kind in REFUSED:
        raise InputError(REFUSED[kind], where=str(path))
    if kind == "trace":
        if doc["scenario_id"] != scenario_id:
            raise InputError(
                f"the trace is for scenario {_plain_id(doc['scenario_id'])}, not {scenario_id!r}",
                where=str(path),
            )
        run_dir = path.parent.parent if path.parent.name == "traces" else path.parent
        scorecard = run_dir / "scorecard.json"
        judge = None
        run_id = run_dir.name if path.parent.name == "traces" else path.stem
        at = modified_at(path)
        if scorecard.is_file():
            beside = read_json_file(scorecard, "scorecard")
            if classify(beside) == "runner":
                config = beside.get("config") or {}
                judge = config.get("model") if isinstance(config.get("model"), str) else None
                run_id = beside["run_id"]
                at = parse_time(beside.get("timestamp")) or at
        return ScenarioResult(
            run_id=run_id,
            at=at,
            status=_status(doc, f"{path} $.status"),
            score=plain_score(doc.get("overall_score")),
            judge_model=judge,
            kind="trace",
            messages=_sent_messages(doc),
            turn_count=_turn_count(doc),
        )
    matches = [
        (i, s)
        for i, s in enumerate(doc["scenarios"])
        if isinstance(s, dict) and s.get("scenario_id") == scenario_id
    ]
    if not matches:
        ids = [s.get("scenario_id") for s in doc["scenarios"] if isinstance(s, dict)]
        listed = ", ".join(_plain_id(i, quote=False) for i in ids[:5]) + (
            " …" if len(ids) > 5 else ""
        )
        raise InputError(
            f"scenario {scenario_id!r} is not in this scorecard "
            f"({counted(len(ids), 'scenario')}{': ' + listed if ids else ''})",
            where=str(path),
        )
    if len(matches) > 1:
        raise InputError(
            f"scenario {scenario_id!r} appears twice in the scorecard", where=str(path)
        )
    index, entry = matches[0]
    config = doc["config"]
    judge = config.get("model") if isinstance(config.get("model"), str) else None
    return ScenarioResult(
        run_id=doc["run_id"],
        at=parse_time(doc.get("timestamp")) or modified_at(path),
        status=_status(entry, f"{path} $.scenarios[{index}].status"),
        score=plain_score(entry.get("overall_score")),
        judge_model=judge,
        kind="scorecard",
        messages=_sent_messages(entry),
        turn_count=_turn_count(entry),
    )


def _turn_count(entry: dict[str, Any]) -> int:
    turns = entry.get("turns")
    return len(turns) if isinstance(turns, list) else 0


def _sent_messages(entry: dict[str, Any]) -> dict[int, str]:
    """Turn number → the user message the runner sent, from a result's ``turns``."""
    sent: dict[int, str] = {}
    turns = entry.get("turns")
    for turn in turns if isinstance(turns, list) else []:
        if isinstance(turn, dict):
            number, text = turn.get("turn"), turn.get("user_message")
            if isinstance(number, int) and isinstance(text, str):
                sent[number] = text
    return sent


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def check_is_this_draft(result: ScenarioResult, data: dict[str, Any], where: str) -> list[str]:
    """Refuse a result that cannot be a run of this draft; warn about what may still be one.

    A result with another number of turns than the draft was not a run of it (another
    scenario's result under a copied id, or an older text): refused. User messages that differ
    from the draft's are a warning only: GAIA's simulator *generates* each message from the
    turn's objective and persona (amd/gaia ``src/gaia/eval/runner.py``,
    docs/gaia-formats.md#runner), so a genuine run of the draft usually paraphrases it.
    Runner-made results (TIMEOUT, ERRORED, …) hold no turns and are not compared. The warning
    names turn numbers, never the text.
    """
    turns = data.get("turns")
    mine = [t for t in turns if isinstance(t, dict)] if isinstance(turns, list) else []
    if result.turn_count and mine and result.turn_count != len(mine):
        raise InputError(
            f"run {result.run_id[:80]} has {result.turn_count} turn(s) and the draft has "
            f"{len(mine)}: the run is not of this draft",
            where=where,
            hint="run the draft as it is now with GAIA's runner and record that run",
        )
    differ: list[str] = []
    for turn in mine:
        number, text = turn.get("turn"), turn.get("user_message")
        sent = result.messages.get(number) if isinstance(number, int) else None
        if isinstance(text, str) and sent is not None and not _same_text(text, sent):
            differ.append(str(number))
    if not differ:
        return []
    return [
        f"turn {', '.join(differ)}: the run sent another user message than the draft's "
        "(GAIA's simulator paraphrases the objective); check the trace before relying on it"
    ]


def model_under_test(path: Path, model: str | None) -> str:
    """``--model``, else ``meta.json`` beside the scorecard (or its run folder, for a trace)."""
    if model is not None:
        if not model.strip():
            raise UsageError("--model is empty")
        return model.strip()
    folders = [path.parent]
    if path.parent.name == "traces":
        folders.append(path.parent.parent)
    for folder in folders:
        meta = folder / "meta.json"
        if meta.is_file():
            doc = read_json_file(meta, "meta.json")
            value = doc.get("model") if isinstance(doc, dict) else None
            if not isinstance(value, str) or not value.strip():
                raise InputError('meta.json has no "model" string', where=str(meta))
            return value.strip()
    raise UsageError(
        "the scorecard does not name the model under test",
        where=str(path),
        hint='pass --model NAME, or put GAIA\'s meta.json (with "model") beside the scorecard',
    )


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
    tested = model_under_test(scorecard, model)
    _check_run_names(settings, result, tested)
    card_name = _kept_card_name(settings, scorecard)
    card_path = _suite_relative(settings, scorecard)
    check_tier(settings, tier, tested)
    with edit(settings, scenario_id, doing="record a run") as tx:
        data = _draft_data(settings, draft, scenario_id)
        record = load_draft_record(settings, draft)
        _check_after_capture(record, result, scorecard)
        warnings = check_is_this_draft(result, data, str(scorecard))
        if result.judge_model is not None and result.judge_model == tested:
            warnings.append(
                "the model under test equals the scorecard's judge (config.model): GAIA's "
                "--model names the judge, not the model under test"
            )
        current = runnable_hash(data)
        where = display_path(draft, settings.root)
        _check_run_fits(record, result.run_id, tested, tier, current, where)
        run = Run(
            tier=tier,
            run_id=result.run_id,
            status=result.status,
            score=result.score,
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
        event = Event(
            "run",
            where,
            None,
            {
                "tier": tier.value,
                "run_id": run.run_id,
                "status": run.status,
                "score": run.score,
                "model": run.model,
                "judge_model": run.judge_model,
                "runnable_hash": run.runnable_hash,
                "replaced": replaced,
                "source": result.kind,
                "iteration": iteration,
                "runner_exit": runner_exit,
                "warnings": warnings,
            },
        )
        tx.commit_record("run-record", draft, record, [event])
    return draft, run, replaced


def _check_run_names(settings: Settings, result: ScenarioResult, tested: str) -> None:
    """The run id, the model under test and the judge are names a record may hold."""
    configured = (*settings.strong_models, *settings.local_models)
    check_name(settings, "the run id (run_id)", result.run_id)
    check_name(
        settings, "the model under test (--model or meta.json)", tested, configured=configured
    )
    if result.judge_model is not None:
        check_name(
            settings,
            "the judge model (config.model in the scorecard)",
            result.judge_model,
            configured=configured,
        )


def _kept_card_name(settings: Settings, scorecard: Path) -> str | None:
    """The scorecard's file name, or None when it is odd or holds something the scrubber finds."""
    from intake.store.suite import finding_types

    if not safe_name(scorecard.name) or finding_types(settings, scorecard.name):
        return None  # the file name says nothing the record needs; keep no odd one
    return scorecard.name


def _draft_data(settings: Settings, draft: Path, scenario_id: str) -> dict[str, Any]:
    """The draft's parsed YAML, refused when missing, unreadable or named another id."""
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
    return parsed.data


def _check_after_capture(record: Record, result: ScenarioResult, scorecard: Path) -> None:
    """A run older than the captured session cannot be a run of this draft."""
    captured = record.source.captured_at
    if captured.tzinfo is None:
        captured = captured.replace(tzinfo=UTC)
    if result.at < captured:
        raise UsageError(
            f"run {result.run_id[:80]} at {result.at.isoformat(timespec='seconds')} "
            f"predates the draft (captured {captured.isoformat(timespec='seconds')})",
            where=str(scorecard),
            hint="re-run the draft with GAIA's runner and record that run",
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


def _suite_relative(settings: Settings, path: Path) -> str | None:
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


def suite_relative(settings: Settings, path: Path) -> str | None:
    """``path`` relative to the suite root when inside it and plain (as runs record it)."""
    return _suite_relative(settings, path)


def drop_run(
    settings: Settings, target: str, run_id: str, reason: str
) -> tuple[Path, list[Run], list[str]]:
    """Remove a run from the draft's record; the ledger keeps the run and the (scrubbed) reason.

    Returns (draft, the runs removed, notes for stderr). A run id not in the record is a
    usage error naming the draft, never echoing the id unless it is a plain name.
    """
    from intake.store.edit import edit
    from intake.store.journal import Event
    from intake.store.suite import (
        find_draft,
        load_draft_record,
        reason_text,
        scrub_free_text,
        scrub_message,
    )

    reason = reason_text(reason, needed_for="dropping a run")
    draft = find_draft(settings, target)
    scenario_id = draft.stem
    shown = run_id[:80] if safe_name(run_id) else "(not a plain run id, not shown)"
    notes: list[str] = []
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
        reason, types = scrub_free_text(settings, reason, where="$.reason")
        if types:
            notes.append(scrub_message("reason", types))
        record.runs = [r for r in record.runs if r.run_id != run_id]
        record.controls = [c for c in record.controls if c.run_id != run_id]
        event = Event(
            "run-drop",
            display_path(draft, settings.root),
            None,
            {
                "run_id": run_id,
                "reason": reason,
                "runs": [r.model_dump(mode="json", exclude_none=True) for r in dropped],
                **(
                    {"controls": [c.model_dump(mode="json", exclude_none=True) for c in controls]}
                    if controls
                    else {}
                ),
            },
        )
        tx.commit_record("run-drop", draft, record, [event])
    return draft, dropped, notes


__all__ = [
    "MAX_SCORECARD_BYTES",
    "classify",
    "drop_run",
    "model_under_test",
    "read_result",
    "record_run",
]
