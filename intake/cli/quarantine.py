"""``intake quarantine``: tag a scenario quarantined with a reason (it keeps running)."""

from __future__ import annotations

import typer

from intake.cli.console import err, out, settings
from intake.cli.options import by_option
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("quarantine")
    def quarantine_cmd(
        ctx: typer.Context,
        scenario: str = typer.Argument(..., help="The suite scenario's id."),
        reason: str = typer.Option(..., "--reason", help="Why (recorded, scrubbed)."),
        by: str | None = by_option(),
        lift: bool = typer.Option(False, "--lift", help="Take the quarantine back."),
    ) -> None:
        """Tag a promoted or adopted scenario `quarantined` (or --lift it), with a reason.

        GAIA's runner still runs it; health and report count it. The file, the record and a
        ledger event change as one unit: commit them and let the pull request be reviewed.
        """
        from intake.lifecycle.quarantine import quarantine

        cfg = settings(ctx)
        result = quarantine(cfg, scenario, reason, by=by, lift=lift)
        for note in result.notes:
            err(note)
        what = "lifted the quarantine of" if lift else "quarantined"
        out(f"{what} {result.scenario_id} ({display_path(result.path, cfg.root)})")
