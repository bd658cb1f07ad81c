"""``intake from-issue``: a draft scenario from a GitHub issue (or an issue saved as JSON)."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, counted, format_option
from intake.ghoutput import datum
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("from-issue")
    def from_issue(
        ctx: typer.Context,
        number: int = typer.Argument(
            None, help="Issue number (optional with --json: taken from the file)."
        ),
        repo: str = typer.Option(
            None, "--repo", help="OWNER/NAME (default: github_repo in [tool.intake])."
        ),
        comments: bool = typer.Option(
            False, "--comments", help="Also fetch the comments, kept in the record as hints."
        ),
        force: bool = typer.Option(False, "--force", help="Overwrite an existing draft."),
        category: str = typer.Option(
            None, "--category", help="Scenario category (default: captured)."
        ),
        json_file: Path = typer.Option(
            None,
            "--json",
            help="Read the issue from FILE (REST API JSON, or `gh issue view N --json "
            "title,body,comments,labels,author,url,number,createdAt` output) instead of the "
            "network.",
            metavar="FILE",
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Draft a scenario from a GitHub issue: steps become turns, expectations criteria.

        Reads issue N of --repo through the REST API at INTAKE_GITHUB_API_URL (token from
        GITHUB_TOKEN, optional for public repositories); a pull request is refused. The draft
        and its record are scrubbed; code blocks, logs and --comments go to the record only.
        """
        from intake.drafting.from_issue import (
            draft_from_issue,
            no_comments,
            origin_text,
            read_issue,
        )

        cfg = settings(ctx)
        data = read_issue(
            cfg, number, repo=repo, json_file=json_file, comments=comments, category=category
        )
        if comments and not data.comments:
            err(f"note: --comments: {no_comments(data, json_file)}")
        result = draft_from_issue(cfg, data, category=category, with_comments=comments, force=force)
        shown = display_path(result.path, cfg.root)
        for warning in result.warnings:
            err(f"warning: {warning}")
        if fmt is Format.json:
            emit_json(
                {
                    "command": "from-issue",
                    "id": result.record.id,
                    "path": shown,
                    "record": display_path(result.record_path, cfg.root),
                    "turns": len(result.scenario.turns),
                    "scrubbed": result.record.scrub.counts if result.record.scrub else {},
                    "warnings": result.warnings,
                }
            )
        else:
            turns = len(result.scenario.turns)
            out(f"drafted {datum(shown)} ({counted(turns, 'turn')}) from {origin_text(data)}")
