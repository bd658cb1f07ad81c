"""``intake health``: every suite scenario classified from its judged runs."""

from __future__ import annotations

import typer

from intake.cli.options import Format, format_option


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("health")
    def health_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json, Format.markdown, Format.github),
    ) -> None:
        """Decide each scenario (promoted or adopted) from its runs, or say it is undecided.

        Classes: saturated, always-fail, inverted, flaky, judge-flaky, never-judged, stale,
        undecided, healthy (docs/health.md), each with its pass rates, Jeffreys intervals and
        pass^k per tier, split by provenance and held-out split, with headroom per category.
        Reads every GAIA commit and runner machine of the last health_window_nights nights
        and names them; never pools runs across an edit, a bug's fix or a judge change. The
        thresholds (health_* settings) are printed. Exits 0: it is a report.
        """
        from intake.cli import out, settings
        from intake.report.health import make_health, render

        cfg = settings(ctx)
        out(render(make_health(cfg), fmt.value), nl=False)
