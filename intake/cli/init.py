"""``intake init``: configure intake in an existing repository."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import Globals, out


def register(app: typer.Typer) -> None:

    @app.command("init")
    def init_cmd(
        ctx: typer.Context,
        force: bool = typer.Option(
            False, "--force", help="Rewrite an existing [tool.intake] table."
        ),
        use_detected: bool = typer.Option(
            False,
            "--use-detected",
            help="Write the model the Agent UI reports (shown, not written, without it).",
        ),
    ) -> None:
        """Configure intake here: [tool.intake] in pyproject.toml and .gitignore entries.

        Detects GAIA's layout (eval/scenarios, eval/corpus, eval/results) or a top-level
        scenarios/ folder, appends a commented [tool.intake] table to pyproject.toml (creating
        a minimal one if absent; every other byte is kept) and adds the ledger folder and the
        private drafts folder to .gitignore. Writes runner, strong_models and local_models
        where it can tell (the `gaia` on PATH, GAIA's own local models), commented where it
        cannot, and prints the next step. The model the Agent UI at localhost:4200 reports is
        shown and written only with --use-detected (whatever answers on that port is not
        the user's word). A second run changes nothing.
        """
        from intake.lifecycle.init import detect, init_suite

        root = (Globals.of(ctx).root or Path.cwd()).resolve()
        result = init_suite(root, force=force, detected=detect(root), use_detected=use_detected)
        out(f"layout: {result.layout}" + (f" ({', '.join(result.found)})" if result.found else ""))
        for line in result.actions:
            out(line)
        for line in result.kept:
            out(line)
        if not result.changed:
            out("nothing to do: intake is already set up here")
        if result.next_step:
            out(result.next_step)
        else:
            out("next: intake sessions   (find a captured failure; then intake from-session ID)")
