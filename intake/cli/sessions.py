"""``intake sessions``: list the sessions of a store, to find an id."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, out, settings
from intake.cli.options import Format, format_option

DB_HELP = (
    "An Agent UI database (gaia_chat.db, sessions.db), an agent memory.db, a session JSON "
    "file, or the Agent UI's JSON or Markdown export of a session; the kind is detected from "
    "the content. Default: agent_ui_db from the configuration."
)


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
