"""``intake sessions``: list the sessions of a store, to find an id."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, out, settings
from intake.cli.options import DB_HELP, Format, format_option


def register(app: typer.Typer) -> None:

    @app.command("sessions")
    def sessions_cmd(
        ctx: typer.Context,
        db: Path | None = typer.Option(None, "--db", help=DB_HELP),
        limit: int = typer.Option(20, "--limit", min=1, max=10_000, help="Most sessions shown."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """List sessions, newest first, to find the ID for from-session (reads only).

        Titles are scrubbed before they are shown and private sessions' titles are hidden.
        """
        from dataclasses import asdict

        from intake.drafting.from_session import format_sessions, list_sessions

        rows = list_sessions(settings(ctx), db, limit)
        if fmt is Format.json:
            emit_json({"command": "sessions", "sessions": [asdict(r) for r in rows]})
            return
        for line in format_sessions(rows):
            out(line)
