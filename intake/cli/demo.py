"""``intake demo``: the main job on a bundled synthetic session store, in a temporary suite."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import err, out
from intake.cli.options import counted, scrub_counts


def register(app: typer.Typer) -> None:

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
        from intake.demo import run_demo

        result = run_demo(directory)
        out(f"demo suite: {result.suite if result.kept else '(temporary)'}")
        out("$ intake sessions")
        for line in result.sessions_text:
            out(line)
        out(f"$ intake from-session {result.session_prefix}")
        out(f"wrote {result.draft_path}")
        out(f"record {result.draft_path.removesuffix('.yaml')}.intake.json")
        out("scrubbed: " + scrub_counts(result.counts))
        for warning in result.warnings:
            err(f"warning: {warning}")
        out(f"--- {result.draft_path}")
        out(result.draft_text.rstrip("\n"))
        out("---")
        out(f"$ intake validate {result.draft_path}")
        for p in result.problems:
            out(f"{p.file}:{p.line}: {p.severity}: {p.message}")
        errors = sum(p.severity == "error" for p in result.problems)
        warnings = sum(p.severity == "warning" for p in result.problems)
        summary = f"1 file, {counted(errors, 'error')}, {counted(warnings, 'warning')}"
        if result.placeholders:
            summary += f" ({counted(result.placeholders, 'placeholder')} left to fill in 1 draft)"
        out(summary)
        draft_id = Path(result.draft_path).stem
        if result.kept:
            folder = str(result.suite)
            shown = f'"{folder}"' if any(c.isspace() for c in folder) else folder
            out(f"next: cd {shown} && intake show {draft_id}   (the reviewer's card of the draft)")
        else:
            out("next: intake demo --dir demo-suite   (keep the suite to try the loop in it)")
