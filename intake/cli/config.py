"""``intake config``: the effective settings."""

from __future__ import annotations

import typer

from intake.cli.options import Format, format_option


def register(app: typer.Typer) -> None:
    """Add the command."""

    @app.command("config")
    def config_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Print the effective configuration (tokens are never read from configuration)."""
        import json

        from intake.cli import emit_json, out, settings

        cfg = settings(ctx)
        values = json.loads(cfg.model_dump_json())
        if fmt is Format.json:
            emit_json({"command": "config", "settings": values})
            return
        for key, value in values.items():
            out(f"{key} = {json.dumps(value)}")
