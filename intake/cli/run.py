"""``intake run``: GAIA's runner on one draft, driven and recorded by intake."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, format_option
from intake.contract.plain import RunTier
from intake.ghoutput import datum
from intake.paths import display_path

if TYPE_CHECKING:
    from intake.contract.models import Record
    from intake.lifecycle.runs.run import RunnerFailed


def register(app: typer.Typer) -> None:

    @app.command("run")
    def run_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        tier: RunTier = typer.Option(..., "--tier", help="strong (cloud) or local."),
        iterations: int = typer.Option(1, "--iterations", min=1, help="Runs of the draft."),
        backend: str = typer.Option(
            None,
            "--backend",
            help="Agent UI backend URL (default: backend_url); must be the "
            "backend GAIA's eval agent uses (localhost:4200 unless eval/mcp-config.json says).",
        ),
        judge: str = typer.Option(
            None, "--judge", help="GAIA's judge and simulator (its --model; default: judge_model)."
        ),
        timeout: int = typer.Option(
            None,
            "--timeout",
            min=1,
            help="GAIA's --timeout per scenario (default: "
            "run_timeout); GAIA extends it to 240 s + 90 s/document + 200 s/turn and intake "
            "allows that plus GAIA's start-up.",
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Run a draft with GAIA's runner on the loaded model and record each run.

        Refuses, running nothing (exit 1): a private draft, a draft failing strict validation
        or holding a TODO(intake) placeholder, a scrub re-scan with findings. The model under
        test is the Agent UI backend's model_loaded (GET <backend>/api/system/status); it must
        be on the tier's list (exit 2), and a backend that does not answer is exit 3. GAIA's
        eval agent always uses the backend of its MCP config (http://localhost:4200), so a
        --backend that differs is exit 2. Says where GAIA writes and reads when its checkout
        is not this suite; a document GAIA would not find (SKIPPED_NO_DOCUMENT) is exit 2.
        The runner (runner in [tool.intake], default `gaia eval agent`) gets a fresh folder
        holding only this draft, once per iteration; its output streams to stderr. Ctrl-C
        stops its whole process group and records that iteration not. Each scorecard holding
        the draft is recorded as `intake run-record` would; a runner failure or no scorecard
        is exit 3, and so is an invocation in which no run was judged (still recorded).
        """
        from intake.contract.plain import tier_stats
        from intake.lifecycle.runs.run import RunnerFailed, run_draft, unjudged

        cfg = settings(ctx)
        try:
            result = run_draft(
                cfg,
                draft,
                tier,
                iterations=iterations,
                backend=backend,
                judge=judge,
                timeout=timeout,
                show=lambda line: err(f"  | {line}"),
                say=lambda line: err(f"note: {line}"),
            )
        except RunnerFailed as exc:
            show_runner_tail(exc)
            raise
        record, current = recorded_state(result.draft)
        stats = tier_stats(record.runs, tier, current)
        show_notes(result.notes, result.runs)
        where = display_path(result.draft, cfg.root)
        if fmt is Format.json:
            emit_json(
                {
                    "draft": where,
                    "tier": tier.value,
                    "model": result.model,
                    "judge": result.judge,
                    "runner_exit": result.runner_exit,
                    "runs": [r.model_dump(mode="json") for r in result.runs],
                    "stats": stats.to_dict(),
                }
            )
        else:
            for run in result.runs:
                score = f" score {run.score:g}" if run.score is not None else ""
                out(
                    f"recorded: {run.tier.value} run {run.run_id} {run.status}{score} "
                    f"model {run.model} (iteration {run.iteration}/{result.iterations})"
                )
            out(f"{tier.value} tier of {datum(where)}: {stats.describe()}")
        failure = unjudged(result)
        if failure is not None:
            raise failure


def show_runner_tail(exc: RunnerFailed) -> None:
    """The runner's last lines (scrubbed) on stderr, before its failure's one-line error."""

    if exc.tail:
        err("the runner's last lines:")
        for line in exc.tail:
            err(f"  | {line}")


def show_notes(notes: list[str], recorded: Sequence[Any]) -> None:
    """The driver's notes, then each recorded run's or control's warnings, on stderr."""

    for note in notes:
        err(f"note: {note}")
    for item in recorded:
        for warning in item.warnings:
            err(f"warning: {item.run_id}: {warning}")


def recorded_state(draft: Path) -> tuple[Record, str]:
    """The draft's record as now written and its current runnable hash (``run``, ``control``)."""
    from intake.contract.yamlio import parse_checked
    from intake.store.records import load_record, record_path, runnable_hash

    record = load_record(record_path(draft))
    return record, runnable_hash(parse_checked(draft.read_bytes()).data)
