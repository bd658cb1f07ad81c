"""``intake sessions``, ``intake from-session`` and ``intake demo``."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.options import Format, format_option
from intake.paths import display_path

DB_HELP = (
    "An Agent UI database (gaia_chat.db, sessions.db), an agent memory.db or a session JSON "
    "file; the kind is detected from the content. Default: agent_ui_db from the configuration."
)


def register(app: typer.Typer) -> None:
    """Add ``sessions``, ``from-session`` and ``demo``."""

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
        from intake.cli import emit_json, out, settings
        from intake.drafting.from_session import format_sessions, list_sessions

        rows = list_sessions(settings(ctx), db, limit)
        if fmt is Format.json:
            emit_json({"command": "sessions", "sessions": [r.as_dict() for r in rows]})
            return
        for line in format_sessions(rows):
            out(line)

    @app.command("from-session")
    def from_session_cmd(
        ctx: typer.Context,
        session_id: str = typer.Argument(..., help="Session id or a unique prefix of it."),
        db: Path | None = typer.Option(None, "--db", help=DB_HELP),
        category: str | None = typer.Option(
            None, "--category", help="Scenario category (default: captured)."
        ),
        force: bool = typer.Option(False, "--force", help="Overwrite an existing draft."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Draft a scenario from a GAIA session: scrubbed, with placeholders to fill in.

        One turn per user message; expected_tools are the tools that succeeded; failed and
        policy-blocked tools, the captured answer and error fallbacks go to the record beside
        the draft. Private sessions are drafted into drafts/private/.
        """
        from intake.cli import emit_json, err, out, settings
        from intake.drafting.from_session import draft_from_session

        cfg = settings(ctx)
        done = draft_from_session(cfg, session_id, db=db, category=category, force=force)
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
        out(f"wrote {display_path(result.path, cfg.root)}")
        out(f"record {display_path(result.record_path, cfg.root)}")
        if result.record.source.private:
            out(
                "private session: the draft stays in drafts/private/ "
                "(ignored by git: drafts/private/.gitignore)"
            )
        out("scrubbed: " + _counts(counts))

    @app.command("demo")
    def demo_cmd(
        directory: Path | None = typer.Option(
            None,
            "--dir",
            help="Build the demo suite here (must be empty or absent) and keep it; "
            "default: a temporary folder removed afterwards.",
        ),
    ) -> None:
        """Run the main job on a bundled synthetic Agent UI database, offline.

        Builds a temporary suite and a made-up GAIA session store (fake secrets, tool steps,
        a document), drafts a scenario from one session, shows what was scrubbed and the
        draft, and validates it at draft level.
        """
        from intake.cli import err, out
        from intake.demo import run_demo

        result = run_demo(directory)
        out(f"demo suite: {result.suite if result.kept else '(temporary)'}")
        out("$ intake sessions")
        for line in result.sessions_text:
            out(line)
        out(f"$ intake from-session {result.session_prefix}")
        out(f"wrote {result.draft_path}")
        out(f"record {result.draft_path.removesuffix('.yaml')}.intake.json")
        out("scrubbed: " + _counts(result.counts))
        for warning in result.warnings:
            err(f"warning: {warning}")
        out(f"--- {result.draft_path}")
        out(result.draft_text.rstrip("\n"))
        out("---")
        out(f"$ intake validate {result.draft_path}")
        for line in result.problems:
            out(line)
        errors = sum(": error: " in line for line in result.problems)
        warnings = sum(": warning: " in line for line in result.problems)
        summary = f"1 files, {errors} errors, {warnings} warnings"
        if result.placeholders:
            summary += f" ({result.placeholders} placeholders left to fill in 1 draft)"
        out(summary)


def _counts(counts: dict[str, int]) -> str:
    if not counts:
        return "nothing found"
    return ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items()))


