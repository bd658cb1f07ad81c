"""``intake report``."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import err, out, settings
from intake.cli.options import Format, base_option, format_option
from intake.errors import UsageError
from intake.fileio import atomic_write
from intake.userconfig import Environ

SUFFIX_FORMATS = {
    ".md": Format.markdown,
    ".markdown": Format.markdown,
    ".json": Format.json,
    ".html": Format.html,
    ".htm": Format.html,
}


def register(app: typer.Typer) -> None:
    """Add ``report``."""

    @app.command()
    def report(
        ctx: typer.Context,
        paths: list[Path] = typer.Argument(
            None, help="Scenario files or folders (recursive, *.yaml). Default: scenarios/."
        ),
        fmt: Format | None = format_option(
            Format.text,
            Format.markdown,
            Format.json,
            Format.html,
            default=None,
            help="Output format (default: from the --output suffix .md/.json/.html, else text).",
        ),
        output: Path | None = typer.Option(
            None, "--output", "-o", help="Write to FILE (atomically) instead of stdout."
        ),
        since: str | None = typer.Option(
            None,
            "--since",
            help="Only months, drafts and additions from this date on (YYYY-MM-DD or YYYY-MM).",
        ),
        base: str | None = base_option(),
    ) -> None:
        """Provenance: the share of the suite from real use, per category, over time, the funnel.

        Counts scenarios by source.type (GAIA's captured_from counts as session; anything
        else without a source is unknown and listed), compares the share from sessions and
        issues with provenance_target, and says how many more real-use scenarios reach it.
        Invalid files are listed and left out of the shares; the report is not a gate, so it
        exits 0 even then. Reads the ledger read-only and never writes outside --output.
        """
        from intake.report.html import render_report as render
        from intake.report.read import make_report, parse_since

        start = parse_since(since) if since is not None else None
        if fmt is None:
            fmt = SUFFIX_FORMATS.get(output.suffix.lower(), Format.text) if output else None
        fmt = fmt or Format.text
        if output is not None and not output.parent.is_dir():
            raise UsageError("the folder for --output does not exist", where=str(output.parent))
        cfg = settings(ctx, suiteless=bool(paths))
        result = make_report(
            cfg,
            list(paths or []),
            since=start,
            base_ref=Environ.of().GITHUB_BASE_REF,
            base=base,
        )
        text = render(result, fmt.value)
        if output is None:
            out(text, nl=False)
            return
        try:
            atomic_write(output, text)
        except OSError as exc:
            raise UsageError(
                f"cannot write the report: {exc.strerror or exc}", where=str(output)
            ) from None
        err(f"wrote {fmt.value} report to {output}")
