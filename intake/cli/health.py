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
        """Classify every scenario (promoted or adopted) over its imported runs.

        Classes: saturated, always-fail, inverted, flaky, judge-flaky, never-judged, stale,
        healthy (docs/health.md), each split by provenance (real use vs hand-written) and by
        the held-out split, with headroom per category, the quarantined and the retired.
        Reads one GAIA commit and one runner machine unless health_all_commits /
        health_all_machines say otherwise, and says which it read. Exits 0: it is a report.
        """
        from intake.cli import out, settings
        from intake.report.health import make_health, render

        cfg = settings(ctx)
        out(render(make_health(cfg), fmt.value), nl=False)
