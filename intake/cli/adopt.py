"""``intake adopt``: give existing scenarios their provenance."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import err, out, settings
from intake.ghoutput import datum
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("adopt")
    def adopt_cmd(
        ctx: typer.Context,
        paths: list[Path] = typer.Argument(
            ..., help="Scenario files or folders under the scenarios folder (recursive)."
        ),
        source: str = typer.Option(
            ..., "--source", help="Where they came from: session, issue, hand or synthetic."
        ),
        reviewer: str = typer.Option(
            ..., "--reviewer", help="Your login: who vouches for this provenance."
        ),
        link: str = typer.Option(
            None,
            "--link",
            help="The origin's link (default: captured_from.session_id as gaia-session:ID).",
        ),
        rationale: str = typer.Option(
            None, "--rationale", help="A one-line difficulty_rationale for files without one."
        ),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be adopted."),
    ) -> None:
        """Give existing scenarios provenance without pretending they were promoted.

        Writes source (and difficulty_rationale when given) into each file with round-trip
        YAML, and a record marked as adopted (who, when, the content hash) beside it. Every
        file is checked before any is written. intake check accepts adopted scenarios; intake
        report counts them under their source type.
        """
        from intake.lifecycle.adopt import adopt

        cfg = settings(ctx)
        result = adopt(
            cfg,
            paths,
            source=source,
            reviewer=reviewer,
            link=link,
            rationale=rationale,
            dry_run=dry_run,
        )
        for note in result.notes:
            err(note)
        verb = "would adopt" if dry_run else "adopted"
        for item in result.adopted:
            shown = datum(display_path(item.path, cfg.root))
            out(f"{verb} {shown} as {source} ({datum(item.link)})")
        for line in result.skipped:
            err(f"skipped {line}")
        out(f"{len(result.adopted)} {verb}, {len(result.skipped)} skipped")
