"""``intake rename``: give a draft a new id."""

from __future__ import annotations

import typer

from intake.cli.console import out, settings
from intake.cli.options import by_option
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("rename")
    def rename_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        new_id: str = typer.Argument(..., metavar="NEW_ID", help="The new id."),
        by: str | None = by_option(),
    ) -> None:
        """Rename a draft, its record and its ledger history together.

        The draft's id field and file names change atomically; runs stay valid (the id is not
        part of what runs), reviews are stale (the file changed).
        """
        from intake.lifecycle.revise import rename

        cfg = settings(ctx)
        result = rename(cfg, draft, new_id, by=by)
        if result.finished:
            out(
                f"finished an interrupted rename {result.old_id} -> {result.new_id}: "
                f"{display_path(result.draft, cfg.root)}"
            )
            return
        out(
            f"renamed {result.old_id} -> {result.new_id}: "
            f"{display_path(result.draft, cfg.root)} ({result.events_moved} ledger events moved)"
        )
