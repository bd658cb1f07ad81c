"""``intake revise``: send a promoted or adopted scenario back to drafts."""

from __future__ import annotations

import typer

from intake.cli.console import out, settings
from intake.cli.options import by_option, counted
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("revise")
    def revise_cmd(
        ctx: typer.Context,
        scenario: str = typer.Argument(
            ..., help="The promoted or adopted scenario: its id or its path."
        ),
        by: str | None = by_option(),
    ) -> None:
        """Move a promoted (or adopted) scenario back to drafts with its record.

        The promotion or adoption stamp is kept in the record as history. Runs stay valid
        while the runnable content (persona, setup, turns, agent_type) is unchanged, so a
        description fix needs a new review and `intake promote`, not new runs.
        """
        from intake.lifecycle.revise import revise

        cfg = settings(ctx)
        result = revise(cfg, scenario, by=by)
        done = "finished an interrupted revise" if result.finished else "revised"
        out(
            f"{done} {result.scenario_id}: {display_path(result.source, cfg.root)} -> "
            f"{display_path(result.draft, cfg.root)} ({counted(result.runs_kept, 'run')} kept; "
            "edit it, get a review, then `intake promote`)"
        )
