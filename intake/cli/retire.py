"""``intake retire``: move a scenario out of the folder GAIA's runner reads, with a reason."""

from __future__ import annotations

import typer

from intake.cli.console import err, out, settings
from intake.cli.options import by_option
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("retire")
    def retire_cmd(
        ctx: typer.Context,
        scenario: str = typer.Argument(..., help="The suite scenario's id."),
        reason: str = typer.Option(..., "--reason", help="Why (recorded, scrubbed)."),
        by: str | None = by_option(),
    ) -> None:
        """Move a promoted or adopted scenario and its record to retired_dir.

        GAIA's runner no longer runs it; its record, runs and history stay, and health and
        report list it as retired. One journal unit: commit it and let it be reviewed.
        """
        from intake.lifecycle.quarantine import retire

        cfg = settings(ctx)
        result = retire(cfg, scenario, reason, by=by)
        for note in result.notes:
            err(note)
        out(f"retired {result.scenario_id}: now {display_path(result.path, cfg.root)}")
