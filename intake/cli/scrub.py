"""``intake scrub``: scrub files in place, or ``--check`` them (type and file:line only)."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.options import Format, counted, format_option
from intake.errors import EXIT_FINDINGS
from intake.ghoutput import datum


def register(app: typer.Typer) -> None:
    """Add ``scrub``."""

    @app.command()
    def scrub(
        ctx: typer.Context,
        paths: list[Path] = typer.Argument(
            ..., help="Files (any text file) or folders (*.yaml, *.json, *.md, *.txt…, recursive)."
        ),
        check: bool = typer.Option(
            False, "--check", help="Change nothing; list findings as TYPE file:line; exit 1 if any."
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Replace private data (paths, e-mails, keys, tokens) with consistent fake values.

        Every file is read first; an unreadable one (binary, not UTF-8, too large) stops the
        run before anything is written. Each file is then rewritten in place, atomically; a
        file that cannot be scrubbed cleanly is left as it was while the others are written,
        and the command then fails naming it and why. YAML and JSON keep their layout and
        comments. Nothing ever prints an original value.
        """
        from intake.cli import emit_json, err, out, settings
        from intake.scrub import scan_paths, scrub_paths, scrubber_for

        cfg = settings(ctx)
        scrubber = scrubber_for(cfg)
        if check:
            findings = scan_paths(paths, scrubber=scrubber)
            if fmt is Format.json:
                emit_json(
                    {
                        "command": "scrub",
                        "check": True,
                        "findings": [
                            {"entity_type": f.entity_type, "file": f.path, "line": f.line}
                            for f in findings
                        ],
                    }
                )
            else:
                for f in findings:
                    out(f"{f.entity_type} {datum(str(f.path))}:{f.line}")
                err(counted(len(findings), "finding") if findings else "clean: nothing to scrub")
            if findings:
                raise typer.Exit(EXIT_FINDINGS)
            return
        outcomes = scrub_paths(paths, scrubber=scrubber)
        if fmt is Format.json:
            emit_json(
                {
                    "command": "scrub",
                    "check": False,
                    "files": [
                        {
                            "file": str(o.path),
                            "changed": o.changed,
                            "report": o.report.model_dump(mode="json"),
                        }
                        for o in outcomes
                    ],
                }
            )
            return
        for o in outcomes:
            if o.changed:
                counts = ", ".join(f"{k} {v}" for k, v in o.report.counts.items())
                out(f"{datum(str(o.path))}: scrubbed ({counts})")
            else:
                out(f"{datum(str(o.path))}: clean")
        changed = sum(o.changed for o in outcomes)
        out(f"{counted(len(outcomes), 'file')}, {changed} scrubbed")
