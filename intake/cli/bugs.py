"""``intake bugs``: the issues behind scenarios and their closings (the fixes)."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.errors import UsageError
from intake.paths import display_path


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("bugs")
    def bugs_cmd(
        ctx: typer.Context,
        action: str = typer.Argument(..., metavar="refresh|link", help="What to do."),
        args: list[str] = typer.Argument(None, metavar="[ID ISSUE]", help="For link."),
        closings: Path = typer.Option(
            None,
            "--closings",
            help="A `gh issue view/list --json number,closedAt,stateReason` "
            "file instead of asking GitHub.",
        ),
        reviewer: str = typer.Option(None, "--reviewer", help="For link: who names the issue."),
    ) -> None:
        """`refresh`: cache each issue's closing in its scenario's record (PyGithub, or
        --closings FILE). `link ID ISSUE --reviewer LOGIN`: name the issue of a
        session-sourced scenario's bug. `intake report` counts the bugs caught before the fix.
        """
        from intake.cli import err, out, settings
        from intake.lifecycle.bugs import link, refresh

        cfg = settings(ctx)
        if action == "refresh":
            if args:
                result = refresh(cfg, closings=closings, only=args)
            else:
                result = refresh(cfg, closings=closings)
            for note in result.notes:
                err(note)
            out(
                f"read {result.checked} issue(s): {result.closed} closed, "
                f"{result.changed} record(s) updated"
            )
            return
        if action == "link":
            if not args or len(args) != 2 or reviewer is None:
                raise UsageError("bugs link needs ID ISSUE and --reviewer LOGIN")
            path = link(cfg, args[0], args[1], reviewer)
            out(f"linked {args[0]} to {args[1]} ({display_path(path, cfg.root)})")
            return
        raise UsageError("bugs needs refresh or link")
