"""``intake reject``: remove a draft; the ledger keeps its record and the reason."""

from __future__ import annotations

import typer

from intake.cli.console import err, out, settings
from intake.cli.options import by_option
from intake.ghoutput import datum
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("reject")
    def reject_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        reason: str = typer.Option(..., "--reason", help="Why the draft is rejected."),
        by: str | None = by_option(),
    ) -> None:
        """Remove a draft and its record; the ledger keeps the record and the reason."""
        from intake.lifecycle.promote import reject

        cfg = settings(ctx)
        result = reject(cfg, draft, reason, by=by)
        for note in result.notes:
            err(note)
        out(
            f"rejected {datum(result.scenario_id)}: removed "
            f"{datum(display_path(result.draft, cfg.root))}"
        )
