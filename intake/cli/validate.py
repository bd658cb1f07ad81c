"""``intake validate``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, counted, format_option
from intake.errors import EXIT_FINDINGS
from intake.ghoutput import annotation, datum, log_line

if TYPE_CHECKING:
    from intake.contract.validate import ValidationReport


def register(app: typer.Typer) -> None:

    @app.command()
    def validate(
        ctx: typer.Context,
        paths: list[Path] = typer.Argument(
            None, help="Files or folders (recursive, *.yaml). Default: scenarios/ and drafts/."
        ),
        strict: bool = typer.Option(
            False, "--strict", help="Judge every file strictly (legacy warnings become errors)."
        ),
        fmt: Format = format_option(Format.text, Format.json, Format.github),
    ) -> None:
        """Check scenarios against the schema and GAIA's rules; every problem names file:line.

        Files under drafts/ are judged as drafts (placeholders allowed); files with a
        record (promoted or adopted) or carrying intake's fields are judged strictly, an
        adopted one's missing difficulty_rationale being a warning, as in `intake check`;
        GAIA's own files by GAIA's rules, with one warning each for a missing source or
        difficulty_rationale. Writes nothing.
        """
        from intake.contract.validate import add_gaia_verdicts, suite_manifest, validate_paths
        from intake.store.records import standing_beside

        cfg = settings(ctx)
        targets = list(paths or [])
        if not targets:
            folders = cfg.scenario_folders(hint=", or name the files or folders to validate")
            targets = [p for p in folders if any(p.rglob("*.yaml"))]
        report = validate_paths(
            targets,
            strict=strict,
            drafts_dir=cfg.drafts,
            root=Path.cwd(),
            manifest=suite_manifest(cfg),
            standing_of=standing_beside,
        )
        asked = add_gaia_verdicts(cfg, report, targets, Path.cwd()) if strict else None
        if strict:
            from intake.contract.gaia import gaia_notes

            for note in gaia_notes(cfg):
                err(f"note: {note}")
        if fmt is Format.json:
            emit_json(
                {
                    "command": "validate",
                    "files": len(report.files),
                    "errors": report.errors,
                    "warnings": report.warnings,
                    "problems": [p.to_dict() for p in report.problems],
                    "placeholders_left": report.placeholders_left(),
                    "gaia_checked": asked,
                }
            )
        else:
            _print(report, asked, github=fmt is Format.github)
        if report.errors:
            raise typer.Exit(EXIT_FINDINGS)


def _print(report: ValidationReport, asked: bool | None, *, github: bool) -> None:
    """Each problem as ``file:line: severity: message`` (or an annotation), then the counts."""
    for problem in report.problems:
        if github:
            out(annotation(problem.severity, problem.file, problem.line, problem.message))
        else:
            where = f"{datum(problem.file)}:{problem.line}"
            out(f"{where}: {problem.severity}: {datum(problem.message)}")
    summary = ", ".join(
        [
            counted(len(report.files), "file"),
            counted(report.errors, "error"),
            counted(report.warnings, "warning"),
        ]
    )
    left = report.placeholders_left()
    if left:
        summary += (
            f" ({counted(sum(left.values()), 'placeholder')} left to fill in "
            f"{counted(len(left), 'draft')})"
        )
    if asked:
        summary += "; GAIA's own checks ran too"
    out(log_line(summary) if github else summary)
    if asked is False:
        err(
            "note: no GAIA installed outside this suite answered: "
            "intake's copy of GAIA's rules only"
        )
