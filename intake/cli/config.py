"""``intake config``: the effective settings."""

from __future__ import annotations

import typer

from intake.cli.console import emit_json, out, settings
from intake.cli.options import Format, format_option


def register(app: typer.Typer) -> None:

    @app.command("config")
    def config_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Print the effective configuration (tokens are never read from configuration)."""
        import json

        cfg = settings(ctx)
        values = json.loads(cfg.model_dump_json())
        # the effective retired folder (unset: beside the scenarios folder, GAIA's eval/retired)
        retired = cfg.retired
        inside_root = retired.is_relative_to(cfg.root)
        values["retired_dir"] = (
            retired.relative_to(cfg.root).as_posix() if inside_root else retired.as_posix()
        )
        if fmt is Format.json:
            emit_json({"command": "config", "settings": values})
            return
        for key, value in values.items():
            out(f"{key} = {json.dumps(value)}")
