"""``intake health``: every suite scenario classified from its judged runs."""

from __future__ import annotations

import typer

from intake.cli.console import out, settings
from intake.cli.options import Format, base_option, format_option
from intake.errors import UsageError


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("health")
    def health_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json, Format.markdown, Format.github),
        noise_file: str = typer.Option(
            None,
            "--noise",
            metavar="FILE",
            help="Also write the noise floor (per category and scenario: run-to-run flip "
            "rate and score spread over the window, docs/health.md) to FILE as JSON.",
        ),
        base: str | None = base_option(),
    ) -> None:
        """Decide each scenario (promoted or adopted) from its runs, or say it is undecided.

        Classes: saturated, always-fail, inverted, flaky, judge-flaky, never-judged, stale,
        undecided, healthy (docs/health.md), each with its pass rates, Jeffreys intervals and
        pass^k per tier, split by provenance and held-out split, with headroom per category.
        Reads every GAIA commit and runner machine of the last health_window_nights nights
        and names them; never pools runs across an edit, a bug's fix or a judge change. The
        thresholds (health_* settings) are printed. Run files a change adds or edits against
        the base (--base, else as `intake check` finds it) count nowhere. Exits 0: it is a
        report.
        """
        from intake.report.health import make_health, render

        cfg = settings(ctx)
        if noise_file is None:
            out(render(make_health(cfg, base=base), fmt.value), nl=False)
            return
        import json
        from pathlib import Path

        from intake.fileio import atomic_write
        from intake.lifecycle.runs.store import claimed
        from intake.report.health import health_of, noise, read_health

        items, notes = read_health(cfg, left_out=claimed(cfg, base), grouped=False)
        target = Path(noise_file)
        if not target.parent.is_dir():
            raise UsageError("no such folder for the noise file", where=noise_file)
        document = noise(items, window_nights=cfg.health_window_nights)
        atomic_write(target, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        out(render(health_of(cfg, items, notes), fmt.value), nl=False)
