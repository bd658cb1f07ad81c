"""``intake bugs``: the issues behind scenarios and their closings (the fixes)."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import err, out, settings
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    bugs_app = typer.Typer(
        help="The issues behind scenarios and their closings (the fixes). `intake report` "
        "counts the bugs caught before the fix.",
        no_args_is_help=True,
    )

    @bugs_app.command("refresh")
    def refresh_cmd(
        ctx: typer.Context,
        ids: list[str] = typer.Argument(
            None, metavar="[ID]...", help="Only these scenarios (default: all)."
        ),
        closings: Path = typer.Option(
            None,
            "--closings",
            help="A `gh issue view/list --json number,closedAt,stateReason` "
            "file instead of asking GitHub.",
        ),
    ) -> None:
        """Cache each issue's closing in its scenario's record (PyGithub, or --closings FILE)."""
        from intake.lifecycle.bugs import refresh

        cfg = settings(ctx)
        result = refresh(cfg, closings=closings, only=ids or ())
        for note in result.notes:
            err(note)
        out(
            f"read {result.checked} issue(s): {result.closed} closed, "
            f"{result.changed} record(s) updated"
        )

    @bugs_app.command("link")
    def link_cmd(
        ctx: typer.Context,
        scenario: str = typer.Argument(..., metavar="ID", help="The session-sourced scenario."),
        issue: str = typer.Argument(
            ...,
            metavar="ISSUE",
            help="Its bug's issue: OWNER/NAME#N, github:OWNER/NAME#N or its URL.",
        ),
        reviewer: str = typer.Option(..., "--reviewer", help="Who names the issue."),
    ) -> None:
        """Name the issue of a session-sourced scenario's bug."""
        from intake.lifecycle.bugs import link

        cfg = settings(ctx)
        path = link(cfg, scenario, issue, reviewer)
        out(f"linked {scenario} to {issue} ({display_path(path, cfg.root)})")

    app.add_typer(bugs_app, name="bugs")
