"""``intake run``: GAIA's runner on one draft, driven and recorded by intake."""

from __future__ import annotations

import typer

from intake.cli.options import Format, format_option
from intake.cli.run_record import Tier


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("run")
    def run_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        tier: Tier = typer.Option(..., "--tier", help="strong (cloud) or local."),
        iterations: int = typer.Option(1, "--iterations", min=1, help="Runs of the draft."),
        backend: str = typer.Option(
            None, "--backend", help="Agent UI backend URL (default: backend_url)."
        ),
        judge: str = typer.Option(
            None, "--judge", help="GAIA's judge and simulator (its --model; default: judge_model)."
        ),
        timeout: int = typer.Option(
            None, "--timeout", min=1, help="Seconds per iteration before the runner is stopped "
            "(default: run_timeout)."
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Run a draft with GAIA's runner on the loaded model and record each run.

        Refuses, running nothing (exit 1): a private draft, a draft failing strict validation
        or holding a TODO(intake) placeholder, a scrub re-scan with findings. The model under
        test is the Agent UI backend's model_loaded (GET <backend>/api/system/status); it must
        be on the tier's list (exit 2), and a backend that does not answer is exit 3. The
        runner (runner in [tool.intake], default `gaia eval agent`) gets a fresh folder
        holding only this draft; its output streams to stderr. Ctrl-C or --timeout stops its
        whole process group and records nothing. Each scorecard holding the draft is recorded
        as `intake run-record` would; a runner failure or no scorecard is exit 3.
        Note: GAIA's tool server always uses http://localhost:4200, so --backend reaches only
        GAIA's pre-flight.
        """
        from intake.cli import emit_json, err, out, settings
        from intake.gates import tier_stats
        from intake.models import RunTier
        from intake.paths import display_path
        from intake.records import load_record, record_path, runnable_hash
        from intake.runs.run import RunnerFailed, run_draft
        from intake.yamlio import parse_checked

        cfg = settings(ctx)
        wanted = RunTier(tier.value)
        try:
            result = run_draft(
                cfg,
                draft,
                wanted,
                iterations=iterations,
                backend=backend,
                judge=judge,
                timeout=timeout,
                show=lambda line: err(f"  | {line}"),
            )
        except RunnerFailed as exc:
            if exc.tail:
                err("the runner's last lines:")
                for line in exc.tail:
                    err(f"  | {line}")
            raise
        record = load_record(record_path(result.draft))
        current = runnable_hash(parse_checked(result.draft.read_bytes()).data)
        stats = tier_stats(record.runs, wanted, current)
        for note in result.notes:
            err(f"note: {note}")
        for run in result.runs:
            for warning in run.warnings:
                err(f"warning: {run.run_id}: {warning}")
        where = display_path(result.draft, cfg.root)
        if fmt is Format.json:
            emit_json(
                {
                    "draft": where,
                    "tier": wanted.value,
                    "model": result.model,
                    "judge": result.judge,
                    "runner_exit": result.runner_exit,
                    "runs": [r.model_dump(mode="json") for r in result.runs],
                    "stats": stats.to_dict(),
                }
            )
            return
        for run in result.runs:
            score = f" score {run.score:g}" if run.score is not None else ""
            out(
                f"recorded: {run.tier.value} run {run.run_id} {run.status}{score} "
                f"model {run.model} (iteration {run.iteration}/{result.iterations})"
            )
        out(f"{wanted.value} tier of {where}: {stats.describe()}")
