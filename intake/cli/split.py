"""``intake split``: the held-out split written to the scenarios that have none yet."""

from __future__ import annotations

import typer

from intake.cli.console import out, settings
from intake.cli.options import by_option


def register(app: typer.Typer) -> None:

    @app.command("split")
    def split_cmd(
        ctx: typer.Context,
        dry_run: bool = typer.Option(False, "--dry-run", help="Show the tags, write nothing."),
        by: str | None = by_option(),
    ) -> None:
        """Tag each promoted or adopted scenario without a split tag split-train or
        split-heldout (a salted hash of its id, stratified by category; split_salt,
        split_heldout). Promotion tags new cases itself; this is for adopted suites and a
        rotated salt. Tags already written are kept. Commit the change and let it be reviewed.
        """
        from intake.lifecycle.split import HELDOUT, write_split

        cfg = settings(ctx)
        done = write_split(cfg, by=by, dry_run=dry_run)
        for scenario_id, tag in done:
            out(f"{scenario_id}: {tag}")
        held = sum(1 for _, tag in done if tag == HELDOUT)
        verb = "would tag" if dry_run else "tagged"
        out(f"{verb} {len(done)} scenario(s): {held} held out, {len(done) - held} for training")
