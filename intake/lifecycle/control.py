"""``intake control``: replay the captured failure to GAIA's judge and record the verdicts.

Promotion proves a case passable (a strong run passes) and not saturated (the local model is
judged); the control proves the criteria measure the failure the case came from: GAIA's
simulator and judge are given the draft's captured answers (``intake.lifecycle.replay``, served
where GAIA's tools call) and must judge them FAIL (gate 8,
``intake.lifecycle.gates.control_gate``). The steps are ``intake run``'s, through its code
(``refuse_unready``, ``invoke_runner``), in the order docs/controls.md ("intake control
DRAFT") gives with each exit status: the refusals, the replay bound (and checked to be the
backend that answers), GAIA's runner on the draft alone, and every scorecard holding the draft
recorded as a ``ControlRun`` in one journaled unit; a verdict the replay never served an
answer for is no control of the captured answers, and nothing is recorded.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from intake.config import Settings
from intake.contract.gaia import agent_backend
from intake.contract.models import ControlRun, Record
from intake.contract.plain import JUDGED_STATUSES
from intake.errors import Conflict, SourceError, UsageError
from intake.lifecycle.gates import Gate, control_gate
from intake.lifecycle.replay import (
    INFRASTRUCTURE_FIX,
    ReplayServer,
    ReplayState,
    ReplayTurn,
    document_names,
    infrastructure_line,
    infrastructure_turns,
    replay_hash,
    replay_turns,
)
from intake.lifecycle.runs.record import (
    check_after_capture,
    check_is_this_draft,
    draft_scenario,
    suite_relative,
)
from intake.lifecycle.runs.results import ScenarioResult, check_run_names, read_result
from intake.lifecycle.runs.run import (
    RunnerFailed,
    RunRefused,
    backend_model,
    find_runner,
    find_scorecards,
    gaia_where,
    invoke_runner,
    judge_model,
    refuse_unready,
)
from intake.paths import display_path
from intake.scrub import scrubber_for
from intake.store.edit import edit
from intake.store.journal import Event
from intake.store.records import utcnow
from intake.store.suite import find_draft, load_draft_record


@dataclass
class ControlResult:
    """What ``intake control`` did."""

    draft: Path
    judge: str | None
    iterations: int
    runner_exit: int
    replay_port: int
    answered: int
    """User messages the replay answered with a captured answer (all iterations)."""
    beyond: int
    """User messages past the last captured turn (answered empty)."""
    controls: list[ControlRun] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    gate: Gate = field(init=False)
    """The control gate on the record as the controls left it."""


def _check_limits(settings: Settings, iterations: int, timeout: int | None) -> int:
    if iterations < 1:
        raise UsageError("--iterations must be at least 1")
    limit = settings.run_timeout if timeout is None else timeout
    if limit < 1:
        raise UsageError("--timeout must be at least 1 second")
    return limit


def never_asked_hint(settings: Settings, port: int, draft: Path | None = None) -> str:
    """Why the runner's agent never asked the replay, from where GAIA's eval agent sends its
    turns (``--backend`` in ``eval/mcp-config.json``, else localhost:4200): another port than
    the replay's, or this one (then the runner judged without its agent asking at all)."""
    where = gaia_where(settings, draft)
    agent = agent_backend(where.mcp_config, where.default_backend)
    config = display_path(where.mcp_config, settings.root)
    agent_port = urllib.parse.urlsplit(agent).port or 80
    if agent_port != port:
        return (
            f"GAIA's eval agent sends its turns to {agent} ({config}), the replay listened "
            f"on 127.0.0.1:{port}: set replay_port = {agent_port} (stop the Agent UI there "
            "first)"
        )
    return (
        f"the replay listened where GAIA's eval agent sends its turns ({agent}) and was "
        "never asked: the runner judged without its agent sending them (is GAIA's Agent UI "
        f"MCP server in {config}? is the runner GAIA's `gaia eval agent`?)"
    )


def _refuse_infrastructure(settings: Settings, draft: Path, record: Record) -> None:
    """A captured answer that is an infrastructure fallback is not the case's failure."""
    infra = infrastructure_turns(record)
    if infra:
        raise RunRefused(
            f"{infrastructure_line(infra)}: no control of it is run",
            where=display_path(draft, settings.root),
            hint=INFRASTRUCTURE_FIX,
        )


def _turns_to_replay(settings: Settings, draft: Path, record: Record) -> list[ReplayTurn]:
    turns = replay_turns(record)
    if not turns:
        raise UsageError(
            "the draft holds no captured answer to replay (drafted from an issue, or from a "
            "store that keeps no answers): the control gate does not apply to it",
            where=display_path(draft, settings.root),
        )
    return turns


def control_draft(
    settings: Settings,
    target: str,
    *,
    iterations: int = 1,
    judge: str | None = None,
    timeout: int | None = None,
    show: Callable[[str], None] = lambda _line: None,
) -> ControlResult:
    """Replay the draft's captured answers to GAIA's runner and record each judged verdict."""

    limit = _check_limits(settings, iterations, timeout)
    draft = find_draft(settings, target)
    record = load_draft_record(settings, draft)
    _refuse_infrastructure(settings, draft, record)
    scenario, expected = refuse_unready(settings, draft)
    turns = _turns_to_replay(settings, draft, record)
    judge = judge_model(settings, judge)
    program = find_runner(settings)
    engine = scrubber_for(settings)

    def clean(line: str) -> str:
        return engine.scrub_text(line, json_path="$.runner").text

    state = ReplayState(draft.stem, turns, document_names(scenario))
    with ReplayServer(state, settings.replay_port) as server:
        _check_replay_answers(settings, server, state)
        code, stream, before = invoke_runner(
            settings,
            draft,
            program,
            url=server.url,
            iterations=iterations,
            limit=limit,
            judge=judge,
            show=show,
            clean=clean,
        )
    if code != 0:
        raise RunnerFailed(
            f"the runner exited with status {code}; nothing was recorded",
            tail=list(stream.tail),
            where=draft.stem,
        )
    cards = find_scorecards(settings, stream, before, draft.stem)
    if not cards:
        raise RunnerFailed(
            f"the runner wrote no scorecard holding {draft.stem!r}; nothing was recorded",
            tail=list(stream.tail),
            where=display_path(settings.path(settings.results_dir), settings.root),
        )
    results = [read_result(card, draft.stem) for card in cards]
    warnings = [
        check_is_this_draft(r, scenario, str(c)) for r, c in zip(results, cards, strict=True)
    ]
    if state.answered == 0 and any(r.result.status in JUDGED_STATUSES for r in results):
        raise SourceError(
            "the runner judged the draft but never asked the replay for an answer: its verdict "
            "is not about the captured answers; nothing was recorded",
            where=f"127.0.0.1:{server.port}",
            hint=never_asked_hint(settings, server.port, draft),
        )
    result = ControlResult(
        draft, judge, iterations, code, server.port, state.answered, state.beyond
    )
    if state.beyond:
        result.notes.append(
            f"{state.beyond} user message(s) came after the last captured turn and were "
            "answered empty"
        )
    if state.refused_documents:
        result.notes.append(
            f"{state.refused_documents} document(s) asked for are not in the draft's setup and "
            "were refused"
        )
    per_run = state.answered // len(cards)
    result.controls = record_controls(
        settings,
        draft,
        expected,
        results,
        cards,
        warnings,
        replayed=turns,
        runner_exit=code,
        turns_replayed=per_run,
    )
    for control in result.controls:
        if control.status not in JUDGED_STATUSES:
            result.notes.append(
                f"control {control.run_id} was not judged ({control.status}): it counts for no gate"
            )
    record = load_draft_record(settings, draft)
    result.gate = control_gate(record, expected, require=settings.require_control)
    return result


def _check_replay_answers(settings: Settings, server: ReplayServer, state: ReplayState) -> None:
    """The replay itself must be what answers on the port (not an Agent UI beside it)."""
    seen = backend_model(settings, server.url)
    if seen != state.model:
        raise SourceError(
            "another backend answers beside the replay; nothing was run or recorded",
            where=f"127.0.0.1:{server.port}",
            hint="stop the Agent UI first",
        )


def record_controls(
    settings: Settings,
    draft: Path,
    expected: str,
    results: list[ScenarioResult],
    cards: list[Path],
    warnings: list[list[str]],
    *,
    replayed: list[ReplayTurn],
    runner_exit: int | None,
    turns_replayed: int,
) -> list[ControlRun]:
    """Record control runs in the draft's record, as one journaled unit; ``expected`` is the
    runnable hash of the draft the replay ran (refused when the draft changed since)."""

    configured = (*settings.strong_models, *settings.local_models)
    for res in results:
        check_run_names(settings, res.run_id, res.judge_model, configured=configured)
    scenario_id = draft.stem
    with edit(settings, scenario_id, doing="record a control") as tx:
        _check_unchanged(settings, draft, expected)
        record = load_draft_record(settings, draft)
        replayed_hash = replay_hash(replayed)
        if replay_hash(replay_turns(record)) != replayed_hash:
            raise Conflict(
                "the draft's captured answers changed during the control", where=scenario_id
            )
        controls = []
        for number, (res, card, notes) in enumerate(
            zip(results, cards, warnings, strict=True), start=1
        ):
            _check_control(settings, record, res, card, expected)
            controls.append(
                ControlRun(
                    run_id=res.run_id,
                    status=res.result.status,
                    score=res.result.score,
                    judge_model=res.judge_model,
                    runnable_hash=expected,
                    replay_hash=replayed_hash,
                    at=res.at,
                    recorded_at=utcnow(),
                    iteration=number,
                    runner_exit=runner_exit,
                    scorecard_path=suite_relative(settings, card),
                    turns_replayed=turns_replayed,
                    warnings=notes,
                )
            )
        ids = {c.run_id for c in controls}
        record.controls = [c for c in record.controls if c.run_id not in ids] + controls
        where = display_path(draft, settings.root)
        events = [
            Event("control", where, None, c.model_dump(mode="json", include=EVENT_FIELDS))
            for c in controls
        ]
        tx.commit_record("control", draft, record, events)
    return controls


def _check_unchanged(settings: Settings, draft: Path, expected: str) -> None:
    """The draft is still there, readable, and has the turns the replay ran."""
    if draft_scenario(settings, draft, draft.stem)[1] != expected:
        raise Conflict(
            "the draft's turns changed while the control ran; nothing was recorded",
            where=display_path(draft, settings.root),
            hint="run `intake control` again on the edited draft",
        )


def _check_control(
    settings: Settings, record: Record, res: ScenarioResult, card: Path, current: str
) -> None:
    """A verdict recorded as a control is captured after the draft, is no model's run, and
    is no control of an earlier version of the turns."""
    check_after_capture(record, res, card, "control")
    if any(r.run_id == res.run_id for r in record.runs):
        raise UsageError(
            f"{res.run_id[:80]} is recorded as a run of a model; a run is not a control",
            where=display_path(card, settings.root),
        )
    for earlier in record.controls:
        if earlier.run_id == res.run_id and earlier.runnable_hash != current:
            raise UsageError(
                f"control {res.run_id[:80]} was recorded for an earlier version of the turns",
                where=display_path(card, settings.root),
            )


EVENT_FIELDS = set(ControlRun.model_fields) - {
    "at",
    "recorded_at",
    "scorecard_path",
    "warnings",
}
"""What a ``control`` event keeps of its ``ControlRun`` (its dump; the times are the event's)."""
