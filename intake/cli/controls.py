"""``intake controls export DIR``: labelled judge-calibration controls from promoted cases."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, format_option, scrub_counts


def register(app: typer.Typer) -> None:

    controls_app = typer.Typer(
        help="Labelled controls for checking GAIA's judge.", no_args_is_help=True
    )

    @controls_app.command("export")
    def export_cmd(
        ctx: typer.Context,
        folder: Path = typer.Argument(..., help="Folder to write the controls and index.json."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Write each promoted case's labelled controls: its captured failure (label FAIL)
        and a strong run that passed (label PASS), one JSON file each, plus index.json.

        Each file names the scenario, the label, who labelled it and when, the hash of the
        criteria it was labelled against, the transcript (answers and tool calls) and the
        verdicts seen so far; everything is scrubbed. A control whose criteria hash no longer
        matches the scenario is written as stale ("current": false). Format: docs/controls.md.
        """
        from intake.lifecycle.controls_export import export_controls

        cfg = settings(ctx)
        target = folder if folder.is_absolute() else Path.cwd() / folder
        result = export_controls(cfg, target)
        for note in result.notes:
            err(f"note: {note}")
        if result.scrubbed:
            err(f"scrubbed from the exported transcripts: {scrub_counts(result.scrubbed)}")
        if fmt is Format.json:
            written = [e.model_dump() for e in result.written]
            emit_json({"folder": str(folder), "controls": written, "notes": result.notes})
            return
        counts = result.counts()
        out(
            f"exported {counts['FAIL']} FAIL and {counts['PASS']} PASS control(s) to {folder} "
            f"({counts['stale']} stale); index: {folder / 'index.json'}"
        )

    app.add_typer(controls_app, name="controls")
