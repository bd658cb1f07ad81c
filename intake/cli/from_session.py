"""``intake from-session``: a draft scenario from a captured session."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import DB_HELP, Format, format_option, scrub_counts
from intake.ghoutput import datum
from intake.paths import display_path


def register(app: typer.Typer) -> None:

    @app.command("from-session")
    def from_session_cmd(
        ctx: typer.Context,
        session_id: str = typer.Argument(..., help="Session id or a unique prefix of it."),
        db: Path | None = typer.Option(None, "--db", help=DB_HELP),
        category: str | None = typer.Option(
            None, "--category", help="Scenario category (default: captured)."
        ),
        force: bool = typer.Option(
            False, "--force", help="Overwrite an existing draft of the same session."
        ),
        turns: str | None = typer.Option(
            None,
            "--turns",
            metavar="A-B",
            help="Draft only turns A to B (A- to the end, A alone one turn), numbered from 1. "
            "A session longer than one draft's bounds (docs/limits.md) needs it.",
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Draft a scenario from a GAIA session: scrubbed, with placeholders to fill in.

        One turn per user message; expected_tools are the tools that succeeded; failed and
        policy-blocked tools, the captured answer and error fallbacks go to the record beside
        the draft. Private sessions are drafted into drafts/private/.
        """
        from intake.drafting.from_session import draft_from_session, parse_turns

        cfg = settings(ctx)
        span = parse_turns(turns) if turns is not None else None
        done = draft_from_session(
            cfg, session_id, db=db, category=category, force=force, turns=span
        )
        result = done.result
        for warning in result.warnings:
            err(f"warning: {warning}")
        counts = result.record.scrub.counts if result.record.scrub else {}
        if fmt is Format.json:
            emit_json(
                {
                    "command": "from-session",
                    "session": done.session_id,
                    "store": done.store.value,
                    "draft": display_path(result.path, cfg.root),
                    "record": display_path(result.record_path, cfg.root),
                    "private": result.record.source.private,
                    "scrubbed": counts,
                    "warnings": result.warnings,
                }
            )
            return
        out(f"wrote {datum(display_path(result.path, cfg.root))}")
        out(f"record {datum(display_path(result.record_path, cfg.root))}")
        if result.record.source.private:
            out(
                "private session: the draft stays in drafts/private/ "
                "(ignored by git: drafts/private/.gitignore)"
            )
        out("scrubbed: " + scrub_counts(counts))
