"""``intake run-record``: a run record from a GAIA scorecard."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import err, out, settings
from intake.contract.plain import RunTier
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("run-record")
    def run_record_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        scorecard: Path = typer.Option(
            ..., "--scorecard", help="GAIA runner scorecard.json (or a traces/<id>.json)."
        ),
        tier: RunTier = typer.Option(..., "--tier", help="strong (cloud) or local."),
        model: str = typer.Option(
            None, "--model", help="Model under test (default: meta.json beside the scorecard)."
        ),
    ) -> None:
        """Record a GAIA runner result for a draft, bound to its runnable content.

        Reads the draft's entry from a `gaia eval agent` scorecard (or trace): run id, time,
        status, score and judge model (config.model). The model under test comes from --model
        or GAIA's meta.json beside the scorecard; the tier must agree with the configured
        strong_models/local_models. Editing persona, setup, turns or agent_type later makes
        the run stale.
        """
        from intake.lifecycle.runs.record import record_run

        cfg = settings(ctx)
        path, run, replaced = record_run(cfg, draft, scorecard, tier, model=model)
        score = f" score {run.score:g}" if run.score is not None else ""
        verb = "replaced" if replaced else "recorded"
        out(
            f"{verb}: {run.tier.value} run {run.run_id} {run.status}{score} "
            f"model {run.model} for {display_path(path, cfg.root)}"
        )
        for warning in run.warnings:
            err(f"warning: {warning}")
        from intake.contract.plain import INFRA_STATUSES

        if run.status in INFRA_STATUSES:
            err(
                f"warning: {run.status} is an infrastructure status, not a measurement: "
                "it never satisfies a gate; fix the run and record it again"
            )
