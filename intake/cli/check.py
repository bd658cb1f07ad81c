"""``intake check``: the pull-request gate over drafts and scenarios."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, counted, format_option
from intake.errors import EXIT_FINDINGS
from intake.ghoutput import (
    Annotated,
    annotation,
    datum,
    grouped_annotations,
    log_line,
)
from intake.paths import display_path
from intake.userconfig import Environ

if TYPE_CHECKING:
    from intake.check.result import CheckReport


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("check")
    def check_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json, Format.github),
        strict: bool = typer.Option(
            False, "--strict", help="Scrub findings in legacy scenarios are errors too."
        ),
        verbose: bool = typer.Option(
            False, "--verbose", "-v", help="List every legacy finding instead of one line per kind."
        ),
        update_baseline: bool = typer.Option(
            False,
            "--update-baseline",
            help="Accept the scrub findings now in scenario files: write their fingerprints "
            "(never the values) to baseline_path; later checks report only new ones.",
        ),
        base: str | None = typer.Option(
            None,
            "--base",
            metavar="REV",
            help="Judge the change against this revision: settings, scrubber rules and the "
            "baseline are read from it, and a change to them is an error (default: "
            "$GITHUB_BASE_REF, else the remote's default branch).",
        ),
    ) -> None:
        """The pull-request gate over drafts and scenarios; exits 1 on any error.

        Validation (strict for promoted scenarios, draft level for drafts/), the scrub
        re-scan (findings in GAIA's legacy scenarios warn unless --strict), private drafts
        tracked by git without approval, promoted scenarios edited
        since promotion, scenarios without a promotion record (legacy ones warn), stale
        reviews (warn). Findings in legacy files (unchanged, never handled by intake) are one
        line per kind with a count and the fix (--verbose lists them); scrub findings accepted
        in the baseline are left out. With $GITHUB_STEP_SUMMARY set, writes a markdown job
        summary listing each draft with its gates; with --format github it adds a collapsed
        reviewer's card (intake show) for each draft the change adds or changes (the
        uncommitted work, and against the base revision everything since the merge base; every
        draft when git cannot tell), newest first, within 1 MiB. Settings, scrubber rules and
        the baseline come from the base revision, never from the change (docs/trust.md);
        evidence the change adds without corroboration (reviews, runs, controls, stamps,
        history) is claimed and meets no gate.
        """
        from intake.check.baseline import update_baseline as write_baseline
        from intake.check.gate import run_check

        cfg = settings(ctx)
        if update_baseline:
            path, count = write_baseline(
                cfg, run_check(cfg, strict=strict, baseline=False, base=base)
            )
            line = (
                f"baseline: {count} accepted scrub findings written to "
                f"{display_path(path, cfg.root)} (fingerprints only)"
            )
            err(log_line(line) if fmt is Format.github else line)
        from intake.contract.gaia import gaia_notes

        for note in gaia_notes(cfg):
            err(log_line(f"note: {note}") if fmt is Format.github else f"note: {note}")
        report = run_check(cfg, strict=strict, base=base)
        for line in [report.base, *report.notes]:
            if line:
                err(log_line(line) if fmt is Format.github else line)
        if fmt is Format.json:
            emit_json(report.to_dict())
        else:
            for line in _report_lines(report, github=fmt is Format.github, verbose=verbose):
                out(line)
        summary = Environ.of().GITHUB_STEP_SUMMARY
        if summary:
            from intake.check.summary import write_summary

            write_summary(Path(summary), report, cfg, cards=fmt is Format.github)
        if report.errors:
            raise typer.Exit(EXIT_FINDINGS)


def _report_lines(report: CheckReport, *, github: bool, verbose: bool) -> Iterator[str]:
    """The report as text lines; with ``github`` every line is an escaped workflow command
    or an escaped log line (``intake.ghoutput``), so no value from data starts a command."""
    from intake.check.summary import legacy_groups

    def plain(text: str) -> str:
        return log_line(text) if github else text

    shown = [f for f in report.findings if verbose or not f.legacy]
    if github:
        yield from grouped_annotations(
            [Annotated(f.severity, f.file, f.line, f.code, f.message) for f in shown]
        )
    else:
        for f in shown:
            yield f"{datum(f.file)}:{f.line}: {f.severity}: {datum(f.message)}"
    if not verbose:
        for group in legacy_groups(report.findings):
            first = group.findings[0]
            if github:
                yield annotation(group.severity, first.file, first.line, group.line())
            else:
                yield f"{group.severity}: {group.line()}"
    if report.baselined:
        yield plain(
            f"{counted(report.baselined, 'scrub finding')} accepted by the baseline (not shown)"
        )
    for draft in report.drafts:
        unmet = [g for g in draft.gates if not g.met]
        state = "ready" if not unmet else "unmet: " + ", ".join(g.name for g in unmet)
        yield (
            plain(f"draft {draft.path}: {state}")
            if github
            else (f"draft {datum(draft.path)}: {state}")
        )
    yield plain(
        f"{counted(report.files, 'file')}, {counted(report.errors, 'error')}, "
        f"{counted(report.warnings, 'warning')}, {counted(len(report.drafts), 'draft')}"
    )
